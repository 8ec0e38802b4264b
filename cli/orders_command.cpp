#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>

#include <iostream>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/game/legal_orders.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj::cli {

int run_orders(const std::vector<std::string>& args) {
  CommandLine line{"orders", "Lists every legal order of the phase of a game file: each unit's, builds and removals, plugins' orders.",
                   {{"GAME", "the game file, YAML or JSON (docs/game-format.md); - for standard input"}}};
  line.options.add_options()("help,h", "show this help")("json", "print the orders as JSON")(
      "power", po::value<std::string>()->value_name("POWER"), "only this power's orders");
  add_rule_options(line.options);
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  const auto loaded = load_game(vm);
  if (!loaded) return 1;
  const GameFile& game = *loaded;
  const Variant& variant = *game.variant;
  std::optional<PowerId> power;
  if (vm.count("power")) {
    power = variant.find_power(vm["power"].as<std::string>());
    if (!power) {
      std::string known;
      for (std::size_t p = 0; p < variant.power_count(); ++p)
        known += (known.empty() ? "" : ", ") + variant.power(static_cast<PowerId>(p)).name;
      std::cerr << "dipadj orders: unknown power '" << vm["power"].as<std::string>() << "' (the powers: " << known << ")\n";
      return 2;
    }
  }
  const LegalOrders orders = legal_orders(variant, game.rules, game.state, power);
  if (vm.count("json")) std::cout << json_text(legal_orders_json(variant, orders), 2) << "\n";
  else std::cout << legal_orders_text(variant, orders);
  return 0;
}

}  // namespace dipadj::cli
