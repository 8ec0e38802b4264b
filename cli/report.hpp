#pragma once
// Printing what a phase did, for people (the JSON for programs is the core's: dipadj/formats/phase_json.hpp).
#include <ostream>
#include <string>
#include <vector>

#include "dipadj/game/played_phase.hpp"

namespace dipadj {
class Variant;
}

namespace dipadj::cli {

void print_text(const PlayedPhase& view, std::ostream& out);
void print_state_text(const Variant& variant, const GameState& state, std::ostream& out);

}  // namespace dipadj::cli
