// The backup rule (DATC 5.B.9): what settles a cycle of decisions that the guess-and-backtrack
// resolver finds with no consistent resolution, or with two.
#include "solver.hpp"

namespace dipadj {

// A cycle with a convoy in it is a convoy paradox, settled by the Szykman rule (the convoyed
// armies of the cycle are treated as disrupted: no path, so no attack, no prevention, no support
// cut). Otherwise, if the moves of the cycle form a circle, they all succeed. Anything else
// (possible only with variant rules): the moves fail, supports are cut.
// Plugins whose decisions are in the cycle apply their own rules first. "All paradox rules apply
// at the same time" (DATC 7, additional assumptions): after a plugin's paradox rule the core's
// convoy and passage rules still apply; a circular movement a plugin found settles all.
void MovementSolver::backup_rule(const ResolverCycle& report) {
  const std::span<const std::uint32_t> cycle = report.decisions;
  const PluginBackup plugins = plugins_backup_rule(report);
  if (plugins == PluginBackup::Circular) return;
  // The rulebooks' own convoy rules (4.A.2 a-c) say nothing about passages: under them only the
  // passages are closed and whatever paradox is left is settled afresh (DATC 7.C.13, 7.C.14 under
  // the 1982 rule).
  if (rulebook_paradox_rule() && close_passages(cycle)) return;
  if (std::any_of(cycle.begin(), cycle.end(), [&](std::uint32_t d) { return is_core_of_kind(d, DecisionKind::Path); })) {
    settle_convoy_paradox(report);
    return;
  }
  if (plugins == PluginBackup::Settled) return;
  settle_circular_movement(cycle);
}

// The backup rules of the plugins with decisions in the cycle: Circular as soon as one found a
// circular movement, Settled if one applied its paradox rule, else NotMine.
PluginBackup MovementSolver::plugins_backup_rule(const ResolverCycle& report) {
  PluginBackup outcome = PluginBackup::NotMine;
  for (PluginPart& plugin : plugins_) {
    const bool involved = std::any_of(report.decisions.begin(), report.decisions.end(), [&](std::uint32_t d) {
      std::uint32_t own = 0;
      return !is_core(d) && plugin.board.own_decision(d, own);
    });
    if (!involved) continue;
    const PluginBackup done = plugin.rules->backup_rule(plugin.board, report);
    if (done == PluginBackup::Circular) return done;
    if (done == PluginBackup::Settled) outcome = done;
  }
  return outcome;
}

// A plugin's passage in the cycle (a canal): the move through it fails and has no effect on its
// destination (DATC 7, the Szykman rule extended). Whether the cycle had any.
bool MovementSolver::close_passages(std::span<const std::uint32_t> cycle) {
  const auto is_passage = [&](std::uint32_t d) {
    return is_core_of_kind(d, DecisionKind::Path) && units_[province_of_decision(d)].passage != 0;
  };
  if (std::none_of(cycle.begin(), cycle.end(), is_passage)) return false;
  for (std::uint32_t d : cycle) {
    if (!is_passage(d)) continue;
    units_[province_of_decision(d)].paradox_broken = true;
    resolver_.settle(d, false);
  }
  return true;
}

// A convoy paradox (4.A.2).
void MovementSolver::settle_convoy_paradox(const ResolverCycle& report) {
  const std::span<const std::uint32_t> cycle = report.decisions;
  const auto is_path = [&](std::uint32_t d) { return is_core_of_kind(d, DecisionKind::Path); };
  // DPTG (f): of two resolutions, the one in which every convoy of the core is disrupted is taken.
  // The convoys then really are disrupted, so no paradox rule is named as the cause.
  if (rules_.is(ConvoyParadox::Dptg) && report.two_resolutions &&
      (all_convoys_disrupted(report.guessed_false) || all_convoys_disrupted(report.guessed_true))) {
    for (std::uint32_t d : cycle)
      if (is_path(d)) resolver_.settle(d, false);
    return;
  }
  // Szykman (d, and the backup of a, b, c): the convoys of the core fail.
  for (std::uint32_t d : cycle) {
    if (!is_path(d)) continue;
    units_[province_of_decision(d)].paradox_broken = true;
    resolver_.settle(d, false);
  }
  // 'All Hold' (e, and DPTG otherwise): every move of the paradox fails as well.
  if (rules_.is(ConvoyParadox::AllHold) || rules_.is(ConvoyParadox::Dptg))
    for (std::uint32_t d : cycle)
      if (is_core_of_kind(d, DecisionKind::Move) && !resolver_.is_resolved(d)) resolver_.settle(d, false);
}

// Circular movement: every move of the cycle enters the province of another mover of the cycle,
// and they all succeed. A circle needs moves: a cycle of supports alone (cutting each other across
// costly borders, DATC 10.F) is no circular movement, and its supports are all cut
// (symmetrically). Any other cycle: its moves fail and its supports are not given.
void MovementSolver::settle_circular_movement(std::span<const std::uint32_t> cycle) {
  const auto is_move = [&](std::uint32_t d) { return is_core_of_kind(d, DecisionKind::Move); };
  bool circular = std::any_of(cycle.begin(), cycle.end(), is_move);
  for (std::uint32_t d : cycle) {
    if (!is_move(d)) continue;
    const std::uint32_t next_move = decision_id(DecisionKind::Move, units_[province_of_decision(d)].target);
    circular = circular && std::find(cycle.begin(), cycle.end(), next_move) != cycle.end();
  }
  for (std::uint32_t d : cycle) {
    if (is_move(d)) resolver_.settle(d, circular);
    else if (is_core_of_kind(d, DecisionKind::Support) && !circular) resolver_.settle(d, false);
  }
}

// Whether a trial resolution of a cycle has every convoy (PATH decision) in it disrupted.
bool MovementSolver::all_convoys_disrupted(std::span<const TrialValue> trial) const {
  bool any_convoy = false;
  for (const TrialValue& t : trial) {
    if (!is_core_of_kind(t.decision, DecisionKind::Path)) continue;
    if (t.value) return false;
    any_convoy = true;
  }
  return any_convoy;
}

}  // namespace dipadj
