// A plain game line's values as the line reader takes them (LineValues, simdjson's On-Demand
// parser): texts and power lists, in the line's order, whatever spaces stand between them; and
// every line that is not plain refused, for the full reader to read and say what is wrong.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "formats/line_values.hpp"

namespace dipadj {
namespace {

std::vector<std::string_view> texts_of(const LineValues& values, const LineValues::PowerList& list) {
  const auto items = values.items(list);
  return {items.begin(), items.end()};
}

TEST(LineValues, ReadsTextsAndPowerListsInTheLinesOrder) {
  LineValues values;
  ASSERT_TRUE(values.read(R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Fall 1901 Movement",
      "units": {"France": ["A Par", "F Bre"], "Italy": []}, "orders": {"France": ["A Par - Bur", "F Bre H"]}})"));
  EXPECT_EQ(values.text(LineKey::Format), "dipadj-game/1");
  EXPECT_EQ(values.text(LineKey::Variant), "standard");
  EXPECT_EQ(values.text(LineKey::Phase), "Fall 1901 Movement");
  EXPECT_FALSE(values.has(LineKey::SupplyCentres));
  ASSERT_TRUE(values.has(LineKey::Units));
  const auto units = values.lists(LineKey::Units);
  ASSERT_EQ(units.size(), 2U);
  EXPECT_EQ(units[0].power, "France");
  EXPECT_EQ(texts_of(values, units[0]), (std::vector<std::string_view>{"A Par", "F Bre"}));
  EXPECT_EQ(units[1].power, "Italy");
  EXPECT_TRUE(values.items(units[1]).empty());
  const auto orders = values.lists(LineKey::Orders);
  ASSERT_EQ(orders.size(), 1U);
  EXPECT_EQ(texts_of(values, orders[0]), (std::vector<std::string_view>{"A Par - Bur", "F Bre H"}));
}

TEST(LineValues, ReadsAnyKeyOrderAndAnySpacesBetweenValues) {
  LineValues values;
  ASSERT_TRUE(values.read(" {\n\t\"orders\" :{ \"Italy\" :[ \"A Ven - Tyr\" ,\"\"\r\n] } ,\"format\":\"x\"  }  \n"));
  EXPECT_FALSE(values.has(LineKey::Variant));
  EXPECT_EQ(values.text(LineKey::Format), "x");
  const auto orders = values.lists(LineKey::Orders);
  ASSERT_EQ(orders.size(), 1U);
  EXPECT_EQ(orders[0].power, "Italy");
  EXPECT_EQ(texts_of(values, orders[0]), (std::vector<std::string_view>{"A Ven - Tyr", ""}));
  ASSERT_TRUE(values.read("{}"));
  EXPECT_FALSE(values.has(LineKey::Format));
  EXPECT_FALSE(values.has(LineKey::Orders));
}

TEST(LineValues, RefusesEveryLineThatIsNotPlain) {
  const std::vector<std::string> lines = {
      R"({"format": "dipadj-game/1", "orders": {"France": ["A Par - Bur\u0021"]}})",  // an escape
      R"({"format": "dipadj-game/1", "rules": {}})",                                  // a key it does not read
      R"({"format": "dipadj-game/1", "format": "dipadj-game/1"})",                    // a key twice
      R"({"format": 1})",                                                              // a number for a text
      R"({"format": null})",
      R"({"format": ["dipadj-game/1"]})",
      R"({"units": ["A Par"]})",                                                       // a list for the powers' lists
      R"({"units": {"France": null}})",                                                // a power's list that is none
      R"({"units": {"France": "A Par"}})",
      R"({"units": {"France": ["A Par", 3]}})",                                        // an item that is no text
      R"({"units": {"France": ["A Par", ["F Bre"]]}})",
      R"({"units": {"France": ["A Par" "F Bre"]}})",                                   // no comma
      R"({"units": {"France": ["A Par",]}})",                                          // a comma too many
      R"({"format": "dipadj-game/1"} {"format": "dipadj-game/1"})",                    // a second document
      R"({"format": "dipadj-game/1"} 1)",
      R"({"format": "dipadj-game/1")",                                                 // cut short
      R"({"format": "dipadj-game/1", "units": {"France": ["A Par")",
      R"(["format", "dipadj-game/1"])",                                                // no object
      R"("format")",
      "",
      "{\"format\": \"dipadj-\tgame/1\"}",                                            // a control byte
      "{\"format\": \"dipadj-\xff\"}",                                                 // no UTF-8
  };
  LineValues values;
  for (const std::string& line : lines) {
    EXPECT_FALSE(values.read(line)) << line;
    // Nothing of a refused line is left to use, and the next line reads whole.
    EXPECT_FALSE(values.has(LineKey::Format)) << line;
    ASSERT_TRUE(values.read(R"({"format": "f", "units": {"France": ["A Par"]}})")) << "after " << line;
    ASSERT_EQ(values.lists(LineKey::Units).size(), 1U);
    EXPECT_EQ(texts_of(values, values.lists(LineKey::Units)[0]), (std::vector<std::string_view>{"A Par"}));
  }
}

}  // namespace
}  // namespace dipadj
