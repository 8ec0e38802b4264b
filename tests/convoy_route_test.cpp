// Whether a fleet can be part of a convoy route that needs it (convoy_route_possible with a
// required fleet; DATC v3.1 4.E.1): the search that order validation uses, checked against a
// plain enumeration of every simple route on many small random boards, with fleets placed at
// random, so that its shortcuts (the shortest ways joined, the routes given up early) never
// change an answer; and on boards where some fleet borders are one-way, where every step of a
// route follows the arrows.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "dipadj/board/position.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/geo/map_loader.hpp"
#include "dipadj/judge/order_validation.hpp"
#include "scratch_directory.hpp"

namespace {

using namespace dipadj;

// A w x h grid of provinces, each a sea or a coastal province at random; neighbours on the grid
// (and on one diagonal) border each other, for armies between coastal provinces and for fleets
// everywhere. With `one_way` above 0, that share of the fleet borders is one-way, in a direction
// drawn at random.
std::string grid_map(int w, int h, std::mt19937& random, double one_way = 0) {
  std::vector<bool> sea(static_cast<std::size_t>(w * h));
  std::bernoulli_distribution is_sea(0.55), is_one_way(one_way), forwards(0.5);
  for (std::size_t i = 0; i < sea.size(); ++i) sea[i] = is_sea(random);
  const auto name = [&](int x, int y) { return "p" + std::to_string(y * w + x); };
  std::map<std::pair<int, int>, int> arrows;  // border (lower, higher index) -> +1 lower to higher, -1 back, 0 two-way
  std::string one_way_list;
  std::string out = "format: dipadj-map/1\nprovinces:\n";
  for (int y = 0; y < h; ++y)
    for (int x = 0; x < w; ++x) {
      std::string army, fleet;
      for (const auto& [dx, dy] : {std::pair{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {-1, -1}}) {
        const int nx = x + dx, ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const int here = y * w + x, there = ny * w + nx;
        auto [arrow, drawn] = arrows.emplace(std::pair{std::min(here, there), std::max(here, there)}, 0);
        if (drawn && one_way > 0 && is_one_way(random)) {
          arrow->second = forwards(random) ? 1 : -1;
          const bool from_here = (here < there) == (arrow->second == 1);
          one_way_list += "  - {fleet: [" + (from_here ? name(x, y) + ", " + name(nx, ny) : name(nx, ny) + ", " + name(x, y)) + "]}\n";
        }
        if (arrow->second == 0) fleet += (fleet.empty() ? "" : ", ") + name(nx, ny);
        if (!sea[static_cast<std::size_t>(y * w + x)] && !sea[static_cast<std::size_t>(ny * w + nx)])
          army += (army.empty() ? "" : ", ") + name(nx, ny);
      }
      const bool is = sea[static_cast<std::size_t>(y * w + x)];
      out += "  - {id: " + name(x, y) + ", name: Place " + std::to_string(y * w + x) + ", kind: " + (is ? "sea" : "coastal") +
             (is ? "" : ", army: [" + army + "]") + ", fleet: [" + fleet + "]}\n";
    }
  if (!one_way_list.empty()) out += "one_way:\n" + one_way_list;
  return out;
}

// The rule, written out plainly: a route is a chain of waters holding a fleet (any water when
// `fleets_needed` is false), the first entered from the army's province, each entered from the
// one before, none after the first that could be entered from the army's province, none before
// the last reaching the destination, the last reaching it, none reached from a water of the route
// but the one just before it; the required fleet is on it. Every step follows the borders' arrows
// (on a board without one-way borders, "reaches" and "touches" are the same). Every simple chain
// is tried.
class Enumeration {
 public:
  Enumeration(const Map& map, const Position& position, bool fleets_needed) : map_(map), position_(position), fleets_needed_(fleets_needed) {}

  bool route_exists(ProvinceId from, ProvinceId to, ProvinceId through) {
    from_ = from, to_ = to, through_ = through;
    if (from == to || map_.province(from).kind != ProvinceKind::Coastal || map_.province(to).kind != ProvinceKind::Coastal) return false;
    route_.clear();
    for (ProvinceId p = 0; p < map_.province_count(); ++p)
      if (usable(p) && map_.fleet_crosses(from, p) && extend(p)) return true;
    return false;
  }

 private:
  bool touches(ProvinceId water, ProvinceId province) const { return map_.fleet_reaches(map_.province(water).location, province); }
  bool usable(ProvinceId p) const {
    const Unit& u = position_.unit_in(p);
    return p != from_ && p != to_ && map_.convoy_water(p) && (!fleets_needed_ || (u.present() && u.type == UnitType::Fleet));
  }
  bool extend(ProvinceId water) {
    for (std::size_t k = 0; k < route_.size(); ++k)
      if (route_[k] == water || (k + 1 < route_.size() && touches(route_[k], water))) return false;
    if (!route_.empty() && map_.fleet_crosses(from_, water)) return false;
    route_.push_back(water);
    bool found = false;
    if (touches(water, to_)) {
      found = std::find(route_.begin(), route_.end(), through_) != route_.end();
    } else {
      for (ProvinceId p = 0; p < map_.province_count() && !found; ++p)
        if (usable(p) && touches(water, p)) found = extend(p);
    }
    route_.pop_back();
    return found;
  }

  const Map& map_;
  const Position& position_;
  bool fleets_needed_;
  ProvinceId from_ = 0, to_ = 0, through_ = 0;
  std::vector<ProvinceId> route_;
};

// Every board of the test below, with `one_way` of its fleet borders one-way.
void check_required_fleets_against_enumeration(double one_way) {
  const dipadj::testing::ScratchDirectory scratch;
  std::mt19937 random(20261126);
  std::size_t routes = 0, queries = 0;
  for (int board = 0; board < 40; ++board) {
    const int w = 4 + board % 4, h = 4 + (board / 4) % 3;
    ASSERT_EQ(write_file_atomically(scratch.path / "map.yaml", grid_map(w, h, random, one_way)), "");
    auto loaded = load_map(scratch.path / "map.yaml");
    ASSERT_TRUE(loaded) << format_diagnostics(loaded.errors());
    const Map& map = *loaded.value();
    for (int placement = 0; placement < 5; ++placement) {
      Position position(map.province_count());
      std::bernoulli_distribution fleet_there(0.5 + 0.1 * placement);
      for (ProvinceId p = 0; p < map.province_count(); ++p)
        if (map.province(p).kind == ProvinceKind::Sea && fleet_there(random))
          position.place(map, Unit{UnitType::Fleet, 0, map.province(p).location});
      ConvoySearchSpace space(map.province_count());
      for (const bool fleets_needed : {true, false}) {
        Enumeration enumeration(map, position, fleets_needed);
        for (ProvinceId from = 0; from < map.province_count(); ++from)
          for (ProvinceId to = 0; to < map.province_count(); ++to)
            for (ProvinceId through = 0; through < map.province_count(); ++through) {
              if (map.province(from).kind != ProvinceKind::Coastal || map.province(to).kind != ProvinceKind::Coastal ||
                  map.province(through).kind != ProvinceKind::Sea || from == to)
                continue;
              const bool expected = enumeration.route_exists(from, to, through);
              const bool found = convoy_route_possible(map, position, from, to, kNoProvince, through, space, fleets_needed);
              ++queries;
              routes += expected ? 1 : 0;
              ASSERT_EQ(found, expected) << "board " << board << ", placement " << placement << ": " << map.province(from).id << " to "
                                         << map.province(to).id << " through " << map.province(through).id
                                         << (fleets_needed ? " (fleets needed)" : " (any water)");
              // The working memory is left clear for the next search.
              const auto clear = [](const auto& entries, auto value) {
                return std::all_of(entries.begin(), entries.end(), [&](auto v) { return v == value; });
              };
              ASSERT_TRUE(clear(space.marks, 0) && clear(space.usable, 0) && clear(space.starts, 0) && clear(space.seen, 0) &&
                          clear(space.blocked, 0) && clear(space.link_from, kNoProvince) && clear(space.link_to, kNoProvince));
            }
      }
    }
  }
  // The boards must ask both questions often: routes that exist and routes that do not.
  EXPECT_GT(routes, queries / 20);
  EXPECT_LT(routes, queries - queries / 20);
}

TEST(ConvoyRoute, ARequiredFleetIsFoundExactlyWhereAPlainEnumerationFindsIt) { check_required_fleets_against_enumeration(0); }

// One-way fleet borders (docs/map-format.md): the search follows the arrows, forwards from the
// army and backwards from the destination, exactly as the enumeration does.
TEST(ConvoyRoute, OverOneWayBordersARequiredFleetIsFoundExactlyWhereAPlainEnumerationFindsIt) {
  check_required_fleets_against_enumeration(0.3);
}

}  // namespace
