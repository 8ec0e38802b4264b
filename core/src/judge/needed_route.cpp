// Whether a fleet is needed by some convoy route (DATC v3.1 4.E.1), answered in the order that
// is cheapest on crowded boards. First the waters a route could use are searched breadth first,
// from the army's coast to the fleet and from the destination back to it: if either cannot reach
// it, there is no route. The two shortest ways joined are usually a route themselves. Only when
// they are not does the search try routes one by one, and then it gives a route up as soon as
// what the route leaves free cannot lead to the fleet (or, past it, to the destination).
//
// A route, as find_convoy_route (convoy_route.hpp) tries them: the first water entered from the
// army's coast, none after it that could be, none before the last reaching the destination, the
// last reaching it, and no water reached from one of the route before the one just before it.
// Every step follows the borders' arrows (one-way borders, docs/map-format.md): the search from
// the destination goes back against them, by Map::fleet_sources.
#include "needed_route.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "dipadj/geo/map.hpp"
#include "dipadj/judge/convoy_search_space.hpp"

namespace dipadj::detail {
namespace {

// The usual case: `through` alone is a route, a water next to the army's coast (any of its
// coasts) and touching the destination.
bool alone_is_route(const Map& map, ProvinceId from, ProvinceId to, ProvinceId through) {
  if (!map.convoy_water(through) || !map.fleet_reaches(map.province(through).location, to)) return false;
  const Province& origin = map.province(from);
  bool next_to_army = false;
  for (LocationId loc : map.fleet_neighbours(origin.location)) next_to_army = next_to_army || map.province_of(loc) == through;
  for (LocationId coast : origin.coasts)
    for (LocationId loc : map.fleet_neighbours(coast)) next_to_army = next_to_army || map.province_of(loc) == through;
  return next_to_army;
}

// One question, answered over the caller's working memory. Every per-province entry it writes is
// listed in `touched` and cleared when the search ends; `marks`, `seen` and `blocked` are
// restored by the steps that change them.
class NeededRouteSearch {
 public:
  NeededRouteSearch(const Map& map, ProvinceId from, ProvinceId to, ProvinceId through, ConvoyWaters convoys,
                    ConvoySearchSpace& space)
      : map_(map), from_(from), to_(to), through_(through), convoys_(convoys), space_(space) {
    space_.fit(map.province_count());
    space_.touched.clear();
  }
  ~NeededRouteSearch() {
    for (ProvinceId p : space_.touched) {
      space_.usable[p] = space_.starts[p] = 0;
      space_.link_from[p] = space_.link_to[p] = kNoProvince;
    }
  }
  NeededRouteSearch(const NeededRouteSearch&) = delete;
  NeededRouteSearch& operator=(const NeededRouteSearch&) = delete;

  bool route_exists() {
    if (!can_use(through_)) return false;
    mark_first_waters();
    if (!reach_through_from_army()) return false;
    if (!touches(through_, to_) && !reach_through_from_destination()) return false;
    return shortest_ways_make_a_route() || try_routes_one_by_one();
  }

 private:
  enum : std::uint8_t { kUnknown, kUsable, kUnusable };

  [[nodiscard]] bool touches(ProvinceId sea, ProvinceId province) const {
    return map_.fleet_reaches(map_.province(sea).location, province);
  }
  // Whether the army could enter the water straight from its own coast (any of its coasts).
  [[nodiscard]] bool entered_from_army(ProvinceId water) const { return map_.fleet_crosses(from_, water); }
  [[nodiscard]] std::span<const LocationId> neighbours(ProvinceId sea) const {
    return map_.fleet_neighbours(map_.province(sea).location);
  }
  // Asks `convoys` at most once per water.
  bool can_use(ProvinceId p) {
    std::uint8_t& usable = space_.usable[p];
    if (usable == kUnknown) {
      usable = p != from_ && p != to_ && map_.convoy_water(p) && convoys_(p) ? kUsable : kUnusable;
      space_.touched.push_back(p);
    }
    return usable == kUsable;
  }

  void mark_first_waters();
  bool reach_through_from_army();
  bool reach_through_from_destination();
  bool shortest_ways_make_a_route();
  bool try_routes_one_by_one();
  bool search(ProvinceId sea, bool passed);
  bool can_still_reach(ProvinceId sea, bool passed);
  void block_around(ProvinceId sea, int step);
  [[nodiscard]] bool free_to_enter(ProvinceId p) {
    return !space_.marks[p] && space_.blocked[p] == 0 && can_use(p) && !entered_from_army(p);
  }

  const Map& map_;
  ProvinceId from_, to_, through_;
  ConvoyWaters convoys_;
  ConvoySearchSpace& space_;
  std::array<ProvinceId, 256> path_{};  // the route being tried, one by one (at most 256 waters)
  std::size_t depth_ = 0;
};

// The usable waters next to the army's coasts (any of its coasts), in province order, where every
// route starts: listed in `frontier` (until the routes are tried one by one) and marked in `starts`.
void NeededRouteSearch::mark_first_waters() {
  std::vector<ProvinceId>& first_waters = space_.frontier;
  first_waters.clear();
  auto mark = [&](LocationId loc) {
    for (LocationId next : map_.fleet_neighbours(loc))
      if (const ProvinceId sea = map_.province_of(next); can_use(sea) && !space_.starts[sea]) {
        space_.starts[sea] = 1;
        first_waters.push_back(sea);
      }
  };
  const Province& origin = map_.province(from_);
  mark(origin.location);
  for (LocationId coast : origin.coasts) mark(coast);
  std::sort(first_waters.begin(), first_waters.end());
}

// Each water reached from the army's side, with the water it was reached from in `link_from`
// (itself for the first of a route): a route's waters before its last touch neither the
// destination nor, after its first, the army's province. Whether `through` is reached.
bool NeededRouteSearch::reach_through_from_army() {
  auto& link_from = space_.link_from;
  const std::vector<ProvinceId>& first_waters = space_.frontier;
  std::vector<ProvinceId>& queue = space_.queue;
  queue.assign(first_waters.begin(), first_waters.end());
  for (ProvinceId sea : first_waters) link_from[sea] = sea;
  for (std::size_t next = 0; next < queue.size() && link_from[through_] == kNoProvince; ++next) {
    const ProvinceId sea = queue[next];
    if (touches(sea, to_)) continue;
    for (LocationId loc : neighbours(sea)) {
      const ProvinceId p = map_.province_of(loc);
      if (link_from[p] != kNoProvince || !can_use(p) || entered_from_army(p)) continue;
      link_from[p] = sea;
      queue.push_back(p);
    }
  }
  return link_from[through_] != kNoProvince;
}

// The same from the destination's side, back to `through`, in `link_to`: the usable waters from
// which a fleet reaches the destination (any of its coasts) and which the army cannot enter from
// its own coast end the routes. Whether `through` is reached.
bool NeededRouteSearch::reach_through_from_destination() {
  auto& link_to = space_.link_to;
  std::vector<ProvinceId>& queue = space_.queue;
  queue.clear();
  const Province& destination = map_.province(to_);
  auto seed = [&](LocationId loc) {
    for (LocationId next : map_.fleet_sources(loc)) {
      const ProvinceId sea = map_.province_of(next);
      if (link_to[sea] == kNoProvince && touches(sea, to_) && !entered_from_army(sea) && can_use(sea)) {
        link_to[sea] = sea;
        queue.push_back(sea);
      }
    }
  };
  seed(destination.location);
  for (LocationId coast : destination.coasts) seed(coast);
  for (std::size_t next = 0; next < queue.size() && link_to[through_] == kNoProvince; ++next) {
    const ProvinceId sea = queue[next];
    for (LocationId loc : map_.fleet_sources(map_.province(sea).location)) {
      const ProvinceId p = map_.province_of(loc);
      // The route goes from p to sea: a fleet's way from p's waters, as the search goes.
      if (link_to[p] != kNoProvince || !can_use(p) || !touches(p, sea)) continue;
      if (p != through_ && (entered_from_army(p) || touches(p, to_))) continue;
      link_to[p] = sea;
      queue.push_back(p);
    }
  }
  return link_to[through_] != kNoProvince;
}

// Whether the two shortest ways joined, from the army to `through` and on to the destination,
// make a route (see the top of this file).
bool NeededRouteSearch::shortest_ways_make_a_route() {
  std::vector<ProvinceId>& route = space_.route;
  route.clear();
  for (ProvinceId p = through_; space_.link_from[p] != p; p = space_.link_from[p]) route.push_back(space_.link_from[p]);
  std::reverse(route.begin(), route.end());
  route.push_back(through_);
  if (!touches(through_, to_))
    for (ProvinceId p = through_; space_.link_to[p] != p;) {
      p = space_.link_to[p];
      route.push_back(p);
    }
  bool joined_is_route = route.size() <= path_.size();
  for (std::size_t i = 0; i < route.size() && joined_is_route; ++i) {
    for (std::size_t k = 0; k < i && joined_is_route; ++k)
      joined_is_route = route[k] != route[i] && (k + 1 == i || !touches(route[k], route[i]));
  }
  return joined_is_route;
}

// Routes one by one, depth first from each first water, as find_convoy_route tries them. The
// first waters move to `route` (done with), as the look-ahead takes `frontier` over.
bool NeededRouteSearch::try_routes_one_by_one() {
  std::vector<ProvinceId>& starting = space_.route;
  starting.assign(space_.frontier.begin(), space_.frontier.end());
  for (ProvinceId sea : starting)
    if (search(sea, false)) return true;
  return false;
}

// Whether the route so far, ending in `sea` (having `passed` through `through` or not), goes on
// to a route. `blocked` counts, per water, the waters of the route that it touches, other than
// the last: it may not be entered.
bool NeededRouteSearch::search(ProvinceId sea, bool passed) {
  if (depth_ >= path_.size()) return false;
  passed = passed || sea == through_;
  if (touches(sea, to_)) return passed;
  if (!can_still_reach(sea, passed)) return false;
  space_.marks[sea] = 1;
  if (depth_ > 0) block_around(path_[depth_ - 1], 1);
  path_[depth_++] = sea;
  bool found = false;
  for (LocationId loc : neighbours(sea)) {
    const ProvinceId p = map_.province_of(loc);
    if (p != to_ && free_to_enter(p) && search(p, passed)) {
      found = true;
      break;
    }
  }
  --depth_;
  if (depth_ > 0) block_around(path_[depth_ - 1], -1);
  space_.marks[sea] = 0;
  return found;
}

// Whether the waters left free lead from `sea`, the route's last, to the goal: `through`, or once
// passed, the destination. A breadth-first look-ahead in `frontier`, marked in `seen` and cleared.
bool NeededRouteSearch::can_still_reach(ProvinceId sea, bool passed) {
  std::vector<ProvinceId>& frontier = space_.frontier;
  auto& seen = space_.seen;
  frontier.assign(1, sea);
  seen[sea] = 1;
  bool reached = false;
  for (std::size_t next = 0; next < frontier.size() && !reached; ++next) {
    const ProvinceId at = frontier[next];
    if (next > 0 && touches(at, to_)) continue;  // no route goes on past the destination's waters
    for (LocationId loc : neighbours(at)) {
      const ProvinceId p = map_.province_of(loc);
      if (seen[p] || !free_to_enter(p)) continue;
      seen[p] = 1;
      frontier.push_back(p);
      if (passed ? touches(p, to_) : p == through_) {
        reached = true;
        break;
      }
    }
  }
  for (ProvinceId p : frontier) seen[p] = 0;
  return reached;
}

// Adds `step` to the count of every water that `sea` reaches (a route through it could go there
// straight: no later water of the route may be one of them).
void NeededRouteSearch::block_around(ProvinceId sea, int step) {
  const Province& province = map_.province(sea);
  auto from_location = [&](LocationId loc) {
    for (LocationId next : map_.fleet_neighbours(loc)) {
      const ProvinceId p = map_.province_of(next);
      if (map_.province(p).location == next) space_.blocked[p] = static_cast<std::uint16_t>(space_.blocked[p] + step);
    }
  };
  from_location(province.location);
  for (LocationId coast : province.coasts) from_location(coast);
}

}  // namespace

bool find_needed_route(const Map& map, ProvinceId from, ProvinceId to, ProvinceId through, ConvoyWaters convoys,
                       ConvoySearchSpace& space) {
  if (from == to || through == kNoProvince || through == from || through == to) return false;
  if (map.province(from).kind != ProvinceKind::Coastal || map.province(to).kind != ProvinceKind::Coastal) return false;
  if (alone_is_route(map, from, to, through)) return convoys(through);
  NeededRouteSearch search(map, from, to, through, convoys, space);
  return search.route_exists();
}

}  // namespace dipadj::detail
