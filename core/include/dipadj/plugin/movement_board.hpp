#pragma once
// What the solver shows a plugin's MovementRules (movement_rules.hpp) during one movement phase:
// the orders, the decisions it may ask for, and the claims it may make. The core guarantees that
// the board is the plugin's own (own_orders() and its decisions are its alone), that prepare()
// is called before any decision is asked for, and that every decision asked for is resolved on
// demand, cycles through the plugin's decisions included.
#include <cstddef>
#include <cstdint>
#include <span>

#include "dipadj/board/phase.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/order/outcome.hpp"
#include "dipadj/order/submitted_order.hpp"

namespace dipadj {

class Rulebook;
class Variant;

// What the solver shows a plugin during one movement phase.
class MovementBoard {
 public:
  [[nodiscard]] virtual const Variant& variant() const = 0;
  [[nodiscard]] virtual const Rulebook& rules() const = 0;
  [[nodiscard]] virtual const Position& before() const = 0;
  [[nodiscard]] virtual Season season() const = 0;
  // Every submitted order, and whether it is legal (illegal ones take no part).
  [[nodiscard]] virtual std::span<const SubmittedOrder> orders() const = 0;
  [[nodiscard]] virtual bool legal(std::size_t order_index) const = 0;
  // The legal order the unit in a province follows (the real unit filled in), or nothing: the
  // unit holds without one, or there is no unit.
  [[nodiscard]] virtual const Order* order_of(ProvinceId unit) const = 0;
  // The legal orders of the plugin being called (its OrderKind::Special orders and any other
  // order it read), by index in orders(); in prepare() and outcome().
  [[nodiscard]] virtual std::span<const std::size_t> own_orders() const = 0;
  // The units whose (core) moves go into a province.
  [[nodiscard]] virtual std::span<const ProvinceId> movers_into(ProvinceId province) const = 0;

  // --- In prepare() only ---
  // The move of this unit takes the plugin's passage: its PATH decision is the plugin's path().
  virtual void claim_passage(ProvinceId mover) = 0;
  // The plugin carries out this unit's move (see above).
  virtual void claim_move(ProvinceId mover) = 0;
  // A carried move takes part in the contest for a province.
  virtual void contest(ProvinceId mover, ProvinceId province) = 0;
  // The unit's legal order is not carried out: the unit holds (and may be supported to hold);
  // its result is a failure for this reason.
  virtual void hold_instead(ProvinceId unit, Reason why) = 0;
  // Reserves `count` decisions of the plugin's own, numbered 0 .. count-1 from the first id this
  // returns (a plugin may call it once per phase).
  virtual std::uint32_t add_decisions(std::uint32_t count) = 0;

  // --- Decisions, resolved on demand (not in prepare()) ---
  virtual bool moves(ProvinceId unit) = 0;
  virtual bool dislodged(ProvinceId unit) = 0;
  virtual bool decide(std::uint32_t own_decision) = 0;
  // Whether a (core) move would enter its destination if no carried move contested it.
  virtual bool would_enter(ProvinceId mover) = 0;
  virtual int prevent_strength(ProvinceId mover) = 0;
  // The supports given to a unit's order.
  virtual int supports(ProvinceId unit) = 0;

  // --- In backup_rule() ---
  // What a decision of a cycle is: one of the plugin's own (its number), or a core MOVE (whose unit).
  [[nodiscard]] virtual bool own_decision(std::uint32_t decision, std::uint32_t& own) const = 0;
  [[nodiscard]] virtual bool is_move_decision(std::uint32_t decision, ProvinceId& unit) const = 0;
  // The province a core move goes to (for carried moves: use destination()).
  [[nodiscard]] virtual ProvinceId target_of(ProvinceId unit) const = 0;
  virtual void settle(std::uint32_t decision, bool value) = 0;      // any decision of the cycle
  virtual void settle_own(std::uint32_t own_decision, bool value) = 0;

 protected:
  ~MovementBoard() = default;
};

}  // namespace dipadj
