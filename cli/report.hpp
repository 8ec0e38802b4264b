#pragma once
// Printing what a phase did, for people (text) and programs (JSON).
#include <ostream>
#include <span>
#include <string>
#include <vector>

#include "dipadj/game/game.hpp"

namespace dipadj {
class Variant;
}

namespace dipadj::cli {

struct PhaseView {
  const Variant& variant;
  const GameState& before;
  std::span<const SubmittedOrder> orders;
  std::span<const std::string> written;  // the orders as written, beside `orders` (may be empty)
  const PhaseReport& report;
  const GameState& after;
};

void print_text(const PhaseView& view, std::ostream& out);
void print_state_text(const Variant& variant, const GameState& state, std::ostream& out);
// One JSON object for the phase: orders with results, dislodged units, disbanded units, and the
// state after (units, supply centres, next phase, winner).
void print_json(const PhaseView& view, std::ostream& out, const std::string& indent = "");
std::string json_string(const std::string& text);

}  // namespace dipadj::cli
