#pragma once
// A variant's script bound to the variant (plugins/lua): the capabilities the script's hooks
// answer, each offered only when the script defines one of its hooks, so that a script that
// defines none costs the core nothing.
//
//   home_centre(centre, power, board)   -> true/false, or nil for the variant's list  (CentreRules)
//   build_sites(power, board)           -> the centres the power may build in, which then are its
//                                          home centres (builds, civil-disorder distances)
//   centre_counts(centre, owner)        -> true/false
//   parse_order(text, retreat_phase)    -> nil (not the script's), a message (a bad order), or
//                                          {kind = "transform", unit = "A"/"F", at = "bre"}   (OrderSyntax)
//   order_text(order)                   -> the order written back (default: "A Brest transform")
//   propose_orders(unit, board)         -> nil, or texts of the script's orders the unit might be
//                                          given, for the list of legal orders (each read by
//                                          parse_order; the core keeps those validate_order accepts)
//   validate_order(order, board)        -> true/nil: legal; false or a message: illegal  (OrderValidation)
//   forbids(order)                      -> true or a message: a legal order of the core's kinds is illegal
//   after_movement(board, orders)       -> nil, or changes of units' types after the phase:
//                                          {{province = "bre", type = "F", coast = nil}, ...}  (PhaseEvents)
//   after_ownership(board)              -> once a year, when the centres have changed hands: the
//                                          table to keep (board.state() reads it back in any hook
//                                          given the board, in this game's later phases), or nil
//                                          to keep what was kept (PhaseEvents; lua_state.hpp)
//
// At run time, a hook that fails, answers the wrong type or names a province the map lacks throws
// RuleScriptError with the script's file:line: the phase fails with the message.
#include <array>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "dipadj/plugin/plugin.hpp"
#include "lua_sandbox.hpp"
#include "lua_state.hpp"
#include "lua_view.hpp"

namespace dipadj::lua {

enum class Hook : std::uint8_t {
  HomeCentre, BuildSites, CentreCounts, ParseOrder, OrderText, ProposeOrders, ValidateOrder, Forbids, AfterMovement, AfterOwnership
};
inline constexpr std::array<const char*, 10> kHookNames = {"home_centre",    "build_sites", "centre_counts",  "parse_order",    "order_text",
                                                           "propose_orders", "validate_order", "forbids", "after_movement", "after_ownership"};

// The host's option: on (the script's hooks answer) or off (the variant's data alone).
inline constexpr const char* kOption = "lua_rules";

// The script's file and the name Lua knows it by, for messages.
struct Script {
  std::filesystem::path file;
  std::string chunk;
};

// "rules.lua:3: message" as a diagnostic of the script's file at line 3.
Diagnostic script_problem(const Script& script, const std::string& message);

class HookCall;

class LuaRules final : public RuleExtension,
                       public CentreRules,
                       public OrderSyntax,
                       public OrderValidation,
                       public PhaseEvents {
 public:
  LuaRules(const Variant& variant, std::unique_ptr<Sandbox> sandbox, Script script, Reason not_allowed);

  // Gives the script its view of the variant, runs its top level (which defines the hooks),
  // checks the hooks (each a function; not both home_centre and build_sites) and offers the
  // capabilities whose hooks it defines. The problem, with the script's file:line, if any.
  [[nodiscard]] std::optional<Diagnostic> load(const std::string& text);

  [[nodiscard]] std::optional<bool> home_centre(ProvinceId centre, PowerId power, const Position& position,
                                                const Rulebook& rules) const override;
  [[nodiscard]] bool centre_counts(ProvinceId centre, PowerId owner, const Rulebook& rules) const override;
  [[nodiscard]] std::optional<ParsedOrder> parse_order(std::string_view text, const OrderParser& core,
                                                       bool retreat_phase) const override;
  [[nodiscard]] std::string order_text(const Order& order, const Variant& variant) const override;
  void propose_orders(const Variant& variant, const Rulebook& rules, const Position& position, PowerId power,
                      std::vector<Order>& out) const override;
  [[nodiscard]] Reason validate_movement_order(const Variant& variant, const Rulebook& rules, const Position& position,
                                               PowerId power, const Order& order, Order& resolved) const override;
  [[nodiscard]] Reason forbids(const Variant& variant, const Rulebook& rules, const Order& resolved) const override;
  void after_movement(const Variant& variant, const Rulebook& rules, const Phase& phase, const Position& before,
                      std::span<const SubmittedOrder> orders, std::span<const OrderOutcome> outcomes,
                      Position& after) const override;
  void after_ownership(const Variant& variant, const Rulebook& rules, const Phase& phase, Position& position) const override;

  // For HookCall (inside the protected call, the mutex held).
  [[nodiscard]] const Variant& variant() const { return variant_; }
  [[nodiscard]] const Script& script() const { return script_; }
  [[nodiscard]] int line_of(Hook hook) const { return lines_[static_cast<std::size_t>(hook)]; }
  // The script's kind name of one of its orders (Order::extension_kind), or null.
  [[nodiscard]] const char* kind_name(const Order& order) const;
  // The number of a kind the script names, registered on first use; 0 past 255 kinds.
  std::uint8_t kind_number(std::string_view name) const;

 private:
  [[nodiscard]] bool defines(Hook hook) const { return lines_[static_cast<std::size_t>(hook)] >= 0; }
  // Runs one hook in the sandbox with the board (and phase) it may read; throws RuleScriptError.
  void run(HookCall& call, const Position* position, const Phase* phase) const;
  [[nodiscard]] bool mine(const Order& order) const;
  // Makes `text` (a board's Position::plugin_state) the state board.state() gives.
  void remember_kept(const std::string& text) const;
  [[nodiscard]] std::string misdefined_hook() const;
  void find_hooks();
  void offer_defined();

  const Variant& variant_;
  std::unique_ptr<Sandbox> sandbox_;
  Script script_;
  Reason not_allowed_;
  std::array<int, kHookNames.size()> lines_{};  // where each hook is defined; -1: not defined
  mutable std::mutex mutex_;                     // a Lua state serves one call at a time; the rules serve every game
  mutable View view_;                            // the board of the call under way
  mutable std::vector<std::string> kinds_;       // the script's order kinds, by Order::extension_kind - 1
  // The state the board of the last call kept (its text and its value, which board.state() pushes):
  // read anew only when another game's board, or a later phase's, keeps another.
  mutable std::string kept_text_;
  mutable nlohmann::ordered_json kept_ = nlohmann::ordered_json::object();
};

}  // namespace dipadj::lua
