#pragma once
// Implicit orders (DATC 4.E.3 a): a move deduced from a power's own support or convoy order for
// a unit of that power that was given no order. Never from another power's orders.
#include <span>
#include <vector>

#include "dipadj/judge/movement.hpp"

namespace dipadj {

class Map;
class Position;

// Whether `power` gave an order for the unit in `province` (an explicit order, which any
// standing or implied order for that unit gives way to).
bool has_order_for(const Map& map, std::span<const SubmittedOrder> orders, PowerId power, ProvinceId province);

// The moves the orders imply, in province order. A unit that has an order of its own gets none,
// and so does a unit for which the orders imply different moves (the orders are ambiguous).
std::vector<SubmittedOrder> implied_orders(const Map& map, const Position& position,
                                           std::span<const SubmittedOrder> orders);

}  // namespace dipadj
