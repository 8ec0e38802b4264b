#include <boost/program_options.hpp>

#include <cctype>
#include <filesystem>
#include <iostream>
#include <optional>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/file_reading.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/formats/history.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/service/game_folder.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "report.hpp"

namespace dipadj::cli {
namespace {

bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code ec;
  if (std::filesystem::equivalent(a, b, ec)) return true;
  return std::filesystem::weakly_canonical(a, ec) == std::filesystem::weakly_canonical(b, ec) && !ec;
}

std::filesystem::path played_phase_copy(const std::filesystem::path& game, const Variant& variant, const Phase& phase) {
  std::string slug;
  for (char c : variant.phase_name(phase)) slug += c == ' ' ? '-' : static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::filesystem::path copy = game;
  copy.replace_filename(game.stem().string() + "." + slug + game.extension().string());
  return copy;
}

}  // namespace

int run_adjudicate(const std::vector<std::string>& args) {
  CommandLine line{"adjudicate", "Adjudicates the phase of a game file and prints the results; writes the game file of the next phase.",
                   {{"GAME", "the game file, YAML or JSON (docs/game-format.md); - for standard input"}}};
  line.options.add_options()("help,h", "show this help")("json", "print the results as JSON")(
      "next", po::value<std::string>()->value_name("FILE"), "write the game file of the next phase to FILE")(
      "in-place", "write the next phase over the game file itself, keeping the phase played as GAME.<phase>.yaml")(
      "allow-missing", "with --in-place: adjudicate even when no power has given orders (every unit holds)")(
      "history", po::value<std::string>()->value_name("FILE"),
      "append the phase played (state, orders, results) to the JSON game history FILE, created if missing");
  add_rule_options(line.options);
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  const std::filesystem::path game_path = vm["game"].as<std::string>();
  const bool in_place = vm.count("in-place") != 0;
  std::optional<std::filesystem::path> next_path;
  if (vm.count("next")) next_path = vm["next"].as<std::string>();
  if (in_place && game_path == "-") {
    std::cerr << "dipadj adjudicate: --in-place needs a game file, not standard input\n";
    return 2;
  }
  if (in_place) {
    if (next_path && !same_file(*next_path, game_path)) {
      std::cerr << "dipadj adjudicate: --in-place writes the game file itself; --next names another file\n";
      return 2;
    }
    next_path = game_path;
  } else if (next_path && same_file(*next_path, game_path)) {
    std::cerr << "dipadj adjudicate: --next is the game file itself, whose orders would be lost; use --in-place, which "
                 "keeps the phase played beside it\n";
    return 2;
  }
  const auto loaded = load_game(vm);
  if (!loaded) return 1;
  const GameFile& game = *loaded;
  const Variant& variant = *game.variant;
  // A game file just written by --in-place has no orders: run again by mistake, it would play the
  // next phase with every unit holding. A game master's phase with no order at all is refused.
  if (in_place && game.orders.empty() && vm.count("allow-missing") == 0) {
    if (const auto missing = powers_without_orders(game); !missing.empty()) {
      std::string names;
      for (const auto& power : missing) names += (names.empty() ? "" : ", ") + power;
      std::cerr << "dipadj adjudicate: " << game_path.string() << ": no power has given orders for " << variant.phase_name(game.state.phase)
                << ", and " << missing.size() << (missing.size() == 1 ? " has" : " have") << " something to order (" << names
                << "): every unit would hold. Enter the orders in the game file, or give --allow-missing to adjudicate it so "
                   "(nothing was written)\n";
      return 1;
    }
  }
  std::optional<std::filesystem::path> history_path;
  if (vm.count("history")) history_path = vm["history"].as<std::string>();
  // Played, and the history checked, before anything is written (adjudicate_game).
  const auto adjudicated = adjudicate_game(game, vm["game"].as<std::string>(), next_path.value_or(game_path), history_path);
  if (!adjudicated) {
    std::cerr << format_diagnostics(adjudicated.errors()) << (history_path ? "(nothing was written)\n" : "");
    return 1;
  }
  const GameFilePlayed* played = &adjudicated->played;
  const PlayedPhase view = played_phase(game, *played);
  const GameState& next = played->after;
  if (vm.count("json")) {
    std::cout << phase_json_text(view, 2) << "\n";
  } else {
    std::cout << variant.title() << "\n";
    if (const std::string rules = rules_heading(variant, game.rules); !rules.empty()) std::cout << rules << "\n";
    std::cout << "\n";
    print_text(view, std::cout);
    std::cout << "\n";
    print_state_text(variant, next, std::cout);
  }
  // Results that did not arrive (a full disk, a closed pipe) stop the run before it writes files:
  // run again, it then writes them once.
  if (!std::cout.flush() && (next_path || history_path)) {
    std::cerr << "dipadj adjudicate: the results could not be written out, so neither the next game file nor the history was written\n";
    return 1;
  }
  if (in_place) {
    // The phase played stays beside the game file: g.yaml -> g.spring-1901-movement.yaml.
    const std::filesystem::path kept = played_phase_copy(game_path, *game.variant, game.state.phase);
    const auto text = read_input_file(game_path);
    const std::string error = text ? write_file_atomically(kept, text.value()) : format_diagnostics(text.errors());
    if (!error.empty()) {
      std::cerr << error << (error.ends_with('\n') ? "" : "\n") << "(the game file is unchanged)\n";
      return 1;
    }
  }
  if (const std::string error = write_adjudicated_game(adjudicated.value(), next_path, history_path); !error.empty()) {
    std::cerr << error << "\n";
    return 1;
  }
  return 0;
}

}  // namespace dipadj::cli
