// reason_told_for_the_order: for every reason it leaves out, reason_text gives the variant's text
// for the reason whatever the order, even an order it would make words for under another reason
// (the results skip reason_text for those reasons).
#include <gtest/gtest.h>

#include <string>

#include "dipadj/formats/game_file.hpp"
#include "dipadj/game/played_phase.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

TEST(ReasonText, IsTheVariantsTextForEveryReasonNotToldForTheOrder) {
  VariantCache variants;
  // A coast the destination has not, an unclear order (two meanings), and a plain move.
  const auto game = read_game_json(R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Spring 1901 Movement",
      "units": {"France": ["F mao", "A par", "A mar"]}, "orders": {"France": ["F mao - spa/ec", "A Par - Bru", "A Mar - Gas"]}})",
                                   "<test>", &variants);
  ASSERT_TRUE(game) << game.errors().front().message;
  const auto played = play_game_file(game.value(), "<test>");
  ASSERT_TRUE(played);
  const Variant& variant = *game->variant;
  PhaseReport report = played->report;
  const PlayedPhase phase{variant, game->state, game->orders, game->order_texts, report, played->after, game->reading_notes};
  std::size_t told_for_the_order = 0;
  for (std::size_t r = 0; r < kFirstVariantReason; ++r) {
    const auto reason = static_cast<Reason>(r);
    if (reason_told_for_the_order(reason)) {
      ++told_for_the_order;
      continue;
    }
    for (OrderOutcome& outcome : report.outcomes) outcome.reason = reason;
    for (std::size_t i = 0; i < phase.orders.size(); ++i) {
      std::string words;
      EXPECT_EQ(reason_text(phase, i, words), variant.reason_text(reason)) << r << " " << i;
    }
  }
  EXPECT_EQ(told_for_the_order, 3U);
  // And for those it is told for, the words are the order's (the coast, the meanings).
  report.outcomes[0].reason = Reason::UnknownCoast;
  report.outcomes[1].reason = Reason::UnclearOrder;
  std::string words;
  EXPECT_NE(reason_text(phase, 0, words), variant.reason_text(Reason::UnknownCoast));
  EXPECT_NE(reason_text(phase, 1, words), variant.reason_text(Reason::UnclearOrder));
}

}  // namespace
}  // namespace dipadj
