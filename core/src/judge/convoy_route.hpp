#pragma once
// The searches through convoy waters, shared by order validation (which fleets could convoy),
// the PATH decision (which fleets do convoy and are not dislodged) and civil-disorder distances
// (a convoy counted as one move, 4.D.8). Templates, so that the caller's test of each water is
// inlined in the search. Whether a fleet is needed by some route: needed_route.hpp. Private.
#include <array>
#include <cstdint>
#include <vector>

#include "dipadj/geo/map.hpp"

namespace dipadj::detail {

// Visits, breadth first, the convoy waters (seas, and convoyable coasts: Map::convoy_water)
// reachable from the coasts of `from` through waters each accepted by `convoys(water)`, never
// entering `skip_a` or `skip_b`; stops when `visit(water)` says true, and returns whether it did.
// Iterative, so a map of thousands of seas needs no deep stack. `seen` is scratch space, one
// entry per province, all zero on entry and on return; `queue`, if given, is scratch space for the
// waters reached (a caller that searches every phase keeps one, so that a search allocates nothing).
template <class Convoys, class Visit>
bool flood_convoy_waters(const Map& map, ProvinceId from, ProvinceId skip_a, ProvinceId skip_b, Convoys&& convoys,
                         std::vector<std::uint8_t>& seen, Visit&& visit, std::vector<ProvinceId>* queue = nullptr) {
  std::vector<ProvinceId> own;
  std::vector<ProvinceId>& reached = queue != nullptr ? *queue : own;
  reached.clear();
  auto enter_from = [&](LocationId loc) {
    for (LocationId next : map.fleet_neighbours(loc)) {
      const ProvinceId water = map.province_of(next);
      if (seen[water] || water == skip_a || water == skip_b || !map.convoy_water(water) || !convoys(water)) continue;
      seen[water] = 1;
      reached.push_back(water);
    }
  };
  const Province& origin = map.province(from);
  enter_from(origin.location);
  for (LocationId coast : origin.coasts) enter_from(coast);
  bool stopped = false;
  for (std::size_t next = 0; next < reached.size() && !stopped; ++next) {
    stopped = visit(reached[next]);
    if (!stopped) enter_from(map.province(reached[next]).location);
  }
  for (ProvinceId water : reached) seen[water] = 0;
  return stopped;
}

// Whether a chain of convoy waters (seas, and convoyable coasts: Map::convoy_water), each accepted
// by `convoys(sea)`, links the coast of `from` to the coast of `to`. A fleet in the army's own
// province or in its destination is never part of the chain (DATC 9.A, 9.B). With `through` set,
// the chain must be a simple path that passes through that sea (a fleet is only part of a route
// that uses it). `visited` is scratch space, one entry per province, all zero on entry and on
// return; `queue` as for flood_convoy_waters.
template <class Convoys>
bool find_convoy_route(const Map& map, ProvinceId from, ProvinceId to, ProvinceId through, Convoys&& convoys,
                       std::vector<std::uint8_t>& visited, std::vector<ProvinceId>* queue = nullptr) {
  if (from == to) return false;
  if (map.province(from).kind != ProvinceKind::Coastal || map.province(to).kind != ProvinceKind::Coastal) return false;
  if (through == kNoProvince)  // plain reachability: a breadth-first flood
    return flood_convoy_waters(
        map, from, from, to, convoys, visited, [&](ProvinceId water) { return map.fleet_reaches(map.province(water).location, to); },
        queue);
  // A route through a given fleet must need every fleet on it (DATC v3.1, 4.E.1: a fleet that is
  // not necessary for any convoy route cannot convoy): no sea of the route but the first may be
  // entered from the coast it starts from, none but the last may reach the destination, and none
  // may be reached from a sea of the route before the one just before it (a shorter way). "Reach"
  // follows the borders' arrows (one-way borders, docs/map-format.md). Depth first over simple
  // paths, at most 256 seas long.
  std::array<ProvinceId, 256> path{};
  std::size_t depth = 0;
  auto touches = [&](ProvinceId sea, ProvinceId province) { return map.fleet_reaches(map.province(sea).location, province); };
  auto search = [&](auto&& self, ProvinceId sea, bool passed) -> bool {
    if (depth >= path.size()) return false;
    visited[sea] = 1;
    passed = passed || sea == through;
    const bool at_end = touches(sea, to);
    bool found = passed && at_end;
    path[depth++] = sea;
    for (LocationId next : map.fleet_neighbours(map.province(sea).location)) {
      if (found || at_end) break;
      const ProvinceId p = map.province_of(next);
      if (visited[p] || p == from || p == to || !map.convoy_water(p) || !convoys(p)) continue;
      bool chord = map.fleet_crosses(from, p);
      for (std::size_t k = 0; k + 1 < depth && !chord; ++k) chord = touches(path[k], p);
      if (chord) continue;
      found = self(self, p, passed);
    }
    --depth;
    visited[sea] = 0;
    return found;
  };
  // The seas next to the army's coast (any of its coasts) start the search.
  const Province& origin = map.province(from);
  auto start_from = [&](LocationId loc) {
    for (LocationId next : map.fleet_neighbours(loc)) {
      const ProvinceId sea = map.province_of(next);
      if (sea != to && map.convoy_water(sea) && !visited[sea] && convoys(sea) && search(search, sea, false)) return true;
    }
    return false;
  };
  if (start_from(origin.location)) return true;
  for (LocationId coast : origin.coasts)
    if (start_from(coast)) return true;
  return false;
}

}  // namespace dipadj::detail
