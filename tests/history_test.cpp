// JSON game histories (formats/history.hpp): written by `adjudicate --history` and `play --history`,
// read back phase by phase through the game-file reader, and replayed by `dipadj history`.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_run.hpp"
#include "scratch_directory.hpp"
#include "dipadj/formats/history.hpp"

namespace {

namespace fs = std::filesystem;
using dipadj::testing::ScratchDirectory;
using dipadj::testing::run_cli;

const fs::path kExamples = fs::path(DIPADJ_VARIANTS_DIR) / "standard" / "examples";

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string all_errors(const dipadj::Expected<dipadj::GameHistory>& loaded) { return dipadj::format_diagnostics(loaded.errors()); }

TEST(History, PlayWritesAHistoryThatReadsBackAndReplays) {
  ScratchDirectory scratch;
  const fs::path history = scratch.path / "h.json";
  auto run = run_cli("play '" + (kExamples / "year-1901.yaml").string() + "' --history '" + history.string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const auto saved = nlohmann::json::parse(read_text(history));
  EXPECT_EQ(saved["format"], "dipadj-history/1");
  ASSERT_EQ(saved["phases"].size(), 4u);
  EXPECT_EQ(saved["phases"][2]["phase"], "Fall 1901 Retreats");
  EXPECT_TRUE(saved["phases"][2]["state"].contains("dislodged"));
  EXPECT_EQ(saved["phases"][0]["results"]["next_phase"], "Fall 1901 Movement");
  const auto loaded = dipadj::load_history(history);
  ASSERT_TRUE(loaded) << all_errors(loaded);
  EXPECT_EQ(loaded->phases.size(), 4u);
  EXPECT_TRUE(dipadj::check_history(loaded.value()).passed);
  run = run_cli("history '" + history.string() + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("4 phase(s)"), std::string::npos) << run.output;

  // A history that does not follow from its phases is found out, with the phase named.
  auto tampered = saved;
  tampered["phases"][1]["state"]["units"]["Austria"][0] = "A Vienna";
  std::ofstream(scratch.path / "tampered.json") << tampered.dump();
  const auto changed = dipadj::load_history(scratch.path / "tampered.json");
  ASSERT_TRUE(changed) << all_errors(changed);
  const auto check = dipadj::check_history(changed.value());
  EXPECT_FALSE(check.passed);
  ASSERT_FALSE(check.differences.empty());
  EXPECT_NE(check.differences.front().find("Spring 1901 Movement"), std::string::npos) << check.differences.front();
  run = run_cli("history '" + (scratch.path / "tampered.json").string() + "'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
}

TEST(History, AdjudicateAppendsPhaseAfterPhase) {
  ScratchDirectory scratch;
  const fs::path history = scratch.path / "h.json", next = scratch.path / "next.yaml";
  auto run = run_cli("adjudicate '" + (kExamples / "spring-1901.yaml").string() + "' --next '" + next.string() + "' --history '" +
                     history.string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  run = run_cli("adjudicate '" + next.string() + "' --history '" + history.string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const auto loaded = dipadj::load_history(history);
  ASSERT_TRUE(loaded) << all_errors(loaded);
  ASSERT_EQ(loaded->phases.size(), 2u);
  EXPECT_TRUE(dipadj::check_history(loaded.value()).passed) << dipadj::check_history(loaded.value()).differences.front();
  // A game of another variant is not appended to it.
  run = run_cli("adjudicate '" + (fs::path(DIPADJ_VARIANTS_DIR) / "amber/examples/spring-1901.yaml").string() + "' --history '" +
                history.string() + "'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("the history's variant"), std::string::npos) << run.output;
}

TEST(History, AMalformedHistoryIsRefusedWithItsLine) {
  ScratchDirectory scratch;
  std::ofstream(scratch.path / "bad.json") << "{\"format\": \"dipadj-history/1\", \"variant\": \"standard\", \"phases\": [\n"
                                              "{\"phase\": \"Spring 1901 Movement\", \"state\": {\"units\": {\"France\": [\"A Parsi\"]}}},\n"
                                              "{\"phase\": \"Fall 1901 Movement\", \"state\": {\"orders\": {}}}\n]}\n";
  const auto bad = dipadj::load_history(scratch.path / "bad.json");
  EXPECT_FALSE(bad);
  EXPECT_NE(all_errors(bad).find("bad.json:2: "), std::string::npos) << all_errors(bad);
  EXPECT_NE(all_errors(bad).find("bad.json:3: 'orders' does not belong in a phase's state"), std::string::npos) << all_errors(bad);
  std::ofstream(scratch.path / "game.json") << "{\"format\": \"dipadj-game/1\", \"variant\": \"standard\"}";
  EXPECT_NE(all_errors(dipadj::load_history(scratch.path / "game.json")).find("this is a game file (format dipadj-game/1), not a history file"), std::string::npos)
      << all_errors(dipadj::load_history(scratch.path / "game.json"));
}

}  // namespace
