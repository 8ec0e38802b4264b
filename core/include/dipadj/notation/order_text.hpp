#pragma once
// Orders and their outcomes written out against a variant: the names of its map and powers, and
// its plugins' own order syntax.
#include <string>

#include "dipadj/order/order.hpp"
#include "dipadj/order/outcome.hpp"

namespace dipadj {

class Position;
class Variant;

// The order in the rulebook's notation with full names: "A Paris - Burgundy".
std::string to_string(const Order& order, const Variant& variant);

// "fails: bounced with A Munich" / "illegal: no unit in that province".
[[nodiscard]] std::string describe(const OrderOutcome& outcome, const Variant& variant, const Position& before);

}  // namespace dipadj
