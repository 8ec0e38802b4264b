#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include <iostream>
#include <optional>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/formats/history.hpp"
#include "dipadj/formats/record_file.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/variant/variant.hpp"
#include "report.hpp"

namespace dipadj::cli {

int run_play(const std::vector<std::string>& args) {
  CommandLine line{"play", "Plays a game record phase by phase, prints each phase's results and checks the record's expectations.",
                   {{"RECORD", "the game record (docs/game-format.md); - for standard input"}}};
  line.options.add_options()("help,h", "show this help")("json", "print the phases as a JSON list")(
      "history", po::value<std::string>()->value_name("FILE"), "write the phases played as a JSON game history to FILE");
  add_rule_options(line.options);
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  auto loaded = load_record_file(vm["record"].as<std::string>(), rule_overrides(vm));
  if (!loaded) {
    std::cerr << format_diagnostics(loaded.errors());
    return 1;
  }
  const RecordFile& file = loaded.value();
  const Variant& variant = *file.variant;
  const GameRecord& game = file.record;
  const RecordRun run = play_record(variant, game);
  const bool json = vm.count("json") != 0;
  nlohmann::ordered_json phases = nlohmann::ordered_json::array();
  std::optional<nlohmann::ordered_json> history;
  if (vm.count("history"))
    history = new_history(variant, variant_reference_for(file.variant_name, vm["history"].as<std::string>()), game.rules);
  if (!json) {
    std::cout << variant.title() << (file.title.empty() ? "" : ": " + file.title) << "\n";
    if (const std::string rules = rules_heading(variant, game.rules); !rules.empty()) std::cout << rules << "\n";
    std::cout << "\n";
  }
  for (std::size_t k = 0; k < run.phases.size(); ++k) {
    const GameState& before = k == 0 ? game.start : run.phases[k - 1].state_after;
    const PhaseRun& phase = run.phases[k];
    std::vector<std::string> written;
    for (std::size_t from : phase.submitted_from) written.push_back(game.phases[k].orders[from].text);
    const PlayedPhase view{variant, before, phase.submitted, written, phase.report, phase.state_after, phase.notes};
    if (history) append_to_history(*history, view, game.rules);
    if (json) phases.push_back(view);
    else print_text(view, std::cout);
  }
  if (json) std::cout << json_text(phases, 2) << "\n";
  else if (!run.phases.empty()) {
    std::cout << "\nAfter " << variant.phase_name(run.phases.back().phase) << ":\n";
    print_state_text(variant, run.phases.back().state_after, std::cout);
  }
  if (history)
    if (const std::string error = write_file_atomically(vm["history"].as<std::string>(), history_text(*history)); !error.empty()) {
      std::cerr << error << "\n";
      return 1;
    }
  const RecordCheck report = check_record(variant, game);
  if (!report.passed) {
    std::cerr << file.path << ": the game went differently from the record:\n";
    for (const auto& difference : report.differences) std::cerr << "  " << difference << "\n";
    return 1;
  }
  return 0;
}

}  // namespace dipadj::cli
