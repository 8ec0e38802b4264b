#pragma once
// Capability: which orders are legal. The core validates its own kinds of order (DATC 4.E.1)
// first; a plugin with this capability then validates its own orders, may forbid a legal order
// of the core's kinds, and may make a move possible that the map alone does not allow (so that a
// support of it is a support of a possible move). Called for movement phases only, with the
// resolved order (the unit's real type and coast).
#include "dipadj/order/order.hpp"
#include "dipadj/order/outcome.hpp"

namespace dipadj {

class Position;
class Rulebook;
class Variant;
struct Unit;

class OrderValidation {
 public:
  // Whether an order this plugin read (OrderSyntax) is legal; Reason::None if so, and then
  // `resolved` is the order as it will be adjudicated. Without this capability the plugin's
  // orders are illegal in every phase (Reason::NotThisPhase).
  [[nodiscard]] virtual Reason validate_movement_order(const Variant& /*variant*/, const Rulebook& /*rules*/,
                                                       const Position& /*position*/, PowerId /*power*/,
                                                       const Order& /*order*/, Order& /*resolved*/) const {
    return Reason::NotThisPhase;
  }
  // Whether the rules forbid a legal order of the core's kinds (a support across a difficult
  // border, DATC 10.E): Reason::None if not, else why it is illegal.
  [[nodiscard]] virtual Reason forbids(const Variant& /*variant*/, const Rulebook& /*rules*/,
                                       const Order& /*resolved*/) const {
    return Reason::None;
  }
  // Whether a unit could get from where it stands to a province by the plugin's means (a
  // railroad), asked when the core finds a supported move impossible.
  [[nodiscard]] virtual bool move_possible(const Variant& /*variant*/, const Rulebook& /*rules*/,
                                           const Unit& /*unit*/, ProvinceId /*to*/) const {
    return false;
  }

 protected:
  ~OrderValidation() = default;
};

}  // namespace dipadj
