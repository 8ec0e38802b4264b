#include <boost/program_options.hpp>

#include <fstream>
#include <iostream>

#include "commands.hpp"
#include "dipadj/game/game_file.hpp"
#include "dipadj/game/phase_json.hpp"
#include "dipadj/variant/variant.hpp"
#include "report.hpp"

namespace po = boost::program_options;

namespace dipadj::cli {

std::string usage() {
  return "usage: dipadj <command> [options]\n"
         "  adjudicate GAME [--json] [--next FILE]  adjudicate a game file's phase; write the next game file\n"
         "  play RECORD [--json]                    play a game record phase by phase, checking its expectations\n"
         "  datc FILE...                            run DATC case files (ours or jDip's format), pass/fail table\n"
         "  validate VARIANT                        check a variant's YAML files\n"
         "  rules [--variant V] [--game G] [--profile P]  the effective rule options and their sources\n"
         "  paths                                   where variants, plugins and DATC files are looked for\n"
         "  --version                               the version of dipadj\n";
}

int run_adjudicate(const std::vector<std::string>& args) {
  po::options_description options("dipadj adjudicate GAME [options]");
  options.add_options()("help,h", "show this help")("json", "print the results as JSON")(
      "next", po::value<std::string>(), "write the game file of the next phase to this file")(
      "game", po::value<std::string>(), "the game file (docs/game-format.md)");
  po::positional_options_description positional;
  positional.add("game", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
  po::notify(vm);
  if (vm.count("help") || !vm.count("game")) {
    std::cout << options;
    return vm.count("help") ? 0 : 2;
  }
  auto loaded = load_game_file(vm["game"].as<std::string>());
  if (!loaded) {
    std::cerr << format_diagnostics(loaded.errors());
    return 1;
  }
  const GameFile& game = loaded.value();
  const Variant& variant = *game.variant;
  if (game.state.over()) {
    std::cerr << vm["game"].as<std::string>() << ": the game is over (" << variant.power(game.state.winner).name << " won)\n";
    return 1;
  }
  PhaseReport report(variant.map().province_count());
  const GameState next = play_phase(variant, game.rules, game.state, game.orders, report);
  const PlayedPhase view{variant, game.state, game.orders, game.order_texts, report, next};
  if (vm.count("json")) {
    std::cout << phase_json_text(view, 2) << "\n";
  } else {
    std::cout << variant.title() << "\n\n";
    print_text(view, std::cout);
    std::cout << "\n";
    print_state_text(variant, next, std::cout);
  }
  if (vm.count("next")) {
    const std::string path = vm["next"].as<std::string>();
    std::ofstream out(path);
    out << game_file_text(variant, game.variant_name, next, game.rules);
    if (!out) {
      std::cerr << path << ": cannot write the next game file\n";
      return 1;
    }
  }
  return 0;
}

}  // namespace dipadj::cli
