#include <gtest/gtest.h>

#include "dipadj/game/game.hpp"
#include "dipadj/game/legal_orders.hpp"
#include "dipadj/notation/order_text.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace {

using namespace dipadj;

class OrderParserTest : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    auto loaded = find_variant("standard");
    ASSERT_TRUE(loaded) << format_diagnostics(loaded.errors());
    variant_ = loaded.value();
  }
  static std::shared_ptr<const Variant> variant_;

  Order parse(const std::string& text, bool retreat = false) {
    ParsedOrder parsed = OrderParser(*variant_).parse(text, retreat);
    EXPECT_TRUE(parsed.order.has_value()) << text << ": " << parsed.error;
    return parsed.order.value_or(Order{});
  }
  std::string error(const std::string& text) {
    ParsedOrder parsed = OrderParser(*variant_).parse(text);
    EXPECT_FALSE(parsed.order.has_value()) << text << " should not parse";
    return parsed.error;
  }
  std::string canonical(const std::string& text) { return to_string(parse(text), *variant_); }
};
std::shared_ptr<const Variant> OrderParserTest::variant_;

TEST_F(OrderParserTest, MovesInAbbreviationsAndFullNames) {
  EXPECT_EQ(canonical("A Par - Bur"), "A Paris - Burgundy");
  EXPECT_EQ(canonical("A Paris - Burgundy"), "A Paris - Burgundy");
  EXPECT_EQ(canonical("a PAR -> bur"), "A Paris - Burgundy");
  EXPECT_EQ(canonical("A Par-Bur"), "A Paris - Burgundy");
  EXPECT_EQ(canonical("F Brest - Mid-Atlantic Ocean"), "F Brest - Mid-Atlantic Ocean");
  EXPECT_EQ(canonical("F Mid-Atlantic Ocean-Brest"), "F Mid-Atlantic Ocean - Brest");
  EXPECT_EQ(canonical("F St. Petersburg(sc) - Gulf of Bothnia"), "F St Petersburg(sc) - Gulf of Bothnia");
}

TEST_F(OrderParserTest, SupportsConvoysAndHolds) {
  EXPECT_EQ(canonical("F Nth C A Yor - Nwy"), "F North Sea Convoys A Yorkshire - Norway");
  EXPECT_EQ(canonical("F North Sea Convoys A Yorkshire - Norway"), "F North Sea Convoys A Yorkshire - Norway");
  EXPECT_EQ(canonical("A Mun S A Par - Bur"), "A Munich Supports A Paris - Burgundy");
  EXPECT_EQ(canonical("A Mun Supports A Bur"), "A Munich Supports A Burgundy");
  EXPECT_EQ(canonical("A Bur H"), "A Burgundy Hold");
  EXPECT_EQ(canonical("A Bur"), "A Burgundy Hold");
  EXPECT_EQ(canonical("A Lon - Bel via Convoy"), "A London - Belgium via Convoy");
  EXPECT_EQ(canonical("A Lon - Bel by convoy"), "A London - Belgium via Convoy");
  EXPECT_EQ(canonical("A Yor - Nth - Bel"), "A Yorkshire - North Sea - Belgium");
  const Order nationality = parse("A Boh Supports Russian A Sil - Mun");
  EXPECT_EQ(nationality.other.nationality, *variant_->find_power("Russia"));
  // A nationality written prints back (found by fuzzing: "Fra Nth - Eng" printed as a move of
  // no named power), by the power's adjective.
  EXPECT_EQ(to_string(nationality, *variant_), "A Bohemia Supports Russian A Silesia - Munich");
  EXPECT_EQ(canonical("Fra Nth - Eng"), "French North Sea - English Channel");
  EXPECT_EQ(canonical("French North Sea - English Channel"), "French North Sea - English Channel");
}

TEST_F(OrderParserTest, CoastNotations) {
  for (const char* text : {"F Mao - Spa(nc)", "F Mao - Spa/nc", "F Mao - Spain north coast", "F Mao - Spain (North Coast)",
                           "F Mao - spa nc"})
    EXPECT_EQ(canonical(text), "F Mid-Atlantic Ocean - Spain(nc)") << text;
  EXPECT_EQ(canonical("F Con - Bul(ec)"), "F Constantinople - Bulgaria(ec)");
  // A coast a province does not have is noted and dropped (DATC 4.B.6).
  const Order odd = parse("F Eng - Brest east coast");
  EXPECT_NE(odd.ignored_coast, kNoCoast);
  EXPECT_EQ(to_string(odd, *variant_), "F English Channel - Brest");
  // "North Sea" after a province is a province, not a coast.
  EXPECT_EQ(canonical("F Nwy - North Sea"), "F Norway - North Sea");
}

// A coast after a province is looked up by its first word: the most words a coast name starting
// with it has, none for a word that starts no coast name.
TEST_F(OrderParserTest, CoastNamesAreLookedUpByTheirFirstWord) {
  const Map& map = variant_->map();
  EXPECT_EQ(map.coast_words_from("north"), 2U);  // "north coast" (and "north" alone)
  EXPECT_EQ(map.coast_words_from("nc"), 1U);
  EXPECT_EQ(map.coast_words_from("coast"), 0U);
  EXPECT_EQ(map.coast_words_from("-"), 0U);
  EXPECT_EQ(canonical("F Mao - Spain north"), "F Mid-Atlantic Ocean - Spain(nc)");
  EXPECT_EQ(canonical("F Mao S F Gas - Spa south coast"), "F Mid-Atlantic Ocean Supports F Gascony - Spain(sc)");
}

TEST_F(OrderParserTest, AdjustmentAndRetreatOrders) {
  EXPECT_EQ(canonical("Build A Par"), "Build A Paris");
  EXPECT_EQ(canonical("Build F St Petersburg(nc)"), "Build F St Petersburg(nc)");
  EXPECT_EQ(canonical("Remove F Tri"), "Remove F Trieste");
  EXPECT_EQ(canonical("Waive"), "Waive");
  EXPECT_EQ(parse("A Par - Bur", true).kind, OrderKind::Retreat);
  EXPECT_EQ(parse("A Par Disband", true).kind, OrderKind::Disband);
  const ParsedOrder prefixed = OrderParser(*variant_).parse("England: F Lon - Nth");
  ASSERT_TRUE(prefixed.order);
  EXPECT_EQ(prefixed.power, *variant_->find_power("England"));
}

TEST_F(OrderParserTest, GarbledOrdersAreRefusedWithAReason) {
  EXPECT_EQ(error("A Mun whistles Dixie"), "expected an order (Hold, -, Supports, Convoys) but found 'whistles'");
  EXPECT_EQ(error("A Oz - Mun"), "unknown province 'oz'");
  EXPECT_EQ(error("A Mun - Oz"), "unknown province 'oz'");
  EXPECT_EQ(error("A Mun -"), "a province is missing at the end");
  EXPECT_EQ(error("F Nth C A Yor"), "a convoy order needs '- destination'");
  EXPECT_EQ(error("Narnia: A Mun H"), "unknown power 'narnia'");
  EXPECT_EQ(error(""), "empty order");
  EXPECT_EQ(error("A Mun - Bur Bur"), "unexpected 'bur'");
}

// DATC 4.E.1 a: a destination that is no place on the map is kept as written when allowed.
TEST_F(OrderParserTest, PlacesOffTheMapOnlyWhenAllowed) {
  const OrderParser parser(*variant_);
  EXPECT_EQ(parser.parse("A Mun - Mars").error, "unknown province 'mars'");
  ParsedOrder move = parser.parse("A Mun - Mars", false, true);
  ASSERT_TRUE(move.order) << move.error;
  EXPECT_EQ(move.order->kind, OrderKind::Move);
  EXPECT_EQ(move.order->target, kNoLocation);
  EXPECT_EQ(move.order->off_map_place, "mars");
  EXPECT_EQ(to_string(*move.order, *variant_), "A Munich - mars");
  ParsedOrder support = parser.parse("A Ruh S A Mun - Land of Oz", false, true);
  ASSERT_TRUE(support.order) << support.error;
  EXPECT_FALSE(support.order->supports_hold());
  EXPECT_EQ(support.order->off_map_place, "land of oz");
  ParsedOrder via = parser.parse("A Lon - Atlantis via Convoy", false, true);
  ASSERT_TRUE(via.order) << via.error;
  EXPECT_TRUE(via.order->via_convoy);
  EXPECT_EQ(via.order->off_map_place, "atlantis");
  // The ordered unit must still be on the map, and a place must be written at all.
  EXPECT_FALSE(parser.parse("A Mars - Mun", false, true).order);
  EXPECT_FALSE(parser.parse("A Mun -", false, true).order);
}

// DATC 4.E.5 b: a proxy order hands the unit's order to another power.
TEST_F(OrderParserTest, ProxyOrders) {
  EXPECT_EQ(canonical("A Bel Proxy England"), "A Belgium Proxy England");
  EXPECT_EQ(canonical("A Belgium proxy to England"), "A Belgium Proxy England");
  EXPECT_EQ(error("A Bel Proxy"), "a proxy order names the power that gets the unit");
  EXPECT_EQ(error("A Bel Proxy Atlantis"), "unknown power 'atlantis'");
}

// DATC 4.E.2: a small spelling mistake in a full name is accepted when only one name is meant
// ("A Burgundy - Pariz"); short words are not corrected, and an unclear one is refused with the
// names it could be.
TEST_F(OrderParserTest, SmallMisspellingsOfFullNames) {
  EXPECT_EQ(canonical("A Burgundy - Pariz"), "A Burgundy - Paris");
  EXPECT_EQ(canonical("A Burgandy - Picardi"), "A Burgundy - Picardy");
  EXPECT_EQ(canonical("F North Sae - Norway"), "F North Sea - Norway");
  EXPECT_EQ(canonical("A Pairs - Bur"), "A Paris - Burgundy");
  EXPECT_EQ(error("A Serbia - Seria"), "'seria' is unclear: A Serbia - Serbia or A Serbia - Syria");
  EXPECT_EQ(error("A Bur - Pir"),
            "'pir' is unclear: A Burgundy - Paris, A Burgundy - Picardy, A Burgundy - Piedmont or A Burgundy - Portugal");
  EXPECT_EQ(error("A Mun - Mars"), "unknown province 'mars'");
  std::string why;
  EXPECT_FALSE(OrderParser(*variant_).parse_unit("A Pariz", why)) << "positions name places exactly";
}

// An order read only by correcting it is marked, so that results can say what it was read as
// (issue 33): a misspelt name, an unclear word with one reading. Abbreviations, other cases,
// other spacings and the notation's other spellings are no corrections.
TEST_F(OrderParserTest, AReadingThatCorrectsTheTextIsMarked) {
  const OrderParser parser(*variant_);
  for (const char* plain : {"A Par - Bur", "a PAR-bur", "A Paris - Burgundy", "A  paris ->  burgundy", "F Mao - Spa/nc",
                            "F Mid-Atlantic Ocean - Spain north coast", "F St. Petersburg(sc) - Gulf of Bothnia",
                            "A Lon - Bel by convoy", "England: F Lon - Nth", "F Eng - Brest east coast",
                            "A Burgandy - Pic"}) {  // "Burgandy": a spelling the map lists, so no slip
    const ParsedOrder parsed = parser.parse(plain);
    EXPECT_TRUE(parsed.order) << plain;
    EXPECT_FALSE(parsed.corrected) << plain;
  }
  for (const char* slip : {"A Paris - Burgundyy", "A Pairs - Bur", "F North Sae - Norway", "A Mun S A Burgundi - Pic"}) {
    const ParsedOrder parsed = parser.parse(slip);
    EXPECT_TRUE(parsed.order) << slip;
    EXPECT_TRUE(parsed.corrected) << slip;
  }
  // Several readings: the rules of 4.E.2 choose on the board, and the judge marks the one chosen.
  const ParsedOrder unclear = parser.parse("A Par - Bru");
  EXPECT_FALSE(unclear.order);
  EXPECT_EQ(unclear.readings.size(), 3U);
  EXPECT_FALSE(unclear.corrected);
  EXPECT_EQ(unclear.error, "'bru' is unclear: A Paris - Brest, A Paris - Burgundy or A Paris - Prussia");
}

// Every order as dipadj prints it (here every legal order of the start) reads back as itself with
// no correction, so results never note one for an order written as dipadj writes it.
TEST_F(OrderParserTest, PrintedOrdersReadBackWithoutACorrection) {
  const OrderParser parser(*variant_);
  const LegalOrders listed = legal_orders(*variant_, variant_->rules(), initial_state(*variant_));
  std::size_t checked = 0;
  for (const OrderChoices& choices : listed.choices)
    for (const Order& order : choices.orders) {
      const std::string text = to_string(order, *variant_);
      const ParsedOrder parsed = parser.parse(text);
      EXPECT_TRUE(parsed.order && !parsed.corrected) << text;
      ++checked;
    }
  EXPECT_GT(checked, 100U);
}

// A coast a province does not have is named, with the coasts it has.
TEST_F(OrderParserTest, ACoastAProvinceLacksIsNamedWithItsCoasts) {
  const Map& map = variant_->map();
  const ProvinceId spain = *map.find_province("spain");
  EXPECT_EQ(no_such_coast(map, spain, *map.find_coast("ec")), "Spain has no east coast (its coasts: north coast, south coast)");
  EXPECT_EQ(no_such_coast(map, *map.find_province("brest"), *map.find_coast("nc")), "Brest has no north coast");
  EXPECT_EQ(parse("F Mao - Spa(ec)").ignored_coast, *map.find_coast("ec"));
  std::string why;
  EXPECT_FALSE(OrderParser(*variant_).parse_unit("F Spain(ec)", why));
  EXPECT_EQ(why, "Spain has no east coast (its coasts: north coast, south coast)");
}

}  // namespace
