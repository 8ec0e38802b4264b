#pragma once
// Runs the dipadj program as a user would, for the tests of the command line.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace dipadj::testing {

struct CliRun {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// `arguments` as a shell would read them; `directory`: where to run it (default: here).
inline CliRun run_cli(const std::string& arguments, const std::string& directory = "") {
  const std::filesystem::path out =
      std::filesystem::temp_directory_path() / ("dipadj_cli_" + std::to_string(::getpid()) + ".txt");
  std::string command = std::string("'") + DIPADJ_CLI + "' " + arguments + " > '" + out.string() + "' 2>&1";
  if (!directory.empty()) command = "cd '" + directory + "' && " + command;
  const int status = std::system(command.c_str());
  CliRun run;
  std::ifstream in(out);
  std::stringstream text;
  text << in.rdbuf();
  run.output = text.str();
  std::filesystem::remove(out);
  EXPECT_TRUE(WIFEXITED(status)) << "the tool did not exit normally (crashed?): " << command;
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  return run;
}

}  // namespace dipadj::testing
