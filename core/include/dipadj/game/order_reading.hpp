#pragma once
// Reading poorly written orders (DATC 4.E.2): an order whose text may mean several orders (an
// unclear place name, "A Ser - Bu") is read with as much knowledge of the rules as the rule
// option allows, never with another power's orders.
#include <span>
#include <vector>

#include "dipadj/judge/movement.hpp"

namespace dipadj {

class Map;
class Rulebook;
struct GameState;

// An order as the parser read it: one reading when it is clear, several when it is not.
struct WrittenOrder {
  PowerId power = kNoPower;
  std::vector<Order> readings;
};

// The orders to adjudicate, one per written order, in the same order. Under a an order with
// several readings is not followed; b keeps the readings that are legal orders on this board; c
// also drops those that would give a unit of the power a second order; d also keeps, where that
// leaves any, those that match the power's other orders (the move a support names, the support
// of the move). One reading left: that is the order; otherwise it is set aside as unclear
// (Reason::UnclearOrder) and reported under its first reading.
std::vector<SubmittedOrder> read_written_orders(const Map& map, const Rulebook& rules, const GameState& state,
                                                std::span<const WrittenOrder> written);

}  // namespace dipadj
