#pragma once
// A plugin's part of the movement phase. The core's decisions (DATC 5.B) stay the equations; a
// plugin adds conditions and decisions of its own, which the resolver treats like any other
// dependency, so cycles through them are found and settled by the backup rule:
//
// * A passage: a move the map allows only with something else happening (a canal that needs the
//   keeper's permission). The plugin claims the move (claim_passage); its PATH decision is then
//   path(), which may ask for any core decision. Such a move never fights head to head, and in a
//   paradox it fails and has no effect on its destination (the Szykman rule extended, DATC 7).
// * A carried move: a move the plugin carries out itself (a railroad journey, step by step). The
//   unit is no attacker (it dislodges nobody and cuts no support); its MOVE decision is moves(),
//   where it ends is destination(). In the provinces it contests (contest()) every other move
//   must beat prevent_strength(). Supports of its order count where the plugin asks for them
//   (supports()). A carried move still fights head to head with a unit coming the other way
//   from its destination.
// * Decisions of its own (add_decisions): yes/no decisions the plugin defines by evaluate().
//   When a cycle holds some of them, backup_rule() is asked first.
// * Orders of the plugin's own kind (OrderKind::Special: a permission) take part only through
//   the plugin; their results come from outcome().
#include <cstddef>
#include <cstdint>
#include <span>

#include "dipadj/judge/movement.hpp"
#include "dipadj/order/outcome.hpp"
#include "dipadj/judge/resolver.hpp"

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

// How a plugin's backup rule dealt with a cycle.
enum class PluginBackup : std::uint8_t {
  NotMine,   // none of its decisions in the cycle: the core's rules apply
  Circular,  // a circular movement: the plugin settled it; nothing else applies
  Settled,   // its paradox rule settled its decisions; the core's paradox rules apply at the same time
};

class MovementRules {
 public:
  virtual ~MovementRules() = default;
  // Called once per phase after validation, before any decision is taken: it may look at the
  // orders, claim moves and reserve decisions, but must not ask for decisions yet.
  virtual void prepare(MovementBoard& board) = 0;
  // The PATH decision of a claimed passage: whether the passage is open to it.
  virtual bool path(MovementBoard& /*board*/, ProvinceId /*mover*/) { return true; }
  // The result of one of the plugin's own legal orders (OrderKind::Special).
  virtual OrderOutcome outcome(MovementBoard& /*board*/, std::size_t /*order_index*/) { return {}; }

  // Carried moves.
  virtual bool moves(MovementBoard& /*board*/, ProvinceId /*mover*/) { return false; }
  virtual LocationId destination(MovementBoard& /*board*/, ProvinceId /*mover*/) { return kNoLocation; }
  virtual int prevent_strength(MovementBoard& /*board*/, ProvinceId /*mover*/, ProvinceId /*province*/) { return 0; }
  virtual OrderOutcome move_outcome(MovementBoard& /*board*/, ProvinceId /*mover*/) { return {}; }
  // The plugin's own decisions.
  virtual bool evaluate(MovementBoard& /*board*/, std::uint32_t /*own_decision*/) { return false; }
  virtual PluginBackup backup_rule(MovementBoard& /*board*/, const ResolverCycle& /*cycle*/) {
    return PluginBackup::NotMine;
  }
};

}  // namespace dipadj
