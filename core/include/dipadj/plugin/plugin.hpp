#pragma once
// The plugin interface: rules that need code live in shared libraries (plugins/, loaded with
// Boost.DLL by plugin_loader.hpp) and reach the core only through these classes. A variant names
// the plugins it needs; the core names none.
//
// A plugin library exports two symbols, written by DIPADJ_PLUGIN (dipadj/plugin/export.hpp) as
// Boost.DLL aliases: each a variable holding a pointer to a function of the library, not the
// function itself.
//   dipadj_plugin_interface_version  -- to std::uint32_t(): the kPluginInterfaceVersion it was built with
//   dipadj_create_plugin             -- to std::unique_ptr<RulePlugin>(): the plugin
// The version is checked before anything else of the library is touched, so a plugin built for
// another interface is refused with a message, never called; so is a library whose symbols are
// not such pointers (a plain C function or variable under those names).
//
// The library's plugin (RulePlugin) has a name, the rule options and failure reasons it adds, and
// may edit or build the map (MapEditing, MapBuilding). bind() makes its rules for one variant, a
// RuleExtension offering capabilities (rule_extension.hpp): order syntax, order validation,
// border costs, a part in the movement phase, retreat passages, centre rules, phase events. Nothing of the
// interface names a layer above it (the judge, the game): what the solver shows a plugin is
// MovementBoard (movement_board.hpp).
#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/order/outcome.hpp"
#include "dipadj/plugin/map_building.hpp"
#include "dipadj/plugin/map_editing.hpp"
#include "dipadj/plugin/option_switch.hpp"
#include "dipadj/plugin/rule_extension.hpp"
#include "dipadj/plugin/settings.hpp"
#include "dipadj/rules/rulebook.hpp"

namespace dipadj {

class Variant;

// 1: order syntax and validation, movement rules (passages, carried moves, contests, own
//    decisions, backup rule, holds instead), border costs, forbidden orders, retreat passages by
//    season, centre counting, home centres, map editing and map building.
// 2: the rulebook answers by choice names (choice_name, get<Choice>()), no longer by letters;
//    plugins register their own failure reasons (RulePlugin::reasons(), Variant::find_reason).
// 3: RuleExtension::propose_orders (the list of legal orders, game/legal_orders.hpp).
// 4: ParsedOrder::corrected (an order read with a correction); Order::ignored_coast, the coast
//    written and dropped, in place of the flag target_coast_ignored.
// 5: RuleOption::number (options whose value is a number); the Variant's calendar and the core's
//    options of issue 28 (build_sites, civil_disorder_centres, victory and last year).
// 6: the interface by capability (issue 29): RuleExtension's hooks split into OrderSyntax,
//    OrderValidation, BorderCosts, MovementPart, RetreatPassages and CentreRules, offered through
//    RulesWith<...>; RulePlugin's map hooks into MapEditing and MapBuilding; MovementBoard,
//    MovementRules and ResolverCycle in the plugin layer (dipadj/plugin/), SubmittedOrder in the
//    order layer; on_off_option, is_on and PluginSettings::expect_none for the repeated code;
//    a plugin's settings as the variant file's document (DocNode), no longer a YAML::Node.
// 7: PhaseEvents (after_movement: the board changed after a movement phase; after_ownership: once
//    a year, when the centres have changed hands), a plugin's state kept in the board
//    (Position::plugin_state), and RuleScriptError, which a hook throws when its rule fails at run
//    time, so that the phase fails with its message.
// 8: what plugins see of the map and the variant changed for the batch's speed: Map keeps its
//    location names (location_name returns a reference) and Map and Variant say whether their
//    names are plain text (names_are_plain); OrderOutcome::illegal and fails.
inline constexpr std::uint32_t kPluginInterfaceVersion = 8;

// What a plugin library makes: its name, the rule options it adds (they join the rulebook and its
// YAML layering like the core's), and its rules bound to a variant.
class RulePlugin {
 public:
  virtual ~RulePlugin() = default;
  [[nodiscard]] virtual std::string_view name() const = 0;
  [[nodiscard]] virtual std::vector<RuleOption> options() const { return {}; }
  // The reasons its rules give for an order that fails or is illegal, beyond the core's
  // (order/outcome.hpp): a variant registers them before bind() and its Variant::find_reason
  // gives each one's Reason value. A code two plugins share ("not_for_this_power") is one reason.
  [[nodiscard]] virtual std::vector<ReasonText> reasons() const { return {}; }
  // The map capabilities, when the plugin has them (return `this` from a plugin that derives
  // from the capability): a plugin that edits the variant's map, a map plugin that builds it.
  [[nodiscard]] virtual const MapEditing* map_editing() const { return nullptr; }
  [[nodiscard]] virtual const MapBuilding* map_building() const { return nullptr; }
  // Reads the plugin's settings for this variant. Every problem goes to `problems` with the
  // variant file's line; return nothing if the settings cannot be used.
  [[nodiscard]] virtual std::unique_ptr<RuleExtension> bind(const Variant& variant, const PluginSettings& settings,
                                                            std::vector<Diagnostic>& problems) const = 0;
};

}  // namespace dipadj
