// The movement phase as equations (DATC 5.B; "The Math of Adjudication"): a phase is prepared
// from the orders, every decision is resolved by the guess-and-backtrack resolver, and the
// outcomes are reported.
#include "solver.hpp"

namespace dipadj {

void MovementAdjudicator::Solver::run(const Position& before, std::span<const SubmittedOrder> orders,
                                      MovementResult& result, std::span<const PowerId> in_civil_disorder, Season season) {
  in_civil_disorder_ = in_civil_disorder;
  season_ = season;
  before_ = &before;
  orders_ = orders;
  result_ = &result;
  prepare(before, orders, result);
  auto resolve_and_report = [&] {
    // Resolve every decision, in province order (never in the order the orders were given).
    for (std::uint32_t kind = 0; kind < kDecisionKinds; ++kind)
      for (ProvinceId p : occupied_) resolver_.resolve(id(static_cast<Decision>(kind), p));
    report(before, orders, result);
  };
  // The resolver's recursion holds each decision at most once, twice where the backup rule
  // starts a cycle again; only the decisions of occupied provinces and the plugins' are resolved.
  const std::size_t decisions = kDecisionKinds * occupied_.size() + (next_decision_ - core_decisions_);
  stack_room_.run(kStackMargin + 2 * decisions * kStackPerDecision, resolve_and_report);
}

MovementAdjudicator::MovementAdjudicator(const Variant& variant, const Rulebook& rules)
    : solver_(std::make_unique<Solver>(variant, rules)) {}
MovementAdjudicator::~MovementAdjudicator() = default;

void MovementAdjudicator::adjudicate(const Position& before, std::span<const SubmittedOrder> orders,
                                     MovementResult& result, std::span<const PowerId> in_civil_disorder, Season season) {
  solver_->run(before, orders, result, in_civil_disorder, season);
}

}  // namespace dipadj
