#include <boost/program_options.hpp>

#include <filesystem>
#include <iostream>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/formats/history.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj::cli {

int run_undo(const std::vector<std::string>& args) {
  CommandLine line{"undo",
                   "Takes back the last phase adjudicated into a history (adjudicate --history): the history loses the phase, "
                   "and GAME becomes that phase's game file again, with its orders, to be mended and adjudicated again.",
                   {{"HISTORY", "the JSON game history (docs/game-format.md)"}, {"GAME", "the game file to write the phase into"}}};
  line.options.add_options()("help,h", "show this help")("force", "replace GAME even when orders were entered in it");
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  const std::filesystem::path history_path = vm["history"].as<std::string>(), game_path = vm["game"].as<std::string>();
  VariantCache variants;
  auto undone = undo_last_phase(history_path, game_path, &variants, UndoChecks{"", vm.count("force") > 0});
  if (!undone) {
    std::cerr << format_diagnostics(undone.errors());
    return 1;
  }
  // The game file first: a run stopped between the two writes leaves the history with the phase
  // still in it, and undo run again takes it back once.
  if (const std::string error = write_file_atomically(game_path, undone->game_text); !error.empty()) {
    std::cerr << error << "\nnothing changed\n";
    return 1;
  }
  if (const std::string error = write_file_atomically(history_path, undone->history_text); !error.empty()) {
    std::cerr << error << "\n(" << game_path.string() << " is " << undone->phase << " again; the history still has it)\n";
    return 1;
  }
  std::cout << "took back " << undone->phase << ": " << game_path.string() << " is " << undone->phase
            << " again, with its orders; the history ends "
            << (undone->phases_left == 0 ? std::string("with no phase") : "at " + undone->previous_phase) << "\n";
  return 0;
}

}  // namespace dipadj::cli
