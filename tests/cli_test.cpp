// The command-line tool: bad input gives a clear message and a non-zero exit, never a crash.
#include <gtest/gtest.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_run.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "scratch_directory.hpp"

namespace {

namespace fs = std::filesystem;

using dipadj::testing::CliRun;
using dipadj::testing::run_cli;

const std::string kData = DIPADJ_TEST_DATA;

// The entry of a result's `list` ("orders", "added_orders") whose "order" is `order`; null if none.
nlohmann::json entry_for(const std::string& output, const char* list, const std::string& order) {
  const auto result = nlohmann::json::parse(output, nullptr, false);
  EXPECT_FALSE(result.is_discarded()) << "not JSON:\n" << output;
  if (result.is_discarded() || !result.contains(list)) return nullptr;
  for (const auto& entry : result[list])
    if (entry.value("order", nlohmann::json()) == order) return entry;
  return nullptr;
}

TEST(Cli, AdjudicatesTheBundledExample) {
  const CliRun run = run_cli("adjudicate '" + std::string(DIPADJ_DATC_DIR) + "/../variants/standard/examples/spring-1901.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("France: A Paris - Burgundy  -> succeeds"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Germany: A Munich - Burgundy  -> fails: bounced (by A Paris)"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Italy: A Venice - Greece  -> illegal"), std::string::npos) << run.output;
}

// Colonial, from the bundled start: a Trans-Siberian Railroad journey (plugin), then a year on a
// fleet through the Suez Canal (plugin) and a second journey.
TEST(Cli, PlaysColonialWithTheRailroadAndTheCanal) {
  const std::string examples = std::string(DIPADJ_DATC_DIR) + "/../variants/colonial/examples/";
  const fs::path next = fs::temp_directory_path() / ("dipadj_colonial_" + std::to_string(::getpid()) + ".yaml");
  CliRun run = run_cli("adjudicate '" + examples + "spring-1870.yaml' --next '" + next.string() + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Russia: A Moscow - TSR - Vladivostok  -> succeeds"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Russia: F Odessa, A Omsk, A Seoul, A Vladivostok, F Yellow Sea"), std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("Next phase: Fall 1870 Movement"), std::string::npos) << run.output;
  EXPECT_TRUE(fs::exists(next));
  fs::remove(next);

  run = run_cli("adjudicate --json '" + examples + "spring-1871.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  const auto canal = entry_for(run.output, "orders", "F Mediterranean Sea - Red Sea");
  EXPECT_EQ(canal.value("written", ""), "F Mediterranean Sea - Red Sea") << run.output;
  EXPECT_EQ(canal.value("result", ""), "succeeds") << run.output;
  EXPECT_FALSE(entry_for(run.output, "orders", "A Omsk - TSR - Irkutsk").is_null()) << run.output;
}

// A game file chooses a named option of the variant's map; the next phase's file keeps it.
TEST(Cli, AGameChoosesAMapOption) {
  const fs::path next = fs::temp_directory_path() / ("dipadj_sakhalin_" + std::to_string(::getpid()) + ".yaml");
  CliRun run = run_cli("adjudicate '" + kData + "/colonial-sakhalin.yaml' --next '" + next.string() + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Russia: A Vladivostok - Sakhalin  -> succeeds"), std::string::npos) << run.output;
  std::ifstream in(next);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("map_options: [sakhalin-vladivostok]"), std::string::npos) << text.str();
  fs::remove(next);
}

// dipadj validate reports every problem of a variant, from every stage, not just the first.
TEST(Cli, ValidateReportsEveryProblem) {
  const CliRun run = run_cli("validate '" + kData + "/mistakes-everywhere'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  for (const char* expected : {"variant.yaml:7: unknown key 'colour'", "plugin 'no-such-plugin' not found",
                               "map.yaml:98: province 'bur': unknown province 'atlantis'",
                               "map.yaml:269: asymmetric army adjacency: 'par' lists 'mun'",
                               "variant.yaml:12: unknown home centre 'xyz'",
                               "variant.yaml:40: unit 'A Adriatic Sea': an army cannot stand in Adriatic Sea",
                               "variant.yaml:49: 'whatever' is not a choice of convoy_paradox",
                               "home centre 'ven' is already a home centre of Austria",
                               "'victory_centres' is 40 but the map has only 34 supply centres"})
    EXPECT_NE(run.output.find(expected), std::string::npos) << expected << "\n" << run.output;
}

// The tutorial's example variant (docs/adding-a-variant.md): its game files play.
TEST(Cli, PlaysTheTutorialsExampleGames) {
  const std::string examples = std::string(DIPADJ_DATC_DIR) + "/../variants/amber/examples/";
  for (const char* game : {"spring-1901.yaml", "fall-1901.yaml", "winter-1901.yaml", "causeway.yaml"}) {
    const CliRun run = run_cli("adjudicate '" + examples + game + "'");
    EXPECT_EQ(run.exit_code, 0) << game << "\n" << run.output;
  }
  const CliRun fall = run_cli("adjudicate '" + examples + "fall-1901.yaml'");
  EXPECT_NE(fall.output.find("the way is frozen this season"), std::string::npos) << fall.output;
}

TEST(Cli, JsonOutput) {
  const CliRun run = run_cli("adjudicate --json '" + std::string(DIPADJ_DATC_DIR) + "/../variants/standard/examples/spring-1901.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  const auto order = entry_for(run.output, "orders", "A Paris - Burgundy");
  EXPECT_EQ(order.value("power", ""), "France") << run.output;
  EXPECT_EQ(order.value("written", ""), "A Par - Bur") << run.output;
  EXPECT_EQ(order.value("result", ""), "succeeds") << run.output;
  const auto bounce = entry_for(run.output, "orders", "A Munich - Burgundy");
  EXPECT_EQ(bounce.value("result", ""), "fails") << run.output;
  EXPECT_EQ(bounce.value("reason", ""), "bounced") << run.output;
  EXPECT_EQ(bounce.value("by", ""), "Paris") << run.output;
  const auto result = nlohmann::json::parse(run.output, nullptr, false);
  EXPECT_EQ(result.value("next_phase", ""), "Fall 1901 Movement") << run.output;
  EXPECT_EQ(result["units"]["France"], nlohmann::json::parse(R"(["A Burgundy", "A Marseilles", "F Mid-Atlantic Ocean"])")) << run.output;
}

// Implied moves (4.E.3 a) are listed apart from the orders given, in text and in JSON.
TEST(Cli, ImpliedOrdersAreReported) {
  CliRun run = run_cli("adjudicate '" + kData + "/implied-orders.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Germany: A Kiel - Holland (implied)  -> succeeds"), std::string::npos) << run.output;
  run = run_cli("adjudicate --json '" + kData + "/implied-orders.yaml'");
  const auto implied = entry_for(run.output, "added_orders", "A Kiel - Holland");
  EXPECT_EQ(implied.value("power", ""), "Germany") << run.output;
  EXPECT_EQ(implied.value("source", ""), "implied") << run.output;
  EXPECT_EQ(implied.value("result", ""), "succeeds") << run.output;
}

// Perpetual orders (4.E.4 a) stand in for the orders of units given none, are reported as such,
// and go on to the next game file with the house rule that allows them; refused under b.
TEST(Cli, PerpetualOrdersRepeatAndAreCarriedOn) {
  const std::string next = (fs::temp_directory_path() / "dipadj_perpetual_next.yaml").string();
  CliRun run = run_cli("adjudicate '" + kData + "/perpetual-orders.yaml' --next '" + next + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Italy: A Portugal Supports A Spain (perpetual)  -> succeeds"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("France: A Gascony - Spain  -> fails"), std::string::npos) << run.output;
  run = run_cli("adjudicate '" + next + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Fall 1905 Movement"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Italy: A Spain Supports A Portugal (perpetual)  -> succeeds"), std::string::npos) << run.output;
  run = run_cli("adjudicate '" + kData + "/perpetual-not-allowed.yaml'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("perpetual-not-allowed.yaml:8: perpetual orders are not allowed by the rules"), std::string::npos)
      << run.output;
}

// Several order sets from one power (4.D.1, 4.D.2): the orders a rule puts aside are reported
// with the reason, the others are adjudicated.
TEST(Cli, OrderSets) {
  CliRun run = run_cli("adjudicate '" + kData + "/order-sets.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("France: A Marseilles - Spain  -> illegal: a later order set of the power replaced this one"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("France: A Paris - Picardy  -> succeeds"), std::string::npos) << run.output;
  run = run_cli("adjudicate '" + kData + "/order-sets-adds.yaml'");
  EXPECT_NE(run.output.find("France: A Marseilles - Spain  -> succeeds"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("France: A Paris - Picardy  -> succeeds"), std::string::npos) << run.output;
  run = run_cli("adjudicate '" + kData + "/order-sets-replaces.yaml'");
  EXPECT_NE(run.output.find("France: A Marseilles - Spain  -> illegal: a later order set"), std::string::npos) << run.output;
  run = run_cli("adjudicate '" + kData + "/order-sets-combine.yaml'");
  EXPECT_NE(run.output.find("France: A Marseilles - Spain  -> succeeds"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("France: A Paris - Picardy  -> succeeds"), std::string::npos) << run.output;
  run = run_cli("adjudicate '" + kData + "/order-sets-latest.yaml'");
  EXPECT_NE(run.output.find("France: A Marseilles - Spain  -> illegal: a later order set"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("France: A Paris - Picardy  -> succeeds"), std::string::npos) << run.output;
  run = run_cli("adjudicate '" + kData + "/order-sets-unknown.yaml'");
  EXPECT_NE(run.output.find("France: A Paris - Picardy  -> illegal: the power sent several order sets"), std::string::npos)
      << run.output;
}

TEST(Cli, MalformedYamlPosition) {
  const CliRun run = run_cli("adjudicate '" + kData + "/malformed.yaml'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("malformed.yaml:5: YAML syntax error"), std::string::npos) << run.output;
}

TEST(Cli, UnknownProvinceInPosition) {
  const CliRun run = run_cli("adjudicate '" + kData + "/unknown-province.yaml'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("unknown-province.yaml:5: unit 'A Atlantis': unknown province 'atlantis'"), std::string::npos)
      << run.output;
}

TEST(Cli, GarbledOrder) {
  const CliRun run = run_cli("adjudicate '" + kData + "/garbled-order.yaml'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("garbled-order.yaml:7: order 'A Par jumps to Bur': expected an order"), std::string::npos)
      << run.output;
}

TEST(Cli, BrokenVariant) {
  const CliRun run = run_cli("validate '" + kData + "/broken-variant'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("map.yaml:10: asymmetric army adjacency"), std::string::npos) << run.output;
}

TEST(Cli, ImpossibleGameStatesAreRefused) {
  CliRun run = run_cli("adjudicate '" + kData + "/two-units.yaml'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("two-units.yaml:6: unit 'A Lon': London already holds a unit"), std::string::npos) << run.output;
  run = run_cli("adjudicate '" + kData + "/no-such-coast.yaml'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("no-such-coast.yaml:5: unit 'F Spain(ec)': Spain has no east coast (its coasts: north coast, south coast)"),
            std::string::npos)
      << run.output;
  run = run_cli("adjudicate '" + kData + "/bad-retreat.yaml'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("A Galicia cannot retreat to Moscow"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("A Galicia cannot retreat to Galicia"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("dislodged units belong to a retreat phase only"), std::string::npos) << run.output;
}

// A build that cannot be carried out is an illegal order with its reason, as any other: it used to
// refuse the whole file ("England has no free home centre to build in").
TEST(Cli, ABuildWithNothingDueOrNowhereToGoIsAnIllegalOrder) {
  CliRun run = run_cli("adjudicate '" + kData + "/build-without-centres.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("France: Build A Paris  -> illegal: the power has no builds"), std::string::npos) << run.output;
  run = run_cli("adjudicate '" + kData + "/build-no-free-home.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("England: Build F Norway  -> illegal: units are built only in home centres"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("England: Waive  -> succeeds"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("France: Build A Brest  -> succeeds"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("France: Build F Marseilles  -> succeeds"), std::string::npos) << run.output;
}

// A dislodged unit given without `retreats:` has them worked out from `attacker_from`, the map,
// the position and `standoffs:`; without `attacker_from` either, the file is refused (it used to
// have no options, and the unit was disbanded without a word).
TEST(Cli, ADislodgedUnitWithoutItsRetreatsHasThemWorkedOutOrIsRefused) {
  CliRun run = run_cli("orders '" + kData + "/retreats-worked-out.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  for (const char* option : {"A Galicia - Budapest", "A Galicia - Rumania", "A Galicia - Vienna", "A Galicia Disband"})
    EXPECT_NE(run.output.find(option), std::string::npos) << option << "\n" << run.output;
  for (const char* closed : {"A Galicia - Warsaw", "A Galicia - Bohemia", "A Galicia - Silesia", "A Galicia - Ukraine"})
    EXPECT_EQ(run.output.find(closed), std::string::npos) << closed << "\n" << run.output;
  run = run_cli("adjudicate '" + kData + "/retreats-worked-out.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("A Galicia - Bohemia  -> illegal"), std::string::npos) << run.output;
  run = run_cli("adjudicate '" + kData + "/retreats-missing.yaml'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("retreats-missing.yaml:10: dislodged unit 'A Galicia': give its 'retreats'"), std::string::npos)
      << run.output;
}

TEST(Cli, AdjudicateWritesTheNextGameFile) {
  const std::string next = (fs::temp_directory_path() / "dipadj_next_game.yaml").string();
  CliRun run = run_cli("adjudicate '" + kData + "/retreat-phase.yaml' --next '" + next + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("Austria: A Galicia - Budapest  -> succeeds"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Next phase: Winter 1901 Adjustments"), std::string::npos) << run.output;
  // The next game file is a game file: it loads and plays on (Russia builds in Warsaw, now free).
  std::string text;
  {
    std::ifstream in(next);
    std::stringstream all;
    all << in.rdbuf();
    text = all.str();
  }
  EXPECT_NE(text.find("phase: Winter 1901 Adjustments"), std::string::npos) << text;
  EXPECT_NE(text.find("Austria: [A Budapest, A Serbia]"), std::string::npos) << text;
  const auto orders_at = text.find("orders: {}");
  ASSERT_NE(orders_at, std::string::npos);
  text.replace(orders_at, 10, "orders:\n  Russia: [Build A Warsaw]\n");
  std::ofstream(next) << text;
  run = run_cli("adjudicate '" + next + "' --json");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(entry_for(run.output, "orders", "Build A Warsaw").value("result", ""), "succeeds") << run.output;
  EXPECT_EQ(nlohmann::json::parse(run.output, nullptr, false).value("next_phase", ""), "Spring 1902 Movement") << run.output;
  fs::remove(next);
}

TEST(Cli, PlaysTheBundledYear) {
  const CliRun run = run_cli("play '" + std::string(DIPADJ_DATC_DIR) + "/../variants/standard/examples/year-1901.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("England: A Yorkshire - Norway via Convoy  -> succeeds"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Austria: A Galicia - Budapest  -> succeeds"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("France (6): Belgium, Brest, Marseilles, Paris, Portugal, Spain"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Next phase: Spring 1902 Movement"), std::string::npos) << run.output;
}

// Hundred (variants/hundred): four years of a vDiplomacy game, each position checked by the record.
TEST(Cli, PlaysTheBundledHundredGame) {
  const CliRun run = run_cli("play '" + std::string(DIPADJ_VARIANTS_DIR) + "/hundred/examples/1425-1440.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("1435 Movement\n  England: A Guyenne Hold"), std::string::npos) << run.output;  // no adjustments after 1425
  EXPECT_NE(run.output.find("France: Remove A Limousin  -> succeeds"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Burgundy: A Calais - Anglia  -> succeeds"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("England (6): Brittany, Devon, Guyenne, London, Normandy, Toulouse"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Next phase: 1445 Movement"), std::string::npos) << run.output;
}

// Hundred builds in any owned centre: England builds in Brittany, a neutral centre it took.
TEST(Cli, HundredBuildsInACapturedCentre) {
  const CliRun run = run_cli("adjudicate '" + std::string(DIPADJ_VARIANTS_DIR) + "/hundred/examples/1440-adjustments.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("England: Build F Brittany  -> succeeds"), std::string::npos) << run.output;
}

TEST(Cli, ImportsADpjudgeMap) {
  const dipadj::testing::ScratchDirectory scratch;
  const auto folder = scratch.path / "tiny";
  const CliRun run = run_cli("import '" + kData + "/import/dpjudge/tiny.map' -o '" + folder.string() + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("tiny.geography:25: 'mtn' is impassable (DPjudge's SHUT"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find(": 8 provinces, 2 powers: validates"), std::string::npos) << run.output;
  EXPECT_EQ(run_cli("validate '" + folder.string() + "'").exit_code, 0);
  // Files already there are kept unless --force.
  EXPECT_EQ(run_cli("import '" + kData + "/import/dpjudge/tiny.map' -o '" + folder.string() + "'").exit_code, 1);
  EXPECT_EQ(run_cli("import '" + kData + "/import/dpjudge/tiny.map' -o '" + folder.string() + "' --force").exit_code, 0);
  std::filesystem::remove_all(folder);
  const CliRun garbled = run_cli("import '" + kData + "/import/bad/garbled.map' -o '" + folder.string() + "' --from dpjudge");
  EXPECT_EQ(garbled.exit_code, 1);
  EXPECT_NE(garbled.output.find("garbled.map:4: cannot understand"), std::string::npos) << garbled.output;
  const CliRun not_a_map = run_cli("import '" + kData + "/jdip/sample.txt' -o '" + folder.string() + "'");
  EXPECT_EQ(not_a_map.exit_code, 1);
  EXPECT_NE(not_a_map.output.find("not a map file this importer reads"), std::string::npos) << not_a_map.output;
  EXPECT_EQ(run_cli("import '" + kData + "/import/tiny-mila.map' -o '" + folder.string() + "' --from parlance").exit_code, 2);
  const CliRun not_xml = run_cli("import '" + kData + "/import/tiny-mila.map' -o '" + folder.string() + "' --from jdip");
  EXPECT_EQ(not_xml.exit_code, 1);
  EXPECT_NE(not_xml.output.find("tiny-mila.map:1: not well-formed XML"), std::string::npos) << not_xml.output;
}

TEST(Cli, ImportsAJdipVariant) {
  const dipadj::testing::ScratchDirectory scratch;
  const auto folder = scratch.path / "tiny-builds";
  const CliRun run = run_cli("import '" + kData + "/import/jdip/variants.xml' -o '" + folder.string() + "' --variant tiny_builds");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("variants.xml:40: builds in any owned centre"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("(from jdip)"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find(": 9 provinces, 2 powers: validates"), std::string::npos) << run.output;
  EXPECT_EQ(run_cli("validate '" + folder.string() + "'").exit_code, 0);
  const CliRun unnamed = run_cli("import '" + kData + "/import/bad-jdip/two_variants.xml' -o '" + folder.string() + "' --force");
  EXPECT_EQ(unnamed.exit_code, 1);
  EXPECT_NE(unnamed.output.find("two_variants.xml:3: the file holds 2 variants and marks none default: choose one with --variant (First, Second)"),
            std::string::npos)
      << unnamed.output;
  EXPECT_EQ(run_cli("import '" + kData + "/import/dpjudge/tiny.map' -o '" + folder.string() + "' --force --variant x").exit_code, 1);
}

TEST(Cli, RunsJdipCaseFiles) {
  const CliRun run = run_cli("datc '" + kData + "/jdip/sample.txt'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("4 passed, 0 failed"), std::string::npos) << run.output;
  // A case without END is skipped with a warning; the status stays 0.
  const CliRun skipped = run_cli("datc '" + kData + "/jdip/variations.txt'");
  EXPECT_EQ(skipped.exit_code, 0) << skipped.output;
  EXPECT_NE(skipped.output.find("warning: " + kData + "/jdip/variations.txt:50: the case 'var-4"), std::string::npos) << skipped.output;
  EXPECT_NE(skipped.output.find("9 passed, 0 failed\n1 warning(s), see above"), std::string::npos) << skipped.output;
}

TEST(Cli, UnknownCommandAndMissingFile) {
  EXPECT_EQ(run_cli("frobnicate").exit_code, 2);
  const CliRun run = run_cli("adjudicate /nonexistent/position.yaml");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("/nonexistent/position.yaml: no such file"), std::string::npos) << run.output;
}

// One command-line style: every command answers --help with its synopsis, arguments and options
// (exit 0, on standard output); a missing argument or an unknown option is a usage error (exit 2)
// with a hint; an unknown command suggests the one meant.
TEST(Cli, EveryCommandHasTheSameHelpAndUsageErrors) {
  for (const char* command : {"adjudicate", "batch", "play", "datc", "validate", "variants", "rules", "paths"}) {
    SCOPED_TRACE(command);
    CliRun run = run_cli(std::string(command) + " --help");
    EXPECT_EQ(run.exit_code, 0) << run.output;
    EXPECT_NE(run.output.find(std::string("usage: dipadj ") + command), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("-h [ --help ]"), std::string::npos) << run.output;
    run = run_cli(std::string(command) + " --no-such-option");
    EXPECT_EQ(run.exit_code, 2) << run.output;
    EXPECT_NE(run.output.find("unknown option '--no-such-option'"), std::string::npos) << run.output;
  }
  CliRun run = run_cli("adjudicate --help");
  EXPECT_NE(run.output.find("Arguments:\n  GAME"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("--rule KEY=CHOICE"), std::string::npos) << run.output;
  run = run_cli("adjudicate");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("GAME is missing\nusage: dipadj adjudicate GAME [options]"), std::string::npos) << run.output;
  run = run_cli("datc --help");
  EXPECT_NE(run.output.find("usage: dipadj datc [FILE...] [options]"), std::string::npos) << run.output;
  run = run_cli("adjudicate '" + kData + "/no-unit-type.yaml' --jsn");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("did you mean '--json'?"), std::string::npos) << run.output;
  run = run_cli("adjudcate x.yaml");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("unknown command 'adjudcate'; did you mean 'adjudicate'?"), std::string::npos) << run.output;
  run = run_cli("");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("usage: dipadj COMMAND"), std::string::npos) << run.output;
  run = run_cli("--help");
  EXPECT_EQ(run.exit_code, 0);
  for (const char* command : {"adjudicate", "batch", "play", "datc", "validate", "variants", "rules", "paths"})
    EXPECT_NE(run.output.find(std::string("  ") + command + " "), std::string::npos) << command << "\n" << run.output;
  run = run_cli("--version");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_NE(run.output.find("dipadj 0."), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("plugin interface " + std::to_string(dipadj::kPluginInterfaceVersion)), std::string::npos) << run.output;
}

TEST(Cli, VariantsListsTheBundledOnesWithTheirTitles) {
  const CliRun run = run_cli("variants");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  for (const char* line : {"  standard                    Diplomacy (Standard map, 2000 rulebook)", "  colonial ", "  loeb9 ",
                           "  1898 ", "  chaos ", "  amber ", "  random ", "  standard-convoyable-coasts ",
                           "  hundred "})
    EXPECT_NE(run.output.find(line), std::string::npos) << line << "\n" << run.output;
}

// --profile and --rule on adjudicate and play, as on datc: applied before the orders are read.
TEST(Cli, RulesCanBeSetOnTheCommandLineOfEveryCommand) {
  // 4.C.1 missing unit type: valid by default (b), invalid under a.
  const std::string game = "'" + kData + "/no-unit-type.yaml'";
  CliRun run = run_cli("adjudicate " + game);
  EXPECT_NE(run.output.find("France: Paris - Burgundy  -> succeeds"), std::string::npos) << run.output;
  run = run_cli("adjudicate " + game + " --rule missing_unit_type=order_invalid");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("France: Paris - Burgundy  -> illegal: the order does not say army or fleet"), std::string::npos) << run.output;
  run = run_cli("adjudicate " + game + " --rule missing_unit_typ=a");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("no rule option 'missing_unit_typ'; did you mean 'missing_unit_type'?"), std::string::npos)
      << run.output;
  run = run_cli("adjudicate " + game + " --rule missing_unit_type=sometimes");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("'sometimes' is not a choice of missing_unit_type"), std::string::npos) << run.output;
  run = run_cli("adjudicate " + game + " --profile no-such-profile");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  run = run_cli("play '" + std::string(DIPADJ_VARIANTS_DIR) + "/standard/examples/year-1901.yaml' --profile rulebook-2023");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  run = run_cli("rules --rule convoy_paradox=all_hold");
  EXPECT_NE(run.output.find("convoy_paradox                      e all_hold"), std::string::npos) << run.output;
}

// A file of another kind is told so, and nothing more about it; a map in pieces is reported by
// validate.
TEST(Cli, AFileOfTheWrongKindAndAMapInPieces) {
  CliRun run = run_cli("adjudicate '" + std::string(DIPADJ_VARIANTS_DIR) + "/standard/map.yaml'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("this is a map file (format dipadj-map/1), not a game file (dipadj-game/1)"), std::string::npos)
      << run.output;
  EXPECT_EQ(run.output.find("unknown key"), std::string::npos) << run.output;
  run = run_cli("validate '" + kData + "/cut-off-map'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("province 'f' has no neighbour"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("provinces d, e (2) are cut off from the rest of the map"), std::string::npos) << run.output;
}

// "-" is standard input wherever a file is read.
TEST(Cli, StandardInputIsADash) {
  CliRun run = run_cli("adjudicate - < '" + std::string(DIPADJ_VARIANTS_DIR) + "/standard/examples/spring-1901.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("France: A Paris - Burgundy  -> succeeds"), std::string::npos) << run.output;
  run = run_cli("adjudicate - --in-place < '" + std::string(DIPADJ_VARIANTS_DIR) + "/standard/examples/spring-1901.yaml'");
  EXPECT_EQ(run.exit_code, 2) << run.output;
  run = run_cli("datc - < '" + std::string(DIPADJ_DATC_DIR) + "/v2.4/6.A.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("12 passed, 0 failed"), std::string::npos) << run.output;
  run = run_cli("datc - < '" + kData + "/jdip/sample.txt'");  // jDip's format, sniffed from the text
  EXPECT_EQ(run.exit_code, 0) << run.output;
  run = run_cli("play - < '" + std::string(DIPADJ_VARIANTS_DIR) + "/standard/examples/year-1901.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
}

// dipadj batch: a result line per game line, in order, each the object adjudicate --json prints;
// a bad line gets its error line and the others go on; the same with one thread or two.
TEST(Cli, BatchAnswersEveryLineInOrder) {
  const fs::path directory = fs::temp_directory_path() / ("dipadj_batch_" + std::to_string(::getpid()));
  fs::create_directories(directory);
  std::ifstream game_file(std::string(DIPADJ_VARIANTS_DIR) + "/../examples/c/spring-1901.json");
  const nlohmann::json game = nlohmann::json::parse(game_file);
  nlohmann::json bounce = game;
  bounce["orders"] = {{"France", {"A Par - Bur"}}, {"Germany", {"A Mun - Bur"}}};
  nlohmann::json two_in_one = game;
  two_in_one["units"]["France"].push_back("A Paris");
  const std::vector<std::string> lines{game.dump(), "{not json", bounce.dump(), "", R"({"format": "dipadj-game/1", "variant": "nosuch"})",
                                       two_in_one.dump(), game.dump()};
  {
    std::ofstream out(directory / "games.jsonl");
    for (const auto& line : lines) out << line << "\n";
    std::ofstream(directory / "game.json") << game.dump(2);
    std::ofstream(directory / "bounce.json") << bounce.dump(2);
  }
  CliRun one = run_cli("batch --threads 1 games.jsonl", directory.string());
  CliRun two = run_cli("batch --threads 2 - < games.jsonl", directory.string());
  EXPECT_EQ(one.exit_code, 1) << one.output;
  EXPECT_EQ(two.exit_code, 1) << two.output;
  auto results = [](const std::string& output) {
    std::vector<nlohmann::json> out;
    std::istringstream in(output);
    for (std::string line; std::getline(in, line);)
      if (!line.empty() && line[0] == '{') out.push_back(nlohmann::json::parse(line));
    return out;
  };
  const auto first = results(one.output), second = results(two.output);
  ASSERT_EQ(first.size(), 6u) << one.output;  // the blank line gives none
  ASSERT_EQ(second.size(), 6u) << two.output;
  for (std::size_t i = 0; i < first.size(); ++i) {
    EXPECT_EQ(first[i].value("phase", ""), second[i].value("phase", "")) << i;
    EXPECT_EQ(first[i].contains("error"), second[i].contains("error")) << i;
  }
  const auto single = nlohmann::json::parse(run_cli("adjudicate --json game.json", directory.string()).output);
  const auto bounced = nlohmann::json::parse(run_cli("adjudicate --json bounce.json", directory.string()).output);
  EXPECT_EQ(first[0], single);
  EXPECT_EQ(first[2], bounced);
  EXPECT_EQ(first[5], single);
  EXPECT_EQ(second[0], single);
  EXPECT_EQ(first[1].value("line", 0), 2);
  EXPECT_NE(first[1].value("error", "").find("not JSON"), std::string::npos) << first[1];
  EXPECT_EQ(first[1].value("file", ""), "games.jsonl");
  EXPECT_EQ(first[3].value("line", 0), 5);
  EXPECT_NE(first[3].value("error", "").find("no variant of that name"), std::string::npos) << first[3];
  EXPECT_NE(first[4].value("error", "").find("Paris already holds a unit"), std::string::npos) << first[4];
  EXPECT_FALSE(second[1].contains("file"));
  EXPECT_NE(one.output.find("dipadj batch: 6 games, 3 failed"), std::string::npos) << one.output;
  fs::remove_all(directory);
}

}  // namespace

namespace {

TEST(Cli, ACaseWithoutAnIdIsNamedByItsLine) {
  const dipadj::testing::ScratchDirectory scratch;
  const auto file = scratch.path / "cases.yaml";
  std::ofstream(file) << "format: dipadj-cases/1\nvariant: standard\ncases:\n  - title: no id here\n    orders: {}\n"
                         "  - id: [1, 2]\n    title: an id that is a list\n";
  const CliRun run = run_cli("datc '" + file.string() + "'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("line 4     ERROR no id here"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("line 6     ERROR an id that is a list"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("2 case(s) could not be read"), std::string::npos) << run.output;
}

}  // namespace

namespace {

// `dipadj datc` takes folders (every case file below, in name order), runs every bundled case file
// when given none, and finds a file named relative to the bundled DATC folder when it is not here.
TEST(Cli, DatcRunsFoldersAndTheBundledSuites) {
  CliRun run = run_cli("datc '" + std::string(DIPADJ_DATC_DIR) + "/v2.4'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("254 passed, 0 failed"), std::string::npos) << run.output.substr(run.output.size() - 300);
  run = run_cli("datc --failures");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find(" passed, 0 failed"), std::string::npos) << run.output;
  const dipadj::testing::ScratchDirectory scratch;
  run = run_cli("datc v2.4/6.A.yaml", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("v2.4/6.A.yaml is not here; reading the bundled "), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("6.A.1 "), std::string::npos) << run.output;
  fs::create_directory(scratch.path / "empty");
  run = run_cli("datc empty", scratch.path.string());
  EXPECT_NE(run.output.find("no case file in empty"), std::string::npos) << run.output;
}

// A misspelt profile is named by its option and the one meant is suggested.
TEST(Cli, AMisspeltProfileNamesTheOptionAndSuggests) {
  const CliRun run = run_cli("adjudicate '" + kData + "/two-units.yaml' --profile rulebook1971");
  EXPECT_NE(run.exit_code, 0);
  EXPECT_NE(run.output.find("--profile: unknown rule profile 'rulebook1971'"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("did you mean 'rulebook-1971'?"), std::string::npos) << run.output;
}

}  // namespace

namespace {

// A VARIANT argument: a name on the search path first; a folder here when the name is not found
// there (said so), and which one was taken when both exist; "did you mean" for a slip.
TEST(Cli, AVariantArgumentSaysWhichVariantItTook) {
  const dipadj::testing::ScratchDirectory scratch;
  fs::copy(fs::path(DIPADJ_VARIANTS_DIR) / "amber", scratch.path / "mine", fs::copy_options::recursive);
  CliRun run = run_cli("validate mine", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("no variant 'mine' on the search path: taking the folder ./mine here"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("amber: 16 provinces"), std::string::npos) << run.output;
  fs::copy(fs::path(DIPADJ_VARIANTS_DIR) / "amber", scratch.path / "standard", fs::copy_options::recursive);
  run = run_cli("validate standard", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("'standard' is the variant of that name on the search path, not the folder here"), std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("standard: 75 provinces"), std::string::npos) << run.output;
  run = run_cli("validate chaoss", scratch.path.string());
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("did you mean 'chaos'?"), std::string::npos) << run.output;
}

}  // namespace

namespace {

// The title may say "2000 rulebook"; under other rules a line under it says which.
TEST(Cli, TheResultsSayWhichRulesTheyWereJudgedBy) {
  const std::string game = std::string(DIPADJ_VARIANTS_DIR) + "/standard/examples/spring-1901.yaml";
  CliRun run = run_cli("adjudicate '" + game + "' --profile rulebook-1971");
  EXPECT_NE(run.output.find("Diplomacy (Standard map, 2000 rulebook)\nRules: the rulebook-1971 profile\n"), std::string::npos) << run.output;
  run = run_cli("adjudicate '" + game + "' --rule convoy_paradox=all_hold");
  EXPECT_NE(run.output.find("\nRules: custom (4.A.2 convoy_paradox: all_hold)\n"), std::string::npos) << run.output;
  run = run_cli("adjudicate '" + game + "'");
  EXPECT_EQ(run.output.find("Rules:"), std::string::npos) << run.output;
}

}  // namespace

namespace {

// batch --with-next: each result holds the next phase's game file, which batch reads again; a
// game written over several lines is answered line by line as "not JSON", with a word on why.
TEST(Cli, BatchGoesOnFromItsOwnOutputAndSaysWhenAGameSpansLines) {
  const dipadj::testing::ScratchDirectory scratch;
  std::string game;
  {
    std::ifstream in(fs::path(DIPADJ_VARIANTS_DIR).parent_path() / "examples" / "c" / "spring-1901.json");
    for (std::string line; std::getline(in, line);) game += line;
  }
  std::ofstream(scratch.path / "one.jsonl") << game << "\n";
  CliRun run = run_cli("batch one.jsonl --with-next", scratch.path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const auto result = nlohmann::json::parse(run.output.substr(0, run.output.find('\n')));
  ASSERT_TRUE(result.contains("next_game")) << run.output;
  EXPECT_EQ(result["next_game"]["phase"], "Fall 1901 Movement");
  EXPECT_EQ(result["next_game"]["units"], result["units"]);
  std::ofstream(scratch.path / "two.jsonl") << result["next_game"].dump() << "\n";
  run = run_cli("batch two.jsonl", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(nlohmann::json::parse(run.output.substr(0, run.output.find('\n')))["phase"], "Fall 1901 Movement");
  std::ofstream(scratch.path / "pretty.json") << "{\n  \"format\": \"dipadj-game/1\",\n  \"variant\": \"standard\"\n}\n";
  run = run_cli("batch pretty.json", scratch.path.string());
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("4 line(s) were not JSON: batch reads one game per line"), std::string::npos) << run.output;
}

}  // namespace

namespace {

// A case may choose map options of its own; the file's are the default.
TEST(Cli, ACaseChoosesMapOptionsOfItsOwn) {
  const CliRun run = run_cli("datc '" + kData + "/cases/per-case-map-options.yaml'");
  EXPECT_NE(run.output.find("without-causeway pass"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("with-causeway pass"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("unknown-option ERROR"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("the map has no option 'bridge' (it has: causeway)"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("per-case-map-options.yaml:29: cannot use these map options of 'amber'"), std::string::npos) << run.output;
}

}  // namespace

namespace {

// A misspelt rule key or choice in a game file gets the one meant, as --rule and command names do.
TEST(Cli, AMisspeltRuleInAFileSuggestsTheOneMeant) {
  const CliRun run = run_cli("adjudicate '" + kData + "/rules-misspelt.yaml'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("rules-misspelt.yaml:4: unknown rule option 'convoy_paradx'; did you mean 'convoy_paradox'?"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("did you mean 'intent_with_land_fallback'? allowed: a (convoy_route_always)"), std::string::npos)
      << run.output;
}

// An order read only by correcting it says what it was read as, in the text of adjudicate and
// play and in the JSON results; an abbreviation in another case is read as written (issue 33).
TEST(Cli, AnOrderReadWithACorrectionSaysWhatItWasReadAs) {
  for (const char* command : {"adjudicate", "play"}) {
    const std::string file = std::string(command) == "play" ? "/read-as-record.yaml" : "/read-as.yaml";
    const CliRun run = run_cli(std::string(command) + " '" + kData + file + "'");
    EXPECT_EQ(run.exit_code, 0) << run.output;
    EXPECT_NE(run.output.find("France: A Paris - Burgundyy (read as A Paris - Burgundy)  -> succeeds"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("Russia: F Rum - Bu. (read as F Rumania - Bulgaria)  -> succeeds"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("France: A Marseilles - Gascony  -> succeeds"), std::string::npos) << run.output;
  }
  const CliRun run = run_cli("adjudicate --json '" + kData + "/read-as.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(entry_for(run.output, "orders", "A Paris - Burgundy").value("read_as", ""), "A Paris - Burgundy") << run.output;
  EXPECT_EQ(entry_for(run.output, "orders", "F Rumania - Bulgaria").value("read_as", ""), "F Rumania - Bulgaria") << run.output;
  EXPECT_FALSE(entry_for(run.output, "orders", "A Marseilles - Gascony").contains("read_as")) << run.output;
  const CliRun play = run_cli("play --json '" + kData + "/read-as-record.yaml'");
  EXPECT_EQ(play.exit_code, 0) << play.output;
  EXPECT_NE(play.output.find("\"read_as\": \"A Paris - Burgundy\""), std::string::npos) << play.output;
}

// An order that may mean several orders names them; a coast the destination does not have is
// named, with the coasts it has (issue 33).
TEST(Cli, AnUnclearOrderAndAMissingCoastAreToldInTheOrdersOwnNames) {
  const CliRun run = run_cli("adjudicate '" + kData + "/unclear-and-coast.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("France: A Par - Bru  -> illegal: the order may mean A Paris - Brest or A Paris - Burgundy (4.E.2): "
                            "the unit holds"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("France: F Mid-Atlantic Ocean - Spain  -> illegal: Spain has no east coast (its coasts: north coast, "
                            "south coast)"),
            std::string::npos)
      << run.output;
  const CliRun json = run_cli("adjudicate --json '" + kData + "/unclear-and-coast.yaml'");
  EXPECT_EQ(entry_for(json.output, "orders", "F Mid-Atlantic Ocean - Spain").value("reason_code", ""), "missing_coast") << json.output;
  EXPECT_NE(json.output.find("\"reason\": \"the order may mean A Paris - Brest or A Paris - Burgundy (4.E.2): the unit holds\""),
            std::string::npos)
      << json.output;
  // play lists an unclear order with its own result, and the next order with its own (it used to
  // leave the unclear one out and show the results one order off).
  const CliRun play = run_cli("play '" + kData + "/unclear-record.yaml'");
  EXPECT_EQ(play.exit_code, 0) << play.output;
  EXPECT_NE(play.output.find("France: A Par - Bru  -> illegal: the order may mean A Paris - Brest or A Paris - Burgundy"),
            std::string::npos)
      << play.output;
  EXPECT_NE(play.output.find("France: A Marseilles - Gascony  -> succeeds"), std::string::npos) << play.output;
}

// A variant whose map file is missing is told at the line of the variant file that names it.
TEST(Cli, AMissingMapIsToldAtTheLineThatNamesIt) {
  const CliRun run = run_cli("validate '" + kData + "/map-missing'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("map-missing/variant.yaml:5: map 'no-such-map.yaml' cannot be read: "), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("no-such-map.yaml: no such file"), std::string::npos) << run.output;
}

// Build sites listed per power (build_sites: listed_sites), and the build-anywhere plugin, which the
// Chaos variant no longer uses (it has the settings), still working for a variant naming it.
TEST(Cli, ListedBuildSitesAndTheBuildAnywherePluginPlay) {
  CliRun run = run_cli("datc '" + kData + "/build-sites/cases.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("3 passed, 0 failed"), std::string::npos) << run.output;
  run = run_cli("datc '" + kData + "/build-anywhere/cases.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("3 passed, 0 failed"), std::string::npos) << run.output;
}

TEST(Cli, BuildSitesThatAreNoCentresAreToldAtTheirLine) {
  const CliRun run = run_cli("validate '" + kData + "/build-sites/bad/variant.yaml'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  for (const char* message : {"bad/variant.yaml:11: build site 'yor' is not a supply centre",
                              "bad/variant.yaml:11: unknown build site 'atlantis'",
                              "bad/variant.yaml:11: build site 'edi' is listed twice"})
    EXPECT_NE(run.output.find(message), std::string::npos) << message << "\n" << run.output;
}

// `dipadj rules` shows the variant's own settings with where they came from, and --rule sets them.
TEST(Cli, BuildSiteSettingsAreRulesWithTheirSource) {
  CliRun run = run_cli("rules --variant chaos");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("build_sites"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("owned_centres"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("chaos/variant.yaml"), std::string::npos) << run.output;
  run = run_cli("rules --variant standard --rule build_sites=any_home_centre");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("any_home_centre"), std::string::npos) << run.output;
}

// A victory lead of 0, and a last year that is no year, are told at their line.
TEST(Cli, ABadVictoryLeadOrLastYearIsToldAtItsLine) {
  const CliRun run = run_cli("adjudicate '" + kData + "/victory/bad-lead.yaml'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("bad-lead.yaml:4: '0' is not a value of victory_lead: a whole number from 1 to 100000, or none"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("bad-lead.yaml:4: 'soon' is not a value of last_year"), std::string::npos) << run.output;
}

// A mobilizing variant: the first builds are chosen, one each (datc/variant-rules/mobilize.yaml has
// the cases); a start that cannot mobilize is told at its line.
TEST(Cli, AMobilizingStartIsAnAdjustmentPhaseOnAnEmptyBoard) {
  CliRun run = run_cli("adjudicate '" + std::string(DIPADJ_VARIANTS_DIR) + "/1898-mobilize/examples/first-builds.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("England (1): Edinburgh\n"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Next phase: Spring 1899 Movement"), std::string::npos) << run.output;
  run = run_cli("validate '" + kData + "/mobilize-bad/variant.yaml'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("variant.yaml:15: a mobilizing start must be an adjustment phase"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("variant.yaml:15: a mobilizing start has no units"), std::string::npos) << run.output;
}

}  // namespace
