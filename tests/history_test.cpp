// JSON game histories (formats/history.hpp): written by `adjudicate --history` and `play --history`,
// read back phase by phase through the game-file reader, and replayed by `dipadj history`.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
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

namespace {

// The width of a PNG file, from its IHDR chunk (bytes 16-19, big-endian); 0 when it is no PNG.
std::uint32_t png_width(const fs::path& file) {
  const std::string bytes = read_text(file);
  if (bytes.size() < 24 || bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0 || bytes.compare(12, 4, "IHDR") != 0) return 0;
  std::uint32_t width = 0;
  for (int i = 16; i < 20; ++i) width = (width << 8) | static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]);
  return width;
}

}  // namespace

// dipadj draw HISTORY --all -o DIR: a picture per phase, named by it, and a page to step through
// them; with --png, PNG pictures of the width asked.
TEST(History, DrawnPhaseByPhaseWithAnIndexPage) {
  const dipadj::testing::ScratchDirectory scratch;
  const fs::path history = scratch.path / "h.json", pictures = scratch.path / "pictures";
  ASSERT_EQ(run_cli("play '" + (kExamples / "year-1901.yaml").string() + "' --history '" + history.string() + "'").exit_code, 0);
  auto run = run_cli("draw '" + history.string() + "' --all -o '" + pictures.string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("wrote 4 pictures"), std::string::npos) << run.output;
  for (const char* name : {"01-spring-1901-movement.svg", "02-fall-1901-movement.svg", "04-winter-1901-adjustments.svg"})
    EXPECT_NE(read_text(pictures / name).find("<svg"), std::string::npos) << name;
  const std::string index = read_text(pictures / "index.html");
  EXPECT_NE(index.find("<option value=\"01-spring-1901-movement.svg\">Spring 1901 Movement</option>"), std::string::npos) << index;
  EXPECT_NE(index.find("id=\"slider\""), std::string::npos);
  run = run_cli("draw '" + history.string() + "' --all --png --width 300 -o '" + (scratch.path / "png").string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(png_width(scratch.path / "png" / "02-fall-1901-movement.png"), 300u);
  EXPECT_NE(read_text(scratch.path / "png" / "index.html").find("02-fall-1901-movement.png"), std::string::npos);
  // --all needs a folder; a game file is no history.
  EXPECT_EQ(run_cli("draw '" + history.string() + "' --all").exit_code, 2);
  EXPECT_EQ(run_cli("draw '" + (kExamples / "year-1901.yaml").string() + "' --all -o '" + (scratch.path / "x").string() + "'").exit_code, 1);
}

// dipadj draw --png: a game's phase and a map, at 1,600 pixels unless --width says otherwise; a
// clear message when rsvg-convert is not there.
TEST(History, DrawPngOfAPhaseAndOfAMap) {
  const dipadj::testing::ScratchDirectory scratch;
  auto run = run_cli("draw '" + (kExamples / "fall-1901.yaml").string() + "' --png -o '" + (scratch.path / "fall.png").string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(png_width(scratch.path / "fall.png"), 1600u);
  EXPECT_FALSE(fs::exists(scratch.path / "fall.png.tmp.svg"));
  run = run_cli("draw --map amber --png --width 640 -o '" + (scratch.path / "amber.png").string() + "'");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(png_width(scratch.path / "amber.png"), 640u);
  EXPECT_EQ(run_cli("draw --map amber --png").exit_code, 2);  // a PNG goes to a file
  EXPECT_EQ(run_cli("draw --map amber --png --width 0 -o x.png").exit_code, 2);
  // Without rsvg-convert on the PATH: a message that says what to install.
  const fs::path said = scratch.path / "said.txt";
  const std::string command = "PATH=/nonexistent '" + std::string(DIPADJ_CLI) + "' draw --map amber --png -o '" + (scratch.path / "none.png").string() +
                              "' > '" + said.string() + "' 2>&1";
  EXPECT_NE(std::system(command.c_str()), 0);
  EXPECT_NE(read_text(said).find("rsvg-convert was not found: install it (Debian: apt-get install librsvg2-bin)"), std::string::npos) << read_text(said);
}
