#pragma once
// What a unit does in a movement phase, as the solver reads it from the orders (one per
// province, indexed by the province the unit stands in). Private to the movement solver.
#include <cstdint>

#include "dipadj/geo/ids.hpp"
#include "dipadj/order/order.hpp"
#include "dipadj/order/outcome.hpp"

namespace dipadj {

struct UnitState {
  bool present = false;
  OrderKind kind = OrderKind::Hold;   // Hold for units without a legal order
  // The unit's type, power and place in a Unit's order: read from the board as one piece.
  UnitType type = UnitType::Army;
  PowerId power = kNoPower;
  LocationId location = kNoLocation;  // where it stands (with its coast)
  ProvinceId target = kNoProvince;    // move: destination
  LocationId target_location = kNoLocation;
  ProvinceId other = kNoProvince;     // support/convoy: the unit supported or convoyed
  ProvinceId other_target = kNoProvince;          // its destination (kNoProvince: support to hold)
  LocationId other_target_location = kNoLocation; // with the coast the support names, if any
  bool by_convoy = false;             // move: takes a convoy route rather than the land route
  bool flexible = false;              // move: by convoy if its convoy route holds, else over land (4.A.3 c)
  ProvinceId opponent = kNoProvince;  // move: the unit it meets head to head
  bool matched = false;               // support/convoy: the other unit does what it says
  bool paradox_broken = false;        // move: its convoy was broken by the paradox rule
  bool skipped = false;               // convoy: a foreign fleet the DPTG leaves out of the convoy (4.A.1 c)
  Reason impossible = Reason::None;   // legal though it cannot be carried out (4.E.1 b, c): why
  std::uint8_t passage = 0;           // move: the plugin (its place among the solver's plugins + 1) whose passage it takes
  std::uint8_t carrier = 0;           // move: the plugin that carries it out (place + 1), see movement_rules.hpp
  std::uint8_t cost = 0;              // move: strength lost crossing the border (plugins; DATC 10)
  Reason held = Reason::None;         // a plugin made the unit hold instead of its order: why
};

}  // namespace dipadj
