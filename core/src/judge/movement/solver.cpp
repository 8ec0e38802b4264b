// The movement phase as equations (DATC 5.B; "The Math of Adjudication"): a phase is prepared
// from the orders, every decision is resolved by the guess-and-backtrack resolver, and the
// outcomes are reported.
#include "solver.hpp"

#include "dipadj/plugin/plugin.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

MovementSolver::MovementSolver(const Variant& variant, const Rulebook& rules)
    : variant_(variant),
      map_(variant.map()),
      rules_(rules),
      provinces_(map_.province_count()),
      governing_(provinces_),
      units_(provinces_),
      movers_(provinces_),
      supporters_(provinces_),
      searches_(map_),
      resolver_(*this) {
  for (const auto& extension : variant.extensions()) {
    const MovementPart* part = extension.rules->movement_part();
    auto made = part != nullptr ? part->movement_rules(rules) : nullptr;
    if (!made) {
      movement_rules_of_.push_back(0);
      continue;
    }
    const auto place = static_cast<std::uint8_t>(plugins_.size() + 1);
    movement_rules_of_.push_back(place);
    plugins_.push_back(PluginPart{std::move(made), PluginBoard(*this, place)});
  }
}

void MovementSolver::run(const Position& before, std::span<const SubmittedOrder> orders, MovementResult& result,
                         std::span<const PowerId> in_civil_disorder, Season season) {
  phase_ = CurrentPhase{&before, orders, &result, in_civil_disorder, season};
  prepare();
  auto resolve_and_report = [&] {
    // Resolve every decision, in province order (never in the order the orders were given), of
    // the units with one left open before resolution.
    for (std::uint32_t kind = 0; kind < kDecisionKinds; ++kind)
      for (auto p = undecided_.rbegin(); p != undecided_.rend(); ++p)
        resolver_.resolve(decision_id(static_cast<DecisionKind>(kind), *p));
    report();
  };
  // The resolver's recursion holds each decision at most once, twice where the backup rule
  // starts a cycle again; only the decisions of occupied provinces and the plugins' are resolved.
  const std::size_t decisions = kDecisionKinds * occupied_.size() + (next_decision_ - core_decisions_);
  stack_room_.run(kStackMargin + 2 * decisions * kStackPerDecision, resolve_and_report);
}

ProvinceId MovementSolver::contest_winner(ProvinceId province, int attack) {
  for (const auto& contest : contests_) {
    if (contest.first != province) continue;
    const ProvinceId carried = contest.second;
    const int prevent = call_plugin(units_[carried].carrier, [&](MovementRules& rules, MovementBoard& board) {
      return rules.prevent_strength(board, carried, province);
    });
    if (prevent > 0 && attack <= prevent) return carried;
  }
  return kNoProvince;
}

MovementAdjudicator::MovementAdjudicator(const Variant& variant, const Rulebook& rules)
    : solver_(std::make_unique<MovementSolver>(variant, rules)) {}
MovementAdjudicator::~MovementAdjudicator() = default;

void MovementAdjudicator::adjudicate(const Position& before, std::span<const SubmittedOrder> orders,
                                     MovementResult& result, std::span<const PowerId> in_civil_disorder, Season season) {
  solver_->run(before, orders, result, in_civil_disorder, season);
}

}  // namespace dipadj
