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
// Version history: 1 -- order syntax and validation, movement rules (passages, carried moves,
// contests, own decisions, backup rule, holds instead), border costs, forbidden orders, retreat
// passages by season, centre counting, home centres, map editing and map building.
// 2 -- the rulebook answers by choice names; plugins register their own failure reasons.
// 3 -- RuleExtension::propose_orders: a plugin's orders in the list of legal orders.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/board/phase.hpp"
#include "dipadj/diagnostic.hpp"
#include "dipadj/order/outcome.hpp"
#include "dipadj/order/order.hpp"
#include "dipadj/rules/rulebook.hpp"

namespace YAML {
class Node;
}

namespace dipadj {

class MovementRules;
class OrderParser;
class Position;
class Variant;
struct Unit;
struct MapSpec;
struct BuiltBoard;

// 2: the rulebook answers by choice names (choice_name, get<Choice>()), no longer by letters;
//    plugins register their own failure reasons (RulePlugin::reasons(), Variant::find_reason).
// 3: RuleExtension::propose_orders (the list of legal orders, game/legal_orders.hpp).
// 4: ParsedOrder::corrected (an order read with a correction); Order::ignored_coast, the coast
//    written and dropped, in place of the flag target_coast_ignored.
// 5: RuleOption::number (options whose value is a number); the Variant's calendar and the core's
//    options of issue 28 (build_sites, civil_disorder_centres, victory and last year).
inline constexpr std::uint32_t kPluginInterfaceVersion = 5;

// A plugin's entry in the variant file: `- name: suez-canal` with its `settings:` mapping.
struct PluginSettings {
  const YAML::Node& node;   // the `settings:` value; a null node (never an invalid one) when there is none
  const std::string& file;  // the variant file, for diagnostics
  int line = 0;             // the plugin's entry in it
  std::string_view plugin;  // the plugin's name

  // A problem with part of the settings: the file, that part's line (or the entry's, when the
  // part has none, as a missing `settings:`), and the message after the plugin's name.
  [[nodiscard]] Diagnostic problem(const YAML::Node& at, const std::string& message) const;
};

// A plugin's rules bound to one variant: its settings read, its places resolved to ids. Shared
// by every game of the variant, so it keeps no per-game state (per-phase working memory lives
// in the MovementRules it makes).
class RuleExtension {
 public:
  virtual ~RuleExtension() = default;

  // Order text the core does not read ("A Moscow - TSR - Vladivostok"). Returns nothing when the
  // text is not this plugin's; otherwise the order (the core marks it as this plugin's) or the
  // error. `core` reads the ordinary parts of the text (parse_without_extensions).
  [[nodiscard]] virtual std::optional<ParsedOrder> parse_order(std::string_view /*text*/, const OrderParser& /*core*/,
                                                               bool /*retreat_phase*/) const {
    return std::nullopt;
  }
  // The orders of this plugin's own kinds that `power` might give in a movement phase on this
  // board (a railroad journey for each of its armies on the line, a canal permission for each
  // fleet at the canal), for the list of legal orders: the core keeps those that
  // validate_movement_order accepts, so proposing too many is harmless, too few hides orders.
  virtual void propose_orders(const Variant& /*variant*/, const Rulebook& /*rules*/, const Position& /*position*/,
                              PowerId /*power*/, std::vector<Order>& /*out*/) const {}
  // The rulebook notation of an order this plugin made, with full names.
  [[nodiscard]] virtual std::string order_text(const Order& order, const Variant& variant) const;
  // Whether an order this plugin made is legal in a movement phase; Reason::None if so, and then
  // `resolved` is the order as it will be adjudicated (the unit's real type and coast).
  [[nodiscard]] virtual Reason validate_movement_order(const Variant& variant, const Rulebook& rules,
                                                       const Position& position, PowerId power, const Order& order,
                                                       Order& resolved) const;

  // What crossing a border costs a move or a retreat of this unit type, in strength (a difficult
  // passable border: 1, DATC 10). A move that goes by convoy crosses no border.
  [[nodiscard]] virtual int border_cost(ProvinceId /*from*/, ProvinceId /*to*/, UnitType /*type*/,
                                        const Rulebook& /*rules*/) const {
    return 0;
  }
  // Whether the rules forbid a legal order of the core's kinds (a support across a difficult
  // border, DATC 10.E): Reason::None if not, else why it is illegal.
  [[nodiscard]] virtual Reason forbids(const Variant& /*variant*/, const Rulebook& /*rules*/, const Order& /*resolved*/) const {
    return Reason::None;
  }
  // Whether a unit could get from where it stands to a province by the plugin's means (a railroad),
  // so that a support of such a move is no support of an impossible move.
  [[nodiscard]] virtual bool move_possible(const Variant& /*variant*/, const Rulebook& /*rules*/,
                                           const Unit& /*unit*/, ProvinceId /*to*/) const {
    return false;
  }
  // The plugin's part of movement adjudication, one object per adjudicator (it may keep working
  // memory between phases); nothing when the plugin adds nothing to movement under these rules.
  [[nodiscard]] virtual std::unique_ptr<MovementRules> movement_rules(const Rulebook& rules) const;
  // Whether a unit may retreat from one place to another that the map links, in the retreat
  // phase of this season (a passage that needs a permission nobody can give in a retreat phase,
  // a frozen sea).
  [[nodiscard]] virtual bool retreat_passage_open(LocationId /*from*/, LocationId /*to*/, const Rulebook& /*rules*/,
                                                  Season /*season*/) const {
    return true;
  }
  // Whether a centre is home to a power (for builds and for the civil-disorder distances), when
  // the plugin replaces the variant's list of home centres: with builds allowed anywhere, the
  // owned centres and only they (DATC 11.A). Nothing: the variant's list decides.
  [[nodiscard]] virtual std::optional<bool> home_centre(ProvinceId /*centre*/, PowerId /*power*/,
                                                        const Position& /*position*/, const Rulebook& /*rules*/) const {
    return std::nullopt;
  }
  // Whether a supply centre counts for the power that owns it, for builds and for victory.
  [[nodiscard]] virtual bool centre_counts(ProvinceId /*centre*/, PowerId /*owner*/, const Rulebook& /*rules*/) const {
    return true;
  }
};

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
  // A map plugin builds the board in code from its settings (`map_plugin:` in a variant file,
  // instead of `map:`); returns false, with the problems, when it cannot. Rule plugins build none.
  virtual bool build_map(const PluginSettings& /*settings*/, BuiltBoard& /*board*/, std::vector<Diagnostic>& problems) const {
    problems.push_back(Diagnostic{"", 0, "plugin '" + std::string(name()) + "' builds no map"});
    return false;
  }
  // Edits the variant's map before it is built (it has read the map file, its overlay and the
  // chosen options): convoyable coasts, say. Every problem goes to `problems`.
  virtual void edit_map(MapSpec& /*map*/, const PluginSettings& /*settings*/, std::vector<Diagnostic>& /*problems*/) const {}
  // Reads the plugin's settings for this variant. Every problem goes to `problems` with the
  // variant file's line; return nothing if the settings cannot be used.
  [[nodiscard]] virtual std::unique_ptr<RuleExtension> bind(const Variant& variant, const PluginSettings& settings,
                                                            std::vector<Diagnostic>& problems) const = 0;
};

}  // namespace dipadj
