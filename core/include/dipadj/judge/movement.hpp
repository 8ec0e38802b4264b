#pragma once
// Adjudication of a movement phase: validation, then the decisions of DATC 5 (MOVE, SUPPORT,
// DISLODGE, PATH and the ATTACK/HOLD/PREVENT/DEFEND strengths) resolved as equations by the
// guess-and-backtrack resolver, then the position after and the retreat options (DATC 5.B.11).
#include <memory>
#include <span>
#include <vector>

#include "dipadj/board/phase.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/order/outcome.hpp"
#include "dipadj/order/order.hpp"
#include "dipadj/order/submitted_order.hpp"

namespace dipadj {

class MovementSolver;  // private to the core (core/src/judge/movement/)
class Rulebook;
class Variant;

struct Dislodgement {
  Unit unit;                         // where it stood
  ProvinceId attacker_from = kNoProvince;
  bool attacker_convoyed = false;
  std::uint32_t retreats_begin = 0;  // into MovementResult::retreat_locations
  std::uint32_t retreats_count = 0;
};

struct MovementResult {
  explicit MovementResult(std::size_t province_count) : after(province_count) {}

  std::vector<OrderOutcome> outcomes;  // one per submitted order, in the same order
  Position after;                      // the units after the phase (not the dislodged ones)
  std::vector<Dislodgement> dislodged;
  std::vector<LocationId> retreat_locations;

  [[nodiscard]] std::span<const LocationId> retreats(const Dislodgement& d) const {
    return std::span<const LocationId>(retreat_locations).subspan(d.retreats_begin, d.retreats_count);
  }
};

// Reusable: keeps its working memory between phases, so adjudicating allocates nothing once warm.
// Not shared between threads: one per thread (the variant and rulebook it reads may be shared).
class MovementAdjudicator {
 public:
  MovementAdjudicator(const Variant& variant, const Rulebook& rules);
  ~MovementAdjudicator();
  MovementAdjudicator(const MovementAdjudicator&) = delete;
  MovementAdjudicator& operator=(const MovementAdjudicator&) = delete;

  // `in_civil_disorder`: the powers in civil disorder (they matter for 4.D.9 only; their orders
  // are kept out by the caller).
  // `season`: the phase's season (plugins' rules may depend on it: ice).
  void adjudicate(const Position& before, std::span<const SubmittedOrder> orders, MovementResult& result,
                  std::span<const PowerId> in_civil_disorder = {}, Season season = Season::Spring);

 private:
  std::unique_ptr<MovementSolver> solver_;
};

}  // namespace dipadj
