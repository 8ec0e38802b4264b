// The backup rule (DATC 5.B.9): what settles a cycle of decisions that the guess-and-backtrack
// resolver finds with no consistent resolution, or with two.
#include "solver.hpp"

namespace dipadj {

// The backup rule (DATC 5.B.9): a cycle with a convoy in it is a convoy paradox, settled by the
// Szykman rule (the convoyed armies of the cycle are treated as disrupted: no path, so no attack,
// no prevention, no support cut). Otherwise, if the moves of the cycle form a circle, they all
// succeed. Anything else (possible only with variant rules): the moves fail, supports are cut.
void MovementAdjudicator::Solver::backup_rule(const ResolverCycle& report) {
  const std::span<const std::uint32_t> cycle = report.decisions;
  const auto is_path = [&](std::uint32_t d) { return is_core(d) && kind_of(d) == kPath; };
  const auto is_kind = [&](std::uint32_t d, Decision kind) { return is_core(d) && kind_of(d) == kind; };
  // Plugins whose decisions are in the cycle apply their own rules first. "All paradox rules
  // apply at the same time" (DATC 7, additional assumptions): after a plugin's paradox rule the
  // core's convoy and passage rules still apply; a circular movement a plugin found settles all.
  bool plugin_settled = false;
  for (std::size_t i = 0; i < plugin_rules_.size(); ++i) {
    const PluginDecisions& range = plugin_decisions_[i];
    const bool involved = std::any_of(cycle.begin(), cycle.end(), [&](std::uint32_t d) {
      return !is_core(d) && d >= range.first && d < range.first + range.count;
    });
    if (!involved) continue;
    const PluginBackup done =
        call_plugin(static_cast<std::uint8_t>(i + 1), [&](MovementRules& r) { return r.backup_rule(*this, report); });
    if (done == PluginBackup::Circular) return;
    plugin_settled = plugin_settled || done == PluginBackup::Settled;
  }
  const bool paradox = std::any_of(cycle.begin(), cycle.end(), is_path);
  // A plugin's passage in the cycle (a canal): the move through it fails and has no effect on its
  // destination (DATC 7, the Szykman rule extended). The rulebooks' own convoy rules (4.A.2 a-c)
  // say nothing about passages, so under them only the passages are closed and whatever paradox is
  // left is settled afresh (DATC 7.C.13, 7.C.14 under the 1982 rule).
  const auto is_passage = [&](std::uint32_t d) { return is_path(d) && units_[province_of_decision(d)].passage != 0; };
  if (rulebook_paradox_rule() &&
      std::any_of(cycle.begin(), cycle.end(), is_passage)) {
    for (std::uint32_t d : cycle) {
      if (!is_passage(d)) continue;
      units_[province_of_decision(d)].paradox_broken = true;
      resolver_.settle(d, false);
    }
    return;
  }
  if (paradox) {
    // DPTG (4.A.2 f): of two resolutions, the one in which every convoy of the core is disrupted
    // is taken. The convoys then really are disrupted, so no paradox rule is named as the cause.
    if (rules_.is(ConvoyParadox::Dptg) && report.two_resolutions &&
        (all_convoys_disrupted(report.guessed_false) || all_convoys_disrupted(report.guessed_true))) {
      for (std::uint32_t d : cycle)
        if (is_path(d)) resolver_.settle(d, false);
      return;
    }
    // Szykman (4.A.2 d, and the backup of a, b, c): the convoys of the core fail.
    for (std::uint32_t d : cycle) {
      if (!is_path(d)) continue;
      units_[province_of_decision(d)].paradox_broken = true;
      resolver_.settle(d, false);
    }
    // 'All Hold' (4.A.2 e, and DPTG otherwise): every move of the paradox fails as well.
    if (rules_.is(ConvoyParadox::AllHold) || rules_.is(ConvoyParadox::Dptg))
      for (std::uint32_t d : cycle)
        if (is_kind(d, kMove) && !resolver_.is_resolved(d)) resolver_.settle(d, false);
    return;
  }
  if (plugin_settled) return;

  // A circle needs moves: a cycle of supports alone (cutting each other across costly borders,
  // DATC 10.F) is no circular movement, and its supports are all cut (symmetrically).
  bool circular = std::any_of(cycle.begin(), cycle.end(), [&](std::uint32_t d) { return is_kind(d, kMove); });
  for (std::uint32_t d : cycle) {
    if (!is_kind(d, kMove)) continue;
    const ProvinceId p = province_of_decision(d);
    // Each mover of a circle moves into the province of another mover of the circle.
    const ProvinceId next = units_[p].target;
    const bool next_in_cycle = std::any_of(cycle.begin(), cycle.end(), [&](std::uint32_t e) { return e == id(kMove, next); });
    circular = circular && next_in_cycle;
  }
  for (std::uint32_t d : cycle) {
    if (is_kind(d, kMove)) resolver_.settle(d, circular);
    else if (is_kind(d, kSupport) && !circular) resolver_.settle(d, false);
  }
}

// Whether a trial resolution of a cycle has every convoy (PATH decision) in it disrupted.
bool MovementAdjudicator::Solver::all_convoys_disrupted(std::span<const TrialValue> trial) const {
  bool any_convoy = false;
  for (const TrialValue& t : trial) {
    if (!is_core(t.decision) || kind_of(t.decision) != kPath) continue;
    if (t.value) return false;
    any_convoy = true;
  }
  return any_convoy;
}

}  // namespace dipadj
