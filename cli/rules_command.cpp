#include <boost/program_options.hpp>

#include <iomanip>
#include <iostream>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/rules/rules_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace dipadj::cli {

int run_rules(const std::vector<std::string>& args) {
  CommandLine line{"rules", "Prints the rule options in force (DATC chapter 4 and the plugins'), each with its choice and where the choice comes from.",
                   {}};
  line.options.add_options()("help,h", "show this help")(
      "variant", po::value<std::string>()->default_value("standard")->value_name("VARIANT"), "the variant (name or directory)")(
      "game", po::value<std::string>()->value_name("GAME"), "a game file whose profile and rules apply on top")(
      "choices", "list every choice of every option");
  add_rule_options(line.options);
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) {
    if (vm.count("help")) {
      std::cout << "\nProfiles: ";
      for (const auto& name : profile_names()) std::cout << name << " ";
      std::cout << "\n";
    }
    return *status;
  }
  Rulebook rules;
  if (vm.count("game")) {
    const auto game = load_game(vm);
    if (!game) return 1;
    rules = game->rules;
  } else {
    auto variant = find_variant_argument(vm["variant"].as<std::string>());
    if (!variant) {
      std::cerr << format_diagnostics(variant.errors());
      return 1;
    }
    rules = variant.value()->rules();
    if (const RuleOverrides overrides = rule_overrides(vm)) {
      if (const auto errors = overrides(rules); !errors.empty()) {
        std::cerr << format_diagnostics(errors);
        return 1;
      }
    }
  }
  for (std::size_t i = 0; i < rules.option_count(); ++i) {
    const RuleOption& option = rules.option(i);
    // A number has no letter: "-" stands in its column.
    const std::string letter = option.number ? "-" : option.choices[rules.choice(i)].letter;
    // Plugins' references ("DATC 7.A") are longer than the core's ("4.A.1"): always a space after.
    std::cout << std::left << std::setw(9) << (option.issue + " ") << std::setw(36) << option.key << letter << " "
              << std::setw(46) << rules.value_name(i) << rules.source(i) << "\n";
    if (vm.count("choices") && option.number)
      std::cout << "          " << option.title << ": a whole number from " << option.number->min << " to " << option.number->max
                << (option.number->may_be_none ? ", or none" : "") << " (default " << default_value_name(option) << ")\n";
    if (vm.count("choices"))
      for (std::size_t c = 0; c < option.choices.size(); ++c)
        std::cout << "         " << (c == option.default_choice ? "*" : " ") << option.choices[c].letter << " "
                  << option.choices[c].name << (option.choices[c].supported ? "" : " (not supported yet)") << ": "
                  << option.choices[c].meaning << "\n";
  }
  return 0;
}

}  // namespace dipadj::cli
