#pragma once
// A game's state beyond its position, as game and case files write it: powers in civil disorder,
// perpetual orders, proxies, the build history, Flying Dutchmen (the position itself:
// notation/position_reading.hpp). Private to the core library.
#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

#include "dipadj/board/phase.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/diagnostic.hpp"
#include "dipadj/game/game.hpp"
#include "dipadj/judge/movement.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "notation/position_reading.hpp"

namespace dipadj {

class Variant;
struct Unit;

// The powers in civil disorder (`civil_disorder: [Italy]`), sorted, each once.
void read_civil_disorder(DocumentReader& doc, const DocNode& node, const Variant& variant, std::vector<PowerId>& out);

// Perpetual orders per power (`perpetual_orders: {Italy: [A Por S A Spa]}`), movement orders of
// the power's units. Refused, with the line, unless the rules allow them (4.E.4 a).
void read_perpetual_orders(DocumentReader& doc, const DocNode& node, const Variant& variant,
                           const Rulebook& rules, std::vector<SubmittedOrder>& out);

// Proxies notified to the judge (`proxies: [{unit: A Belgium, to: England}]`), each for a unit on
// `position` and another power. Refused, with the line, unless the rules allow them (4.E.5 a).
void read_proxies(DocumentReader& doc, const DocNode& node, const Variant& variant, const Rulebook& rules,
                  const Position& position, std::vector<ProxyGrant>& out);

// The build history (`built: [A Paris, F Brest (dislodged)]`): units built during the game and
// still there, the least recent first, each a unit on `state`'s board or, marked "(dislodged)",
// one of its dislodged units. Sets `state.built` and the dislodged units' `built`.
void read_build_history(DocumentReader& doc, const DocNode& node, const Variant& variant, GameState& state);

// Flying Dutchmen (4.E.6): `flying_dutchmen: [A Kiel, {power: Germany, among: [A Berlin,
// A Munich], count: 1}]`; a unit marked "(dislodged)" is one of the state's dislodged units.
void read_flying_dutchmen(DocumentReader& doc, const DocNode& node, const Variant& variant, GameState& state);

// Plugins' states (`plugin_state: {lua: {...}}`, Position::plugin_state): each plugin's value,
// any mapping, list or scalar, kept as its JSON text (a scalar that reads as a number or true/false
// is one). Refused, with the line: nesting past 32, a state past 1 MiB.
void read_plugin_state(DocumentReader& doc, const DocNode& node, Position& position);
// The same as the game file writes it: {plugin: value}.
nlohmann::ordered_json plugin_state_json(const Position& position);

}  // namespace dipadj
