// dipadj: the command-line client of the core library.
//   dipadj datc FILE...                     run case files, print a pass/fail table
//   dipadj adjudicate GAME [--json] [--next FILE]  adjudicate a game file's phase
//   dipadj play RECORD [--json]             play a game record phase by phase
//   dipadj validate VARIANT                 load a variant and report every problem
//   dipadj paths                            the version and where variants and plugins are looked for
#include <boost/program_options.hpp>

#include <exception>
#include <iostream>
#include <new>

#include "commands.hpp"

namespace po = boost::program_options;

namespace {

int run(const std::string& command, const std::vector<std::string>& args) {
  try {
    if (command == "datc") return dipadj::cli::run_datc(args);
    if (command == "adjudicate") return dipadj::cli::run_adjudicate(args);
    if (command == "validate") return dipadj::cli::run_validate(args);
    if (command == "play") return dipadj::cli::run_play(args);
    if (command == "rules") return dipadj::cli::run_rules(args);
    if (command == "paths") return dipadj::cli::run_paths(args);
    if (command == "--version" || command == "version") {
      std::cout << dipadj::cli::version_text();
      return 0;
    }
    if (command == "--help" || command == "-h" || command == "help") {
      std::cout << dipadj::cli::usage();
      return 0;
    }
  } catch (const po::error& e) {
    std::cerr << "dipadj " << command << ": " << e.what() << "\n";
    return 2;
  } catch (const std::bad_alloc&) {
    // The readers bound what they keep (file sizes, cases per file, aliases); a board or a run
    // that still does not fit is said so rather than aborting.
    std::cerr << "dipadj " << command << ": out of memory\n";
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "dipadj " << command << ": internal error: " << e.what() << "\n";
    return 1;
  }
  std::cerr << "dipadj: unknown command '" << command << "'\n" << dipadj::cli::usage();
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << dipadj::cli::usage();
    return 2;
  }
  const std::string command = argv[1];
  const int status = run(command, std::vector<std::string>(argv + 2, argv + argc));
  // Output that did not arrive (a full disk, a closed pipe) is a failure, not a success.
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "dipadj " << command << ": cannot write the output\n";
    return status == 0 ? 1 : status;
  }
  return status;
}
