// The Lua rule host (plugins/lua) on any script: the input is a variant's rules.lua, bound to the
// Standard variant and, when it loads, asked every hook it may define with the opening's board
// and orders (home_centre or build_sites, centre_counts, parse_order, order_text, validate_order,
// forbids, after_movement, propose_orders; after_ownership twice, the second time with what the
// first kept, then home_centre with it). A refusal with a message, a RuleScriptError with the script's
// file:line, or an answer; never a crash, a leak, or a read of freed memory. The host's sources
// are built into the target (fuzz/CMakeLists.txt), so no plugin is loaded.
#include "fuzz_support.hpp"

#include "dipadj/game/game.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/plugin/rule_script_error.hpp"
#include "lua_rules.hpp"

namespace {

using namespace dipadj;

// Runs one hook, a failure of the script being one of its answers.
template <class Ask>
void ask(Ask&& hook) {
  try {
    hook();
  } catch (const RuleScriptError& e) {
    if (e.where().file.empty() || e.where().message.empty()) fuzz::property_failed("a script error without its file or message");
  }
}

std::vector<SubmittedOrder> opening(const Variant& variant) {
  const OrderParser parser(variant);
  std::vector<SubmittedOrder> out;
  for (const char* text : {"England: F Lon - Nth", "England: A Lvp S F Edi", "France: A Par - Bur", "Germany: A Mun - Bur"}) {
    const ParsedOrder read = parser.parse(text);
    if (read.order) out.push_back(SubmittedOrder{read.power, *read.order, Reason::None});
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  const Variant& variant = fuzz::standard();
  lua::LuaRules rules(variant, std::make_unique<lua::Sandbox>(), lua::Script{"rules.lua", "rules.lua"}, Reason::NotThisPhase);
  if (rules.load(std::string(text))) return 0;  // refused with its message
  const Rulebook rulebook = variant.rules();
  const GameState start = initial_state(variant);
  const Map& map = variant.map();
  const ProvinceId paris = *map.find_province("par");
  const PowerId france = *variant.find_power("France");
  ask([&] { (void)rules.home_centre(paris, france, start.position, rulebook); });
  ask([&] { (void)rules.centre_counts(paris, france, rulebook); });
  const OrderParser parser(variant);
  for (const char* order_text : {"A Par transform", "F Bre sortie", "A Par - Bur"}) {
    ask([&] {
      const auto read = rules.parse_order(order_text, parser, false);
      if (!read || !read->order) return;
      (void)rules.order_text(*read->order, variant);
      Order resolved;
      (void)rules.validate_movement_order(variant, rulebook, start.position, france, *read->order, resolved);
    });
  }
  const std::vector<SubmittedOrder> orders = opening(variant);
  for (const SubmittedOrder& order : orders) ask([&] { (void)rules.forbids(variant, rulebook, order.order); });
  const std::vector<OrderOutcome> outcomes(orders.size());
  Position after = start.position;
  ask([&] { rules.after_movement(variant, rulebook, start.phase, start.position, orders, outcomes, after); });
  ask([&] {
    std::vector<Order> proposed;
    rules.propose_orders(variant, rulebook, start.position, france, proposed);
  });
  Position year_end = start.position;
  for (int year = 0; year < 2; ++year) ask([&] { rules.after_ownership(variant, rulebook, start.phase, year_end); });
  ask([&] { (void)rules.home_centre(paris, france, year_end, rulebook); });
  return 0;
}
