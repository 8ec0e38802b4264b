#include "dipadj/game/game.hpp"

#include <algorithm>
#include <optional>

#include "dipadj/judge/adjustment.hpp"
#include "dipadj/judge/implicit_orders.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

// After the Fall phases a supply centre belongs to the power whose unit stands in it.
void update_ownership(const Map& map, Position& position) {
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    const auto id = static_cast<ProvinceId>(p);
    if (!map.province(id).supply_centre) continue;
    const Unit& unit = position.unit_in(id);
    if (unit.present()) position.set_owner(id, unit.power);
  }
}

PowerId find_winner(const Variant& variant, const Rulebook& rules, const Position& position) {
  if (variant.victory_centres() <= 0) return kNoPower;
  for (std::size_t p = 0; p < variant.power_count(); ++p)
    if (static_cast<int>(variant.counted_centres(position, static_cast<PowerId>(p), rules)) >= variant.victory_centres())
      return static_cast<PowerId>(p);
  return kNoPower;
}

// Moves on from the end of a season's movement (and retreats) to the next phase with work.
void end_of_season(const Variant& variant, const Rulebook& rules, GameState& next) {
  const Map& map = variant.map();
  if (next.phase.season == Season::Spring) {
    next.phase = Phase{Season::Fall, next.phase.year, PhaseKind::Movement};
    return;
  }
  update_ownership(map, next.position);
  next.winner = find_winner(variant, rules, next.position);
  // Flying Dutchmen still on the board (4.E.6 b) are removed in the adjustment phase, so there is one.
  if (!next.over() && (adjustments_needed(variant, rules, next.position) || !next.flying_dutchmen.empty())) {
    next.phase = Phase{Season::Winter, next.phase.year, PhaseKind::Adjustment};
    return;
  }
  next.phase = Phase{Season::Spring, next.phase.year + 1, PhaseKind::Movement};
}

}  // namespace

bool GameState::in_civil_disorder(PowerId power) const {
  return std::find(civil_disorder.begin(), civil_disorder.end(), power) != civil_disorder.end();
}

GameState initial_state(const Variant& variant) {
  GameState state(variant.map().province_count());
  state.phase = variant.start_phase();
  state.position = variant.start_position();
  return state;
}

bool has_free_home_centre(const Variant& variant, const Rulebook& rules, const Position& position, PowerId power) {
  for (ProvinceId home : variant.home_centres(power, position, rules))
    if (position.owner(home) == power && !position.unit_in(home).present()) return true;
  return false;
}

bool adjustments_needed(const Variant& variant, const Rulebook& rules, const Position& position) {
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    const auto power = static_cast<PowerId>(p);
    const std::size_t centres = variant.counted_centres(position, power, rules), units = position.unit_count(power);
    if (centres < units) return true;
    if (centres > units && has_free_home_centre(variant, rules, position, power)) return true;
  }
  return false;
}

const char* to_string(OrderSource source) {
  switch (source) {
    case OrderSource::Perpetual: return "perpetual";
    case OrderSource::Implied: return "implied";
  }
  return "?";
}

namespace {

// The orders a movement phase follows besides the submitted ones: the perpetual orders of units
// given none (4.E.4 a), then the moves implied by the powers' own supports and convoys (4.E.3 a).
void add_standing_orders(const Map& map, const Rulebook& rules, const GameState& state,
                         std::span<const SubmittedOrder> orders, std::vector<AddedOrder>& added) {
  std::vector<SubmittedOrder> given(orders.begin(), orders.end());
  if (rules.is(PerpetualOrders::Allowed)) {
    std::vector<SubmittedOrder> perpetual;
    for (const SubmittedOrder& standing : state.perpetual_orders) {
      const ProvinceId p = ordered_province(map, standing.order);
      if (p == kNoProvince) continue;
      const Unit& unit = state.position.unit_in(p);
      if (!unit.present() || unit.power != standing.power || state.in_civil_disorder(standing.power) ||
          has_order_for(map, given, standing.power, p))
        continue;
      perpetual.push_back(standing);
    }
    for (const SubmittedOrder& o : perpetual) {
      added.push_back(AddedOrder{o, OrderSource::Perpetual, {}});
      given.push_back(o);
    }
  }
  if (rules.is(ImplicitOrders::Allowed))
    for (SubmittedOrder& o : implied_orders(map, state.position, given)) added.push_back(AddedOrder{std::move(o), OrderSource::Implied, {}});
}

std::uint32_t built_at(const GameState& state, ProvinceId p) { return p < state.built.size() ? state.built[p] : 0; }

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
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    const Unit& before = state.position.unit_in(static_cast<ProvinceId>(p));
    if (!before.present() || went[p] != kNoProvince) continue;
    // It stayed, unless dislodged: then the unit there now is another power's.
    const Unit& now = result.after.unit_in(static_cast<ProvinceId>(p));
    if (now.present() && now.power == before.power && now.type == before.type) went[p] = static_cast<ProvinceId>(p);
  }
  return went;
}

// The build history after a movement phase: each unit's entry goes where the unit went; a
// dislodged unit's goes with it into the retreat phase (DislodgedUnit::built).
void follow_build_history(const Map& map, const GameState& state, std::span<const ProvinceId> went, GameState& next) {
  next.built.assign(map.province_count(), 0);
  for (std::size_t p = 0; p < map.province_count(); ++p)
    if (went[p] != kNoProvince) next.built[went[p]] = built_at(state, static_cast<ProvinceId>(p));
}

// The Flying Dutchmen after a movement phase (under 4.E.6 b): followed to where they went, or
// into the retreat phase when dislodged.
void follow_flying_dutchmen(const GameState& state, std::span<const ProvinceId> went, GameState& next) {
  next.flying_dutchmen.clear();
  for (const FlyingDutchmen& group : state.flying_dutchmen) {
    FlyingDutchmen moved{group.power, {}, {}, group.count};
    for (ProvinceId p : group.among) {
      if (went[p] != kNoProvince) moved.among.push_back(went[p]);
      else moved.among_dislodged.push_back(p);  // dislodged where it stood
    }
    next.flying_dutchmen.push_back(std::move(moved));
  }
}

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

// Settles the orders set aside by the submission and those of powers in civil disorder (both
// illegal) and the proxy orders (4.E.5), and returns the orders left to adjudicate, in their
// order; an order given by proxy is handed over as the owner's.
std::vector<SubmittedOrder> settle_before_adjudication(const Map& map, const Rulebook& rules, const GameState& state,
                                                       std::span<const SubmittedOrder> orders,
                                                       std::vector<std::optional<OrderOutcome>>& settled) {
  auto illegal = [](Reason why) { return OrderOutcome{Resolution::Illegal, why, kNoProvince}; };
  // Who orders which unit this phase.
  std::vector<ProxyGrant> grants;
  if (rules.is(ProxyOrders::AllowedNotified)) grants = state.proxies;
  std::vector<ProvinceId> disputed;
  for (std::size_t i = 0; i < orders.size(); ++i)
    if (orders[i].set_aside != Reason::None) settled[i] = illegal(orders[i].set_aside);
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const SubmittedOrder& o = orders[i];
    if (settled[i] || o.order.kind != OrderKind::Proxy) continue;
    if (state.in_civil_disorder(o.power)) continue;
    if (!rules.is(ProxyOrders::AllowedInOrderSet) || state.phase.kind != PhaseKind::Movement) {
      settled[i] = illegal(rules.is(ProxyOrders::AllowedInOrderSet) ? Reason::NotThisPhase : Reason::ProxyNotAllowed);
      continue;
    }
    const ProvinceId p = ordered_province(map, o.order);
    const Unit& unit = p == kNoProvince ? Unit{} : state.position.unit_in(p);
    if (!unit.present()) settled[i] = illegal(Reason::NoSuchUnit);
    else if (unit.power != o.power) settled[i] = illegal(Reason::ForeignUnit);
    else if (o.order.other.nationality == o.power) settled[i] = OrderOutcome{};  // to itself: nothing changes
    else {
      auto same = std::find_if(grants.begin(), grants.end(), [&](const ProxyGrant& g) { return g.unit == p; });
      if (same == grants.end()) grants.push_back(ProxyGrant{p, o.order.other.nationality});
      else if (same->holder != o.order.other.nationality) disputed.push_back(p);
      settled[i] = OrderOutcome{};
    }
  }
  // Proxies of one unit to two powers cancel each other (as several orders to one unit, 4.D.3).
  for (std::size_t i = 0; i < orders.size(); ++i)
    if (orders[i].order.kind == OrderKind::Proxy && settled[i] && settled[i]->resolution == Resolution::Succeeds &&
        std::find(disputed.begin(), disputed.end(), ordered_province(map, orders[i].order)) != disputed.end())
      settled[i] = illegal(Reason::ConflictingOrders);
  std::erase_if(grants, [&](const ProxyGrant& g) { return std::find(disputed.begin(), disputed.end(), g.unit) != disputed.end(); });

  std::vector<SubmittedOrder> followed;
  for (std::size_t i = 0; i < orders.size(); ++i) {
    if (settled[i]) continue;
    const SubmittedOrder& o = orders[i];
    if (state.in_civil_disorder(o.power)) {
      settled[i] = illegal(Reason::PowerInCivilDisorder);
      continue;
    }
    if (o.order.kind == OrderKind::Proxy) continue;  // settled above
    const ProvinceId p = ordered_province(map, o.order);
    auto grant = std::find_if(grants.begin(), grants.end(), [&](const ProxyGrant& g) { return g.unit == p; });
    if (grant != grants.end() && p != kNoProvince) {
      const PowerId owner = state.position.unit_in(p).power;
      if (o.power == grant->holder) {
        followed.push_back(SubmittedOrder{owner, o.order});
        continue;
      }
      if (o.power == owner) {
        settled[i] = illegal(Reason::UnitProxied);
        continue;
      }
    }
    followed.push_back(o);
  }
  return followed;
}

}  // namespace

GameState play_phase(const Variant& variant, const Rulebook& rules, const GameState& state, std::span<const SubmittedOrder> orders,
                     PhaseReport& report) {
  // Flying Dutchmen (4.E.6) go before the phase is played (a), or at the adjustment phase (b).
  if (!state.flying_dutchmen.empty() && (rules.is(FlyingDutchman::RemoveImmediately) || state.phase.kind == PhaseKind::Adjustment)) {
    GameState corrected = state;
    std::vector<Unit> removed;
    remove_flying_dutchmen(variant, rules, corrected, removed);
    GameState next = play_phase(variant, rules, corrected, orders, report);
    report.disbanded.insert(report.disbanded.begin(), removed.begin(), removed.end());
    return next;
  }
  // Orders settled before adjudication: those the submission sets aside (replaced order sets),
  // those of powers in civil disorder (not followed) and proxies (4.E.5). The phase is then
  // played with the orders that remain, each under the power that owns the unit.
  const bool proxies_in_play = !state.proxies.empty() || std::any_of(orders.begin(), orders.end(), [](const SubmittedOrder& o) {
    return o.order.kind == OrderKind::Proxy;
  });
  const bool settled_first = std::any_of(orders.begin(), orders.end(), [&](const SubmittedOrder& o) {
    return o.set_aside != Reason::None || state.in_civil_disorder(o.power);
  });
  if (proxies_in_play || settled_first) {
    std::vector<std::optional<OrderOutcome>> settled(orders.size());
    std::vector<SubmittedOrder> followed = settle_before_adjudication(variant.map(), rules, state, orders, settled);
    GameState plain = state;
    plain.proxies.clear();
    GameState next = play_phase(variant, rules, plain, followed, report);
    std::vector<OrderOutcome> outcomes(orders.size());
    for (std::size_t i = 0, k = 0; i < orders.size(); ++i) outcomes[i] = settled[i] ? *settled[i] : report.outcomes[k++];
    report.outcomes = std::move(outcomes);
    return next;
  }
  const Map& map = variant.map();
  GameState next = state;
  next.dislodged.clear();
  report.phase = state.phase;
  report.disbanded.clear();
  report.added.clear();
  report.movement.dislodged.clear();
  report.movement.retreat_locations.clear();

  switch (state.phase.kind) {
    case PhaseKind::Movement: {
      MovementAdjudicator adjudicator(variant, rules);
      std::vector<ProvinceId> went;
      add_standing_orders(map, rules, state, orders, report.added);
      if (report.added.empty()) {
        adjudicator.adjudicate(state.position, orders, report.movement, state.civil_disorder, state.phase.season);
        report.outcomes = report.movement.outcomes;
        went = where_units_went(map, state, orders, report.movement);
      } else {
        std::vector<SubmittedOrder> all(orders.begin(), orders.end());
        for (const AddedOrder& a : report.added) all.push_back(a.submitted);
        adjudicator.adjudicate(state.position, all, report.movement, state.civil_disorder, state.phase.season);
        report.outcomes.assign(report.movement.outcomes.begin(), report.movement.outcomes.begin() + static_cast<std::ptrdiff_t>(orders.size()));
        for (std::size_t i = 0; i < report.added.size(); ++i) report.added[i].outcome = report.movement.outcomes[orders.size() + i];
        went = where_units_went(map, state, all, report.movement);
      }
      next.position = report.movement.after;
      follow_build_history(map, state, went, next);
      follow_flying_dutchmen(state, went, next);
      // A unit with nowhere to go is disbanded at once; the others wait for the retreat phase.
      for (const auto& d : report.movement.dislodged) {
        const auto retreats = report.movement.retreats(d);
        if (retreats.empty()) {
          report.disbanded.push_back(d.unit);
          continue;
        }
        next.dislodged.push_back(DislodgedUnit{d.unit, d.attacker_from, {retreats.begin(), retreats.end()},
                                               built_at(state, map.province_of(d.unit.location))});
      }
      // A dislodged Flying Dutchman that cannot retreat is gone with its disbandment.
      for (FlyingDutchmen& group : next.flying_dutchmen) {
        std::erase_if(group.among_dislodged, [&](ProvinceId p) {
          return std::none_of(next.dislodged.begin(), next.dislodged.end(), [&](const DislodgedUnit& d) {
            return map.province_of(d.unit.location) == p && d.unit.power == group.power;
          });
        });
        group.count = std::min<std::uint32_t>(group.count, static_cast<std::uint32_t>(group.among.size() + group.among_dislodged.size()));
      }
      std::erase_if(next.flying_dutchmen, [](const FlyingDutchmen& g) { return g.count == 0; });
      if (!next.dislodged.empty()) {
        next.phase = Phase{state.phase.season, state.phase.year, PhaseKind::Retreat};
        return next;
      }
      end_of_season(variant, rules, next);
      return next;
    }
    case PhaseKind::Retreat: {
      RetreatResult result(map.province_count());
      adjudicate_retreats(variant, rules, state.position, state.dislodged, orders, result);
      report.outcomes = result.outcomes;
      // A unit that retreats takes its build history along, and a Flying Dutchman its mark (b).
      for (FlyingDutchmen& group : next.flying_dutchmen) group.among_dislodged.clear();
      for (std::size_t i = 0; i < orders.size(); ++i) {
        const Order& order = orders[i].order;
        if (result.outcomes[i].resolution != Resolution::Succeeds || order.target == kNoLocation) continue;
        const ProvinceId from = map.province_of(order.unit.location);
        const ProvinceId to = map.province_of(order.target);
        for (const DislodgedUnit& d : state.dislodged)
          if (map.province_of(d.unit.location) == from && d.unit.power == orders[i].power) next.built[to] = d.built;
        for (std::size_t g = 0; g < state.flying_dutchmen.size(); ++g) {
          const auto& was = state.flying_dutchmen[g].among_dislodged;
          if (state.flying_dutchmen[g].power == orders[i].power && std::find(was.begin(), was.end(), from) != was.end())
            next.flying_dutchmen[g].among.push_back(to);
        }
      }
      // A group whose candidates were all disbanded is settled: nothing is left to remove.
      for (FlyingDutchmen& group : next.flying_dutchmen)
        group.count = std::min<std::uint32_t>(group.count, static_cast<std::uint32_t>(group.among.size()));
      std::erase_if(next.flying_dutchmen, [](const FlyingDutchmen& g) { return g.count == 0; });
      report.disbanded = result.disbanded;
      next.position = result.after;
      next.phase.kind = PhaseKind::Movement;  // the season's movement is over either way
      end_of_season(variant, rules, next);
      return next;
    }
    case PhaseKind::Adjustment: {
      AdjustmentResult result(map.province_count());
      adjudicate_adjustments(variant, rules, state.position, orders, result, state.built);
      report.outcomes = result.outcomes;
      // Removed units leave the history; each build is the most recent, in the order given.
      std::uint32_t latest = 0;
      for (std::size_t p = 0; p < map.province_count(); ++p) {
        if (!result.after.unit_in(static_cast<ProvinceId>(p)).present()) next.built[p] = 0;
        latest = std::max(latest, next.built[p]);
      }
      for (std::size_t i = 0; i < orders.size(); ++i)
        if (orders[i].order.kind == OrderKind::Build && result.outcomes[i].resolution == Resolution::Succeeds)
          next.built[map.province_of(orders[i].order.unit.location)] = ++latest;
      report.disbanded = result.disbanded_in_disorder;
      next.position = result.after;
      next.phase = Phase{Season::Spring, state.phase.year + 1, PhaseKind::Movement};
      return next;
    }
  }
  return next;
}

}  // namespace dipadj
