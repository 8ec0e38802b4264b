#pragma once
// The searches through convoy waters, shared by order validation (which fleets could convoy),
// the PATH decision (which fleets do convoy and are not dislodged) and civil-disorder distances
// (a convoy counted as one move, 4.D.8). Private.
#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "dipadj/geo/map.hpp"
#include "dipadj/judge/convoy_search_space.hpp"

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
  // not necessary for any convoy route cannot convoy): no sea of the route may touch the coast it
  // starts from except the first, nor the destination except the last, nor a sea of the route
  // other than its neighbours on it. Depth first over simple paths, at most 256 seas long.
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
      bool chord = touches(p, from);
      for (std::size_t k = 0; k + 1 < depth && !chord; ++k) chord = touches(p, path[k]);
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

// The question of find_convoy_route with `through`, for a `convoys` that only looks at the board
// and may be asked about any water in any order (order validation: could this fleet be part of a
// route that needs it). The answer is the same; the way differs, because on a big board full of
// fleets the simple routes are too many to try one by one (a 400-province board took milliseconds
// per convoy order). First the waters a route could use are searched breadth first, from the
// army's coast to `through` and from the destination back to it: if either cannot reach it, there
// is no route. The two shortest ways joined are usually a route themselves. Only when they are not
// does the search try routes one by one, and then it gives a route up as soon as what the route
// leaves free cannot lead to `through` (or, past it, to the destination).
template <class Convoys>
bool find_needed_route(const Map& map, ProvinceId from, ProvinceId to, ProvinceId through, Convoys&& convoys,
                       ConvoySearchSpace& space) {
  if (from == to || through == kNoProvince || through == from || through == to) return false;
  if (map.province(from).kind != ProvinceKind::Coastal || map.province(to).kind != ProvinceKind::Coastal) return false;
  auto touches = [&](ProvinceId sea, ProvinceId province) { return map.fleet_reaches(map.province(sea).location, province); };
  auto neighbours = [&](ProvinceId sea) { return map.fleet_neighbours(map.province(sea).location); };
  const Province& origin = map.province(from);
  // The usual case first: `through` alone is a route.
  if (map.convoy_water(through) && touches(through, to)) {
    bool next_to_army = false;
    for (LocationId loc : map.fleet_neighbours(origin.location)) next_to_army = next_to_army || map.province_of(loc) == through;
    for (LocationId coast : origin.coasts)
      for (LocationId loc : map.fleet_neighbours(coast)) next_to_army = next_to_army || map.province_of(loc) == through;
    if (next_to_army) return convoys(through);
  }

  // Every per-province entry written below is listed in `touched` and cleared on the way out.
  space.fit(map.province_count());
  space.touched.clear();
  struct Clear {
    ConvoySearchSpace& s;
    ~Clear() {
      for (ProvinceId p : s.touched) {
        s.usable[p] = s.starts[p] = 0;
        s.link_from[p] = s.link_to[p] = kNoProvince;
      }
    }
  } clear_on_return{space};
  enum : std::uint8_t { kUnknown, kUsable, kUnusable };
  auto& usable = space.usable;  // asked of `convoys` at most once per water
  auto can_use = [&](ProvinceId p) {
    if (usable[p] == kUnknown) {
      usable[p] = p != from && p != to && map.convoy_water(p) && convoys(p) ? kUsable : kUnusable;
      space.touched.push_back(p);
    }
    return usable[p] == kUsable;
  };
  if (!can_use(through)) return false;
  auto& starts = space.starts;  // the usable waters next to the army's coasts
  std::vector<ProvinceId>& first_waters = space.frontier;
  first_waters.clear();
  auto mark_starts = [&](LocationId loc) {
    for (LocationId next : map.fleet_neighbours(loc))
      if (const ProvinceId sea = map.province_of(next); can_use(sea) && !starts[sea]) {
        starts[sea] = 1;
        first_waters.push_back(sea);
      }
  };
  mark_starts(origin.location);
  for (LocationId coast : origin.coasts) mark_starts(coast);
  std::sort(first_waters.begin(), first_waters.end());

  // Each water reached from the army's side, with the water it was reached from (itself for the
  // first of a route): a route's waters before its last touch neither the destination nor, after
  // its first, the army's province.
  auto& link_from = space.link_from;
  auto& link_to = space.link_to;
  std::vector<ProvinceId>& queue = space.queue;
  queue.assign(first_waters.begin(), first_waters.end());
  for (ProvinceId sea : first_waters) link_from[sea] = sea;
  for (std::size_t next = 0; next < queue.size() && link_from[through] == kNoProvince; ++next) {
    const ProvinceId sea = queue[next];
    if (touches(sea, to)) continue;
    for (LocationId loc : neighbours(sea)) {
      const ProvinceId p = map.province_of(loc);
      if (link_from[p] != kNoProvince || !can_use(p) || touches(p, from)) continue;
      link_from[p] = sea;
      queue.push_back(p);
    }
  }
  if (link_from[through] == kNoProvince) return false;
  // ... and from the destination's side, back to `through`: the usable waters next to the
  // destination (its coasts' neighbours) that do not touch the army's province end the routes.
  if (!touches(through, to)) {
    queue.clear();
    const Province& destination = map.province(to);
    auto seed = [&](LocationId loc) {
      for (LocationId next : map.fleet_neighbours(loc)) {
        const ProvinceId sea = map.province_of(next);
        if (link_to[sea] == kNoProvince && touches(sea, to) && !touches(sea, from) && can_use(sea)) {
          link_to[sea] = sea;
          queue.push_back(sea);
        }
      }
    };
    seed(destination.location);
    for (LocationId coast : destination.coasts) seed(coast);
    for (std::size_t next = 0; next < queue.size() && link_to[through] == kNoProvince; ++next) {
      const ProvinceId sea = queue[next];
      for (LocationId loc : neighbours(sea)) {
        const ProvinceId p = map.province_of(loc);
        // The route goes from p to sea: a fleet's way from p's waters, as the search goes.
        if (link_to[p] != kNoProvince || !can_use(p) || !touches(p, sea)) continue;
        if (p != through && (touches(p, from) || touches(p, to))) continue;
        link_to[p] = sea;
        queue.push_back(p);
      }
    }
    if (link_to[through] == kNoProvince) return false;
  }

  // The two shortest ways joined, if they make a route: the first water next to the army, none
  // after it touching the army's province, none before the last touching the destination, the
  // last touching it, and no water touching another of the route but its neighbours on it.
  std::vector<ProvinceId>& route = space.route;
  route.clear();
  for (ProvinceId p = through; link_from[p] != p; p = link_from[p]) route.push_back(link_from[p]);
  std::reverse(route.begin(), route.end());
  route.push_back(through);
  if (!touches(through, to))
    for (ProvinceId p = through; link_to[p] != p;) {
      p = link_to[p];
      route.push_back(p);
    }
  bool joined_is_route = route.size() <= 256;
  for (std::size_t i = 0; i < route.size() && joined_is_route; ++i) {
    for (std::size_t k = 0; k < i && joined_is_route; ++k)
      joined_is_route = route[k] != route[i] && (k + 1 == i || !touches(route[i], route[k]));
  }
  if (joined_is_route) return true;

  // Routes one by one, depth first, as find_convoy_route tries them. `blocked` counts, per water,
  // the waters of the route that it touches, other than the last: it may not be entered. The
  // search leaves `marks`, `seen` and `blocked` as it found them.
  auto& visited = space.marks;
  auto& seen = space.seen;
  auto& blocked = space.blocked;
  std::array<ProvinceId, 256> path{};
  std::size_t depth = 0;
  auto free_to_enter = [&](ProvinceId p) { return !visited[p] && blocked[p] == 0 && can_use(p) && !touches(p, from); };
  // Adds `step` to the count of every water that touches `sea` (adjacency is symmetric).
  auto block_around = [&](ProvinceId sea, int step) {
    const Province& province = map.province(sea);
    auto from_location = [&](LocationId loc) {
      for (LocationId next : map.fleet_neighbours(loc)) {
        const ProvinceId p = map.province_of(next);
        if (map.province(p).location == next) blocked[p] = static_cast<std::uint16_t>(blocked[p] + step);
      }
    };
    from_location(province.location);
    for (LocationId coast : province.coasts) from_location(coast);
  };
  // Whether the waters left free lead from `sea`, the route's last, to the goal.
  // `frontier` is the look-ahead's from here on; the first waters move to `route`, done with.
  std::vector<ProvinceId>& starting = space.route;
  starting.assign(first_waters.begin(), first_waters.end());
  std::vector<ProvinceId>& frontier = space.frontier;
  auto can_still_reach = [&](ProvinceId sea, bool passed) {
    frontier.assign(1, sea);
    seen[sea] = 1;
    bool reached = false;
    for (std::size_t next = 0; next < frontier.size() && !reached; ++next) {
      const ProvinceId at = frontier[next];
      if (next > 0 && touches(at, to)) continue;  // no route goes on past the destination's waters
      for (LocationId loc : neighbours(at)) {
        const ProvinceId p = map.province_of(loc);
        if (seen[p] || !free_to_enter(p)) continue;
        seen[p] = 1;
        frontier.push_back(p);
        if (passed ? touches(p, to) : p == through) {
          reached = true;
          break;
        }
      }
    }
    for (ProvinceId p : frontier) seen[p] = 0;
    return reached;
  };
  auto search = [&](auto&& self, ProvinceId sea, bool passed) -> bool {
    if (depth >= path.size()) return false;
    passed = passed || sea == through;
    if (touches(sea, to)) return passed;
    if (!can_still_reach(sea, passed)) return false;
    visited[sea] = 1;
    if (depth > 0) block_around(path[depth - 1], 1);
    path[depth++] = sea;
    bool found = false;
    for (LocationId loc : neighbours(sea)) {
      const ProvinceId p = map.province_of(loc);
      if (p != to && free_to_enter(p) && self(self, p, passed)) {
        found = true;
        break;
      }
    }
    --depth;
    if (depth > 0) block_around(path[depth - 1], -1);
    visited[sea] = 0;
    return found;
  };
  for (ProvinceId sea : starting)
    if (search(search, sea, false)) return true;
  return false;
}

}  // namespace dipadj::detail
