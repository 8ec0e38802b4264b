// Every name a map gives a province or coast is written into orders and game files and must read
// back as that place: checked over every bundled variant and every variant imported from the
// project's DPjudge, MILA and jDip test files, and the names that cannot are refused by the map
// loader with their line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "cli_run.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/import/map_import.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "scratch_directory.hpp"

namespace {

using namespace dipadj;
namespace fs = std::filesystem;
using dipadj::testing::CliRun;
using dipadj::testing::run_cli;
using dipadj::testing::ScratchDirectory;

const fs::path kVariants = DIPADJ_VARIANTS_DIR;
const fs::path kImport = fs::path(DIPADJ_TEST_DATA) / "import";

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Each place of the map, written the way game files write units (unit_text) and under every other
// name of its province (id, aliases; a coast by its id, its name and its aliases), read back.
// Returns how many texts were read; every one that does not come back as its place is a failure.
int check_every_name_reads_back(const Variant& variant, const std::string& what) {
  const Map& map = variant.map();
  const OrderParser parser(variant);
  int checked = 0;
  auto expect_reads_as = [&](const std::string& text, LocationId location) {
    std::string error;
    const auto unit = parser.parse_unit(text, error);
    ++checked;
    EXPECT_TRUE(unit && unit->location == location)
        << what << ": '" << text << "' reads as " << (unit ? map.location_name(unit->location) : "nothing: " + error)
        << ", not " << map.location_name(location);
  };
  // A unit's text as the map makes it once: its letter and the place's name, for each type.
  for (std::size_t l = 0; l < map.location_count(); ++l)
    for (const UnitType type : {UnitType::Army, UnitType::Fleet}) {
      const auto location = static_cast<LocationId>(l);
      EXPECT_EQ(map.unit_label(type, location), std::string(1, unit_letter(type)) + " " + map.location_name(location)) << what;
    }
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    const Province& province = map.province(static_cast<ProvinceId>(p));
    std::vector<std::string> names{province.id, province.name};
    names.insert(names.end(), province.aliases.begin(), province.aliases.end());
    const UnitType type = province.kind == ProvinceKind::Sea ? UnitType::Fleet : UnitType::Army;
    if (province.coasts.empty() && (province.kind != ProvinceKind::Land || type == UnitType::Army)) {
      expect_reads_as(unit_text(map, Unit{type, 0, province.location}), province.location);
      for (const auto& name : names) expect_reads_as(std::string(1, unit_letter(type)) + " " + name, province.location);
    }
    for (LocationId coast : province.coasts) {
      expect_reads_as(unit_text(map, Unit{UnitType::Fleet, 0, coast}), coast);
      expect_reads_as("F " + map.location_short_name(coast), coast);
      const CoastKind& kind = map.coast_kinds()[map.location(coast).coast];
      std::vector<std::string> coast_names{kind.id, kind.name};
      coast_names.insert(coast_names.end(), kind.aliases.begin(), kind.aliases.end());
      for (const auto& name : names)
        for (const auto& coast_name : coast_names) {
          if (coast_name.empty()) continue;
          expect_reads_as("F " + name + " (" + coast_name + ")", coast);
          expect_reads_as("F " + name + "/" + coast_name, coast);
        }
    }
  }
  return checked;
}

TEST(NameRoundTrip, EveryBundledNameReadsBack) {
  int variants = 0;
  for (const auto& entry : fs::directory_iterator(kVariants)) {
    if (!fs::exists(entry.path() / "variant.yaml")) continue;
    auto variant = load_variant(entry.path() / "variant.yaml");
    ASSERT_TRUE(variant) << entry.path() << ": " << format_diagnostics(variant.errors());
    EXPECT_GT(check_every_name_reads_back(*variant.value(), entry.path().filename().string()), 0);
    ++variants;
  }
  EXPECT_GE(variants, 8);
}

TEST(NameRoundTrip, EveryImportedNameReadsBack) {
  const std::vector<std::pair<std::string, std::string>> files{{"dpjudge/tiny.map", "tiny"},
                                                               {"dpjudge/tiny-plus.map", "tiny-plus"},
                                                               {"tiny-mila.map", "tiny-mila"},
                                                               {"jdip/variants.xml", "tiny-jdip"},
                                                               {"names/odd-names.map", "odd-names"}};
  for (const auto& [file, name] : files) {
    const auto source = detect_map_source(kImport / file);
    ASSERT_TRUE(source) << file;
    auto imported = import_map(kImport / file, *source, name);
    ASSERT_TRUE(imported) << file << ": " << format_diagnostics(imported.errors());
    const ScratchDirectory scratch;
    ASSERT_EQ(write_file_atomically(scratch.path / "map.yaml", imported.value().map_yaml), "");
    ASSERT_EQ(write_file_atomically(scratch.path / "variant.yaml", imported.value().variant_yaml), "");
    auto variant = load_variant(scratch.path / "variant.yaml");
    ASSERT_TRUE(variant) << file << ": " << format_diagnostics(variant.errors()) << imported.value().map_yaml;
    EXPECT_GT(check_every_name_reads_back(*variant.value(), file), 0);
  }
}

// A project-written DPjudge map whose names carry brackets, a slash, a comma, an apostrophe and a
// colon: the colon, which no order can carry, is taken out of the name with a note.
TEST(NameRoundTrip, AnImportedNameAnOrderCannotCarryIsMadeReadable) {
  const auto file = kImport / "names/odd-names.map";
  auto imported = import_map(file, *detect_map_source(file), "odd");
  ASSERT_TRUE(imported) << format_diagnostics(imported.errors());
  std::string notes;
  for (const auto& note : imported.value().notes) notes += note.to_string() + "\n";
  EXPECT_NE(notes.find("which an order cannot name"), std::string::npos) << notes;
  EXPECT_NE(imported.value().map_yaml.find("name: Port Royal"), std::string::npos) << imported.value().map_yaml;
  EXPECT_NE(imported.value().map_yaml.find("name: Wood (Trade)"), std::string::npos) << imported.value().map_yaml;
}

// Chaos gives its powers jDip's names, written like their first units ("A-Ank"): the unit
// notation wins over the power's name, which still reads when a unit follows it.
TEST(NameRoundTrip, APowerNamedLikeAUnitDoesNotHideTheUnit) {
  auto chaos = find_variant("chaos");
  ASSERT_TRUE(chaos) << format_diagnostics(chaos.errors());
  const Variant& variant = *chaos.value();
  const OrderParser parser(variant);
  const ParsedOrder move = parser.parse("A Ank - Smyrna");
  ASSERT_TRUE(move.order) << move.error;
  EXPECT_EQ(move.order->unit.location, variant.map().province(*variant.map().find_province("ank")).location);
  EXPECT_EQ(move.order->kind, OrderKind::Move);
  std::string error;
  const auto named = parser.parse_unit("A-Ank A Ank", error);
  ASSERT_TRUE(named) << error;
  EXPECT_EQ(std::optional<PowerId>(named->nationality), variant.find_power("Ankara"));
  const auto plain = parser.parse_unit("F Bul (sc)", error);
  ASSERT_TRUE(plain) << error;
  EXPECT_EQ(plain->nationality, kNoPower);
}

TEST(NameRoundTrip, TheRuleOfReadableNames) {
  EXPECT_EQ(unreadable_name_reason("Wood (Trade)"), "");
  EXPECT_EQ(unreadable_name_reason("Mid-Atlantic Ocean"), "");
  EXPECT_EQ(unreadable_name_reason("St. Petersburg"), "");
  EXPECT_EQ(unreadable_name_reason("Lorne, the Isle"), "");
  EXPECT_EQ(unreadable_name_reason("Gulf of Lyon / Lions"), "");
  EXPECT_NE(unreadable_name_reason("Trade: Wood"), "");
  EXPECT_NE(unreadable_name_reason("Wood-"), "");
  EXPECT_NE(unreadable_name_reason("-Wood"), "");
  EXPECT_NE(unreadable_name_reason("Wood--Trade"), "");
  EXPECT_NE(unreadable_name_reason("Wood->Trade"), "");
  EXPECT_NE(unreadable_name_reason("(...)"), "");
  EXPECT_EQ(normalize_name("Wood (Trade)"), "wood trade");
  EXPECT_EQ(normalize_name("Wood_Trade/Bay"), "wood trade bay");
}

// Copies Amber Bay, applies `edit` to its map, and returns what `dipadj validate` says of it.
CliRun validate_edited_amber(const ScratchDirectory& scratch, const std::string& from, const std::string& to) {
  fs::copy(kVariants / "amber", scratch.path / "amber", fs::copy_options::recursive);
  std::string map = read_text(scratch.path / "amber/map.yaml");
  const auto at = map.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) map.replace(at, from.size(), to);
  std::ofstream(scratch.path / "amber/map.yaml") << map;
  return run_cli("validate ./amber", scratch.path.string());
}

int line_of(const std::string& text, const std::string& what) {
  const auto at = text.find(what);
  return at == std::string::npos ? 0 : static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(at), '\n')) + 1;
}

TEST(NameRoundTrip, ANameNoOrderCanReadIsRefusedWithItsLine) {
  {
    const ScratchDirectory scratch;
    const auto run = validate_edited_amber(scratch, "name: Frost Sea\n", "name: \"Frost: the Sea\"\n");
    EXPECT_NE(run.exit_code, 0) << run.output;
    const int line = line_of(read_text(scratch.path / "amber/map.yaml"), "Frost: the Sea");
    EXPECT_NE(run.output.find("map.yaml:" + std::to_string(line) + ": name 'Frost: the Sea' of province 'fro' cannot be read back in an order: a ':'"),
              std::string::npos)
        << run.output;
  }
  {
    const ScratchDirectory scratch;
    const auto run = validate_edited_amber(scratch, "name: Frost Sea\n", "name: Frost Sea-\n");
    EXPECT_NE(run.exit_code, 0) << run.output;
    EXPECT_NE(run.output.find("name 'Frost Sea-' of province 'fro' cannot be read back in an order: a '-' in a name must stand between two words"),
              std::string::npos)
        << run.output;
  }
}

// "F Kell(nc)" would read as a province named "Kell Nc" if the map had one.
TEST(NameRoundTrip, AFleetOnACoastThatReadsAsAnotherProvinceIsRefused) {
  const ScratchDirectory scratch;
  const auto run = validate_edited_amber(scratch, "name: Frost Sea\n", "name: Kell Nc\n");
  EXPECT_NE(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("'Kell(nc)' would read back as province 'fro'"), std::string::npos) << run.output;
}

// The name of the report that found it: written into the next game file and read back.
TEST(NameRoundTrip, AProvinceNameWithBracketsReadsBackFromTheNextGameFile) {
  const ScratchDirectory scratch;
  fs::copy(kVariants / "amber", scratch.path / "amber", fs::copy_options::recursive);
  std::string map = read_text(scratch.path / "amber/map.yaml");
  map.replace(map.find("name: Frost Sea\n"), std::string("name: Frost Sea\n").size(), "name: Frost Sea (Trade)\n");
  std::ofstream(scratch.path / "amber/map.yaml") << map;
  std::ofstream(scratch.path / "g.yaml") << "format: dipadj-game/1\nvariant: ./amber\nphase: Spring 1901 Movement\n"
                                           "orders:\n  Arden: [F Vigra - Frost Sea (Trade)]\n";
  auto run = run_cli("adjudicate g.yaml --next n.yaml", scratch.path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(read_text(scratch.path / "n.yaml").find("F Frost Sea (Trade)"), std::string::npos) << read_text(scratch.path / "n.yaml");
  run = run_cli("adjudicate n.yaml --json", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("F Frost Sea (Trade)"), std::string::npos) << run.output;
}

// Results copy a variant's names into JSON unchecked only when every name needs no escape
// (Variant::names_are_plain, checked once at load): a name with a letter beyond ASCII is written
// through the checked path and comes out the same, valid JSON.
TEST(NameRoundTrip, ANameBeyondAsciiIsWrittenIntoJsonResultsAsItIs) {
  auto standard = load_variant(kVariants / "standard/variant.yaml");
  ASSERT_TRUE(standard) << format_diagnostics(standard.errors());
  EXPECT_TRUE(standard.value()->names_are_plain());
  const ScratchDirectory scratch;
  fs::copy(kVariants / "amber", scratch.path / "amber", fs::copy_options::recursive);
  std::string map = read_text(scratch.path / "amber/map.yaml");
  map.replace(map.find("name: Frost Sea\n"), std::string("name: Frost Sea\n").size(), "name: Fr\u00f8st Sea\n");
  std::ofstream(scratch.path / "amber/map.yaml") << map;
  auto amber = load_variant(scratch.path / "amber/variant.yaml");
  ASSERT_TRUE(amber) << format_diagnostics(amber.errors());
  EXPECT_FALSE(amber.value()->names_are_plain());
  std::ofstream(scratch.path / "g.yaml") << "format: dipadj-game/1\nvariant: ./amber\nphase: Spring 1901 Movement\n"
                                           "orders:\n  Arden: [F Vigra - Fr\u00f8st Sea]\n";
  const auto run = run_cli("adjudicate g.yaml --json", scratch.path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("\"F Vigra - Fr\u00f8st Sea\""), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("\"F Fr\u00f8st Sea\""), std::string::npos) << run.output;
}

}  // namespace
