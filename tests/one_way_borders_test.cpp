// One-way borders (docs/map-format.md, "One-way borders"): read from a map's `one_way:` list and
// from its options, asked with a direction, drawn with an arrow head; every mistake reported with
// its file and line, by the loader and by `dipadj validate`. The orders across them are the
// cases of datc/variant-rules/one-way-borders.yaml.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/draw/map_picture.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/geo/map_checks.hpp"
#include "dipadj/geo/map_loader.hpp"
#include "dipadj/geo/topology.hpp"
#include "dipadj/judge/adjustment.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "scratch_directory.hpp"

namespace {

using namespace dipadj;
using dipadj::testing::run_cli;

// Two seas, two coastal provinces and a land province; the borders the test adds come after.
const char* kProvinces =
    "format: dipadj-map/1\n"                                                      // 1
    "provinces:\n"                                                                // 2
    "  - {id: nsa, name: North Sea, kind: sea, fleet: [hom]}\n"                   // 3
    "  - {id: ssa, name: South Sea, kind: sea, fleet: [hom, tra]}\n"              // 4
    "  - {id: hom, name: Home, kind: coastal, army: [hil], fleet: [nsa, ssa]}\n"  // 5
    "  - {id: tra, name: Trade, kind: coastal, army: [hil], fleet: [ssa]}\n"      // 6
    "  - {id: hil, name: Hill, kind: land, army: [hom, tra]}\n";                  // 7

struct Loaded {
  std::shared_ptr<const Map> map;
  std::string errors;
};

Loaded load(const std::string& text, const std::vector<std::string>& options = {}) {
  const dipadj::testing::ScratchDirectory scratch;
  EXPECT_EQ(write_file_atomically(scratch.path / "map.yaml", text), "");
  auto loaded = load_map(scratch.path / "map.yaml", options);
  if (!loaded) return {nullptr, format_diagnostics(loaded.errors())};
  return {loaded.value(), ""};
}

// A variant of one power, `name`, on the map `map_text`, in `folder` (for `dipadj validate`).
void write_variant(const std::filesystem::path& folder, const std::string& name, const std::string& map_text) {
  ASSERT_EQ(write_file_atomically(folder / "map.yaml", map_text), "");
  ASSERT_EQ(write_file_atomically(folder / "variant.yaml", "format: dipadj-variant/1\nname: " + name +
                                                               "\nmap: map.yaml\npowers:\n  - {name: West, home_centres: []}\n"),
            "");
}

ProvinceId id(const Map& map, const char* name) { return *map.find_province(name); }
LocationId at(const Map& map, const char* name) { return map.province(id(map, name)).location; }

TEST(OneWayBorders, AreCrossedFromTheFirstPlaceToTheSecondOnly) {
  const Loaded loaded = load(std::string(kProvinces) + "one_way:\n  - {fleet: [nsa, tra]}\n  - {army: [hom, tra]}\n");
  ASSERT_TRUE(loaded.map) << loaded.errors;
  const Map& map = *loaded.map;
  EXPECT_TRUE(map.fleet_adjacent(at(map, "nsa"), at(map, "tra")));
  EXPECT_FALSE(map.fleet_adjacent(at(map, "tra"), at(map, "nsa")));
  EXPECT_TRUE(map.fleet_reaches(at(map, "nsa"), id(map, "tra")));
  EXPECT_FALSE(map.fleet_reaches(at(map, "tra"), id(map, "nsa")));
  EXPECT_TRUE(map.fleet_crosses(id(map, "nsa"), id(map, "tra")));
  EXPECT_FALSE(map.fleet_crosses(id(map, "tra"), id(map, "nsa")));
  EXPECT_TRUE(map.army_adjacent(id(map, "hom"), id(map, "tra")));
  EXPECT_FALSE(map.army_adjacent(id(map, "tra"), id(map, "hom")));
  // Two-way borders stay two-way.
  EXPECT_TRUE(map.fleet_adjacent(at(map, "ssa"), at(map, "tra")) && map.fleet_adjacent(at(map, "tra"), at(map, "ssa")));
  // The lists: where a unit may go, and where a fleet may come from.
  const auto goes = map.fleet_neighbours(at(map, "tra"));
  EXPECT_EQ(std::vector<LocationId>(goes.begin(), goes.end()), std::vector<LocationId>{at(map, "ssa")});
  const auto comes = map.fleet_sources(at(map, "tra"));
  EXPECT_EQ(std::vector<LocationId>(comes.begin(), comes.end()), (std::vector<LocationId>{at(map, "nsa"), at(map, "ssa")}));
  const auto army = map.army_neighbours(id(map, "tra"));
  EXPECT_EQ(std::vector<ProvinceId>(army.begin(), army.end()), std::vector<ProvinceId>{id(map, "hil")});
  // The graph: one edge per way across.
  EXPECT_TRUE(boost::edge(at(map, "nsa"), at(map, "tra"), map.topology().graph()).second);
  EXPECT_FALSE(boost::edge(at(map, "tra"), at(map, "nsa"), map.topology().graph()).second);
}

TEST(OneWayBorders, AMissingProvinceIsReportedWithItsLine) {
  const Loaded loaded = load(std::string(kProvinces) + "one_way:\n  - {fleet: [nsa, atlantis]}\n  - {army: [xyz, hom]}\n");
  ASSERT_FALSE(loaded.map);
  EXPECT_NE(loaded.errors.find("map.yaml:9: one_way: unknown province 'atlantis'"), std::string::npos) << loaded.errors;
  EXPECT_NE(loaded.errors.find("map.yaml:10: one_way: unknown province 'xyz'"), std::string::npos) << loaded.errors;
}

TEST(OneWayBorders, ABorderGivenBothWaysIsRefused) {
  const Loaded loaded = load(std::string(kProvinces) + "one_way:\n  - {fleet: [nsa, tra]}\n  - {fleet: [tra, nsa]}\n");
  ASSERT_FALSE(loaded.map);
  EXPECT_NE(loaded.errors.find("map.yaml:10: one_way: the one-way fleet border tra->nsa is also given the other way round: a border "
                               "crossed both ways is a two-way border, listed in both provinces' lists"),
            std::string::npos)
      << loaded.errors;
}

TEST(OneWayBorders, ABorderGivenTwiceIsRefused) {
  const Loaded loaded = load(std::string(kProvinces) + "one_way:\n  - {army: [hom, tra]}\n  - {army: [hom, tra]}\n");
  ASSERT_FALSE(loaded.map);
  EXPECT_NE(loaded.errors.find("map.yaml:10: one_way: the one-way army border hom->tra is there already"), std::string::npos) << loaded.errors;
}

TEST(OneWayBorders, AOneWayBorderThatIsAlsoTwoWayIsRefused) {
  const Loaded loaded = load(std::string(kProvinces) + "one_way:\n  - {fleet: [ssa, tra]}\n");
  ASSERT_FALSE(loaded.map);
  EXPECT_NE(loaded.errors.find("map.yaml:9: one_way: the one-way fleet border ssa->tra is also a two-way border (ssa-tra in both "
                               "provinces' lists): a border is crossed one way or both"),
            std::string::npos)
      << loaded.errors;
}

// A border listed by one province only is still the mistake it always was, not a one-way border.
TEST(OneWayBorders, ABorderListedFromOneSideIsStillAnError) {
  std::string text(kProvinces);
  text.replace(text.find("fleet: [hom]}"), 13, "fleet: [hom, tra]}");
  const Loaded loaded = load(text);
  ASSERT_FALSE(loaded.map);
  EXPECT_NE(loaded.errors.find("map.yaml:3: asymmetric fleet adjacency: 'nsa' lists 'tra' but not the other way round"), std::string::npos)
      << loaded.errors;
}

TEST(OneWayBorders, BordersThatCannotBeAndBadEntriesAreReported) {
  const Loaded loaded = load(std::string(kProvinces) +
                             "one_way:\n  - {army: [nsa, hom]}\n  - {fleet: [hil, nsa]}\n  - {army: [hom]}\n  - {army: [hom, hil], one_way: true}\n");
  ASSERT_FALSE(loaded.map);
  EXPECT_NE(loaded.errors.find("map.yaml:9: one_way: no army border can link 'nsa' and 'hom'"), std::string::npos) << loaded.errors;
  EXPECT_NE(loaded.errors.find("map.yaml:10: one_way: no fleet border can link 'hil' and 'nsa'"), std::string::npos) << loaded.errors;
  EXPECT_NE(loaded.errors.find("map.yaml:11: one_way: a border is {army: [from, to]} or {fleet: [from, to]}"), std::string::npos)
      << loaded.errors;
  EXPECT_NE(loaded.errors.find("map.yaml:12: one_way: a border is"), std::string::npos) << loaded.errors;
  const Loaded not_a_list = load(std::string(kProvinces) + "one_way: {fleet: [nsa, tra]}\n");
  EXPECT_NE(not_a_list.errors.find("map.yaml:8: one_way: borders are a list of"), std::string::npos) << not_a_list.errors;
}

TEST(OneWayBorders, OptionsAddAndRemoveThem) {
  const std::string text = std::string(kProvinces) +
                           "one_way:\n  - {fleet: [nsa, tra]}\n"
                           "options:\n"
                           "  closed:\n"
                           "    title: The North Sea route closed, Home-Hill one way\n"
                           "    remove:\n"
                           "      - {fleet: [nsa, tra], one_way: true}\n"
                           "      - {army: [hom, hil]}\n"
                           "    add:\n"
                           "      - {army: [hil, hom], one_way: true}\n"
                           "    tags:\n"
                           "      - {border: [hil, hom], tags: [steep]}\n";
  const Loaded plain = load(text);
  ASSERT_TRUE(plain.map) << plain.errors;
  EXPECT_TRUE(plain.map->fleet_adjacent(at(*plain.map, "nsa"), at(*plain.map, "tra")));
  const Loaded closed = load(text, {"closed"});
  ASSERT_TRUE(closed.map) << closed.errors;
  const Map& map = *closed.map;
  EXPECT_FALSE(map.fleet_adjacent(at(map, "nsa"), at(map, "tra")));
  EXPECT_TRUE(map.army_adjacent(id(map, "hil"), id(map, "hom")));
  EXPECT_FALSE(map.army_adjacent(id(map, "hom"), id(map, "hil")));
  EXPECT_TRUE(map.border_has_tag(id(map, "hom"), id(map, "hil"), "steep"));
}

TEST(OneWayBorders, MistakesInOptionsAreReportedWithTheirLines) {
  const Loaded loaded = load(std::string(kProvinces) +
                             "one_way:\n  - {fleet: [nsa, tra]}\n"  // 8-9
                             "options:\n"                           // 10
                             "  broken:\n"                          // 11
                             "    remove:\n"                        // 12
                             "      - {fleet: [tra, nsa], one_way: true}\n"
                             "      - {fleet: [nsa, tra]}\n"
                             "    add:\n"  // 15
                             "      - {fleet: [ssa, hom], one_way: true}\n"
                             "      - {fleet: [tra, nsa]}\n"
                             "      - {army: [hom, hil], one_way: yes please}\n");
  ASSERT_FALSE(loaded.map);
  const std::string& e = loaded.errors;
  EXPECT_NE(e.find("map.yaml:13: option 'broken': the map has no one-way fleet border tra->nsa to remove"), std::string::npos) << e;
  EXPECT_NE(e.find("map.yaml:14: option 'broken': the map has no fleet border nsa-tra to remove"), std::string::npos) << e;
  EXPECT_NE(e.find("map.yaml:16: option 'broken': the one-way fleet border ssa->hom is also a two-way border"), std::string::npos) << e;
  EXPECT_NE(e.find("map.yaml:17: option 'broken': the fleet border tra-nsa exists already, one way"), std::string::npos) << e;
  EXPECT_NE(e.find("map.yaml:18:"), std::string::npos) << e;
}

// `dipadj validate` prints the same messages, file:line, and exits with 1: never an abort.
TEST(OneWayBorders, ValidateReportsABorderToAMissingProvince) {
  const dipadj::testing::ScratchDirectory scratch;
  write_variant(scratch.path, "broken", std::string(kProvinces) + "one_way:\n  - {fleet: [nsa, atlantis]}\n");
  const auto run = run_cli("validate '" + scratch.path.string() + "'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("map.yaml:9: one_way: unknown province 'atlantis'"), std::string::npos) << run.output;
}

// A province joined to the rest of the map by one-way borders only: a unit that goes there can
// never come back (a pit), or none can get there (a spring). The loader takes the map; `dipadj
// validate` warns of each and still passes it. A map whose borders all go both ways has no warning.
TEST(OneWayBorders, ValidateWarnsOfProvincesAUnitCannotLeaveOrReach) {
  const std::string text = std::string(kProvinces) +
                           "  - {id: pit, name: Pit, kind: land}\n"
                           "  - {id: spr, name: Spring, kind: land}\n"
                           "one_way:\n  - {army: [hil, pit]}\n  - {army: [spr, hil]}\n";
  const Loaded loaded = load(text);
  ASSERT_TRUE(loaded.map) << loaded.errors;
  const std::vector<std::string> warnings = one_way_warnings(*loaded.map);
  ASSERT_EQ(warnings.size(), 2U);
  EXPECT_EQ(warnings[0], "a unit that enters pit can never leave for the rest of the map: one-way borders lead there, none lead back");
  EXPECT_EQ(warnings[1], "no unit from the rest of the map can reach spr: one-way borders lead out of there, none lead in");
  const Loaded two_way = load(kProvinces);
  ASSERT_TRUE(two_way.map) << two_way.errors;
  EXPECT_TRUE(one_way_warnings(*two_way.map).empty());
  // One-way borders a unit can go around are no trap: into the Pit from Hill, out of it to Trade.
  const Loaded around = load(std::string(kProvinces) + "  - {id: pit, name: Pit, kind: land}\n" +
                             "one_way:\n  - {army: [hil, pit]}\n  - {army: [pit, tra]}\n");
  ASSERT_TRUE(around.map) << around.errors;
  EXPECT_TRUE(one_way_warnings(*around.map).empty());

  const dipadj::testing::ScratchDirectory scratch;
  write_variant(scratch.path, "pits", text);
  const auto run = run_cli("validate '" + scratch.path.string() + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("warning: "), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("a unit that enters pit can never leave"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("no unit from the rest of the map can reach spr"), std::string::npos) << run.output;
}

TEST(OneWayBorders, TheBundledBoardValidatesAndDrawsItsArrows) {
  const auto run = run_cli("validate trade-routes");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.output.find("never leave"), std::string::npos) << run.output;  // its arrows trap no unit
  auto variant = find_variant("trade-routes");
  ASSERT_TRUE(variant) << format_diagnostics(variant.errors());
  const Picture picture = draw_map(*variant.value());
  std::size_t arrows = 0;
  for (std::size_t at = picture.svg.find("class=\"one-way\""); at != std::string::npos; at = picture.svg.find("class=\"one-way\"", at + 1))
    ++arrows;
  EXPECT_EQ(arrows, 5U);  // the four borders, and the legend's
  EXPECT_NE(picture.svg.find("one-way border (crossed as the arrow points)"), std::string::npos);
}

// Civil disorder counts the moves a unit needs to reach a home centre (4.D.8), the arrows'
// way: a fleet in the Trade Post reaches Vik by the East Sea, not straight back.
TEST(OneWayBorders, CivilDisorderDistancesFollowTheArrows) {
  auto loaded = find_variant("trade-routes");
  ASSERT_TRUE(loaded) << format_diagnostics(loaded.errors());
  const Variant& variant = *loaded.value();
  const Map& map = variant.map();
  const Position position(map.province_count());
  const PowerId south = 1;
  const auto fleets = civil_disorder_distances(variant, variant.rules(), position, south, UnitType::Fleet);
  EXPECT_EQ(fleets[at(map, "tra")], 2);
  EXPECT_EQ(fleets[at(map, "eas")], 1);
  // Armies: from Fell to North's Mark down the falls is one move; from Mark to Fell, none straight.
  const PowerId north = 0;
  const auto armies = civil_disorder_distances(variant, variant.rules(), position, north, UnitType::Army);
  EXPECT_EQ(armies[at(map, "fel")], 1);
}

}  // namespace
