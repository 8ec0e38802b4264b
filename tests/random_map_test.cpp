// Property tests on random boards (the random-map plugin) and random orders: adjudication
// terminates, does not depend on the order in which orders are given, never puts two units in
// one province, and gives every dislodged unit only legal retreat options.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "dipadj/judge/movement.hpp"
#include "dipadj/plugin/built_board.hpp"
#include "dipadj/plugin/plugin_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "yaml_support.hpp"

namespace {

using namespace dipadj;

std::shared_ptr<const RulePlugin> random_map_plugin() {
  const auto path = plugin_search_path();
  auto plugin = load_plugin("random-map", path, Diagnostic{"test", 0, ""});
  EXPECT_TRUE(plugin) << format_diagnostics(plugin.errors());
  return plugin ? plugin.value() : nullptr;
}

// A map plugin's settings as the core hands them over: a document read from YAML text.
DocNode settings_document(const std::string& text) {
  DocNode node;
  std::vector<Diagnostic> errors;
  EXPECT_TRUE(yaml::load_document_string(text, "settings", node, errors)) << format_diagnostics(errors);
  return node;
}

std::shared_ptr<const Variant> random_variant(const RulePlugin& plugin, std::uint64_t seed, int provinces, int powers) {
  const DocNode settings = settings_document("{seed: " + std::to_string(seed) + ", provinces: " + std::to_string(provinces) +
                                              ", powers: " + std::to_string(powers) + ", two_coasts: 2}");
  BuiltBoard board;
  std::vector<Diagnostic> problems;
  const std::string file = "random";
  const MapBuilding* builder = plugin.map_building();
  if (builder == nullptr || !builder->build_map(PluginSettings{settings, file, 0, plugin.name()}, board, problems)) {
    ADD_FAILURE() << format_diagnostics(problems);
    return nullptr;
  }
  auto map = std::make_shared<const Map>(board.map);
  std::vector<Power> list;
  for (const auto& p : board.powers) list.push_back(Power{p.name, p.name, {}, p.home_centres, {}});
  auto variant = std::make_shared<Variant>("random", "random", map, std::move(list));
  return variant;
}

// A random board position: about half the provinces hold a unit of a random power, of a type
// that can stand there (a fleet on one of the coasts of a province with coasts).
Position random_position(const Variant& variant, std::mt19937_64& random) {
  const Map& map = variant.map();
  Position position(map.province_count());
  std::uniform_int_distribution<int> power(0, static_cast<int>(variant.power_count()) - 1);
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    if (random() % 2 == 0) continue;
    const Province& province = map.province(static_cast<ProvinceId>(p));
    UnitType type = province.kind == ProvinceKind::Sea ? UnitType::Fleet : UnitType::Army;
    if (province.kind == ProvinceKind::Coastal && random() % 2 == 0) type = UnitType::Fleet;
    LocationId where = province.location;
    if (type == UnitType::Fleet && !province.coasts.empty()) where = province.coasts[random() % province.coasts.size()];
    position.place(map, Unit{type, static_cast<PowerId>(power(random)), where});
  }
  return position;
}

// Random orders for every unit: first holds and moves (to neighbours, preferring occupied ones, or
// across the board for a convoy), then supports of those moves and holds from units that can
// reach the place, and convoys; some are illegal or void, as in real games.
std::vector<SubmittedOrder> random_orders(const Variant& variant, const Position& position, std::mt19937_64& random) {
  const Map& map = variant.map();
  std::vector<ProvinceId> units;
  for (std::size_t p = 0; p < map.province_count(); ++p)
    if (position.unit_in(static_cast<ProvinceId>(p)).present()) units.push_back(static_cast<ProvinceId>(p));
  std::shuffle(units.begin(), units.end(), random);
  auto neighbours = [&](const Unit& unit) {
    std::vector<LocationId> out;
    if (unit.type == UnitType::Army) {
      for (ProvinceId q : map.army_neighbours(map.province_of(unit.location))) out.push_back(map.province(q).location);
    } else {
      for (LocationId l : map.fleet_neighbours(unit.location)) out.push_back(l);
    }
    return out;
  };
  auto reaches = [&](const Unit& unit, ProvinceId to) {
    for (LocationId l : neighbours(unit))
      if (map.province_of(l) == to) return true;
    return false;
  };
  std::vector<Order> decided(map.province_count());
  std::vector<bool> has(map.province_count(), false);
  std::vector<SubmittedOrder> orders;
  const std::size_t movers = units.size() * 3 / 5;
  for (std::size_t k = 0; k < units.size(); ++k) {
    const ProvinceId p = units[k];
    const Unit& unit = position.unit_in(p);
    Order order;
    order.unit = UnitRef{unit.type, unit.location, kNoPower};
    if (k < movers) {
      auto around = neighbours(unit);
      std::stable_partition(around.begin(), around.end(),
                            [&](LocationId l) { return position.unit_in(map.province_of(l)).present(); });
      if (!around.empty()) {
        order.kind = OrderKind::Move;
        order.target = around[random() % 3 == 0 ? random() % around.size() : 0];
        if (unit.type == UnitType::Army && random() % 6 == 0)
          order.target = map.province(static_cast<ProvinceId>(random() % map.province_count())).location;
      }
    } else {
      // Support a move or a hold it can reach, or convoy an army, or hold.
      std::vector<ProvinceId> candidates;
      for (ProvinceId q : units)
        if (q != p && has[q]) {
          const Order& o = decided[q];
          const ProvinceId place = o.kind == OrderKind::Move ? map.province_of(o.target) : q;
          if (place != p && reaches(unit, place)) candidates.push_back(q);
        }
      if (!candidates.empty() && random() % 5 != 0) {
        const ProvinceId q = candidates[random() % candidates.size()];
        const Unit& helped = position.unit_in(q);
        order.kind = OrderKind::Support;
        order.other = UnitRef{helped.type, helped.location, kNoPower};
        if (decided[q].kind == OrderKind::Move) order.target = decided[q].target;
      } else if (unit.type == UnitType::Fleet && !units.empty()) {
        const Unit& army = position.unit_in(units[random() % units.size()]);
        order.kind = OrderKind::Convoy;
        order.other = UnitRef{army.type, army.location, kNoPower};
        order.target = map.province(static_cast<ProvinceId>(random() % map.province_count())).location;
      }
    }
    decided[p] = order;
    has[p] = true;
    // Now and then a power orders a unit that is not its own.
    const PowerId giver = random() % 20 == 0 ? static_cast<PowerId>(random() % variant.power_count()) : unit.power;
    orders.push_back(SubmittedOrder{giver, order});
  }
  return orders;
}

struct Outcome {
  std::vector<OrderOutcome> by_order;  // in the original order of the orders
  std::vector<Unit> after, dislodged;
  std::vector<std::vector<LocationId>> retreats;
  std::vector<ProvinceId> attacker_from;  // per dislodged unit: where the attacker came from,
  std::vector<bool> attacker_convoyed;    // and whether by convoy
};

Outcome adjudicate(MovementAdjudicator& judge, const Variant& variant, const Position& before,
                   const std::vector<SubmittedOrder>& orders, const std::vector<std::size_t>& permutation) {
  std::vector<SubmittedOrder> given;
  for (std::size_t i : permutation) given.push_back(orders[i]);
  MovementResult result(variant.map().province_count());
  judge.adjudicate(before, given, result);
  Outcome out;
  out.by_order.resize(orders.size());
  for (std::size_t k = 0; k < permutation.size(); ++k) out.by_order[permutation[k]] = result.outcomes[k];
  for (std::size_t p = 0; p < variant.map().province_count(); ++p)
    if (result.after.unit_in(static_cast<ProvinceId>(p)).present()) out.after.push_back(result.after.unit_in(static_cast<ProvinceId>(p)));
  for (const auto& d : result.dislodged) {
    out.dislodged.push_back(d.unit);
    auto options = std::vector<LocationId>(result.retreats(d).begin(), result.retreats(d).end());
    std::sort(options.begin(), options.end());
    out.retreats.push_back(options);
    out.attacker_from.push_back(d.attacker_from);
    out.attacker_convoyed.push_back(d.attacker_convoyed);
  }
  return out;
}

TEST(RandomBoards, AdjudicationIsWellBehavedOnHundredsOfRandomMapsAndOrders) {
  const auto plugin = random_map_plugin();
  ASSERT_TRUE(plugin);
  std::size_t phases = 0, dislodgements = 0;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    std::mt19937_64 random(seed * 7919);
    const int provinces = 12 + static_cast<int>(random() % 60);
    const auto variant = random_variant(*plugin, seed, provinces, 2 + static_cast<int>(random() % 5));
    ASSERT_TRUE(variant);
    const Map& map = variant->map();
    MovementAdjudicator judge(*variant, variant->rules());
    for (int round = 0; round < 3; ++round) {
      const Position before = random_position(*variant, random);
      const auto orders = random_orders(*variant, before, random);
      std::vector<std::size_t> order(orders.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      const Outcome first = adjudicate(judge, *variant, before, orders, order);  // it terminates
      ++phases;
      SCOPED_TRACE("seed " + std::to_string(seed) + ", round " + std::to_string(round));
      // One unit per province: every unit is still on the board, or dislodged, never lost.
      EXPECT_EQ(first.after.size() + first.dislodged.size(), [&] {
        std::size_t n = 0;
        for (std::size_t p = 0; p < map.province_count(); ++p) n += before.unit_in(static_cast<ProvinceId>(p)).present();
        return n;
      }());
      // Retreat options: a neighbour the unit could move to, empty after the phase.
      for (std::size_t k = 0; k < first.dislodged.size(); ++k) {
        const Unit& unit = first.dislodged[k];
        ++dislodgements;
        for (LocationId place : first.retreats[k]) {
          const ProvinceId to = map.province_of(place);
          const bool adjacent = unit.type == UnitType::Army ? map.army_adjacent(map.province_of(unit.location), to)
                                                            : map.fleet_adjacent(unit.location, place);
          EXPECT_TRUE(adjacent) << "retreat option " << map.location_name(place) << " is no neighbour";
          EXPECT_TRUE(std::none_of(first.after.begin(), first.after.end(), [&](const Unit& u) { return map.province_of(u.location) == to; }))
              << "retreat option " << map.location_name(place) << " is occupied";
          EXPECT_TRUE(map.can_hold(unit.type, place));
          // Not where its attacker came from (that attacker came over land: 4.A.5 b).
          EXPECT_FALSE(to == first.attacker_from[k] && !first.attacker_convoyed[k])
              << "retreat option " << map.location_name(place) << " is where the attacker came from";
          // Not where a standoff left the province empty (a move there bounced).
          for (std::size_t i = 0; i < orders.size(); ++i) {
            const Order& o = orders[i].order;
            const OrderOutcome& r = first.by_order[i];
            if (o.kind == OrderKind::Move && o.target != kNoLocation && map.province_of(o.target) == to &&
                r.resolution == Resolution::Fails && r.reason == Reason::Bounced)
              ADD_FAILURE() << "retreat option " << map.location_name(place) << " saw a standoff";
          }
        }
      }
      // The order in which the orders are given changes nothing.
      for (int shuffle = 0; shuffle < 3; ++shuffle) {
        std::shuffle(order.begin(), order.end(), random);
        const Outcome again = adjudicate(judge, *variant, before, orders, order);
        EXPECT_EQ(again.by_order, first.by_order);
        EXPECT_EQ(again.after, first.after);
        EXPECT_EQ(again.dislodged, first.dislodged);
        EXPECT_EQ(again.retreats, first.retreats);
      }
    }
  }
  EXPECT_EQ(phases, 900U);
  EXPECT_GT(dislodgements, 300U);  // the random orders do produce battles worth checking
}

// The same board for the same seed; a variant file names the map plugin like a map file.
TEST(RandomBoards, AVariantFileCanNameAMapPlugin) {
  auto first = find_variant("random");
  auto second = find_variant("random");
  ASSERT_TRUE(first) << format_diagnostics(first.errors());
  ASSERT_TRUE(second);
  const Map& a = first.value()->map();
  const Map& b = second.value()->map();
  ASSERT_EQ(a.province_count(), 40U);
  EXPECT_EQ(first.value()->power_count(), 5U);
  for (std::size_t p = 0; p < a.province_count(); ++p)
    for (std::size_t q = 0; q < a.province_count(); ++q)
      EXPECT_EQ(a.army_adjacent(static_cast<ProvinceId>(p), static_cast<ProvinceId>(q)),
                b.army_adjacent(static_cast<ProvinceId>(p), static_cast<ProvinceId>(q)));
  EXPECT_GT(first.value()->start_position().unit_count(0), 0U);
}

TEST(RandomBoards, BadSettingsAreReportedWithTheirLines) {
  const auto plugin = random_map_plugin();
  ASSERT_TRUE(plugin);
  const DocNode settings = settings_document("{seed: 3, provinces: 2, colour: blue}");
  BuiltBoard board;
  std::vector<Diagnostic> problems;
  const std::string file = "v.yaml";
  ASSERT_NE(plugin->map_building(), nullptr);
  EXPECT_FALSE(plugin->map_building()->build_map(PluginSettings{settings, file, 4, plugin->name()}, board, problems));
  const std::string text = format_diagnostics(problems);
  EXPECT_NE(text.find("unknown setting 'colour'"), std::string::npos) << text;
  EXPECT_NE(text.find("'provinces' must be a number from 8"), std::string::npos) << text;
}

}  // namespace
