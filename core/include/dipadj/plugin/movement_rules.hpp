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

#include "dipadj/order/outcome.hpp"
#include "dipadj/plugin/movement_board.hpp"
#include "dipadj/plugin/resolver_cycle.hpp"

namespace dipadj {

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
