// The board layout and the map picture (core/src/draw): positions from the map, a computed layout
// for a map without them, warnings for missing and overlapping positions, text escaped, and every
// bundled variant drawn. tests/draw/draw_pictures.py checks the pictures with xmllint and rsvg-convert.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <set>
#include <string>

#include "dipadj/draw/board_layout.hpp"
#include "dipadj/draw/map_picture.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/geo/map_loader.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "scratch_directory.hpp"

namespace {

using namespace dipadj;

// A line of four coastal provinces a - b - c - d by land and sea, with `at` lines as given.
std::string line_map(const std::string& a_at, const std::string& b_at, const std::string& c_at, const std::string& d_at) {
  const auto province = [](const std::string& id, const std::string& neighbours, const std::string& at) {
    return "  - {id: " + id + ", name: " + id + " land, kind: coastal, army: [" + neighbours + "], fleet: [" + neighbours + "]" +
           (at.empty() ? "" : ", at: " + at) + "}\n";
  };
  return "format: dipadj-map/1\nprovinces:\n" + province("a", "b", a_at) + province("b", "a, c", b_at) + province("c", "b, d", c_at) +
         province("d", "c", d_at);
}

std::shared_ptr<const Map> load(const dipadj::testing::ScratchDirectory& scratch, const std::string& text) {
  EXPECT_EQ(write_file_atomically(scratch.path / "map.yaml", text), "");
  auto map = load_map(scratch.path / "map.yaml");
  EXPECT_TRUE(map) << format_diagnostics(map.errors());
  return map ? map.value() : nullptr;
}

double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

TEST(BoardLayout, TheMapsPositionsAreKept) {
  const dipadj::testing::ScratchDirectory scratch;
  const auto map = load(scratch, line_map("[0, 0]", "[10, 0]", "[20, 5]", "[30, 0]"));
  ASSERT_TRUE(map);
  std::vector<std::string> warnings;
  const BoardLayout layout = board_layout(*map, warnings);
  EXPECT_FALSE(layout.computed);
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(layout.at[map->province(2).location].x, 20);
  EXPECT_EQ(layout.at[map->province(2).location].y, 5);
}

TEST(BoardLayout, AMapWithoutPositionsIsLaidOutTheSameEveryTime) {
  const dipadj::testing::ScratchDirectory scratch;
  const auto map = load(scratch, line_map("", "", "", ""));
  ASSERT_TRUE(map);
  std::vector<std::string> warnings;
  const BoardLayout first = board_layout(*map, warnings), second = board_layout(*map, warnings);
  EXPECT_TRUE(first.computed);
  EXPECT_TRUE(warnings.empty());
  for (std::size_t i = 0; i < first.at.size(); ++i) {
    EXPECT_EQ(first.at[i].x, second.at[i].x);
    EXPECT_EQ(first.at[i].y, second.at[i].y);
    for (std::size_t j = 0; j < i; ++j) EXPECT_GT(distance(first.at[i], first.at[j]), 1.0) << i << " " << j;
  }
}

TEST(BoardLayout, AProvinceWithoutPositionAmongOnesWithGoesAmongItsNeighbours) {
  const dipadj::testing::ScratchDirectory scratch;
  const auto map = load(scratch, line_map("[0, 0]", "", "[20, 0]", "[30, 0]"));
  ASSERT_TRUE(map);
  std::vector<std::string> warnings;
  const BoardLayout layout = board_layout(*map, warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("1 province(s) have no position (at:) while the others have: b"), std::string::npos) << warnings[0];
  EXPECT_EQ(layout.at[map->province(1).location].x, 10);  // between a and c
}

TEST(BoardLayout, PositionsOnTopOfEachOtherAreMovedApart) {
  const dipadj::testing::ScratchDirectory scratch;
  const auto map = load(scratch, line_map("[0, 0]", "[0, 0]", "[20, 0]", "[30, 0]"));
  ASSERT_TRUE(map);
  std::vector<std::string> warnings;
  const BoardLayout layout = board_layout(*map, warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("provinces drawn at the same place (a/b): moved apart"), std::string::npos) << warnings[0];
  EXPECT_GT(distance(layout.at[map->province(0).location], layout.at[map->province(1).location]), 0.5);
}

TEST(BoardLayout, APositionThatIsNotTwoNumbersIsAnErrorWithItsLine) {
  const dipadj::testing::ScratchDirectory scratch;
  ASSERT_EQ(write_file_atomically(scratch.path / "map.yaml", line_map("[0, 0]", "[1, x]", "[2]", "[1e9, 0]")), "");
  auto map = load_map(scratch.path / "map.yaml");
  ASSERT_FALSE(map);
  const std::string errors = format_diagnostics(map.errors());
  EXPECT_NE(errors.find("map.yaml:4: province 'b': a position is [x, y], two numbers of at most a million"), std::string::npos) << errors;
  EXPECT_NE(errors.find("map.yaml:5: province 'c': a position is [x, y]"), std::string::npos) << errors;
  EXPECT_NE(errors.find("map.yaml:6: province 'd': a position is [x, y]"), std::string::npos) << errors;
}

TEST(MapPicture, NamesAreEscapedAndEveryProvinceIsDrawn) {
  const dipadj::testing::ScratchDirectory scratch;
  std::string map = line_map("[0, 0]", "[10, 0]", "[20, 0]", "[30, 0]");
  map.replace(map.find("a land"), 6, "\"A & <B> 'land'\"");
  ASSERT_EQ(write_file_atomically(scratch.path / "map.yaml", map), "");
  ASSERT_EQ(write_file_atomically(scratch.path / "variant.yaml",
                                  "format: dipadj-variant/1\nname: line\ntitle: \"Line <&>\"\nmap: map.yaml\n"
                                  "powers:\n  - {name: West, home_centres: []}\n"),
            "");
  auto variant = load_variant(scratch.path / "variant.yaml");
  ASSERT_TRUE(variant) << format_diagnostics(variant.errors());
  const Picture picture = draw_map(*variant.value());
  EXPECT_NE(picture.svg.find("<title>Line &lt;&amp;&gt;</title>"), std::string::npos);
  EXPECT_NE(picture.svg.find("A &amp; &lt;B&gt; &apos;land&apos;"), std::string::npos);
  EXPECT_EQ(picture.svg.find("<B>"), std::string::npos);
  for (const char* id : {"a", "b", "c", "d"}) EXPECT_NE(picture.svg.find(std::string("id=\"province-") + id + "\""), std::string::npos) << id;
}

TEST(MapPicture, EveryBundledVariantDraws) {
  for (const auto& entry : std::filesystem::directory_iterator(DIPADJ_VARIANTS_DIR)) {
    if (!std::filesystem::exists(entry.path() / "variant.yaml")) continue;
    auto variant = load_variant(entry.path() / "variant.yaml");
    ASSERT_TRUE(variant) << entry.path() << format_diagnostics(variant.errors());
    const Picture picture = draw_map(*variant.value());
    EXPECT_TRUE(picture.warnings.empty()) << entry.path() << ": " << picture.warnings.front();
    const Map& map = variant.value()->map();
    for (std::size_t p = 0; p < map.province_count(); ++p)
      EXPECT_NE(picture.svg.find("id=\"province-" + map.province(static_cast<ProvinceId>(p)).id + "\""), std::string::npos)
          << entry.path() << " " << map.province(static_cast<ProvinceId>(p)).id;
    EXPECT_TRUE(picture.svg.ends_with("</svg>\n"));
  }
}

}  // namespace

namespace {

// Chaos's 34 powers, each in a colour of its own (the home centres' rings in its map picture).
TEST(MapPicture, ThirtyFourPowersHaveThirtyFourColours) {
  auto variant = dipadj::find_variant("chaos");
  ASSERT_TRUE(variant) << dipadj::format_diagnostics(variant.errors());
  const std::string svg = dipadj::draw_map(*variant.value()).svg;
  std::set<std::string> colours;
  const std::string mark = "\" stroke-width=\"4\"";
  for (auto at = svg.find(mark); at != std::string::npos; at = svg.find(mark, at + 1)) colours.insert(svg.substr(at - 7, 7));
  EXPECT_EQ(colours.size(), variant.value()->power_count());
}

}  // namespace
