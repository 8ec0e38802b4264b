#pragma once
// Adjudication of an adjustment (winter) phase: builds, removals and waived builds, taken one by
// one in the order each power gave them (DATC 4.D.4 b, 4.D.5 b, 4.D.6 b), and civil disorder for
// a power that removed too few units (4.D.8 d).
#include <span>
#include <vector>

#include "dipadj/board/position.hpp"
#include "dipadj/judge/movement.hpp"
#include "dipadj/order/outcome.hpp"

namespace dipadj {

class Rulebook;
class Variant;

struct AdjustmentResult {
  explicit AdjustmentResult(std::size_t province_count) : after(province_count) {}

  std::vector<OrderOutcome> outcomes;  // one per submitted order
  Position after;
  std::vector<Unit> disbanded_in_disorder;  // removed by the civil-disorder rule, in removal order
};

// One adjustment-phase order on its own (what adjudicate_adjustments checks before it takes each
// power's orders together): Reason::None when legal, with the unit it builds or removes in
// `planned` (none for a waived build). `counted_centres`: the power's supply centres that count
// (Variant::counted_centres).
Reason check_adjustment_order(const Variant& variant, const Rulebook& rules, const Position& before, PowerId power,
                              std::size_t counted_centres, const Order& order, Unit& planned);

// Pure: safe to call from any number of threads at once with shared variants and rulebooks.
// `before` carries the supply-centre owners of the phase. `built` (per province, larger is more
// recent; empty: unknown) is the build history that the "least recently built" rule (4.D.8 f) reads.
// `one_build_each`: a mobilizing phase (Variant::start_mobilizes), each power building one unit at most.
void adjudicate_adjustments(const Variant& variant, const Rulebook& rules, const Position& before, std::span<const SubmittedOrder> orders,
                            AdjustmentResult& result, std::span<const std::uint32_t> built = {}, bool one_build_each = false);

// The civil-disorder distance of every location to the nearest home centre of `power` (owned
// centre under the 2023 rule), counted as rule 4.D.8 of `rules` says; -1 where there is none.
// `position` gives the fleets that may convoy (4.D.8 b, c) and the owners (g).
std::vector<int> civil_disorder_distances(const Variant& variant, const Rulebook& rules, const Position& position,
                                          PowerId power, UnitType type);

// The units of `power` on `units` in the order the civil-disorder rule (4.D.8 of `rules`) removes
// them: distances counted on `board` (owners and fleets), `built` for the house rule f.
std::vector<ProvinceId> civil_disorder_removal_order(const Variant& variant, const Rulebook& rules, const Position& board,
                                                     const Position& units, PowerId power,
                                                     std::span<const std::uint32_t> built = {});

}  // namespace dipadj
