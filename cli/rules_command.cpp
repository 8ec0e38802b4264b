#include <boost/program_options.hpp>

#include <iomanip>
#include <iostream>

#include "commands.hpp"
#include "dipadj/game/game_file.hpp"
#include "dipadj/rules/rules_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace po = boost::program_options;

namespace dipadj::cli {

int run_rules(const std::vector<std::string>& args) {
  po::options_description options("dipadj rules [options]: the effective rule options and where each comes from");
  options.add_options()("help,h", "show this help")("variant", po::value<std::string>()->default_value("standard"),
                                                     "the variant (name or directory)")(
      "game", po::value<std::string>(), "a game file whose profile and rules apply on top")(
      "profile", po::value<std::string>(), "a named profile to apply on top")(
      "choices", "list every choice of every option");
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(options).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << options << "profiles: ";
    for (const auto& name : profile_names()) std::cout << name << " ";
    std::cout << "\n";
    return 0;
  }
  Rulebook rules;
  if (vm.count("game")) {
    auto game = load_game_file(vm["game"].as<std::string>());
    if (!game) {
      std::cerr << format_diagnostics(game.errors());
      return 1;
    }
    rules = game->rules;
  } else {
    auto variant = find_variant(vm["variant"].as<std::string>());
    if (!variant) {
      std::cerr << format_diagnostics(variant.errors());
      return 1;
    }
    rules = variant.value()->rules();
  }
  if (vm.count("profile")) {
    auto errors = apply_profile(vm["profile"].as<std::string>(), rules);
    if (!errors.empty()) {
      std::cerr << format_diagnostics(errors);
      return 1;
    }
  }
  for (std::size_t i = 0; i < rules.option_count(); ++i) {
    const RuleOption& option = rules.option(i);
    const RuleChoice& choice = option.choices[rules.choice(i)];
    // Plugins' references ("DATC 7.A") are longer than the core's ("4.A.1"): always a space after.
    std::cout << std::left << std::setw(9) << (option.issue + " ") << std::setw(36) << option.key << choice.letter << " "
              << std::setw(46) << choice.name << rules.source(i) << "\n";
    if (vm.count("choices"))
      for (std::size_t c = 0; c < option.choices.size(); ++c)
        std::cout << "         " << (c == option.default_choice ? "*" : " ") << option.choices[c].letter << " "
                  << option.choices[c].name << (option.choices[c].supported ? "" : " (not supported yet)") << ": "
                  << option.choices[c].meaning << "\n";
  }
  return 0;
}

}  // namespace dipadj::cli
