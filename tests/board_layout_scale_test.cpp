// The layout of a large map without positions is bounded work: above kForceLayoutProvinces the
// force layout (whose work grows with the square of the provinces: 61 s for a line of 3,000) gives
// way to layers found breadth first along the borders, with a warning that says so
// (tests/data/reliability/draw-layout-superlinear). The maps are generated here.
#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <string>
#include <utility>

#include "dipadj/draw/board_layout.hpp"
#include "dipadj/draw/map_picture.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/geo/map_loader.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "scratch_directory.hpp"

namespace {

using namespace dipadj;

// A map of `rows` x `columns` land provinces, each bordering the next in its row and column (a
// line when rows is 1); `at(p)` gives a province's `at:` text, or "" for none.
template <class At>
std::string mesh_map(int rows, int columns, At at) {
  std::string text = "format: dipadj-map/1\nprovinces:\n";
  const auto id = [&](int r, int c) { return "p" + std::to_string(r * columns + c); };
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      std::string neighbours;
      for (const auto& [dr, dc] : {std::pair{-1, 0}, std::pair{1, 0}, std::pair{0, -1}, std::pair{0, 1}})
        if (r + dr >= 0 && r + dr < rows && c + dc >= 0 && c + dc < columns)
          neighbours += (neighbours.empty() ? "" : ", ") + id(r + dr, c + dc);
      const std::string position = at(r * columns + c);
      text += "  - {id: " + id(r, c) + ", name: P" + std::to_string(r * columns + c) + ", kind: land, army: [" + neighbours + "]" +
              (position.empty() ? "" : ", at: " + position) + "}\n";
    }
  return text;
}

std::string no_position(int) { return ""; }

std::shared_ptr<const Map> load(const dipadj::testing::ScratchDirectory& scratch, const std::string& text) {
  EXPECT_EQ(write_file_atomically(scratch.path / "map.yaml", text), "");
  auto map = load_map(scratch.path / "map.yaml");
  EXPECT_TRUE(map) << format_diagnostics(map.errors());
  return map ? map.value() : nullptr;
}

double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

// The longest border drawn, and whether any two provinces share a spot.
struct LayoutShape {
  double longest_border = 0;
  bool shared_spot = false;
};

LayoutShape shape_of(const Map& map, const BoardLayout& layout) {
  LayoutShape shape;
  std::set<std::pair<double, double>> spots;
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    const Point at = layout.at[map.province(static_cast<ProvinceId>(p)).location];
    shape.shared_spot |= !spots.emplace(at.x, at.y).second;
    for (ProvinceId q : map.army_neighbours(static_cast<ProvinceId>(p)))
      shape.longest_border = std::max(shape.longest_border, distance(at, layout.at[map.province(q).location]));
  }
  return shape;
}

TEST(BoardLayoutScale, ALineOfThreeThousandProvincesIsLaidOutInLayersWithAWarning) {
  const dipadj::testing::ScratchDirectory scratch;
  const auto map = load(scratch, mesh_map(1, 3000, no_position));
  ASSERT_TRUE(map);
  std::vector<std::string> warnings;
  const BoardLayout layout = board_layout(*map, warnings);
  EXPECT_TRUE(layout.computed);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0], "3000 provinces and no positions (at:): more than the 500 the force layout draws in reasonable time; "
                         "laid out in layers, breadth first along their borders (give positions for a map-like picture)");
  // One province a layer, folded back and forth into bands: every border one step long, and the
  // picture about as wide as high.
  const LayoutShape shape = shape_of(*map, layout);
  EXPECT_FALSE(shape.shared_spot);
  EXPECT_LE(shape.longest_border, 100.0 + 1e-9);
  double width = 0, height = 0;
  for (const Point at : layout.at) {
    width = std::max(width, at.x);
    height = std::max(height, at.y);
  }
  EXPECT_LT(std::max(width, height) / std::min(width, height), 1.5) << width << " x " << height;
}

TEST(BoardLayoutScale, AMeshDrawsWithBordersOfBoundedLength) {
  const dipadj::testing::ScratchDirectory scratch;
  const auto map = load(scratch, mesh_map(40, 60, no_position));
  ASSERT_TRUE(map);
  std::vector<std::string> warnings;
  const BoardLayout layout = board_layout(*map, warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("2400 provinces and no positions (at:)"), std::string::npos) << warnings[0];
  const LayoutShape shape = shape_of(*map, layout);
  EXPECT_FALSE(shape.shared_spot);
  // Neighbours are in the same layer or the next, at like heights: no border longer than a
  // couple of steps (the picture is 99 layers wide, 40 provinces high).
  EXPECT_LT(shape.longest_border, 100.0 * 2.5);
  // The picture is made too, with the warning (what `dipadj draw --map` writes).
  ASSERT_EQ(write_file_atomically(scratch.path / "variant.yaml",
                                  "format: dipadj-variant/1\nname: mesh\ntitle: mesh\nmap: map.yaml\npowers:\n  - {name: P, adjective: P}\n"),
            "");
  const auto variant = load_variant(scratch.path / "variant.yaml");
  ASSERT_TRUE(variant) << format_diagnostics(variant.errors());
  const Picture picture = draw_map(*variant.value());
  EXPECT_NE(picture.svg.find("</svg>"), std::string::npos);
  EXPECT_EQ(picture.warnings, warnings);
}

TEST(BoardLayoutScale, ASmallMapKeepsTheForceLayout) {
  const dipadj::testing::ScratchDirectory scratch;
  const auto map = load(scratch, mesh_map(1, 50, no_position));
  ASSERT_TRUE(map);
  std::vector<std::string> warnings;
  const BoardLayout layout = board_layout(*map, warnings);
  EXPECT_TRUE(layout.computed);
  EXPECT_TRUE(warnings.empty());
}

// Positions for one end of a long chain only: the others are placed from it, province after
// province, in time proportional to the map (a round over every province per province placed
// before), as before.
TEST(BoardLayoutScale, ALongChainWithoutPositionsFillsInFromItsPlacedEnd) {
  const dipadj::testing::ScratchDirectory scratch;
  const auto map = load(scratch, mesh_map(1, 3000, [](int p) { return p == 2999 ? std::string("[10, 20]") : std::string(); }));
  ASSERT_TRUE(map);
  std::vector<std::string> warnings;
  const BoardLayout layout = board_layout(*map, warnings);
  EXPECT_FALSE(layout.computed);
  ASSERT_FALSE(warnings.empty());
  EXPECT_NE(warnings[0].find("2999 province(s) have no position (at:) while the others have: p0, p1"), std::string::npos)
      << warnings[0];
}

// Every province at one spot: each is moved off the others found near it, each found by a look-up
// in a grid of the places taken rather than by a pass over every earlier province.
TEST(BoardLayoutScale, ThousandsOfProvincesAtOneSpotAreMovedApart) {
  const dipadj::testing::ScratchDirectory scratch;
  const auto map = load(scratch, mesh_map(1, 3000, [](int p) { return p < 20 ? "[" + std::to_string(p * 50) + ", 0]" : std::string("[0, 0]"); }));
  ASSERT_TRUE(map);
  std::vector<std::string> warnings;
  const BoardLayout layout = board_layout(*map, warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("provinces drawn at the same place (p0/p20, p0/p21, "), std::string::npos) << warnings[0].substr(0, 300);
  EXPECT_GT(distance(layout.at[map->province(20).location], layout.at[map->province(0).location]), 1.0);
}

}  // namespace
