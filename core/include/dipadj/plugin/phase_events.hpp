#pragma once
// Capability: a change to the board after a movement phase is adjudicated, which no decision of
// the phase describes (a unit on a coastal centre that becomes the other type when nobody
// attacked it). The core calls every plugin with this capability, in the variant's order of
// plugins, once per movement phase played, after the units have moved and the dislodged ones
// have left the board (they wait in the retreat phase), and before the retreat phase or the
// season's end (ownership, adjustments) is worked out from the board; and once a year, when the
// centres have changed hands (after_ownership).
#include <span>

#include "dipadj/board/phase.hpp"
#include "dipadj/order/outcome.hpp"
#include "dipadj/order/submitted_order.hpp"

namespace dipadj {

class Position;
class Rulebook;
class Variant;

class PhaseEvents {
 public:
  // `phase` is the movement phase played; `orders` the orders followed (each as validated: a plugin's own order as its
  // validate_movement_order resolved it) and `outcomes` how each went; `before` is the board the
  // phase started from, `after` the board after it, which the plugin may change (a unit's type:
  // Position::place it anew in its province).
  virtual void after_movement(const Variant& variant, const Rulebook& rules, const Phase& phase, const Position& before,
                              std::span<const SubmittedOrder> orders, std::span<const OrderOutcome> outcomes,
                              Position& after) const = 0;
  // Each time the supply centres have changed hands (before each adjustment phase of the
  // calendar: after Fall's movement or retreats, once a year, in the Standard game, even when the
  // adjustment phase is then skipped for want of anything to do), after neutral units are rebuilt and before the end of
  // the game and the adjustments are worked out: the place for a rule that counts years (coring),
  // which keeps its count in `position`'s plugin state (Position::set_plugin_state) and reads it
  // back in the hooks given the board. `phase` is the season that ended. Does nothing unless overridden.
  virtual void after_ownership(const Variant& /*variant*/, const Rulebook& /*rules*/, const Phase& /*phase*/,
                               Position& /*position*/) const {}

 protected:
  ~PhaseEvents() = default;
};

}  // namespace dipadj
