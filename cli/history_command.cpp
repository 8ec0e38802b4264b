#include <boost/program_options.hpp>

#include <iostream>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/formats/history.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj::cli {

int run_history(const std::vector<std::string>& args) {
  CommandLine line{"history",
                   "Reads a JSON game history (adjudicate --history, play --history) and replays it: every phase must give the "
                   "results recorded and lead to the next phase's state.",
                   {{"HISTORY", "the history file (docs/game-format.md); - for standard input"}}};
  line.options.add_options()("help,h", "show this help");
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  const std::string path = vm["history"].as<std::string>();
  VariantCache variants;
  auto loaded = load_history(path, &variants);
  if (!loaded) {
    std::cerr << format_diagnostics(loaded.errors());
    return 1;
  }
  const GameHistory& history = loaded.value();
  if (history.phases.empty()) {
    std::cout << path << ": no phase played yet\n";
    return 0;
  }
  const HistoryCheck check = check_history(history);
  std::cout << path << ": " << history.phases.size() << " phase(s) of " << history.phases.front().variant->title() << ", "
            << history.phases.front().variant->phase_name(history.phases.front().state.phase) << " to "
            << history.phases.back().variant->phase_name(history.phases.back().state.phase) << "\n";
  if (check.passed) {
    std::cout << "replayed: every phase gives the results recorded and leads to the next\n";
    return 0;
  }
  for (const auto& difference : check.differences) std::cout << "  " << difference << "\n";
  std::cout << check.differences.size() << " phase(s) differ from the record\n";
  return 1;
}

}  // namespace dipadj::cli
