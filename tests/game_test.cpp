// The game going on: phases with nothing to do are skipped, centres change hands after Fall
// only, and a power reaching the variant's victory count wins.
#include <gtest/gtest.h>

#include "dipadj/game/game.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace {

using namespace dipadj;

class GameTest : public testing::Test {
 protected:
  void SetUp() override {
    auto loaded = find_variant("standard");
    ASSERT_TRUE(loaded) << format_diagnostics(loaded.errors());
    variant_ = loaded.value();
  }
  std::vector<SubmittedOrder> orders(const char* power, std::initializer_list<const char*> texts, bool retreat = false) {
    std::vector<SubmittedOrder> out;
    for (const char* text : texts) out.push_back({*variant_->find_power(power), *OrderParser(*variant_).parse(text, retreat).order});
    return out;
  }
  ProvinceId province(const char* name) { return *variant_->map().find_province(normalize_name(name)); }
  std::shared_ptr<const Variant> variant_;
};

TEST_F(GameTest, SpringLeadsToFallAndCentresChangeOnlyAfterFall) {
  GameState state = initial_state(*variant_);
  PhaseReport report(variant_->map().province_count());
  state = play_phase(*variant_, variant_->rules(), state, orders("Germany", {"F Kie - Hol"}), report);
  EXPECT_EQ(to_string(state.phase), "Fall 1901 Movement");
  EXPECT_EQ(state.position.owner(province("Holland")), kNoPower) << "no change of hands in Spring";
  state = play_phase(*variant_, variant_->rules(), state, {}, report);
  EXPECT_EQ(state.position.owner(province("Holland")), *variant_->find_power("Germany"));
  EXPECT_EQ(to_string(state.phase), "Winter 1901 Adjustments");  // Germany may build
  state = play_phase(*variant_, variant_->rules(), state, orders("Germany", {"Build F Kie"}), report);
  EXPECT_EQ(to_string(state.phase), "Spring 1902 Movement");
  EXPECT_TRUE(state.position.unit_in(province("Kiel")).present());
}

TEST_F(GameTest, AFallWithNothingToAdjustGoesStraightToSpring) {
  GameState state = initial_state(*variant_);
  state.phase = Phase{Season::Fall, 1901, PhaseKind::Movement};
  PhaseReport report(variant_->map().province_count());
  state = play_phase(*variant_, variant_->rules(), state, {}, report);
  EXPECT_EQ(to_string(state.phase), "Spring 1902 Movement");
}

TEST_F(GameTest, RetreatPhaseOnlyWhenSomeoneCanRetreat) {
  GameState state(variant_->map().province_count());
  state.phase = Phase{Season::Spring, 1901, PhaseKind::Movement};
  const Map& map = variant_->map();
  const PowerId italy = *variant_->find_power("Italy"), austria = *variant_->find_power("Austria");
  state.position.place(map, Unit{UnitType::Army, italy, map.province(province("Venice")).location});
  state.position.place(map, Unit{UnitType::Army, italy, map.province(province("Tyrolia")).location});
  state.position.place(map, Unit{UnitType::Fleet, austria, map.province(province("Trieste")).location});
  PhaseReport report(map.province_count());
  auto italian = orders("Italy", {"A Ven - Tri", "A Tyr S A Ven - Tri"});
  GameState next = play_phase(*variant_, variant_->rules(), state, italian, report);
  ASSERT_EQ(to_string(next.phase), "Spring 1901 Retreats");
  ASSERT_EQ(next.dislodged.size(), 1u);
  // No order: the fleet is disbanded, and the Fall comes.
  GameState after = play_phase(*variant_, variant_->rules(), next, {}, report);
  EXPECT_EQ(to_string(after.phase), "Fall 1901 Movement");
  ASSERT_EQ(report.disbanded.size(), 1u);
  EXPECT_EQ(report.disbanded[0].power, austria);
}

TEST_F(GameTest, ReachingTheVictoryCountEndsTheGame) {
  GameState state(variant_->map().province_count());
  state.phase = Phase{Season::Fall, 1905, PhaseKind::Movement};
  const Map& map = variant_->map();
  const PowerId france = *variant_->find_power("France");
  int owned = 0;
  for (std::size_t p = 0; p < map.province_count() && owned < 17; ++p) {
    const auto id = static_cast<ProvinceId>(p);
    if (!map.province(id).supply_centre || id == province("Munich")) continue;
    state.position.set_owner(id, france);
    ++owned;
  }
  state.position.place(map, Unit{UnitType::Army, france, map.province(province("Burgundy")).location});
  PhaseReport report(map.province_count());
  GameState next = play_phase(*variant_, variant_->rules(), state, orders("France", {"A Bur - Mun"}), report);
  ASSERT_TRUE(next.over());
  EXPECT_EQ(next.winner, france);
  const std::string text = game_file_text(*variant_, "standard", next, variant_->rules());
  EXPECT_NE(text.find("winner: France"), std::string::npos) << text;
}

// A power the game master declared in civil disorder: its orders are not followed (reported as
// illegal), it adjusts by the civil-disorder rules, and the declaration goes on to the next phase.
TEST_F(GameTest, OrdersOfAPowerInCivilDisorderAreNotFollowed) {
  GameState state = initial_state(*variant_);
  const PowerId italy = *variant_->find_power("Italy");
  state.civil_disorder = {italy};
  PhaseReport report(variant_->map().province_count());
  auto submitted = orders("Italy", {"A Ven - Tyr"});
  auto german = orders("Germany", {"A Mun - Bur"});
  submitted.insert(submitted.end(), german.begin(), german.end());
  GameState next = play_phase(*variant_, variant_->rules(), state, submitted, report);
  ASSERT_EQ(report.outcomes.size(), 2U);
  EXPECT_EQ(report.outcomes[0].resolution, Resolution::Illegal);
  EXPECT_EQ(report.outcomes[0].reason, Reason::PowerInCivilDisorder);
  EXPECT_EQ(report.outcomes[1].resolution, Resolution::Succeeds);
  EXPECT_TRUE(next.position.unit_in(province("Venice")).present()) << "Italy's army holds";
  EXPECT_TRUE(next.position.unit_in(province("Burgundy")).present());
  EXPECT_EQ(next.civil_disorder, std::vector<PowerId>{italy});
  const std::string text = game_file_text(*variant_, "standard", next, variant_->rules());
  EXPECT_NE(text.find("civil_disorder: [Italy]"), std::string::npos) << text;
}

// The build history (4.D.8 f): builds are recorded in the order given, move with their units and
// are written to the next game file, least recent first.
TEST_F(GameTest, BuildHistoryFollowsTheUnits) {
  GameState state = initial_state(*variant_);
  PhaseReport report(variant_->map().province_count());
  state = play_phase(*variant_, variant_->rules(), state, orders("Germany", {"A Mun - Ruh", "F Kie - Hol"}), report);
  state = play_phase(*variant_, variant_->rules(), state, orders("Germany", {"A Ruh - Bel", "F Hol H"}), report);
  ASSERT_EQ(to_string(state.phase), "Winter 1901 Adjustments");
  state = play_phase(*variant_, variant_->rules(), state, orders("Germany", {"Build F Kie", "Build A Mun"}), report);
  EXPECT_LT(state.built[province("Kiel")], state.built[province("Munich")]);
  EXPECT_EQ(state.built[province("Belgium")], 0U) << "a unit from the start";
  state = play_phase(*variant_, variant_->rules(), state, orders("Germany", {"F Kie - Den", "A Mun - Tyr"}), report);
  EXPECT_EQ(state.built[province("Kiel")], 0U);
  EXPECT_LT(state.built[province("Denmark")], state.built[province("Tyrolia")]);
  const std::string text = game_file_text(*variant_, "standard", state, variant_->rules());
  EXPECT_NE(text.find("built: [F Denmark, A Tyrolia]"), std::string::npos) << text;
}

}  // namespace
