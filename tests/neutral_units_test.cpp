// Neutral units (issue 28, docs/variant-rules.md): read and written back in game files, reported in
// the results, left out of the legal orders, drawn in their own colour, refused with the file and
// line where they cannot stand. The rules themselves are cases: datc/variant-rules/neutral-units.yaml.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli_run.hpp"
#include "scratch_directory.hpp"

namespace {

namespace fs = std::filesystem;

using dipadj::testing::CliRun;
using dipadj::testing::run_cli;

const fs::path kData = fs::path(DIPADJ_TEST_DATA) / "neutral-units";

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_text(const fs::path& file, const std::string& text) { std::ofstream(file) << text; }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(NeutralUnits, AGameFileWithNeutralUnitsIsPlayedAndWrittenBack) {
  const dipadj::testing::ScratchDirectory scratch;
  const fs::path next = scratch.path / "next.yaml";
  CliRun run = run_cli("adjudicate '" + (kData / "game.yaml").string() + "' --next '" + next.string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(contains(run.output, "Germany: A Holland Supports A Belgium  -> succeeds")) << run.output;
  EXPECT_TRUE(contains(run.output, "France: A Burgundy - Belgium  -> fails")) << run.output;
  EXPECT_TRUE(contains(run.output, "  Neutral: A Belgium, A Denmark\n")) << run.output;
  const std::string written = read_text(next);
  EXPECT_TRUE(contains(written, "  Neutral: [A Belgium, A Denmark]\n")) << written;
  EXPECT_TRUE(contains(written, "neutral_units_rebuilt: never")) << written;
  // The file written is read again as it was written.
  run = run_cli("adjudicate '" + next.string() + "' --json");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const auto result = nlohmann::json::parse(run.output, nullptr, false);
  ASSERT_FALSE(result.is_discarded()) << run.output;
  EXPECT_EQ(result["units"]["Neutral"], nlohmann::json({"A Belgium", "A Denmark"})) << run.output;
}

// Dislodged, a neutral unit has no retreat: the results list it as dislodged with no retreats and
// as disbanded, under the power "Neutral", and the game goes on without a retreat phase.
TEST(NeutralUnits, ADislodgedNeutralUnitIsReportedDisbanded) {
  const dipadj::testing::ScratchDirectory scratch;
  write_text(scratch.path / "game.yaml",
             "format: dipadj-game/1\nvariant: standard-neutral\nphase: Spring 1901 Movement\n"
             "units:\n  France: [A Burgundy, A Picardy]\n  Neutral: [A Belgium]\n"
             "orders:\n  France: [A Bur - Bel, A Pic S A Bur - Bel]\n");
  const CliRun run = run_cli("adjudicate game.yaml --json", scratch.path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const auto result = nlohmann::json::parse(run.output, nullptr, false);
  ASSERT_FALSE(result.is_discarded()) << run.output;
  ASSERT_EQ(result["dislodged"].size(), 1u) << run.output;
  EXPECT_EQ(result["dislodged"][0]["power"], "Neutral");
  EXPECT_EQ(result["dislodged"][0]["retreats"], nlohmann::json::array());
  ASSERT_EQ(result["disbanded"].size(), 1u) << run.output;
  EXPECT_EQ(result["disbanded"][0]["unit"], "A Belgium");
  EXPECT_FALSE(result["units"].contains("Neutral")) << run.output;
  EXPECT_EQ(result["next_phase"], "Fall 1901 Movement");
}

// A neutral unit put back on its empty centre is reported, in the text and in the JSON, by the
// phase whose end changed the centres' hands.
TEST(NeutralUnits, ARebuiltNeutralUnitIsReported) {
  const dipadj::testing::ScratchDirectory scratch;
  write_text(scratch.path / "game.yaml",
             "format: dipadj-game/1\nvariant: standard-neutral\nphase: Fall 1901 Movement\n"
             "units:\n  Germany: [A Holland]\n"
             "  Neutral: [A Bel, A Bul, A Den, A Gre, A Nor, A Por, A Rum, A Ser, A Spa, A Swe, A Tun]\n"
             "orders:\n  Germany: [A Hol - Ruh]\n");
  CliRun run = run_cli("adjudicate game.yaml --json", scratch.path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const auto result = nlohmann::json::parse(run.output, nullptr, false);
  ASSERT_FALSE(result.is_discarded()) << run.output;
  ASSERT_EQ(result["rebuilt"].size(), 1u) << run.output;
  EXPECT_EQ(result["rebuilt"][0]["power"], "Neutral");
  EXPECT_EQ(result["rebuilt"][0]["unit"], "A Holland");
  run = run_cli("adjudicate game.yaml", scratch.path.string());
  EXPECT_TRUE(contains(run.output, "  rebuilt: Neutral A Holland\n")) << run.output;
  // A phase that rebuilds nothing writes no such key: results read as they did before the setting.
  run = run_cli("adjudicate '" + (kData / "game.yaml").string() + "' --json");
  EXPECT_FALSE(contains(run.output, "\"rebuilt\"")) << run.output;
}

TEST(NeutralUnits, AnOrderToANeutralUnitIsIllegalWithItsReason) {
  const dipadj::testing::ScratchDirectory scratch;
  write_text(scratch.path / "game.yaml",
             "format: dipadj-game/1\nvariant: standard-neutral\nphase: Spring 1901 Movement\n"
             "units:\n  France: [A Burgundy]\n  Neutral: [A Belgium]\norders:\n  France: [A Bel - Pic]\n");
  const CliRun run = run_cli("adjudicate game.yaml --json", scratch.path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const auto result = nlohmann::json::parse(run.output, nullptr, false);
  ASSERT_FALSE(result.is_discarded()) << run.output;
  EXPECT_EQ(result["orders"][0]["result"], "illegal");
  EXPECT_EQ(result["orders"][0]["reason_code"], "neutral_unit");
}

// Nobody has orders for a neutral unit; a power's support of one is listed without nationality.
TEST(NeutralUnits, LegalOrdersHaveNoneForNeutralUnits) {
  const CliRun run = run_cli("orders '" + (kData / "game.yaml").string() + "' --json");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const auto listed = nlohmann::json::parse(run.output, nullptr, false);
  ASSERT_FALSE(listed.is_discarded()) << run.output;
  EXPECT_FALSE(listed["powers"].contains("Neutral")) << run.output;
  for (const auto& [power, choices] : listed["powers"].items()) {
    EXPECT_FALSE(choices["units"].contains("A Belgium")) << power;
    EXPECT_FALSE(choices["units"].contains("A Denmark")) << power;
  }
  const auto& holland = listed["powers"]["Germany"]["units"]["A Holland"];
  EXPECT_NE(std::find(holland.begin(), holland.end(), "A Holland Supports A Belgium"), holland.end()) << holland.dump();
}

TEST(NeutralUnits, NeutralUnitsAreDrawnInTheirOwnColour) {
  const dipadj::testing::ScratchDirectory scratch;
  const fs::path svg = scratch.path / "game.svg";
  const CliRun run = run_cli("draw '" + (kData / "game.yaml").string() + "' -o '" + svg.string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const std::string picture = read_text(svg);
  EXPECT_TRUE(contains(picture, "data-power=\"Neutral\" data-province=\"bel\"")) << picture.substr(0, 2000);
  EXPECT_TRUE(contains(picture, "#b8b8b8"));
  EXPECT_TRUE(contains(picture, "Neutral: 2 units"));
}

TEST(NeutralUnits, NeutralUnitsWhereTheyCannotStandAreToldAtTheirLine) {
  CliRun run = run_cli("validate '" + (kData / "bad" / "variant.yaml").string() + "'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(contains(run.output, "bad/variant.yaml:11: neutral unit 'A North Sea': an army cannot stand in North Sea")) << run.output;
  EXPECT_TRUE(contains(run.output, "bad/variant.yaml:11: neutral unit 'F Munich': a fleet cannot stand in Munich")) << run.output;
  run = run_cli("adjudicate '" + (kData / "at-sea.yaml").string() + "'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(contains(run.output, "at-sea.yaml:6: neutral unit 'A North Sea': an army cannot stand in North Sea")) << run.output;
}

// A proxy is a power's order handed on: a neutral unit has no power to hand it on.
TEST(NeutralUnits, AProxyOfANeutralUnitIsRefused) {
  const dipadj::testing::ScratchDirectory scratch;
  write_text(scratch.path / "game.yaml",
             "format: dipadj-game/1\nvariant: standard-neutral\nphase: Spring 1901 Movement\nrules: {proxy_orders: allowed_notified}\n"
             "units:\n  France: [A Burgundy]\n  Neutral: [A Belgium]\nproxies:\n  - {unit: A Belgium, to: France}\norders: {}\n");
  const CliRun run = run_cli("adjudicate game.yaml", scratch.path.string());
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(contains(run.output, "game.yaml:9: proxy unit 'A Belgium' is neutral")) << run.output;
}

// A Flying Dutchman (4.E.6) is removed by its power's civil-disorder rules: a neutral one is refused.
TEST(NeutralUnits, ANeutralFlyingDutchmanIsRefused) {
  const dipadj::testing::ScratchDirectory scratch;
  write_text(scratch.path / "game.yaml",
             "format: dipadj-game/1\nvariant: standard-neutral\nphase: Spring 1901 Movement\n"
             "units:\n  France: [A Burgundy]\n  Neutral: [A Belgium]\nflying_dutchmen: [A Belgium]\norders: {}\n");
  const CliRun run = run_cli("adjudicate game.yaml", scratch.path.string());
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_TRUE(contains(run.output, "game.yaml:7: flying dutchman 'A Belgium' is neutral")) << run.output;
}

TEST(NeutralUnits, TheRebuildSettingIsARuleOfTheVariant) {
  CliRun run = run_cli("rules --variant standard-neutral");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(contains(run.output, "neutral_units_rebuilt")) << run.output;
  EXPECT_TRUE(contains(run.output, "on_empty_neutral_centres")) << run.output;
  run = run_cli("rules --variant standard");
  EXPECT_TRUE(contains(run.output, "neutral_units_rebuilt")) << run.output;
}

}  // namespace
