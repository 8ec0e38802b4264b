// dipadj undo (issue 31): the last phase of a history taken back, its game file made again from the
// history with its orders; a game file that is another phase, or holds orders entered since, is
// not replaced.
#include <gtest/gtest.h>

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

std::string read_text(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

class Undo : public ::testing::Test {
 protected:
  void SetUp() override {
    fs::copy_file(fs::path(DIPADJ_VARIANTS_DIR) / "standard" / "examples" / "spring-1901.yaml", scratch.path / "g.yaml");
  }
  CliRun in_scratch(const std::string& command) const { return run_cli(command, scratch.path.string()); }
  const dipadj::testing::ScratchDirectory scratch;
};

// The mistake of issue 31: a game adjudicated in place twice, the second time with no orders.
// Refused now; made anyway (--allow-missing), it is taken back.
TEST_F(Undo, TakesBackPhasesOneByOneWithTheirOrders) {
  ASSERT_EQ(in_scratch("adjudicate g.yaml --in-place --history h.json").exit_code, 0);
  const std::string fall = read_text(scratch.path / "g.yaml");
  CliRun refused = in_scratch("adjudicate g.yaml --in-place --history h.json");
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_TRUE(contains(refused.output, "no power has given orders for Fall 1901 Movement, and 7 have something to order")) << refused.output;
  EXPECT_EQ(read_text(scratch.path / "g.yaml"), fall);
  EXPECT_TRUE(contains(in_scratch("history h.json").output, "1 phase(s) of"));
  ASSERT_EQ(in_scratch("adjudicate g.yaml --in-place --history h.json --allow-missing").exit_code, 0);
  EXPECT_TRUE(contains(read_text(scratch.path / "g.yaml"), "phase: Winter 1901 Adjustments"));

  CliRun run = in_scratch("undo h.json g.yaml");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(contains(run.output, "took back Fall 1901 Movement: g.yaml is Fall 1901 Movement again, with its orders; the history "
                                   "ends at Spring 1901 Movement"))
      << run.output;
  EXPECT_TRUE(contains(read_text(scratch.path / "g.yaml"), "phase: Fall 1901 Movement"));
  EXPECT_TRUE(contains(in_scratch("history h.json").output, "1 phase(s) of"));

  run = in_scratch("undo h.json g.yaml");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  const std::string again = read_text(scratch.path / "g.yaml");
  EXPECT_TRUE(contains(again, "phase: Spring 1901 Movement")) << again;
  EXPECT_TRUE(contains(again, "France: [F Bre - Mao, A Par - Bur, A Mar S A Par - Bur]")) << again;
  // Played again, it gives what it gave: the history takes the phase once more.
  run = in_scratch("adjudicate g.yaml --next n.yaml --history h.json");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(contains(read_text(scratch.path / "n.yaml"), "phase: Fall 1901 Movement"));

  run = in_scratch("undo h.json n.yaml");
  ASSERT_EQ(run.exit_code, 0) << run.output;
  run = in_scratch("undo h.json n.yaml");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_TRUE(contains(run.output, "h.json: no phase to undo: the history has none")) << run.output;
}

TEST_F(Undo, LeavesAnotherPhasesFileAndEnteredOrdersAlone) {
  ASSERT_EQ(in_scratch("adjudicate g.yaml --next n.yaml --history h.json").exit_code, 0);
  const std::string before = read_text(scratch.path / "h.json");
  // g.yaml is Spring 1901, not the phase the history's last one led to.
  CliRun run = in_scratch("undo h.json g.yaml");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_TRUE(contains(run.output, "g.yaml: the game is at Spring 1901 Movement, not the phase Spring 1901 Movement led to (Fall 1901 Movement)"))
      << run.output;
  // Orders entered in the next phase are not thrown away without --force.
  std::string next = read_text(scratch.path / "n.yaml");
  next.replace(next.find("orders: {}"), 10, "orders:\n  France: [A Bur - Bel]");
  std::ofstream(scratch.path / "n.yaml") << next;
  run = in_scratch("undo h.json n.yaml");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_TRUE(contains(run.output, "n.yaml: the game has 1 order(s) for Fall 1901 Movement: undo would lose them")) << run.output;
  EXPECT_EQ(read_text(scratch.path / "h.json"), before);
  run = in_scratch("undo h.json n.yaml --force");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(contains(read_text(scratch.path / "n.yaml"), "phase: Spring 1901 Movement"));
}

}  // namespace
