#include "dipadj/game/game.hpp"

#include <algorithm>
#include <optional>

#include "dipadj/judge/adjustment.hpp"
#include "dipadj/judge/implicit_orders.hpp"
#include "dipadj/plugin/rule_extension.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

// Before an adjustment phase (after the Fall phases in the Standard game) a supply centre belongs
// to the power whose unit stands in it. A neutral unit takes none: its centre stays as it was.
void update_ownership(const Map& map, Position& position) {
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    const auto id = static_cast<ProvinceId>(p);
    if (!map.province(id).supply_centre) continue;
    const Unit& unit = position.unit_in(id);
    if (unit.present() && unit.power != kNeutral) position.set_owner(id, unit.power);
  }
}

// Under neutral_units_rebuilt: on_empty_neutral_centres, each supply centre that held a neutral unit
// in the variant's start and is now empty and nobody's gets that unit back, as the centres change
// hands (so even when the adjustment phase has nothing else to do and is skipped).
void rebuild_neutral_units(const Variant& variant, const Rulebook& rules, Position& position, std::vector<Unit>& rebuilt) {
  if (!rules.is(NeutralUnitsRebuilt::OnEmptyNeutralCentres)) return;
  const Map& map = variant.map();
  const Position& start = variant.start_position();
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    const auto id = static_cast<ProvinceId>(p);
    const Unit& first = start.unit_in(id);
    if (first.power != kNeutral || !map.province(id).supply_centre) continue;
    if (position.unit_in(id).present() || position.owner(id) != kNoPower) continue;
    position.place(map, first);
    rebuilt.push_back(first);
  }
}

// Moves on from the end of a season's movement (and retreats) to the next phase with work. When
// the calendar has an adjustment phase next (Winter after Fall), the centres change hands first
// and victory is checked; the adjustment phase is played only when someone has to adjust.
void end_of_season(const Variant& variant, const Rulebook& rules, GameState& next, PhaseReport& report) {
  const Calendar& calendar = variant.calendar();
  const std::optional<Phase> adjustment = calendar.adjustment_after(next.phase);
  if (!adjustment) {
    next.phase = calendar.next_season(next.phase);
    return;
  }
  const Phase ended = next.phase;
  update_ownership(variant.map(), next.position);
  rebuild_neutral_units(variant, rules, next.position, report.rebuilt);
  for (const auto& extension : variant.extensions())
    if (const PhaseEvents* events = extension.rules->phase_events()) events->after_ownership(variant, rules, ended, next.position);
  decide_end(variant, rules, next);
  // Flying Dutchmen still on the board (4.E.6 b) are removed in the adjustment phase, so there is one.
  if (!next.over() && (adjustments_needed(variant, rules, next.position) || !next.flying_dutchmen.empty())) {
    next.phase = *adjustment;
    return;
  }
  next.phase = calendar.next_season(*adjustment);
}

}  // namespace

bool GameState::in_civil_disorder(PowerId power) const {
  return std::find(civil_disorder.begin(), civil_disorder.end(), power) != civil_disorder.end();
}

GameState initial_state(const Variant& variant) {
  GameState state(variant.map().province_count());
  state.phase = variant.start_phase();
  state.position = variant.start_position();
  state.mobilizing = variant.start_mobilizes();
  return state;
}

bool has_free_build_site(const Variant& variant, const Rulebook& rules, const Position& position, PowerId power) {
  for (ProvinceId site : variant.build_sites(power, position, rules))
    if (position.owner(site) == power && !position.unit_in(site).present()) return true;
  return false;
}

bool adjustments_needed(const Variant& variant, const Rulebook& rules, const Position& position) {
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    const auto power = static_cast<PowerId>(p);
    const std::size_t centres = variant.counted_centres(position, power, rules), units = position.unit_count(power);
    if (centres < units) return true;
    if (centres > units && has_free_build_site(variant, rules, position, power)) return true;
  }
  return false;
}

namespace {

std::uint32_t built_at(const GameState& state, ProvinceId p) { return p < state.built.size() ? state.built[p] : 0; }

Standing standing_of(const GameState& state) { return Standing{state.civil_disorder, state.proxies, state.perpetual_orders}; }

// Where each unit on the board before a movement phase stands after it, by province:
// kNoProvince for a unit that was dislodged (or had no unit).
std::vector<ProvinceId> where_units_went(const Map& map, const GameState& state, std::span<const SubmittedOrder> orders,
                                         const MovementResult& result) {
  std::vector<ProvinceId> went(map.province_count(), kNoProvince);
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const Order& order = orders[i].order;
    if (order.kind == OrderKind::Move && result.outcomes[i].resolution == Resolution::Succeeds && order.target != kNoLocation)
      went[map.province_of(order.unit.location)] = map.province_of(order.target);
  }
  // A unit that did not move stayed, unless dislodged: then the unit there now is another
  // power's. Without a branch per province (one with a unit or not is as likely as not).
  const std::size_t provinces = map.province_count();
  for (std::size_t p = 0; p < provinces; ++p) {
    const Unit& before = state.position.unit_in(static_cast<ProvinceId>(p));
    const Unit& now = result.after.unit_in(static_cast<ProvinceId>(p));
    // Each test an int, joined with & (not &&: no branch for each).
    const int stayed = static_cast<int>(before.present()) & static_cast<int>(went[p] == kNoProvince) &
                       static_cast<int>(now.present()) & static_cast<int>(now.power == before.power) &
                       static_cast<int>(now.type == before.type);
    went[p] = stayed != 0 ? static_cast<ProvinceId>(p) : went[p];
  }
  return went;
}

// The build history after a movement phase: each unit's entry goes where the unit went; a
// dislodged unit's goes with it into the retreat phase (DislodgedUnit::built).
// No `went`: no unit has a history to follow.
void follow_build_history(const Map& map, const GameState& state, std::span<const ProvinceId> went, GameState& next) {
  const std::size_t provinces = map.province_count();
  next.built.assign(provinces, 0);
  if (went.empty()) return;
  for (std::size_t p = 0; p < provinces; ++p)
    if (went[p] != kNoProvince) next.built[went[p]] = built_at(state, static_cast<ProvinceId>(p));
}

// --- Flying Dutchmen (4.E.6): units found on the board that should not be there -------------------

// Removes the Flying Dutchmen from the board: for each group the first `count` of its units in
// the order of the civil-disorder rules.
void remove_flying_dutchmen(const Variant& variant, const Rulebook& rules, GameState& state, std::vector<Unit>& removed) {
  for (const FlyingDutchmen& group : state.flying_dutchmen) {
    std::uint32_t left = group.count;
    for (ProvinceId p : civil_disorder_removal_order(variant, rules, state.position, state.position, group.power, state.built)) {
      if (left == 0) break;
      if (std::find(group.among.begin(), group.among.end(), p) == group.among.end()) continue;
      removed.push_back(state.position.unit_in(p));
      state.position.remove(p);
      state.built[p] = 0;
      --left;
    }
  }
  state.flying_dutchmen.clear();
}

// Whether the Flying Dutchmen go before this phase is played: at once (a), or at the adjustment
// phase (b).
bool flying_dutchmen_due(const Rulebook& rules, const GameState& state) {
  return !state.flying_dutchmen.empty() && (rules.is(FlyingDutchman::RemoveImmediately) || state.phase.kind == PhaseKind::Adjustment);
}

// After a movement phase (under b): each group followed to where its units went, or into the
// retreat phase when dislodged; a dislodged one that cannot retreat is gone with its disbandment.
void follow_flying_dutchmen(const Map& map, const GameState& state, std::span<const ProvinceId> went, GameState& next) {
  next.flying_dutchmen.clear();
  for (const FlyingDutchmen& group : state.flying_dutchmen) {
    FlyingDutchmen moved{group.power, {}, {}, group.count};
    for (ProvinceId p : group.among) {
      if (went[p] != kNoProvince) moved.among.push_back(went[p]);
      else moved.among_dislodged.push_back(p);  // dislodged where it stood
    }
    std::erase_if(moved.among_dislodged, [&](ProvinceId p) {
      return std::none_of(next.dislodged.begin(), next.dislodged.end(), [&](const DislodgedUnit& d) {
        return map.province_of(d.unit.location) == p && d.unit.power == group.power;
      });
    });
    moved.count = std::min<std::uint32_t>(moved.count, static_cast<std::uint32_t>(moved.among.size() + moved.among_dislodged.size()));
    if (moved.count != 0) next.flying_dutchmen.push_back(std::move(moved));
  }
}

// After a retreat phase: a retreating Flying Dutchman takes its mark along; a group whose
// candidates were all disbanded is settled, nothing being left to remove.
void follow_retreating_dutchmen(const Map& map, const GameState& state, std::span<const SubmittedOrder> orders,
                                const RetreatResult& result, GameState& next) {
  for (FlyingDutchmen& group : next.flying_dutchmen) group.among_dislodged.clear();
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const Order& order = orders[i].order;
    if (result.outcomes[i].resolution != Resolution::Succeeds || order.target == kNoLocation) continue;
    const ProvinceId from = map.province_of(order.unit.location), to = map.province_of(order.target);
    for (std::size_t g = 0; g < state.flying_dutchmen.size(); ++g) {
      const auto& was = state.flying_dutchmen[g].among_dislodged;
      if (state.flying_dutchmen[g].power == orders[i].power && std::find(was.begin(), was.end(), from) != was.end())
        next.flying_dutchmen[g].among.push_back(to);
    }
  }
  for (FlyingDutchmen& group : next.flying_dutchmen)
    group.count = std::min<std::uint32_t>(group.count, static_cast<std::uint32_t>(group.among.size()));
  std::erase_if(next.flying_dutchmen, [](const FlyingDutchmen& g) { return g.count == 0; });
}

// --- The three kinds of phase ---------------------------------------------------------------

// The movement adjudicated with the submitted orders and the standing ones (4.E.3, 4.E.4):
// `outcomes` of the submitted ones, the added ones' in `report.added`. Returns the orders followed
// (the submitted ones, or `storage` holding them and the added ones).
std::span<const SubmittedOrder> adjudicate_movement(const Variant& variant, const Rulebook& rules, const GameState& state,
                                                    std::span<const SubmittedOrder> orders, PhaseReport& report,
                                                    std::vector<SubmittedOrder>& storage, MovementAdjudicator* kept) {
  std::optional<MovementAdjudicator> own;
  MovementAdjudicator& adjudicator = kept != nullptr ? *kept : own.emplace(variant, rules);
  add_standing_orders(variant.map(), rules, state.position, standing_of(state), orders, report.added);
  if (report.added.empty()) {
    adjudicator.adjudicate(state.position, orders, report.movement, state.civil_disorder, state.phase.season);
    report.outcomes = report.movement.outcomes;
    return orders;
  }
  storage.assign(orders.begin(), orders.end());
  for (const AddedOrder& a : report.added) storage.push_back(a.submitted);
  adjudicator.adjudicate(state.position, storage, report.movement, state.civil_disorder, state.phase.season);
  report.outcomes.assign(report.movement.outcomes.begin(), report.movement.outcomes.begin() + static_cast<std::ptrdiff_t>(orders.size()));
  for (std::size_t i = 0; i < report.added.size(); ++i) report.added[i].outcome = report.movement.outcomes[orders.size() + i];
  return storage;
}

void play_movement(const Variant& variant, const Rulebook& rules, const GameState& state, std::span<const SubmittedOrder> orders,
                   PhaseReport& report, GameState& next, MovementAdjudicator* movement) {
  const Map& map = variant.map();
  std::vector<SubmittedOrder> storage;
  const std::span<const SubmittedOrder> followed = adjudicate_movement(variant, rules, state, orders, report, storage, movement);
  // Where each unit went matters only to a build history or a Flying Dutchman: units with no
  // history (those of every game given without one) leave a board with none.
  const bool follow_units = !state.flying_dutchmen.empty() || std::any_of(state.built.begin(), state.built.end(),
                                                                          [](std::uint32_t built) { return built != 0; });
  const std::vector<ProvinceId> went = follow_units ? where_units_went(map, state, followed, report.movement) : std::vector<ProvinceId>{};
  next.position = report.movement.after;
  for (const auto& extension : variant.extensions())
    if (const PhaseEvents* events = extension.rules->phase_events())
      events->after_movement(variant, rules, state.phase, state.position, followed, report.movement.outcomes, next.position);
  follow_build_history(map, state, went, next);
  // A unit with nowhere to go is disbanded at once; the others wait for the retreat phase.
  for (const auto& d : report.movement.dislodged) {
    const auto retreats = report.movement.retreats(d);
    if (retreats.empty()) report.disbanded.push_back(d.unit);
    else next.dislodged.push_back(DislodgedUnit{d.unit, d.attacker_from, {retreats.begin(), retreats.end()},
                                                built_at(state, map.province_of(d.unit.location))});
  }
  follow_flying_dutchmen(map, state, went, next);
  if (!next.dislodged.empty()) {
    next.phase = Phase{state.phase.season, state.phase.year, PhaseKind::Retreat};
    return;
  }
  end_of_season(variant, rules, next, report);
}

void play_retreats(const Variant& variant, const Rulebook& rules, const GameState& state, std::span<const SubmittedOrder> orders,
                   PhaseReport& report, GameState& next) {
  const Map& map = variant.map();
  RetreatResult result(map.province_count());
  adjudicate_retreats(variant, rules, state.position, state.dislodged, orders, result);
  report.outcomes = result.outcomes;
  // A unit that retreats takes its build history along.
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const Order& order = orders[i].order;
    if (result.outcomes[i].resolution != Resolution::Succeeds || order.target == kNoLocation) continue;
    const ProvinceId from = map.province_of(order.unit.location), to = map.province_of(order.target);
    for (const DislodgedUnit& d : state.dislodged)
      if (map.province_of(d.unit.location) == from && d.unit.power == orders[i].power) next.built[to] = d.built;
  }
  follow_retreating_dutchmen(map, state, orders, result, next);
  report.disbanded = result.disbanded;
  next.position = result.after;
  next.phase.kind = PhaseKind::Movement;  // the season's movement is over either way
  end_of_season(variant, rules, next, report);
}

// After a mobilizing phase each power owns the one centre it built in, and no other (a power that
// built nothing owns none): DPjudge's MOBILIZE.
void keep_only_mobilized_centres(const Map& map, Position& position) {
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    const auto centre = static_cast<ProvinceId>(p);
    if (!map.province(centre).supply_centre || position.owner(centre) == kNoPower) continue;
    if (position.unit_in(centre).power != position.owner(centre)) position.set_owner(centre, kNoPower);
  }
}

void play_adjustments(const Variant& variant, const Rulebook& rules, const GameState& state, std::span<const SubmittedOrder> orders,
                      PhaseReport& report, GameState& next) {
  const Map& map = variant.map();
  AdjustmentResult result(map.province_count());
  adjudicate_adjustments(variant, rules, state.position, orders, result, state.built, state.mobilizing);
  report.outcomes = result.outcomes;
  // Removed units leave the history; the phase's builds are the most recent, numbered in province
  // order: the order in which they were given must not matter.
  std::uint32_t latest = 0;
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    if (!result.after.unit_in(static_cast<ProvinceId>(p)).present()) next.built[p] = 0;
    latest = std::max(latest, next.built[p]);
  }
  std::vector<bool> built_now(map.province_count(), false);
  for (std::size_t i = 0; i < orders.size(); ++i)
    if (orders[i].order.kind == OrderKind::Build && result.outcomes[i].resolution == Resolution::Succeeds)
      built_now[map.province_of(orders[i].order.unit.location)] = true;
  for (std::size_t p = 0; p < built_now.size(); ++p)
    if (built_now[p]) next.built[p] = ++latest;
  report.disbanded = result.disbanded_in_disorder;
  next.position = result.after;
  if (state.mobilizing) keep_only_mobilized_centres(map, next.position);
  next.mobilizing = false;
  next.phase = variant.calendar().next_season(state.phase);
}

// `next = state` but for the board, which each kind of phase writes whole (its result's board):
// copying it first was a quarter of the copy.
void copy_all_but_the_board(const GameState& state, GameState& next) {
  static_assert(sizeof(GameState) == 264, "a member was added to GameState: copy it here too");
  next.phase = state.phase;
  next.dislodged = state.dislodged;
  next.winner = state.winner;
  next.ended_by = state.ended_by;
  next.mobilizing = state.mobilizing;
  next.civil_disorder = state.civil_disorder;
  next.perpetual_orders = state.perpetual_orders;
  next.built = state.built;
  next.flying_dutchmen = state.flying_dutchmen;
  next.proxies = state.proxies;
}

// The phase adjudicated with the orders it follows, and the state of the next phase with work in
// `next` (another object than `state`: its vectors' memory reused).
void adjudicate_phase(const Variant& variant, const Rulebook& rules, const GameState& state, std::span<const SubmittedOrder> orders,
                      PhaseReport& report, GameState& next, MovementAdjudicator* movement) {
  report.phase = state.phase;
  report.disbanded.clear();
  report.rebuilt.clear();
  report.added.clear();
  report.movement.dislodged.clear();
  report.movement.retreat_locations.clear();
  if (state.phase.kind != PhaseKind::Movement) {  // a report reused from a movement phase tells nothing of it
    report.movement.outcomes.clear();
    report.movement.after.clear();
  }
  copy_all_but_the_board(state, next);
  next.dislodged.clear();
  next.proxies.clear();  // notified for this phase only
  switch (state.phase.kind) {
    case PhaseKind::Movement: return play_movement(variant, rules, state, orders, report, next, movement);
    case PhaseKind::Retreat: return play_retreats(variant, rules, state, orders, report, next);
    case PhaseKind::Adjustment: return play_adjustments(variant, rules, state, orders, report, next);
  }
}

}  // namespace

// One phase as a pipeline: the Flying Dutchmen that are due leave the board (4.E.6); the
// submission is settled (orders set aside, those of powers in civil disorder, proxies: 4.D.1,
// 4.D.2, 4.E.5); the phase is adjudicated with the orders left; each submitted order gets its
// outcome, in the order submitted.
GameState play_phase(const Variant& variant, const Rulebook& rules, const GameState& state, std::span<const SubmittedOrder> orders,
                     PhaseReport& report, MovementAdjudicator* movement) {
  GameState next(0);
  play_phase_into(variant, rules, state, orders, report, next, movement);
  return next;
}

void play_phase_into(const Variant& variant, const Rulebook& rules, const GameState& state, std::span<const SubmittedOrder> orders,
                     PhaseReport& report, GameState& next, MovementAdjudicator* movement) {
  std::optional<GameState> corrected;
  std::vector<Unit> removed;
  if (flying_dutchmen_due(rules, state)) {
    corrected = state;
    remove_flying_dutchmen(variant, rules, *corrected, removed);
  }
  const GameState& board = corrected ? *corrected : state;

  std::vector<std::optional<OrderOutcome>> settled;
  const std::optional<std::vector<SubmittedOrder>> followed =
      settle_orders(variant.map(), rules, board.position, board.phase, standing_of(board), orders, settled);
  adjudicate_phase(variant, rules, board, followed ? std::span<const SubmittedOrder>(*followed) : orders, report, next, movement);

  if (followed) {
    std::vector<OrderOutcome> outcomes(orders.size());
    for (std::size_t i = 0, k = 0; i < orders.size(); ++i) outcomes[i] = settled[i] ? *settled[i] : report.outcomes[k++];
    report.outcomes = std::move(outcomes);
  }
  report.disbanded.insert(report.disbanded.begin(), removed.begin(), removed.end());
}

}  // namespace dipadj
