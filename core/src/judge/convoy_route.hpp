#pragma once
// The search for a chain of convoying fleets, shared by order validation (which fleets could
// convoy) and the PATH decision (which fleets do convoy and are not dislodged). Private.
#include <array>
#include <vector>

#include "dipadj/geo/map.hpp"

namespace dipadj::detail {

// Whether a chain of convoy waters (seas, and convoyable coasts: Map::convoy_water), each accepted
// by `convoys(sea)`, links the coast of `from` to the coast of `to`. A fleet in the army's own
// province or in its destination is never part of the chain (DATC 9.A, 9.B). With `through` set, the chain must be a simple path that passes through
// that sea (a fleet is only part of a route that uses it). `visited` is scratch space, one entry
// per province, all zero on entry and on return.
template <class Convoys>
bool find_convoy_route(const Map& map, ProvinceId from, ProvinceId to, ProvinceId through, Convoys&& convoys,
                       std::vector<std::uint8_t>& visited) {
  if (from == to) return false;
  if (map.province(from).kind != ProvinceKind::Coastal || map.province(to).kind != ProvinceKind::Coastal) return false;
  const bool simple_paths = through != kNoProvince;
  // With `through`, a route must need every fleet on it (DATC v3.1, 4.E.1: a fleet that is not
  // necessary for any convoy route cannot convoy): no sea of the route may touch the coast it
  // starts from except the first, nor the destination except the last, nor a sea of the route
  // other than its neighbours on it. Plain reachability needs no such care: a shortest route
  // needs all its fleets.
  std::array<ProvinceId, 256> path{};
  std::size_t depth = 0;
  auto touches = [&](ProvinceId sea, ProvinceId province) { return map.fleet_reaches(map.province(sea).location, province); };
  auto search = [&](auto&& self, ProvinceId sea, bool passed) -> bool {
    visited[sea] = 1;
    passed = passed || sea == through;
    const bool at_end = map.fleet_reaches(map.province(sea).location, to);
    bool found = passed && at_end;
    if (simple_paths) {
      if (depth >= path.size()) {
        visited[sea] = 0;
        return false;
      }
      path[depth++] = sea;
    }
    for (LocationId next : map.fleet_neighbours(map.province(sea).location)) {
      if (found || (simple_paths && at_end)) break;
      const ProvinceId p = map.province_of(next);
      if (visited[p] || p == from || p == to || !map.convoy_water(p) || !convoys(p)) continue;
      if (simple_paths) {
        bool chord = touches(p, from);
        for (std::size_t k = 0; k + 1 < depth && !chord; ++k) chord = touches(p, path[k]);
        if (chord) continue;
      }
      found = self(self, p, passed);
    }
    if (simple_paths) {
      --depth;
      visited[sea] = 0;
    }
    return found;
  };
  bool found = false;
  // The seas next to the army's coast (any of its coasts) start the search.
  auto starts = [&](auto&& each) {
    const Province& origin = map.province(from);
    auto from_location = [&](LocationId loc) {
      for (LocationId next : map.fleet_neighbours(loc)) {
        const ProvinceId sea = map.province_of(next);
        if (sea != to && map.convoy_water(sea) && each(sea)) return true;
      }
      return false;
    };
    if (from_location(origin.location)) return;
    for (LocationId coast : origin.coasts)
      if (from_location(coast)) return;
  };
  starts([&](ProvinceId sea) {
    if (!visited[sea] && convoys(sea)) found = search(search, sea, !simple_paths);
    return found;
  });
  if (!simple_paths) {
    // Undo the marks: they are exactly the seas reachable from the starts through marked seas.
    auto clear = [&](auto&& self, ProvinceId sea) -> void {
      visited[sea] = 0;
      for (LocationId next : map.fleet_neighbours(map.province(sea).location)) {
        const ProvinceId p = map.province_of(next);
        if (visited[p]) self(self, p);
      }
    };
    starts([&](ProvinceId sea) {
      if (visited[sea]) clear(clear, sea);
      return false;
    });
  }
  return found;
}

}  // namespace dipadj::detail
