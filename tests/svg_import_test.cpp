// `dipadj import --from svg` (docs/importing-maps.md, "A drawing"): the project's own small
// drawings, one per convention (ids or data-province; seas by layer, class or fill; centres by
// marker, class or layer; coasts as sub-shapes, markers or ids), a gap bridged, an overlap, a
// shape with no id, bad input; and every bundled variant's generated artwork imported back.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>

#include "cli_run.hpp"
#include "dipadj/draw/artwork.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/import/map_import.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "scratch_directory.hpp"

namespace {

using namespace dipadj;
using dipadj::testing::run_cli;
using dipadj::testing::ScratchDirectory;

const std::filesystem::path kDrawings = std::filesystem::path(DIPADJ_TEST_DATA) / "svg";

// The variant a drawing makes, written into a scratch folder and loaded back.
struct ImportedDrawing {
  ScratchDirectory scratch;
  Expected<ImportedVariant> imported;
  Expected<std::shared_ptr<const Variant>> variant{std::vector<Diagnostic>{}};

  explicit ImportedDrawing(const std::filesystem::path& file, ImportOptions options = {})
      : imported(import_map(file, MapSource::Svg, "drawn", options)) {
    if (!imported) return;
    EXPECT_EQ(write_file_atomically(scratch.path / "map.yaml", imported->map_yaml), "");
    EXPECT_EQ(write_file_atomically(scratch.path / "variant.yaml", imported->variant_yaml), "");
    std::filesystem::copy_file(imported->artwork_source, scratch.path / imported->artwork_name);
    variant = load_variant(scratch.path / "variant.yaml");
  }
  [[nodiscard]] std::string report() const {
    std::string out;
    for (const std::string& line : imported->report) out += line + "\n";
    for (const Diagnostic& note : imported->notes) out += "note: " + note.to_string() + "\n";
    return out;
  }
  [[nodiscard]] const Map& map() const { return variant.value()->map(); }
  [[nodiscard]] bool army(const std::string& a, const std::string& b) const {
    const auto from = map().find_province(a), to = map().find_province(b);
    return from && to && map().army_adjacent(*from, *to);
  }
  // "mid/nc" or "nth"; kNoLocation when the map has no such place.
  [[nodiscard]] LocationId place(const std::string& name) const {
    const auto slash = name.find('/');
    const auto province = map().find_province(name.substr(0, slash));
    if (!province) return kNoLocation;
    if (slash == std::string::npos) return map().province(*province).location;
    const auto coast = map().find_coast(name.substr(slash + 1));
    return coast ? map().coast_location(*province, *coast) : kNoLocation;
  }
  [[nodiscard]] bool fleet(const std::string& a, const std::string& b) const {
    const LocationId from = place(a), to = place(b);
    return from != kNoLocation && to != kNoLocation && map().fleet_adjacent(from, to);
  }
};

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The three drawings of one small map: Westland, Midland (coasts nc and sc) and Eastland between
// the North Sea and the South Sea.
void expect_the_small_map(const ImportedDrawing& drawn) {
  ASSERT_TRUE(drawn.imported) << format_diagnostics(drawn.imported.errors());
  ASSERT_TRUE(drawn.variant) << format_diagnostics(drawn.variant.errors()) << drawn.imported->map_yaml;
  EXPECT_TRUE(drawn.army("wes", "mid"));
  EXPECT_TRUE(drawn.army("mid", "eas"));
  EXPECT_FALSE(drawn.army("wes", "eas"));
  EXPECT_TRUE(drawn.fleet("nth", "mid/nc"));
  EXPECT_FALSE(drawn.fleet("nth", "mid/sc"));
  EXPECT_TRUE(drawn.fleet("sou", "mid/sc"));
  EXPECT_TRUE(drawn.fleet("wes", "mid/nc"));  // both touch the North Sea
  EXPECT_TRUE(drawn.fleet("wes", "nth"));
  EXPECT_FALSE(drawn.fleet("nth", "sou"));
  EXPECT_EQ(drawn.map().province(*drawn.map().find_province("nth")).kind, ProvinceKind::Sea);
  EXPECT_TRUE(drawn.map().province(*drawn.map().find_province("wes")).supply_centre);
  EXPECT_EQ(drawn.variant.value()->artwork()->file.substr(drawn.variant.value()->artwork()->file.rfind('.')), ".svg");
}

TEST(SvgImport, DataProvinceSeaLayerCentreMarkersCoastSubShapesLegend) {
  const ImportedDrawing drawn(kDrawings / "by-data-province.svg");
  expect_the_small_map(drawn);
  EXPECT_TRUE(drawn.map().province(*drawn.map().find_province("eas")).supply_centre);
  EXPECT_EQ(drawn.map().province(*drawn.map().find_province("mid")).name, "Midland");  // the group's data-name
  EXPECT_TRUE(has(drawn.imported->variant_yaml, "name: England")) << drawn.imported->variant_yaml;  // the legend names red
  EXPECT_TRUE(has(drawn.imported->variant_yaml, "'Power 1' is the power whose home centres are painted #00aa00")) << drawn.imported->variant_yaml;
  // The transform of Eastland's group is applied: its point is inside it, right of Midland.
  EXPECT_TRUE(has(drawn.imported->map_yaml, "at: [250, 100]")) << drawn.imported->map_yaml;
}

TEST(SvgImport, IdsSeaClassCentreClassCoastMarkersDataPower) {
  const ImportedDrawing drawn(kDrawings / "by-id.svg");
  expect_the_small_map(drawn);
  EXPECT_TRUE(has(drawn.imported->variant_yaml, "name: France")) << drawn.imported->variant_yaml;
  EXPECT_TRUE(has(drawn.imported->map_yaml, "coast_at: {nc: [150, 63], sc: [150, 137]}")) << drawn.imported->map_yaml;
}

TEST(SvgImport, SeasByFillCentresInALayerCoastsByIdTransformsAndArcs) {
  const ImportedDrawing drawn(kDrawings / "by-fill.svg");
  expect_the_small_map(drawn);
  EXPECT_TRUE(has(drawn.report(), "seas told by their fill colour")) << drawn.report();
  EXPECT_EQ(drawn.map().province(*drawn.map().find_province("far")).kind, ProvinceKind::Land);
  EXPECT_FALSE(drawn.army("far", "nth"));  // a corner is no border
  EXPECT_TRUE(has(drawn.imported->variant_yaml, "home_centres: [wes]")) << drawn.imported->variant_yaml;
}

// Colours with an alpha channel ("#rgba", "#rrggbbaa") are read for their colour; a hex colour
// of any other length is no colour (the fuzzer found "#" and more than six digits overran).
TEST(SvgImport, HexColoursWithAlphaAreReadAndOverlongOnesAreNone) {
  const ImportedDrawing drawn(kDrawings / "alpha.svg");
  expect_the_small_map(drawn);
  EXPECT_EQ(drawn.map().province(*drawn.map().find_province("sou")).kind, ProvinceKind::Sea);
  EXPECT_EQ(drawn.map().province(*drawn.map().find_province("far")).kind, ProvinceKind::Land);
}

// A shape with a point absurdly far away (as written, or once transformed) is left out with a
// note naming it: the geometry's integer arithmetic overflowed and ended the program on one.
TEST(SvgImport, AShapeWithAPointTooFarAwayIsLeftOut) {
  const ImportedDrawing drawn(kDrawings / "far-point.svg");
  ASSERT_TRUE(drawn.variant) << format_diagnostics(drawn.variant.errors());
  EXPECT_TRUE(has(drawn.report(), "far-point.svg:7: the shape of 'far' has a point more than 1e9 drawing units from the origin")) << drawn.report();
  EXPECT_TRUE(has(drawn.report(), "far-point.svg:8: the shape of 'nea' has a point more than 1e9")) << drawn.report();
  EXPECT_EQ(drawn.map().province_count(), 3u);
  EXPECT_TRUE(drawn.army("wes", "eas"));
}

TEST(SvgImport, AGapIsBridgedByTheToleranceAndReported) {
  const ImportedDrawing drawn(kDrawings / "gap.svg");
  ASSERT_TRUE(drawn.variant) << format_diagnostics(drawn.variant.errors());
  EXPECT_TRUE(drawn.army("wes", "eas"));
  EXPECT_TRUE(has(drawn.report(), "gaps bridged by the tolerance: wes-eas (0.50 apart)")) << drawn.report();
  EXPECT_TRUE(has(drawn.report(), "tolerance: 0.51 ")) << drawn.report();
  // A tolerance below the gap leaves the two apart.
  const ImportedDrawing strict(kDrawings / "gap.svg", ImportOptions{{}, 0.2, std::nullopt, {}});
  ASSERT_TRUE(strict.variant) << format_diagnostics(strict.variant.errors());
  EXPECT_FALSE(strict.army("wes", "eas"));
  EXPECT_TRUE(has(strict.report(), "tolerance: 0.20 (drawing units; given")) << strict.report();
}

TEST(SvgImport, OverlappingShapesAreReportedAndBorderEachOther) {
  const ImportedDrawing drawn(kDrawings / "overlap.svg");
  ASSERT_TRUE(drawn.variant) << format_diagnostics(drawn.variant.errors());
  EXPECT_TRUE(drawn.army("wes", "eas"));
  EXPECT_TRUE(has(drawn.report(), "overlapping shapes: wes-eas (area 1000.00)")) << drawn.report();
}

TEST(SvgImport, AShapeWithoutAnIdIsNamedWithItsLine) {
  const ImportedDrawing drawn(kDrawings / "missing-id.svg");
  ASSERT_TRUE(drawn.variant) << format_diagnostics(drawn.variant.errors());
  EXPECT_TRUE(has(drawn.report(), "missing-id.svg:6: a <rect> names no province (give it data-province=\"...\"): left out")) << drawn.report();
  EXPECT_EQ(drawn.map().province_count(), 2u);
}

TEST(SvgImport, BadDrawingsGiveAClearMessage) {
  const auto error_of = [](const std::filesystem::path& file) {
    const auto imported = import_map(file, MapSource::Svg, "bad");
    return imported ? std::string("(imported)") : format_diagnostics(imported.errors());
  };
  EXPECT_TRUE(has(error_of(kDrawings / "no-ids.svg"), "no shape names a province")) << error_of(kDrawings / "no-ids.svg");
  EXPECT_TRUE(has(error_of(kDrawings / "external-entity.svg"), "external-entity.svg:2: the document declares the entity 'secret'"));
  const ScratchDirectory scratch;
  const auto big = scratch.path / "big.svg";
  {
    std::ofstream out(big);
    out << "<svg xmlns=\"http://www.w3.org/2000/svg\">";
    const std::string shape = "<rect id=\"r\" width=\"1\" height=\"1\"/>\n";
    for (std::size_t written = 0; written < (50u << 20); written += shape.size()) out << shape;
    out << "</svg>";
  }
  EXPECT_TRUE(has(error_of(big), "big.svg: 50 MiB: larger than 16 MiB, the most an XML file (a jDip map, an SVG drawing) may have; not read"))
      << error_of(big);
  const auto not_svg = scratch.path / "x.svg";
  std::ofstream(not_svg) << "<html/>";
  EXPECT_TRUE(has(error_of(not_svg), "not an SVG drawing")) << error_of(not_svg);
}

TEST(SvgImport, ASelfIntersectingOutlineIsANote) {
  const ImportedDrawing drawn(kDrawings / "self-intersecting.svg");
  ASSERT_TRUE(drawn.variant) << format_diagnostics(drawn.variant.errors());
  EXPECT_TRUE(has(drawn.report(), "self-intersecting.svg:4: the outline of 'wes' crosses itself")) << drawn.report();
  EXPECT_TRUE(drawn.army("wes", "eas"));
}

TEST(SvgImport, ScriptsLinksAndImagesAreNeverShapes) {
  const ImportedDrawing drawn(kDrawings / "script.svg");
  ASSERT_TRUE(drawn.variant) << format_diagnostics(drawn.variant.errors());
  EXPECT_EQ(drawn.map().province_count(), 2u);  // the rect inside <script> is not one
}

TEST(SvgImport, TheCommandLineWritesTheVariantAndTheArtwork) {
  const ScratchDirectory scratch;
  const auto run = run_cli("import --from svg '" + (kDrawings / "gap.svg").string() + "' -o '" + (scratch.path / "gap").string() + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(has(run.output, "gaps bridged by the tolerance: wes-eas")) << run.output;
  EXPECT_TRUE(has(run.output, "gap: 3 provinces, 1 powers: validates")) << run.output;
  EXPECT_TRUE(std::filesystem::exists(scratch.path / "gap" / "gap.svg"));
  const auto told = run_cli("import '" + (kDrawings / "gap.svg").string() + "' -o '" + (scratch.path / "told").string() + "' --tolerance 0.1%");
  EXPECT_EQ(told.exit_code, 0) << told.output;
  EXPECT_TRUE(has(told.output, "0.10 % of the drawing's diagonal")) << told.output;
  const auto bad = run_cli("import '" + (kDrawings / "gap.svg").string() + "' -o '" + (scratch.path / "bad").string() + "' --tolerance much");
  EXPECT_EQ(bad.exit_code, 2) << bad.output;
}

// Every bundled variant's generated artwork imported back (with the tolerance that
// `dipadj draw --map --stats` measures with, a thousandth of the diagonal): the borders the
// import finds, at least as many as the measured artwork draws and no more false ones
// (docs/importing-maps.md, "Round trip").
struct RoundTrip {
  const char* variant;
  std::size_t found;           // of the map's borders, at least
  std::size_t false_borders;   // at most
};
constexpr RoundTrip kRoundTrips[] = {
    {"standard", 206, 0}, {"standard-neutral", 206, 0}, {"standard-convoyable-coasts", 207, 0}, {"1898", 206, 0},
    {"1898-mobilize", 206, 0}, {"chaos", 206, 0}, {"loeb9", 235, 0}, {"colonial", 319, 0}, {"hundred", 107, 0},
    {"amber", 34, 0}, {"trade-routes", 16, 0}, {"two-marches", 8, 0},
};

std::set<std::pair<std::string, std::string>> borders_of(const Map& map) {
  std::set<std::pair<std::string, std::string>> out;
  const auto add = [&](ProvinceId a, ProvinceId b) {
    if (a != b) out.insert(std::minmax(map.province(a).id, map.province(b).id));
  };
  for (std::size_t p = 0; p < map.province_count(); ++p)
    for (ProvinceId q : map.army_neighbours(static_cast<ProvinceId>(p))) add(static_cast<ProvinceId>(p), q);
  for (LocationId a = 0; a < map.location_count(); ++a)
    for (LocationId b : map.fleet_neighbours(a)) add(map.province_of(a), map.province_of(b));
  return out;
}

TEST(SvgImport, EveryBundledArtworkImportsBackToItsMap) {
  for (const RoundTrip& expected : kRoundTrips) {
    const auto original = find_variant(expected.variant);
    ASSERT_TRUE(original) << expected.variant;
    const ImportedDrawing drawn(original.value()->artwork()->file, ImportOptions{{}, std::nullopt, 0.001, {}});
    ASSERT_TRUE(drawn.variant) << expected.variant << ": " << format_diagnostics(drawn.variant.errors());
    const auto want = borders_of(original.value()->map()), got = borders_of(drawn.map());
    std::size_t found = 0, wrong = 0;
    std::string missed, extra;
    for (const auto& border : want)
      if (got.contains(border)) ++found;
      else missed += " " + border.first + "-" + border.second;
    for (const auto& border : got)
      if (!want.contains(border)) ++wrong, extra += " " + border.first + "-" + border.second;
    std::vector<std::string> warnings;
    const auto measured = measure_artwork(*original.value(), warnings);
    ASSERT_TRUE(measured) << expected.variant;
    EXPECT_GE(found, expected.found) << expected.variant << ": missed" << missed;
    EXPECT_GE(found, measured->touching_borders) << expected.variant << ": missed" << missed;
    EXPECT_LE(wrong, expected.false_borders) << expected.variant << ": false" << extra;
    EXPECT_LE(wrong, measured->false_contacts) << expected.variant << ": false" << extra;
  }
}

}  // namespace
