// The command-line tool: bad input gives a clear message and a non-zero exit, never a crash.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

namespace fs = std::filesystem;

struct CliRun {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

CliRun run_cli(const std::string& arguments) {
  const fs::path out = fs::temp_directory_path() / ("dipadj_cli_" + std::to_string(::getpid()) + ".txt");
  const std::string command = std::string("'") + DIPADJ_CLI + "' " + arguments + " > '" + out.string() + "' 2>&1";
  const int status = std::system(command.c_str());
  CliRun run;
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  run.output = text.str();
  fs::remove(out);
  EXPECT_TRUE(WIFEXITED(status)) << "the tool did not exit normally (crashed?): " << command;
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  return run;
}

const std::string kData = DIPADJ_TEST_DATA;

TEST(Cli, AdjudicatesTheBundledExample) {
  const CliRun run = run_cli("adjudicate '" + std::string(DIPADJ_DATC_DIR) + "/../variants/standard/examples/spring-1901.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("France: A Paris - Burgundy  -> succeeds"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Germany: A Munich - Burgundy  -> fails: bounced (by A Paris)"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("Italy: A Venice - Greece  -> illegal"), std::string::npos) << run.output;
}

TEST(Cli, JsonOutput) {
  const CliRun run = run_cli("adjudicate --json '" + std::string(DIPADJ_DATC_DIR) + "/../variants/standard/examples/spring-1901.yaml'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("\"order\": \"A Paris - Burgundy\", \"written\": \"A Par - Bur\", \"result\": \"succeeds\""),
            std::string::npos)
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

TEST(Cli, UnknownCommandAndMissingFile) {
  EXPECT_EQ(run_cli("frobnicate").exit_code, 2);
  const CliRun run = run_cli("adjudicate /nonexistent/position.yaml");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("/nonexistent/position.yaml: no such file"), std::string::npos) << run.output;
}

}  // namespace
