#pragma once
// The results of a phase as JSON (docs/game-format.md, "Results as JSON"): the one model that `dipadj adjudicate --json`, `dipadj play
// --json` and the C API (dipadj/dipadj.h) print. Keys, in this order:
//   phase, orders [{power, order, written?, read_as?, result, reason, by?}], added_orders? [{..., source}],
//   dislodged [{power, unit, attacker_from, retreats}], disbanded [{power, unit}],
//   units {power: [unit]}, supply_centres {power: [centre]}, next_phase, winner?
#include <nlohmann/json_fwd.hpp>

#include <string>

#include "dipadj/game/played_phase.hpp"

namespace dipadj {

class JsonSink;

// nlohmann's conversion point: `nlohmann::ordered_json result = played;`
void to_json(nlohmann::ordered_json& out, const PlayedPhase& played);

// The result as text: compact on one line (indent < 0) or pretty-printed with `indent` spaces.
// Text that is not valid UTF-8 (a written order, say) has its bad bytes replaced by U+FFFD, so
// the output is always valid JSON.
std::string phase_json_text(const PlayedPhase& played, int indent = -1);
// The results written to a sink, event by event (json_events.hpp): the one description of the
// format, which the functions below write as text.
void write_phase_json(const PlayedPhase& played, JsonSink& out);
// The compact text appended to `out` (a batch reuses one buffer per line).
void append_phase_json(const PlayedPhase& played, std::string& out);
// Any value of this model (a list of phases, say) as text, by the same rules.
std::string json_text(const nlohmann::ordered_json& value, int indent = -1);

}  // namespace dipadj
