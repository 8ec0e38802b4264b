#pragma once
// Order validation as its own stage, before adjudication (DATC 4.E.1 choice d): an order is legal
// only when it can be valid in the current situation. Illegal orders take no part in adjudication.
#include <cstdint>
#include <vector>

#include "dipadj/judge/convoy_search_space.hpp"
#include "dipadj/order/outcome.hpp"
#include "dipadj/order/order.hpp"

namespace dipadj {

class Map;
class Position;
class Rulebook;
class Variant;

// Checks a movement-phase order of `power` against the position. When legal, returns
// Reason::None and writes to `resolved` the order with the real unit and, for a fleet move,
// the coast it will move to (4.B.2: the only reachable one when none is written).
// `rules` decides what the disputed rules of DATC 4.B and 4.C make of an imperfect order.
Reason validate_movement_order(const Map& map, const Rulebook& rules, const Position& position, PowerId power,
                               const Order& order, Order& resolved);
// The same with caller-owned working memory for the convoy searches, so that validating allocates
// nothing once it has grown.
Reason validate_movement_order(const Map& map, const Rulebook& rules, const Position& position, PowerId power,
                               const Order& order, Order& resolved, ConvoySearchSpace& space);

// What movement-phase orders are checked against, bound once for many orders (the movement
// solver checks every order of every phase; binding them per order was a twentieth of checking one).
struct MovementValidationBoard {
  MovementValidationBoard(const Map& map, const Rulebook& rules, const Position& position, ConvoySearchSpace& space);
  const Map& map;
  const Rulebook& rules;
  const Position& position;
  ConvoySearchSpace& space;
  bool fleets_needed;  // a convoy needs fleets at sea now (4.E.1 d), not only seas (b, c)
};
// The same against a bound board.
Reason validate_movement_order(const MovementValidationBoard& board, PowerId power, const Order& order, Order& resolved);

// A movement-phase order checked as adjudication checks it: by the core's rules above or, for a
// plugin's order, by its plugin; a support of a move only a plugin's means make possible (a
// railroad journey) is no support of an impossible move; then what the plugins forbid. Reason::None
// when legal (`resolved` as above); kept_though_impossible() says which other reasons the rules
// still let take part. What the movement adjudicator and the list of legal orders both use.
Reason check_movement_order(const Variant& variant, const Rulebook& rules, const Position& position, PowerId power,
                            const Order& order, Order& resolved, ConvoySearchSpace& space);

// Whether an order's unit designation or a supported unit's nationality is missing or wrong, in a
// way the rules accept only when no better order is given for the unit (choice c of 4.C.1, 4.C.2,
// 4.C.5, 4.C.6).
bool designation_flawed(const Rulebook& rules, const Position& position, const Map& map, PowerId power,
                        const Order& order);

// Whether an army in `from` could be convoyed to `to` by fleets now standing at sea, not counting
// the fleet in `excluded` (a fleet cannot convoy and support at once, DATC 6.D.31).
// With `fleets_needed` false, any sea counts (what the geography allows, DATC 4.E.1 c).
// With `required`, only routes that need the fleet there count (DATC v3.1 4.E.1: a fleet no route
// needs cannot convoy).
bool convoy_route_possible(const Map& map, const Position& position, ProvinceId from, ProvinceId to,
                           ProvinceId excluded, ProvinceId required, ConvoySearchSpace& space, bool fleets_needed = true);

// Whether an order that cannot be carried out for this reason is legal all the same under the
// rules' idea of legality (4.E.1 b and c): it then takes part as an order that fails (a move that
// cannot be made, a support or convoy that helps nobody) and its unit gets no hold support.
bool kept_though_impossible(Reason why, const Rulebook& rules);

}  // namespace dipadj
