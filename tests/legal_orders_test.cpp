// The list of legal orders (game/legal_orders.hpp) against adjudication itself: along random
// games of Standard and Colonial (its railroad and canal included), every order listed is legal
// when submitted on its own, and random orders of the same shapes that are not listed are
// illegal on their own.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <random>
#include <set>

#include "dipadj/game/game.hpp"
#include "dipadj/game/legal_orders.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/notation/order_text.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace {

using namespace dipadj;

std::shared_ptr<const Variant> variant_named(const char* name) {
  auto loaded = find_variant(name);
  EXPECT_TRUE(loaded) << format_diagnostics(loaded.errors());
  return loaded ? loaded.value() : nullptr;
}

Resolution alone(const Variant& variant, const GameState& state, PowerId power, const Order& order) {
  PhaseReport report(variant.map().province_count());
  const SubmittedOrder submitted{power, order};
  play_phase(variant, variant.rules(), state, std::span(&submitted, 1), report);
  return report.outcomes.at(0).resolution;
}

// A random order of a listed kind for the phase, written the way the list writes orders (full
// unit designations, a fleet's destination with its coast).
Order random_order(const Variant& variant, const GameState& state, PowerId power, std::mt19937& random) {
  const Map& map = variant.map();
  auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(random); };
  auto any_province = [&] { return static_cast<ProvinceId>(pick(map.province_count())); };
  auto destination = [&](UnitType type) {
    const Province& province = map.province(any_province());
    if (type == UnitType::Fleet && !province.coasts.empty()) return province.coasts[pick(province.coasts.size())];
    return province.location;
  };
  std::vector<Unit> own, all;
  for (std::size_t q = 0; q < map.province_count(); ++q) {
    const Unit& unit = state.position.unit_in(static_cast<ProvinceId>(q));
    if (!unit.present()) continue;
    all.push_back(unit);
    if (unit.power == power) own.push_back(unit);
  }
  Order order;
  switch (state.phase.kind) {
    case PhaseKind::Movement: {
      if (own.empty()) break;
      const Unit unit = own[pick(own.size())];
      const Unit other = all[pick(all.size())];
      order.unit = UnitRef{unit.type, unit.location, kNoPower};
      switch (pick(4)) {
        case 0: order.kind = OrderKind::Hold; break;
        case 1:
          order.kind = OrderKind::Move;
          order.target = destination(unit.type);
          break;
        case 2:
          order.kind = OrderKind::Support;
          order.other = UnitRef{other.type, other.location, kNoPower};
          if (pick(3) != 0) order.target = map.province(any_province()).location;
          break;
        default:
          order.kind = OrderKind::Convoy;
          order.other = UnitRef{other.type, other.location, kNoPower};
          order.target = map.province(any_province()).location;
      }
      break;
    }
    case PhaseKind::Retreat: {
      if (state.dislodged.empty()) break;
      const DislodgedUnit& d = state.dislodged[pick(state.dislodged.size())];
      order.unit = UnitRef{d.unit.type, d.unit.location, kNoPower};
      order.kind = pick(4) == 0 ? OrderKind::Disband : OrderKind::Retreat;
      if (order.kind == OrderKind::Retreat) order.target = destination(d.unit.type);
      break;
    }
    case PhaseKind::Adjustment: {
      const auto kind = pick(3);
      if (kind == 0 && !own.empty()) {
        order.kind = OrderKind::Remove;
        const Unit unit = own[pick(own.size())];
        order.unit = UnitRef{unit.type, unit.location, kNoPower};
      } else if (kind == 1) {
        order.kind = OrderKind::Waive;
      } else {
        order.kind = OrderKind::Build;
        const UnitType type = pick(2) == 0 ? UnitType::Army : UnitType::Fleet;
        order.unit = UnitRef{type, destination(type), kNoPower};
      }
    }
  }
  return order;
}

struct WalkTotals {
  std::size_t phases = 0, listed = 0, unlisted_tried = 0, plugin_orders = 0;
  std::set<PhaseKind> kinds;
};

// Plays a random game of `phases` phases, each unit given a random listed order, checking the
// list at every phase.
WalkTotals walk(const Variant& variant, unsigned seed, int phases) {
  std::mt19937 random(seed);
  WalkTotals totals;
  GameState state = initial_state(variant);
  for (int step = 0; step < phases && !state.over(); ++step) {
    const LegalOrders listed = legal_orders(variant, variant.rules(), state);
    totals.phases++;
    totals.kinds.insert(state.phase.kind);
    std::set<std::pair<PowerId, std::string>> texts;
    for (const OrderChoices& choices : listed.choices) {
      EXPECT_FALSE(choices.orders.empty() && choices.subject == OrderChoices::Subject::Unit && state.phase.kind == PhaseKind::Movement)
          << "a unit without even a hold: " << unit_text(variant.map(), choices.unit);
      for (const Order& order : choices.orders) {
        totals.listed++;
        if (order.extension != 0) totals.plugin_orders++;
        texts.insert({choices.power, to_string(order, variant)});
        EXPECT_NE(alone(variant, state, choices.power, order), Resolution::Illegal)
            << to_string(state.phase) << ": listed but illegal: " << variant.power(choices.power).name << ": " << to_string(order, variant);
      }
    }
    for (int k = 0; k < 150; ++k) {
      const auto power = static_cast<PowerId>(random() % variant.power_count());
      const Order order = random_order(variant, state, power, random);
      if (order.kind == OrderKind::Hold && order.unit.location == kNoLocation) continue;
      if (texts.contains({power, to_string(order, variant)})) continue;
      totals.unlisted_tried++;
      EXPECT_EQ(alone(variant, state, power, order), Resolution::Illegal)
          << to_string(state.phase) << ": legal but not listed: " << variant.power(power).name << ": " << to_string(order, variant);
    }
    // Every unit (or power) takes one of its listed orders.
    std::vector<SubmittedOrder> chosen;
    for (const OrderChoices& choices : listed.choices)
      if (!choices.orders.empty() && (choices.subject != OrderChoices::Subject::BuildSite || random() % 2 == 0))
        chosen.push_back({choices.power, choices.orders[random() % choices.orders.size()]});
    PhaseReport report(variant.map().province_count());
    state = play_phase(variant, variant.rules(), state, chosen, report);
  }
  return totals;
}

TEST(LegalOrders, ListedOrdersAreLegalAndOthersAreNotAlongRandomStandardGames) {
  const auto standard = variant_named("standard");
  ASSERT_TRUE(standard);
  WalkTotals all;
  for (unsigned seed = 1; seed <= 3; ++seed) {
    const WalkTotals totals = walk(*standard, seed, 24);
    all.phases += totals.phases;
    all.listed += totals.listed;
    all.unlisted_tried += totals.unlisted_tried;
    all.kinds.insert(totals.kinds.begin(), totals.kinds.end());
  }
  EXPECT_EQ(all.kinds.size(), 3u) << "the walks should meet movement, retreat and adjustment phases";
  EXPECT_GT(all.listed, 5'000u);
  EXPECT_GT(all.unlisted_tried, 5'000u);
}

TEST(LegalOrders, ColonialListsItsPluginsOrders) {
  const auto colonial = variant_named("colonial");
  ASSERT_TRUE(colonial);
  const WalkTotals totals = walk(*colonial, 7, 12);
  EXPECT_GT(totals.plugin_orders, 0u);
  // At the start Russia's army in Moscow may take the railroad.
  const GameState start = initial_state(*colonial);
  const auto russia = colonial->find_power("Russia");
  ASSERT_TRUE(russia);
  const LegalOrders listed = legal_orders(*colonial, colonial->rules(), start, *russia);
  const std::string json = legal_orders_json(*colonial, listed).dump();
  EXPECT_NE(json.find("TSR"), std::string::npos) << json.substr(0, 2000);
}

TEST(LegalOrders, TheOpeningOfStandard) {
  const auto standard = variant_named("standard");
  ASSERT_TRUE(standard);
  const GameState start = initial_state(*standard);
  const LegalOrders listed = legal_orders(*standard, standard->rules(), start, standard->find_power("England"));
  const nlohmann::ordered_json json = legal_orders_json(*standard, listed);
  EXPECT_EQ(json["phase"], "Spring 1901 Movement");
  ASSERT_TRUE(json["powers"].contains("England"));
  EXPECT_EQ(json["powers"].size(), 1u);
  const auto& units = json["powers"]["England"]["units"];
  ASSERT_EQ(units.size(), 3u);
  const auto& london = units["F London"];
  for (const char* expected : {"F London Hold", "F London - English Channel", "F London - North Sea", "F London - Wales",
                               "F London - Yorkshire", "F London Supports A Liverpool - Wales"})
    EXPECT_NE(std::find(london.begin(), london.end(), expected), london.end()) << expected << " in " << london.dump();
  EXPECT_EQ(std::find(london.begin(), london.end(), "F London - Picardy"), london.end());
}

}  // namespace
