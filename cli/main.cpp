// dipadj: the command-line client of the core library. Every command reads its arguments the
// same way (command_line.hpp); `dipadj COMMAND --help` shows them.
#include <exception>
#include <iomanip>
#include <iostream>
#include <new>
#include <sstream>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/plugin/rule_script_error.hpp"
#include "dipadj/text.hpp"

namespace {

struct Command {
  const char* name;
  const char* summary;
  int (*run)(const std::vector<std::string>&);
};

const std::vector<Command>& commands() {
  static const std::vector<Command> all{
      {"adjudicate", "adjudicate a game file's phase; write the next phase's game file", dipadj::cli::run_adjudicate},
      {"batch", "adjudicate many games: JSON lines in, a result line out for each, on every core", dipadj::cli::run_batch},
      {"orders", "list every legal order of a game file's phase", dipadj::cli::run_orders},
      {"history", "read a JSON game history back and replay it", dipadj::cli::run_history},
      {"undo", "take back the last phase of a history: the game file is that phase again", dipadj::cli::run_undo},
      {"serve", "a local web page: variants, their maps and problems, games played and taken back", dipadj::cli::run_serve},
      {"play", "play a game record phase by phase, checking its expectations", dipadj::cli::run_play},
      {"datc", "run DATC case files (dipadj's or jDip's format): a pass/fail table", dipadj::cli::run_datc},
      {"validate", "check a variant: its files, plugins and map", dipadj::cli::run_validate},
      {"import", "turn a DPjudge, MILA or jDip map into a dipadj variant directory", dipadj::cli::run_import},
      {"draw", "draw a game's phase (orders and results) or a variant's map as SVG", dipadj::cli::run_draw},
      {"variants", "list the variants found, with title and folder", dipadj::cli::run_variants},
      {"rules", "the rule options in force and where each choice comes from", dipadj::cli::run_rules},
      {"paths", "where variants, plugins and DATC files are looked for", dipadj::cli::run_paths},
  };
  return all;
}

}  // namespace

namespace dipadj::cli {

std::string usage() {
  std::ostringstream out;
  out << "usage: dipadj COMMAND [ARGUMENTS] [options]\n\n"
         "Adjudicates Diplomacy and its variants (DATC-compliant, every disputed rule an option).\n\n"
         "Commands:\n";
  for (const Command& command : commands()) out << "  " << std::left << std::setw(12) << command.name << command.summary << "\n";
  out << "\nOptions:\n"
         "  -h [ --help ]         show this help; dipadj COMMAND --help shows a command's\n"
         "  --version             show the version of dipadj\n";
  return out.str();
}

}  // namespace dipadj::cli

namespace {

int run(const std::string& name, const std::vector<std::string>& args) {
  if (name == "--version" || name == "version") {
    std::cout << dipadj::cli::version_text();
    return 0;
  }
  if (name == "--help" || name == "-h" || name == "help") {
    std::cout << dipadj::cli::usage();
    return 0;
  }
  for (const Command& command : commands()) {
    if (name != command.name) continue;
    try {
      return command.run(args);
    } catch (const dipadj::RuleScriptError& e) {  // a rule of the variant failed outside a phase's adjudication
      std::cerr << e.where().to_string() << "\n" << "dipadj " << name << ": a rule of the variant failed\n";
      return 1;
    } catch (const std::bad_alloc&) {
      // The readers bound what they keep (file sizes, cases per file, aliases); a board or a run
      // that still does not fit is said so rather than aborting.
      std::cerr << "dipadj " << name << ": out of memory\n";
      return 1;
    } catch (const std::exception& e) {
      std::cerr << "dipadj " << name << ": internal error: " << e.what() << "\n";
      return 1;
    }
  }
  std::vector<std::string> names;
  for (const Command& command : commands()) names.emplace_back(command.name);
  const std::string hint = dipadj::did_you_mean(name, names);
  std::cerr << "dipadj: unknown command '" << name << "'" << (hint.empty() ? "" : "; " + hint) << "\n\n" << dipadj::cli::usage();
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
