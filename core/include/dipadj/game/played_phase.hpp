#pragma once
// A phase as played: the state before it, the orders given (and their text as written), what
// the judge made of them, and the state after. What reports and results are made from.
#include <span>
#include <string>

#include "dipadj/game/game.hpp"

namespace dipadj {

class Variant;

struct PlayedPhase {
  const Variant& variant;
  const GameState& before;
  std::span<const SubmittedOrder> orders;
  std::span<const std::string> written;  // the orders as written, beside `orders` (may be empty)
  const PhaseReport& report;
  const GameState& after;
};

}  // namespace dipadj
