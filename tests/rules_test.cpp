// Rule options: every DATC chapter 4 issue is an option; values are layered (defaults < variant
// < profile < game) and remember their source; bad keys and choices are refused clearly.
#include <gtest/gtest.h>

#include "dipadj/formats/game_file.hpp"
#include "dipadj/rules/rules_loader.hpp"

namespace {

using namespace dipadj;
const std::string kData = DIPADJ_TEST_DATA;

TEST(Rulebook, EveryDisputedIssueOfChapter4IsAnOptionWithItsPreferenceAsDefault) {
  const Rulebook rules;
  ASSERT_EQ(rules.option_count(), static_cast<std::size_t>(Rule::Count));
  EXPECT_EQ(rules.option(0).issue, "4.A.1");
  EXPECT_EQ(rules.option(static_cast<std::size_t>(Rule::FlyingDutchman)).issue, "4.E.6");
  EXPECT_TRUE(rules.is(ConvoyParadox::Szykman));         // Szykman
  EXPECT_TRUE(rules.is(AdjacentConvoy::IntentWithLandFallback));        // 1982/2000 intent
  EXPECT_TRUE(rules.is(OrderLegality::ValidInCurrentSituation));         // valid in the current situation
  EXPECT_TRUE(rules.is(CivilDisorderRemoval::ArmiesCrossSea));  // armies may move as fleets
  for (std::size_t i = 0; i < rules.option_count(); ++i) {
    const RuleOption& option = rules.option(i);
    EXPECT_EQ(rules.source(i), "default");
    if (option.number) {  // a variant's number (victory_lead): a range, its default in it
      EXPECT_LT(option.number->min, option.number->max) << option.key;
      EXPECT_TRUE(option.choices.empty()) << option.key;
      continue;
    }
    EXPECT_GE(option.choices.size(), 2u) << option.key;
    EXPECT_TRUE(option.choices[option.default_choice].supported) << option.key;
  }
}

TEST(Rulebook, LayersRemembersSources) {
  auto game = load_game_file(kData + "/rules/game.yaml");
  ASSERT_TRUE(game) << format_diagnostics(game.errors());
  const Rulebook& rules = game->rules;
  const auto retreat = *rules.find_option("retreat_to_convoy_origin");
  const auto disruption = *rules.find_option("convoy_disruption");
  const auto paradox = *rules.find_option("convoy_paradox");
  EXPECT_NE(rules.source(retreat).find("variant.yaml:7"), std::string::npos) << rules.source(retreat);
  EXPECT_NE(rules.source(disruption).find("game.yaml:4"), std::string::npos) << rules.source(disruption);
  EXPECT_EQ(rules.source(paradox), "default");
  // A profile comes on top of the variant's rules.
  Rulebook layered = rules;
  EXPECT_TRUE(apply_profile("datc-preferred", layered).empty());
  EXPECT_NE(layered.source(paradox).find("profiles/datc-preferred.yaml"), std::string::npos) << layered.source(paradox);
  // The copies share their sources until one changes: each change is its own copy's alone.
  EXPECT_EQ(rules.source(paradox), "default");
  Rulebook second = layered;
  second.set(ConvoyParadox::Rule1982, "the second copy");
  EXPECT_EQ(second.source(paradox), "the second copy");
  EXPECT_NE(layered.source(paradox).find("profiles/datc-preferred.yaml"), std::string::npos) << layered.source(paradox);
  EXPECT_EQ(rules.source(paradox), "default");
  EXPECT_EQ(second.source(retreat), layered.source(retreat));
  Rulebook moved = std::move(second);
  EXPECT_EQ(moved.source(paradox), "the second copy");
  second = rules;  // a moved-from rulebook takes a value again
  EXPECT_EQ(second.source(paradox), "default");
}

TEST(Rulebook, BadProfilesKeysAndChoicesAreRefused) {
  auto game = load_game_file(kData + "/rules/bad-game.yaml");
  ASSERT_FALSE(game);
  const std::string errors = format_diagnostics(game.errors());
  EXPECT_NE(errors.find("bad-game.yaml:3: unknown rule profile 'rulebook-1066' (known: datc-preferred, dptg, rulebook-1971"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("bad-game.yaml:5: 'sometimes' is not a choice of convoy_disruption (DATC 4.A.1); allowed: a "
                        "(any_route_disrupted), b (all_routes_disrupted)"),
            std::string::npos)
      << errors;
  EXPECT_NE(errors.find("bad-game.yaml:6: unknown rule option 'flying_pigs'"), std::string::npos) << errors;
}

// A plugin may list a choice it does not implement yet: setting it is refused, never ignored.
TEST(Rulebook, AChoiceNotImplementedYetIsRefused) {
  Rulebook rules;
  RuleOption option;
  option.key = "tides";
  option.issue = "house rule";
  option.title = "Tides";
  option.choices = {{"a", "off", "no tides"}, {"b", "spring_tides", "not written yet", false}};
  const std::size_t index = rules.add_option(option);
  EXPECT_EQ(rules.set(index, "off", "test"), std::nullopt);
  const auto refused = rules.set(index, "spring_tides", "test");
  ASSERT_TRUE(refused);
  EXPECT_EQ(*refused, "choice b (spring_tides) of tides (DATC house rule) is not supported by this adjudicator yet");
  EXPECT_EQ(rules.choice_name("tides", ""), "off");
}

TEST(Rulebook, ProfilesShipped) {
  const auto names = profile_names();
  for (const char* name : {"datc-preferred", "rulebook-1971", "rulebook-1982", "rulebook-2000", "dptg", "rulebook-2023"})
    EXPECT_NE(std::find(names.begin(), names.end(), name), names.end()) << name;
  Rulebook rules;
  EXPECT_TRUE(apply_profile("datc-preferred", rules).empty());
}

}  // namespace

namespace {

// Number options: read from text, kept in range, "none" where allowed, written back as read.
TEST(Rulebook, NumberOptionsTakeWholeNumbersInTheirRange) {
  Rulebook rules;
  const auto lead = *rules.find_option("victory_lead");
  const auto last = *rules.find_option("last_year");
  EXPECT_EQ(rules.number(Rule::VictoryLead), std::nullopt);
  EXPECT_EQ(rules.number(Rule::LastYear), std::nullopt);
  EXPECT_EQ(rules.value_name(last), "none");
  EXPECT_FALSE(rules.set(lead, "3", "test"));
  EXPECT_EQ(rules.number(Rule::VictoryLead), 3);
  EXPECT_EQ(rules.value_name(lead), "3");
  EXPECT_FALSE(rules.set(last, "-12", "test"));
  EXPECT_EQ(rules.number(Rule::LastYear), -12);
  EXPECT_FALSE(rules.set(last, "none", "test"));
  EXPECT_EQ(rules.number(Rule::LastYear), std::nullopt);
  // A lead of 0 would be no lead: refused, as "none" says it.
  const auto refused = rules.set(lead, "0", "test");
  ASSERT_TRUE(refused);
  EXPECT_EQ(*refused, "'0' is not a value of victory_lead: a whole number from 1 to 100000, or none");
  EXPECT_TRUE(rules.set(lead, "three", "test"));
  EXPECT_EQ(rules.number(Rule::VictoryLead), 3);
  EXPECT_FALSE(rules.set(lead, "none", "test"));
  EXPECT_EQ(rules.number(Rule::VictoryLead), std::nullopt);
  EXPECT_EQ(default_value_name(rules.option(last)), "none");
}

}  // namespace
