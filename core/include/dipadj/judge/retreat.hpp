#pragma once
// Adjudication of a retreat phase: each dislodged unit retreats to one of its retreat options
// (worked out in the movement phase, DATC 5.B.11) or is disbanded. Two or more retreats to one
// province all fail and those units are disbanded; a unit without an order is disbanded.
#include <span>
#include <vector>

#include "dipadj/board/position.hpp"
#include "dipadj/judge/movement.hpp"
#include "dipadj/order/outcome.hpp"

namespace dipadj {

class Map;
class Rulebook;
class Variant;

struct DislodgedUnit {
  Unit unit;                           // where it was dislodged
  ProvinceId attacker_from = kNoProvince;
  std::vector<LocationId> retreats;    // where it may go
  std::uint32_t built = 0;             // when it was built (GameState::built), kept while it retreats

  friend bool operator==(const DislodgedUnit&, const DislodgedUnit&) = default;
};

struct RetreatResult {
  explicit RetreatResult(std::size_t province_count) : after(province_count) {}

  std::vector<OrderOutcome> outcomes;  // one per submitted order
  Position after;                      // the board with the retreated units placed
  std::vector<Unit> disbanded;         // dislodged units that did not make it, where they were dislodged
};

// One retreat-phase order on its own (what adjudicate_retreats checks first): Reason::None when it
// is legal, with the dislodged unit it is for (its place in `dislodged`) and, for a retreat, the
// place it goes (with its coast).
Reason check_retreat_order(const Map& map, const Position& board, std::span<const DislodgedUnit> dislodged, PowerId power,
                          const Order& order, std::size_t& unit, LocationId& destination);

// Where a unit dislodged in a movement phase of `season` may retreat, when that phase is known only
// by its outcome (a game file written by hand): the places it could move to without convoy
// (through the plugins' open passages), left empty in `after`, not where its attacker came from
// (the attack taken as over land: 4.A.5 allows that place only after a convoy) and not where a
// standoff left a province empty (`standoffs`, DATC 5.B.11). The adjudicator's own report works
// the same out from the decisions.
std::vector<LocationId> retreat_options(const Variant& variant, const Rulebook& rules, Season season, const Position& after,
                                        const Unit& dislodged, ProvinceId attacker_from, std::span<const ProvinceId> standoffs);

// Pure: safe to call from any number of threads at once with shared variants and rulebooks.
void adjudicate_retreats(const Variant& variant, const Rulebook& rules, const Position& board, std::span<const DislodgedUnit> dislodged,
                         std::span<const SubmittedOrder> orders, RetreatResult& result);

}  // namespace dipadj
