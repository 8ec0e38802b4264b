// dipadj import on small map files written for these tests (tests/data/import): each feature of
// DPjudge's and MILA's format, the variant written and loaded back, and bad input.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <algorithm>
#include <string>

#include "dipadj/board/calendar.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/game/game.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/import/map_import.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/variant/variant.hpp"
#include "scratch_directory.hpp"

namespace {

using namespace dipadj;
const std::string kImport = std::string(DIPADJ_TEST_DATA) + "/import";

struct Imported {
  ImportedVariant files;
  std::shared_ptr<const Variant> variant;
  std::string notes;
};

// Imports `file`, writes the variant into a fresh folder and loads it back.
Imported import_and_load(const std::string& file, const std::string& name) {
  Imported out;
  const auto source = detect_map_source(file);
  EXPECT_TRUE(source) << file;
  if (!source) return out;
  auto imported = import_map(file, *source, name);
  EXPECT_TRUE(imported) << format_diagnostics(imported.errors());
  if (!imported) return out;
  out.files = imported.value();
  for (const auto& note : out.files.notes) out.notes += note.to_string() + "\n";
  const dipadj::testing::ScratchDirectory scratch;
  const auto& folder = scratch.path;
  EXPECT_EQ(write_file_atomically(folder / "map.yaml", out.files.map_yaml), "");
  EXPECT_EQ(write_file_atomically(folder / "variant.yaml", out.files.variant_yaml), "");
  auto variant = load_variant(folder / "variant.yaml");
  EXPECT_TRUE(variant) << format_diagnostics(variant.errors()) << out.files.map_yaml << out.files.variant_yaml;
  if (variant) out.variant = variant.value();
  return out;
}

ProvinceId id_of(const Map& map, const std::string& name) {
  const auto found = map.find_province(name);
  EXPECT_TRUE(found) << name;
  return found.value_or(ProvinceId{});
}

bool uses_plugin(const Variant& variant, const std::string& plugin) {
  const auto& used = variant.extensions();
  return std::any_of(used.begin(), used.end(), [&](const VariantExtension& e) { return e.plugin == plugin; });
}

TEST(MapImport, DpjudgeFilesWithTheirPartsMakeAVariantThatLoads) {
  const Imported imported = import_and_load(kImport + "/dpjudge/tiny.map", "tiny");
  ASSERT_TRUE(imported.variant);
  const Variant& variant = *imported.variant;
  const Map& map = variant.map();
  EXPECT_EQ(detect_map_source(kImport + "/dpjudge/tiny.map"), MapSource::DPjudge);
  // Every province but the impassable mountain; the ice field is a sea.
  EXPECT_EQ(map.province_count(), 8u);
  EXPECT_FALSE(map.find_province("mtn"));
  const ProvinceId cap = id_of(map, "cap"), har = id_of(map, "har"), fjo = id_of(map, "fjo"), alp = id_of(map, "alp"),
                   val = id_of(map, "val"), nse = id_of(map, "nse"), ice = id_of(map, "ice");
  EXPECT_EQ(map.province(ice).kind, ProvinceKind::Sea);
  EXPECT_EQ(map.province(cap).kind, ProvinceKind::Coastal);
  EXPECT_EQ(map.province(alp).kind, ProvinceKind::Land);
  EXPECT_EQ(map.find_province("harbor"), std::optional<ProvinceId>(har));  // an alias
  EXPECT_EQ(map.province(nse).name, "North Sea");
  // Lower case: armies only; Mixed case: fleets only.
  EXPECT_TRUE(map.army_adjacent(fjo, alp));
  EXPECT_FALSE(map.army_adjacent(fjo, har));
  EXPECT_TRUE(map.fleet_reaches(map.province(fjo).location, har));
  EXPECT_TRUE(map.army_adjacent(cap, val));
  EXPECT_FALSE(map.fleet_reaches(map.province(nse).location, val));
  // The two coasts of the cape, each with its own seas.
  EXPECT_TRUE(map.fleet_reaches(map.province(nse).location, cap));
  EXPECT_TRUE(map.fleet_reaches(map.province(id_of(map, "sse")).location, cap));
  EXPECT_NE(imported.files.map_yaml.find("nc: [nse, fjo]"), std::string::npos) << imported.files.map_yaml;
  EXPECT_NE(imported.files.map_yaml.find("sc: [sse, har]"), std::string::npos) << imported.files.map_yaml;
  // The difficult border and the ice field, with the plugins that read their tags.
  EXPECT_TRUE(map.border_has_tag(alp, cap, "difficult"));
  EXPECT_TRUE(map.has_tag(ice, "ice"));
  EXPECT_TRUE(uses_plugin(variant, "difficult-borders"));
  EXPECT_TRUE(uses_plugin(variant, "ice"));
  // Powers, adjectives, abbreviations, centres and units.
  ASSERT_EQ(variant.power_count(), 2u);
  EXPECT_EQ(variant.power(PowerId{0}).name, "Northland");
  EXPECT_EQ(variant.power(PowerId{1}).adjective, "Southern");
  // DPjudge's one-letter abbreviation is left out: "S" reads as Support in an order.
  EXPECT_FALSE(variant.find_power("s"));
  EXPECT_NE(imported.files.map_yaml.find("# the one-letter abbreviation 's' of Southland is left out"), std::string::npos);
  EXPECT_TRUE(map.province(fjo).supply_centre);
  EXPECT_EQ(variant.start_position().unit_count(), 2u);
  // What could not be carried, and the choices, with file and line.
  EXPECT_NE(imported.notes.find("tiny.geography:25: 'mtn' is impassable (DPjudge's SHUT, or a jDip province bordering only itself): left out"), std::string::npos) << imported.notes;
  EXPECT_NE(imported.notes.find("tiny.geography:27: 'ice' is impassable but for a season: imported as a sea tagged 'ice'"),
            std::string::npos)
      << imported.notes;
  EXPECT_NE(imported.notes.find("tiny.geography:22: the army fjo - alp border is given one way only: made two-way"),
            std::string::npos)
      << imported.notes;
  EXPECT_NE(imported.files.map_yaml.find("# made two-way (given one way only): army fjo - alp"), std::string::npos);
}

TEST(MapImport, AVariantOnTopOfAnotherAmendsDropsAndAddsARule) {
  const Imported imported = import_and_load(kImport + "/dpjudge/tiny-plus.map", "tiny-plus");
  ASSERT_TRUE(imported.variant);
  const Map& map = imported.variant->map();
  EXPECT_FALSE(map.find_province("val"));
  EXPECT_EQ(map.province_count(), 7u);
  EXPECT_TRUE(map.army_adjacent(id_of(map, "alp"), id_of(map, "fjo")));
  EXPECT_EQ(imported.notes.find("given one way only"), std::string::npos) << imported.notes;
  EXPECT_TRUE(imported.variant->rules().is(BuildSites::OwnedCentres));
  EXPECT_TRUE(imported.variant->rules().is(CivilDisorderCentres::BuildSites));
  EXPECT_NE(imported.notes.find("tiny-plus.map:6: builds in any owned centre (DPjudge's RULE BUILD_ANY"), std::string::npos) << imported.notes;
}

// DPjudge's RULE MOBILIZE is a mobilizing start, its VICTORY line the victory count (the first
// year's, when the count falls with the years: said in a note).
TEST(MapImport, DpjudgeMobilizeAndVictoryAreCarried) {
  const Imported imported = import_and_load(kImport + "/dpjudge/tiny-mobilize.map", "tiny-mobilize");
  ASSERT_TRUE(imported.variant) << imported.notes;
  const Variant& variant = *imported.variant;
  EXPECT_TRUE(variant.start_mobilizes());
  EXPECT_EQ(variant.start_phase().kind, PhaseKind::Adjustment);
  EXPECT_EQ(variant.start_phase().year, 1900);
  EXPECT_EQ(variant.start_position().unit_count(), 0u);
  EXPECT_EQ(variant.victory_centres(), 3);
  EXPECT_NE(imported.notes.find("tiny-mobilize.map:5: a first year of free builds (DPjudge's RULE MOBILIZE): start: {mobilize: true}"),
            std::string::npos)
      << imported.notes;
  EXPECT_NE(imported.notes.find("tiny-mobilize.map:7: 'VICTORY 3 2': a count that changes with the years is not expressible"),
            std::string::npos)
      << imported.notes;
}

// DPjudge's FLOW is the variant's calendar (hundred.map's: years by five, adjustments when 10
// divides the year); the Standard flow written out is the Standard calendar; a phase dipadj has
// no counterpart for leaves the Standard calendar, with a note.
TEST(MapImport, DpjudgeFlowIsTheCalendar) {
  const Imported imported = import_and_load(kImport + "/dpjudge/tiny-flow.map", "tiny-flow");
  ASSERT_TRUE(imported.variant) << imported.notes;
  const Calendar& calendar = imported.variant->calendar();
  EXPECT_EQ(calendar.first_year(), 1425);
  EXPECT_EQ(calendar.year_step(), 5);
  EXPECT_EQ(calendar.season_count(), 2u);
  EXPECT_EQ(calendar.write(imported.variant->start_phase()), "A.D. 1425 Movement");
  const auto in_1425 = calendar.read("A.D. 1425 Movement"), in_1430 = calendar.read("A.D. 1430 Movement");
  ASSERT_TRUE(in_1425 && in_1430);
  EXPECT_FALSE(calendar.adjustment_after(*in_1425));
  ASSERT_TRUE(calendar.adjustment_after(*in_1430));
  EXPECT_EQ(calendar.write(*calendar.adjustment_after(*in_1430)), "A.D. 1430 Adjustments");
  EXPECT_EQ(calendar.write(calendar.next_season(*in_1430)), "A.D. 1435 Movement");
  EXPECT_NE(imported.notes.find("tiny-flow.map:10: FLOW: the variant's calendar"), std::string::npos) << imported.notes;

  const Imported standard = import_and_load(kImport + "/dpjudge/tiny-flow-standard.map", "tiny-flow-standard");
  ASSERT_TRUE(standard.variant) << standard.notes;
  EXPECT_EQ(standard.files.variant_yaml.find("calendar:"), std::string::npos) << standard.files.variant_yaml;
  EXPECT_EQ(standard.notes.find("FLOW"), std::string::npos) << standard.notes;

  const Imported income = import_and_load(kImport + "/dpjudge/tiny-flow-income.map", "tiny-flow-income");
  ASSERT_TRUE(income.variant) << income.notes;
  EXPECT_EQ(income.files.variant_yaml.find("calendar:"), std::string::npos);
  EXPECT_NE(income.notes.find("tiny-flow-income.map:7: FLOW: not carried ('FLOW SPRING:INCOME,MOVEMENT,RETREATS': the phase 'INCOME' "
                              "has no dipadj counterpart"),
            std::string::npos)
      << income.notes;
}

TEST(MapImport, MilasOneFileMaps) {
  EXPECT_EQ(detect_map_source(kImport + "/tiny-mila.map"), MapSource::Mila);
  const Imported imported = import_and_load(kImport + "/tiny-mila.map", "tiny-mila");
  ASSERT_TRUE(imported.variant);
  EXPECT_EQ(imported.variant->map().province_count(), 4u);
  EXPECT_EQ(imported.variant->start_phase().year, 1901);
  EXPECT_EQ(imported.variant->start_position().unit_count(), 2u);
}

Imported import_jdip(const std::string& variant, const std::string& name, const std::string& file = kImport + "/jdip/variants.xml") {
  Imported out;
  EXPECT_EQ(detect_map_source(file), MapSource::Jdip);
  auto imported = import_map(file, MapSource::Jdip, name, variant);
  EXPECT_TRUE(imported) << format_diagnostics(imported.errors());
  if (!imported) return out;
  out.files = imported.value();
  for (const auto& note : out.files.notes) out.notes += note.to_string() + "\n";
  const dipadj::testing::ScratchDirectory scratch;
  EXPECT_EQ(write_file_atomically(scratch.path / "map.yaml", out.files.map_yaml), "");
  EXPECT_EQ(write_file_atomically(scratch.path / "variant.yaml", out.files.variant_yaml), "");
  auto loaded = load_variant(scratch.path / "variant.yaml");
  EXPECT_TRUE(loaded) << format_diagnostics(loaded.errors()) << out.files.map_yaml << out.files.variant_yaml;
  if (loaded) out.variant = loaded.value();
  return out;
}

TEST(MapImport, JdipVariantWithItsAdjacencyFile) {
  const Imported imported = import_jdip("", "tiny");  // the file's default variant
  ASSERT_TRUE(imported.variant);
  const Variant& variant = *imported.variant;
  const Map& map = variant.map();
  EXPECT_EQ(map.province_count(), 9u);
  const ProvinceId cap = id_of(map, "cap"), har = id_of(map, "har"), fjo = id_of(map, "fjo"), alp = id_of(map, "alp"),
                   val = id_of(map, "val"), nse = id_of(map, "nse"), sse = id_of(map, "sse"), ice = id_of(map, "ice"), isl = id_of(map, "isl");
  // Terrain from the lists: xc only is a sea, mv only is land, both (or coast lists) coastal.
  EXPECT_EQ(map.province(nse).kind, ProvinceKind::Sea);
  EXPECT_EQ(map.province(val).kind, ProvinceKind::Land);
  EXPECT_EQ(map.province(har).kind, ProvinceKind::Coastal);
  EXPECT_EQ(map.province(cap).kind, ProvinceKind::Coastal);
  EXPECT_EQ(map.find_province("harbor"), std::optional<ProvinceId>(har));  // a UNIQUENAME
  // mv is for armies, xc for fleets; a ref by unique name ("vly") is the province.
  EXPECT_TRUE(map.army_adjacent(cap, val));
  EXPECT_TRUE(map.army_adjacent(har, val));
  EXPECT_FALSE(map.army_adjacent(har, fjo));
  EXPECT_TRUE(map.fleet_reaches(map.province(fjo).location, har));
  // The coasts, each with its own seas, refs written "cap-nc" and "cap/sc".
  EXPECT_NE(imported.files.map_yaml.find("nc: [nse, fjo]"), std::string::npos) << imported.files.map_yaml;
  EXPECT_NE(imported.files.map_yaml.find("sc: [sse, har]"), std::string::npos) << imported.files.map_yaml;
  EXPECT_TRUE(map.fleet_reaches(map.province(sse).location, cap));
  // The island: land for the mv list that names only itself, with no army border.
  EXPECT_EQ(map.province(isl).kind, ProvinceKind::Coastal);
  EXPECT_TRUE(map.fleet_reaches(map.province(nse).location, isl));
  // Ice, the difficult border (given one way, tagged both) and the convoyable coast, with their plugins.
  EXPECT_TRUE(map.has_tag(ice, "ice"));
  EXPECT_TRUE(map.border_has_tag(alp, cap, "difficult"));
  EXPECT_TRUE(map.has_tag(har, "convoyable"));
  EXPECT_TRUE(uses_plugin(variant, "ice"));
  EXPECT_TRUE(uses_plugin(variant, "difficult-borders"));
  EXPECT_TRUE(uses_plugin(variant, "convoyable-coasts"));
  EXPECT_TRUE(variant.rules().is(BuildSites::OwnHomeCentres));
  // Powers: alternative names are aliases, and name the home power and a unit's owner.
  ASSERT_EQ(variant.power_count(), 3u);  // the inactive Ghost too
  EXPECT_EQ(variant.power(PowerId{0}).name, "Northland");
  EXPECT_EQ(variant.find_power("boreas"), std::optional<PowerId>(PowerId{0}));
  EXPECT_EQ(variant.power(PowerId{0}).home_centres, std::vector<ProvinceId>{fjo});
  EXPECT_TRUE(map.province(cap).supply_centre);
  EXPECT_FALSE(map.province(val).supply_centre);
  EXPECT_EQ(variant.victory_centres(), 3);
  EXPECT_EQ(variant.start_position().unit_count(), 3u);  // the wing is left out
  EXPECT_NE(imported.files.variant_yaml.find("Northland: [F fjo, F cap/sc]"), std::string::npos) << imported.files.variant_yaml;
  // What could not be carried, with file and line.
  EXPECT_NE(imported.notes.find("tiny_adjacency.xml:52: BORDER 'odd_years' (Closed in odd years.) on 'val': jDip closes it when year=\"odd\": not carried"), std::string::npos)
      << imported.notes;
  EXPECT_NE(imported.notes.find("tiny_adjacency.xml:35: the difficult passable border alp - cap is given for entering cap only"),
            std::string::npos)
      << imported.notes;
  EXPECT_NE(imported.notes.find("tiny_adjacency.xml:33: 'sse' borders 'cap/ec', but cap has no such coast"), std::string::npos) << imported.notes;
  EXPECT_NE(imported.notes.find("tiny_adjacency.xml:63: 'mtn' is impassable"), std::string::npos) << imported.notes;
  EXPECT_FALSE(map.find_province("mtn"));
  EXPECT_NE(imported.notes.find("variants.xml:21: power 'Ghost' is inactive (active=\"false\"): imported as a power with its units"),
            std::string::npos)
      << imported.notes;
  EXPECT_NE(imported.notes.find("variants.xml:17: RULEOPTION OPTION_WINGS = VALUE_WINGS_ENABLED: dipadj has no wing units"), std::string::npos)
      << imported.notes;
  EXPECT_NE(imported.notes.find("variants.xml:34: a wing of Southland in alp: dipadj has no wing units: left out (Southland starts with one unit fewer)"),
            std::string::npos)
      << imported.notes;
  // A game of 20 years from 1901 ends when 1920 does, drawn (jDip's GAME_LENGTH; last_year_result draw).
  EXPECT_NE(imported.notes.find("variants.xml:25: GAME_LENGTH 20: the rule last_year 1920"), std::string::npos) << imported.notes;
  EXPECT_EQ(imported.variant->rules().number(Rule::LastYear), 1920);
  EXPECT_TRUE(imported.variant->rules().is(LastYearResult::Draw));
  EXPECT_NE(imported.files.map_yaml.find("# jDip variant 'Tiny' of variants.xml (one of 2)"), std::string::npos);
}

TEST(MapImport, JdipVariantChosenByAliasBuildsAnywhereFromFallAdjustments) {
  const Imported imported = import_jdip("TINYB", "tiny-builds");
  ASSERT_TRUE(imported.variant);
  const Variant& variant = *imported.variant;
  EXPECT_TRUE(variant.rules().is(BuildSites::OwnedCentres));
  EXPECT_TRUE(variant.rules().is(CivilDisorderCentres::BuildSites));
  // jDip adjusts in Fall; dipadj in Winter.
  EXPECT_EQ(variant.start_phase().year, 1900);
  EXPECT_EQ(variant.start_phase().kind, PhaseKind::Adjustment);
  // The owners the source gives, not the home powers.
  const Map& map = variant.map();
  EXPECT_EQ(variant.start_position().owner(id_of(map, "har")), PowerId{0});
  EXPECT_EQ(variant.start_position().owner(id_of(map, "cap")), PowerId{1});
}

// The orders of one power, read against the variant.
std::vector<SubmittedOrder> orders_of(const Variant& variant, const std::string& power, const std::vector<std::string>& texts) {
  const OrderParser parser(variant);
  std::vector<SubmittedOrder> out;
  for (const auto& text : texts) {
    ParsedOrder parsed = parser.parse(text);
    EXPECT_TRUE(parsed.order) << text << ": " << parsed.error;
    if (parsed.order) out.push_back({*variant.find_power(power), *parsed.order});
  }
  return out;
}

// jDip's BORDER conditions: each carried into the map and its plugins, or noted exactly.
TEST(MapImport, JdipBordersClosedToUnitTypesFrozenAllYearOrNoted) {
  const Imported imported = import_jdip("", "borders", kImport + "/jdip-borders/variants.xml");
  ASSERT_TRUE(imported.variant);
  const Variant& variant = *imported.variant;
  const Map& map = variant.map();
  const ProvinceId nse = id_of(map, "nse"), por = id_of(map, "por"), cov = id_of(map, "cov"), bay = id_of(map, "bay"),
                   hil = id_of(map, "hil"), ice = id_of(map, "ice");
  // Closed to fleets from the North Sea only: a one-way border out of Port, the other fleet
  // border kept.
  EXPECT_FALSE(map.fleet_reaches(map.province(nse).location, por));
  EXPECT_TRUE(map.fleet_reaches(map.province(por).location, nse));
  EXPECT_NE(imported.files.map_yaml.find("one_way:\n  - {fleet: [por, nse]}"), std::string::npos) << imported.files.map_yaml;
  EXPECT_TRUE(map.fleet_reaches(map.province(cov).location, por));
  EXPECT_TRUE(map.army_adjacent(por, hil));
  // Closed to armies from every neighbour; fleets still go.
  EXPECT_FALSE(map.army_adjacent(cov, por));
  EXPECT_FALSE(map.army_adjacent(cov, hil));
  EXPECT_FALSE(map.army_adjacent(cov, bay));
  EXPECT_TRUE(map.fleet_reaches(map.province(cov).location, bay));
  // Closed to armies, difficult for the fleets that may cross.
  EXPECT_TRUE(map.border_has_tag(cov, bay, "difficult"));
  EXPECT_TRUE(uses_plugin(variant, "difficult-borders"));
  // Frozen in Spring and Fall: the ice plugin, all year.
  EXPECT_TRUE(map.has_tag(ice, "ice"));
  EXPECT_TRUE(uses_plugin(variant, "ice"));
  EXPECT_NE(imported.files.variant_yaml.find("rules: {ice_seasons: spring_and_fall}"), std::string::npos) << imported.files.variant_yaml;
  // The inactive power is a power with its centre (named by its alternative name) and its unit,
  // said in the map's comments; the wing is left out.
  ASSERT_EQ(variant.power_count(), 3u);
  const PowerId ghost = *variant.find_power("spectre");
  EXPECT_EQ(variant.start_position().owner(hil), ghost);
  EXPECT_EQ(variant.start_position().unit_in(hil).power, ghost);
  EXPECT_EQ(variant.start_position().unit_count(), 6u);
  EXPECT_NE(imported.files.map_yaml.find("# inactive in the source (no orders; a game lists it under civil_disorder): Ghost"), std::string::npos);
  // What is not carried, each said with file and line.
  const std::string& notes = imported.notes;
  for (const std::string expected : {
           "borders_adjacency.xml:39: BORDER 'reef' (A reef: no fleet from the sea.) on 'por': closed to fleets (and to wings, which dipadj "
           "does not have) coming from 'nse': one-way borders from 'por' to them (map.yaml's one_way:)",
           "borders_adjacency.xml:43: BORDER 'cliffs' (Cliffs: no army.) on 'cov': closed to armies: their borders between 'cov' and its "
           "neighbours are left out of the map",
           "borders_adjacency.xml:47: BORDER 'steep' (Steep for ships, closed to armies.) on 'bay': closed to armies coming from 'cov'",
           "borders_adjacency.xml:36: BORDER 'pack_ice' (Pack ice all year.) on 'ice': no order into or out of it in Spring and Fall: "
           "tagged 'ice'",
           "borders_adjacency.xml:54: BORDER 'floods' (Floods in Spring.) on 'mar': jDip closes it when season=\"spring\": not carried "
           "(dipadj's maps and plugins have no such condition): in the variant the border is open at all times",
           "borders_adjacency.xml:54: BORDER 'no_support' (No support across.) on 'mar': jDip closes it when "
           "orderTypes=\"dip.order.Support\": not carried",
           "borders_adjacency.xml:54: BORDER 'even_moves' (Closed to moves in even years.) on 'mar': jDip closes it when "
           "phase=\"movement\" and year=\"even\": not carried",
           "borders_adjacency.xml:54: BORDER 'swamp' (Two strengths off.) on 'mar': baseMoveModifier -2: not carried (the "
           "difficult-borders plugin takes exactly one strength off a move across): no modifier in the variant",
           "borders_adjacency.xml:54: BORDER 'no_wings' (Closed to wings.) on 'mar': closed to wings only: dipadj has no wings: nothing "
           "to carry",
           "variants.xml:14: power 'Ghost' is inactive (active=\"false\"): imported as a power with its units and centres; jDip gives "
           "it no orders, its units hold and a dislodged one is removed: a game plays it so when it lists the power under "
           "civil_disorder (docs/game-format.md)",
           "variants.xml:29: a wing of Northland in ice: dipadj has no wing units: left out (Northland starts with one unit fewer)",
           "variants.xml:10: RULEOPTION OPTION_WINGS = VALUE_WINGS_ENABLED: dipadj has no wing units: not carried; the variant has "
           "armies and fleets only",
       })
    EXPECT_NE(notes.find(expected), std::string::npos) << expected << "\n" << notes;
}

// The imported borders play as jDip's do: an army cannot cross a border closed to armies, a fleet
// crosses the difficult one with a strength less, and the ice is frozen in Spring.
TEST(MapImport, JdipBordersPlayInTheImportedVariant) {
  const Imported imported = import_jdip("", "borders", kImport + "/jdip-borders/variants.xml");
  ASSERT_TRUE(imported.variant);
  const Variant& variant = *imported.variant;
  const GameState start = initial_state(variant);
  std::vector<SubmittedOrder> orders = orders_of(variant, "Northland", {"F Cove - Bay Town", "F North Sea Supports F Cove - Bay Town", "A Port - Cove"});
  for (auto& order : orders_of(variant, "Southland", {"A Bay Town Holds"})) orders.push_back(order);
  PhaseReport report(variant.map().province_count());
  const GameState after = play_phase(variant, variant.rules(), start, orders, report);
  ASSERT_EQ(report.outcomes.size(), 4u);
  EXPECT_EQ(report.outcomes[0].resolution, Resolution::Fails) << "two strengths, one taken off by the difficult border, against one";
  // No army border Port - Cove: the army could only be convoyed, out of Port over its one-way
  // fleet border into the North Sea, and no fleet convoys it.
  EXPECT_EQ(report.outcomes[2].resolution, Resolution::Fails) << "the border Port - Cove is closed to armies";
  EXPECT_FALSE(variant.map().army_adjacent(id_of(variant.map(), "por"), id_of(variant.map(), "cov")));
  EXPECT_TRUE(after.position.unit_in(id_of(variant.map(), "bay")).present());
  // The inactive power, declared in civil disorder as the import's note says: its orders are not
  // followed, its unit holds and is dislodged.
  GameState disorder = start;
  const PowerId ghost = *variant.find_power("ghost");
  disorder.civil_disorder = {ghost};
  std::vector<SubmittedOrder> attack = orders_of(variant, "Southland", {"A Marsh - Hills"});
  for (auto& order : orders_of(variant, "Northland", {"A Port Supports A Marsh - Hills"})) attack.push_back(order);
  for (auto& order : orders_of(variant, "Ghost", {"A Hills - Port"})) attack.push_back(order);
  PhaseReport fought(variant.map().province_count());
  play_phase(variant, variant.rules(), disorder, attack, fought);
  ASSERT_EQ(fought.outcomes.size(), 3u);
  EXPECT_EQ(fought.outcomes[0].resolution, Resolution::Succeeds);
  EXPECT_EQ(fought.outcomes[2].resolution, Resolution::Illegal);
  ASSERT_EQ(fought.movement.dislodged.size(), 1u);
  EXPECT_EQ(fought.movement.dislodged[0].unit.power, ghost);
  // Frozen in Spring too (ice_seasons spring_and_fall).
  PhaseReport frozen(variant.map().province_count());
  play_phase(variant, variant.rules(), start, orders_of(variant, "Northland", {"F North Sea - Ice Sea"}), frozen);
  ASSERT_EQ(frozen.outcomes.size(), 1u);
  EXPECT_EQ(frozen.outcomes[0].resolution, Resolution::Fails);
  EXPECT_EQ(variant.reason_code(frozen.outcomes[0].reason), "frozen");
}

// DPjudge's OWNS and CENTERS: the first owners of the centres, in the variant's start.
TEST(MapImport, DpjudgeOwnsGivesTheFirstOwners) {
  const Imported imported = import_and_load(kImport + "/dpjudge/owns.map", "owns");
  ASSERT_TRUE(imported.variant);
  const Variant& variant = *imported.variant;
  const Map& map = variant.map();
  const Position& start = variant.start_position();
  const PowerId north = *variant.find_power("north"), south = *variant.find_power("south");
  EXPECT_EQ(start.owner(id_of(map, "del")), north);  // OWNS DEL
  EXPECT_EQ(start.owner(id_of(map, "alp")), north);  // OWNS ALP, added
  EXPECT_EQ(start.owner(id_of(map, "gam")), south);  // CENTERS GAM begins the list again
  EXPECT_EQ(start.owner(id_of(map, "bet")), kNoPower);  // a home centre not owned at the start
  EXPECT_TRUE(map.province(id_of(map, "eps")).supply_centre);  // owned, so a centre, though no line names it so
  EXPECT_EQ(start.owner(id_of(map, "eps")), north);
  EXPECT_EQ(variant.power(south).home_centres.size(), 2u);
  EXPECT_NE(imported.files.variant_yaml.find("North: [alp, del, eps]"), std::string::npos) << imported.files.variant_yaml;
  EXPECT_NE(imported.notes.find("owns.map:5: 'OWNS ALP' before any power line: whose centres it names is unknown: not carried"), std::string::npos)
      << imported.notes;
  EXPECT_NE(imported.notes.find("owns.map:19: 'xyz' in North's OWNS or CENTERS is no place of the map: left out"),
            std::string::npos)
      << imported.notes;
  EXPECT_NE(imported.files.map_yaml.find("# the first owners of the supply centres are the source's OWNS and CENTERS lines"), std::string::npos);
}

TEST(MapImport, BadJdipFilesGiveFileAndLine) {
  const auto errors_of = [](const std::string& file, const std::string& variant = {}) {
    auto imported = import_map(kImport + "/bad-jdip/" + file, MapSource::Jdip, "bad", variant);
    return imported ? std::string("(imported)") : format_diagnostics(imported.errors());
  };
  EXPECT_NE(errors_of("truncated.xml").find("truncated.xml:6: not well-formed XML"), std::string::npos) << errors_of("truncated.xml");
  EXPECT_NE(errors_of("entity.xml").find("entity.xml:4: the document declares the entity 'lol'"), std::string::npos) << errors_of("entity.xml");
  EXPECT_NE(errors_of("unknown_ref.xml").find("unknown_ref.xml:3: a jDip adjacency file, which holds no powers"), std::string::npos);
  EXPECT_NE(errors_of("two_variants.xml").find("choose one with --variant (First, Second)"), std::string::npos);
  EXPECT_NE(errors_of("two_variants.xml", "second").find("unknown_ref.xml:5: 'zzz' is no province of unknown_ref.xml"), std::string::npos)
      << errors_of("two_variants.xml", "second");
  EXPECT_NE(errors_of("two_variants.xml", "third").find("no variant named 'third' (the file holds: First, Second)"), std::string::npos);
  EXPECT_NE(errors_of("missing.xml").find("missing.xml: no such file"), std::string::npos);
  EXPECT_EQ(detect_map_source(kImport + "/bad-jdip/unknown_ref.xml"), MapSource::Jdip);
}

TEST(MapImport, BadInputGivesFileAndLine) {
  const auto errors_of = [](const std::string& file) {
    auto imported = import_map(file, MapSource::DPjudge, "bad");
    return imported ? std::string("(imported)") : format_diagnostics(imported.errors());
  };
  EXPECT_NE(errors_of(kImport + "/bad/garbled.map").find("garbled.map:4: cannot understand 'COAST FJO ABUT HAR'"), std::string::npos);
  EXPECT_NE(errors_of(kImport + "/bad/missing-part.map").find("missing-part.map:1: 'nowhere.geography': no such file ("),
            std::string::npos);
  EXPECT_NE(errors_of(kImport + "/nothing-here.map").find("nothing-here.map: no such file"), std::string::npos);
  EXPECT_NE(errors_of(kImport + "/bad/victory.map").find("victory.map:4: VICTORY 'eighteen' is not a positive number of centres"),
            std::string::npos)
      << errors_of(kImport + "/bad/victory.map");
  // A FIFO (or a device) is refused at once, not waited on, whichever format reads it.
  const dipadj::testing::ScratchDirectory scratch;
  const std::string fifo = (scratch.path / "fifo.map").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_NE(errors_of(fifo).find("fifo.map: not a regular file"), std::string::npos) << errors_of(fifo);
  auto jdip = import_map(fifo, MapSource::Jdip, "bad");
  ASSERT_FALSE(jdip);
  EXPECT_NE(format_diagnostics(jdip.errors()).find("fifo.map: not a regular file"), std::string::npos);
  // A file cut short: its last line names a place that is not there; the border is left out.
  auto truncated = import_map(kImport + "/bad/truncated.map", MapSource::DPjudge, "bad");
  ASSERT_TRUE(truncated) << format_diagnostics(truncated.errors());
  std::string notes;
  for (const auto& note : truncated->notes) notes += note.to_string() + "\n";
  EXPECT_NE(notes.find("truncated.map:5: 'fjo' borders 'ha', which is not on the map: border left out"), std::string::npos) << notes;
  // A file that uses itself is read once.
  EXPECT_TRUE(import_map(kImport + "/bad/loop.map", MapSource::DPjudge, "loop"));
  // Not a map of this family at all.
  EXPECT_FALSE(detect_map_source(std::string(DIPADJ_TEST_DATA) + "/jdip/sample.txt"));
}

}  // namespace
