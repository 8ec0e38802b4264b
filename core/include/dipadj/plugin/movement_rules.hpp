#pragma once
// A plugin's part of the movement phase. The core's decisions (DATC 5.B) stay the equations; a
// plugin adds conditions to them, which the resolver treats like any other dependency, so cycles
// through a plugin's condition are found and settled by the backup rule:
//
// * A passage: a move the map allows only with something else happening (a canal that needs the
//   keeper's permission). The plugin claims the move in prepare(); its PATH decision is then
//   path(), which may ask for any core decision. Such a move never fights head to head, and in a
//   paradox it fails and has no effect on its destination (the Szykman rule extended, DATC 7).
// * Orders of the plugin's own kind (OrderKind::Special: a permission) take part only through
//   the plugin; their results come from outcome().
#include <cstddef>
#include <span>

#include "dipadj/judge/movement.hpp"
#include "dipadj/judge/outcome.hpp"

namespace dipadj {

class Rulebook;
class Variant;

// What the solver shows a plugin during one movement phase.
class MovementBoard {
 public:
  [[nodiscard]] virtual const Variant& variant() const = 0;
  [[nodiscard]] virtual const Rulebook& rules() const = 0;
  [[nodiscard]] virtual const Position& before() const = 0;
  // Every submitted order, and whether it is legal (illegal ones take no part).
  [[nodiscard]] virtual std::span<const SubmittedOrder> orders() const = 0;
  [[nodiscard]] virtual bool legal(std::size_t order_index) const = 0;
  // The legal order the unit in a province follows (the real unit filled in), or nothing: the
  // unit holds without one, or there is no unit.
  [[nodiscard]] virtual const Order* order_of(ProvinceId unit) const = 0;

  // The core's decisions, resolved on demand.
  virtual bool moves(ProvinceId unit) = 0;
  virtual bool dislodged(ProvinceId unit) = 0;

  // The legal orders of the plugin being called (its OrderKind::Special orders and any other
  // order it read), by index in orders(); in prepare() and outcome().
  [[nodiscard]] virtual std::span<const std::size_t> own_orders() const = 0;

  // In prepare(): the move of this unit takes the plugin's passage; its PATH decision is the
  // plugin's path().
  virtual void claim_passage(ProvinceId mover) = 0;

 protected:
  ~MovementBoard() = default;
};

class MovementRules {
 public:
  virtual ~MovementRules() = default;
  // Called once per phase after validation, before any decision is taken: it may look at the
  // orders and claim moves, but must not ask for decisions yet.
  virtual void prepare(MovementBoard& board) = 0;
  // The PATH decision of a claimed move: whether the passage is open to it.
  virtual bool path(MovementBoard& /*board*/, ProvinceId /*mover*/) { return true; }
  // The result of one of the plugin's own legal orders (OrderKind::Special).
  virtual OrderOutcome outcome(MovementBoard& /*board*/, std::size_t /*order_index*/) { return {}; }
};

}  // namespace dipadj
