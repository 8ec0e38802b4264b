// After resolution: the position after the phase, the dislodged units with their retreat options
// (DATC 5.B.11), and the outcome of each order with its reason.
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/variant/variant.hpp"
#include "solver.hpp"

namespace dipadj {

void MovementSolver::report() {
  MovementResult& result = *phase_.result;
  // Units that stay keep their slot; movers leave theirs first, then arrive (a unit may move
  // into a province another unit is leaving).
  result.after = *phase_.before;
  result.dislodged.clear();
  result.retreat_locations.clear();
  for (const ProvinceId p : occupied_) {
    if (units_[p].kind == OrderKind::Move && moves(p)) {
      result.after.remove(p);
    } else if (dislodged(p)) {
      result.after.remove(p);
      result.dislodged.push_back(dislodgement_with_retreats(p));
    }
  }
  for (const ProvinceId p : occupied_) {
    const UnitState& u = units_[p];
    if (u.kind != OrderKind::Move || !moves(p)) continue;
    if (u.carrier == 0) {
      // A move of the core's, validated, into a province its unit has left or lost: no check.
      // (The unit is made whole from the state's fields: copying the old one and then writing its
      // location made the processor wait on a half-written copy, a twentieth of a phase's time.)
      result.after.put(u.target, Unit{u.type, u.power, u.target_location});
      continue;
    }
    Unit unit = phase_.before->unit_in(p);
    unit.location = call_plugin(u.carrier, [&](MovementRules& rules, MovementBoard& board) { return rules.destination(board, p); });
    result.after.place(map_, unit);
  }
  write_outcomes();
}

// The dislodged unit in `p`, its attacker, and the places it may retreat to (DATC 5.B.11),
// added to the result's retreat locations: a place it could move to without convoy, left empty
// (hold strength zero), that no unit tried to enter with any strength, and not where its attacker
// came from unless the attacker came by convoy (4.A.5 b). Plugins may close a way for retreats
// (a canal nobody opens, a frozen sea).
Dislodgement MovementSolver::dislodgement_with_retreats(ProvinceId p) {
  std::vector<LocationId>& retreats = phase_.result->retreat_locations;
  Dislodgement d;
  d.unit = phase_.before->unit_in(p);
  for (ProvinceId mover : movers_to(p))
    if (moves(mover)) d.attacker_from = mover;
  d.attacker_convoyed = convoyed(d.attacker_from);
  d.retreats_begin = static_cast<std::uint32_t>(retreats.size());
  if (d.unit.power == kNeutral) return d;  // a neutral unit never retreats: it is disbanded (issue 28)
  auto consider = [&](LocationId place) {
    const ProvinceId q = map_.province_of(place);
    if (q == d.attacker_from && (!d.attacker_convoyed || rules_.is(RetreatToConvoyOrigin::NotAllowed))) return;
    if (hold_strength(q) > 0) return;
    for (ProvinceId mover : movers_to(q))
      if (prevent_strength(mover) > 0) return;
    if (carried_blocking(q, 0) != kNoProvince) return;
    retreats.push_back(place);
  };
  const auto open = [&](LocationId place) {
    return std::all_of(variant_.extensions().begin(), variant_.extensions().end(), [&](const auto& e) {
      const RetreatPassages* passages = e.rules->retreat_passages();
      return passages == nullptr || passages->retreat_passage_open(d.unit.location, place, rules_, phase_.season);
    });
  };
  if (d.unit.type == UnitType::Army) {
    for (ProvinceId q : map_.army_neighbours(p))
      if (open(map_.province(q).location)) consider(map_.province(q).location);
  } else {
    for (LocationId place : map_.fleet_neighbours(d.unit.location))
      if (open(place)) consider(place);
  }
  d.retreats_count = static_cast<std::uint32_t>(retreats.size()) - d.retreats_begin;
  return d;
}

// One outcome per legal order, in submission order (illegal ones have theirs from validation):
// a plugin's own order has the plugin's; an order legal though impossible fails for its reason;
// otherwise by what the unit did.
void MovementSolver::write_outcomes() {
  std::vector<OrderOutcome>& outcomes = phase_.result->outcomes;
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    OrderOutcome& out = outcomes[i];
    if (out.resolution == Resolution::Illegal) continue;
    if (resolved_[i].kind == OrderKind::Special) {
      const std::uint8_t plugin = resolved_[i].extension == 0 ? 0 : movement_rules_of_[resolved_[i].extension - 1U];
      out = plugin == 0 ? OrderOutcome{Resolution::Fails, Reason::Void, kNoProvince}
                        : call_plugin(plugin, [&](MovementRules& rules, MovementBoard& board) { return rules.outcome(board, i); });
      continue;
    }
    const ProvinceId p = map_.province_of(resolved_[i].unit.location);
    const UnitState& u = units_[p];
    if (u.impossible != Reason::None) {
      out = OrderOutcome{Resolution::Fails, u.impossible, kNoProvince};
      continue;
    }
    switch (u.kind) {
      case OrderKind::Hold:
        if (dislodged(p)) out = OrderOutcome{Resolution::Fails, Reason::Dislodged, dislodger(p)};
        else if (u.held != Reason::None) out = OrderOutcome{Resolution::Fails, u.held, kNoProvince};
        else out = OrderOutcome{};
        break;
      case OrderKind::Move:
        if (u.carrier != 0)
          out = call_plugin(u.carrier, [&](MovementRules& rules, MovementBoard& board) { return rules.move_outcome(board, p); });
        else if (moves(p))
          out = OrderOutcome{Resolution::Succeeds, Reason::None, kNoProvince};
        else
          out = failed_move_outcome(p);
        break;
      case OrderKind::Support: out = u.matched && support_given(p) ? OrderOutcome{} : why_support_failed(p); break;
      case OrderKind::Convoy: out = convoy_outcome(p); break;
      default: break;
    }
  }
}

// A failed move names what beat it: the unit met head to head, the unit that held, or the
// strongest rival.
OrderOutcome MovementSolver::failed_move_outcome(ProvinceId p) {
  const UnitState& u = units_[p];
  if (!reaches(p)) {
    if (u.passage != 0)
      return OrderOutcome{Resolution::Fails, u.paradox_broken ? Reason::PassageParadox : Reason::PassageClosed, kNoProvince};
    return OrderOutcome{Resolution::Fails, u.paradox_broken ? Reason::ConvoyParadox : Reason::NoConvoyPath, kNoProvince};
  }
  const int raw = attack_strength(p);
  const int attack = raw - u.cost;
  const bool fights = head_to_head(p);
  if (fights && (raw == 0 || attack <= defend_strength(u.opponent) - units_[u.opponent].cost))
    return OrderOutcome{Resolution::Fails, Reason::LostHeadToHead, u.opponent};
  if (const int hold = hold_strength(u.target); !fights && (raw == 0 || (hold > 0 && attack <= hold))) {
    const bool own = units_[u.target].power == u.power && raw == 0;
    return OrderOutcome{Resolution::Fails, own ? Reason::OwnUnitInDestination : Reason::Blocked, u.target};
  }
  for (ProvinceId rival : movers_to(u.target)) {
    const int prevent = rival == p ? 0 : prevent_strength(rival);
    if (prevent > 0 && attack <= prevent - units_[rival].cost) return OrderOutcome{Resolution::Fails, Reason::Bounced, rival};
  }
  return OrderOutcome{Resolution::Fails, Reason::Bounced, carried_blocking(u.target, attack)};
}

// A support that was not given: it matched nothing, or its unit was dislodged, or it was cut.
OrderOutcome MovementSolver::why_support_failed(ProvinceId p) {
  const UnitState& u = units_[p];
  if (!u.matched) {
    const bool refused = u.other_target == kNoProvince && units_[u.other].kind != OrderKind::Move &&
                         refused_in_civil_disorder(u, units_[u.other]);
    return OrderOutcome{Resolution::Fails, refused ? Reason::SupportedPowerInCivilDisorder : Reason::Void, u.other};
  }
  if (dislodged(p)) return OrderOutcome{Resolution::Fails, Reason::Dislodged, dislodger(p)};
  // Cut: by the last foreign attacker with a path, other than from where the support goes.
  OrderOutcome out{Resolution::Fails, Reason::Cut, kNoProvince};
  for (ProvinceId attacker : movers_to(p))
    if (attacker != u.other_target && units_[attacker].power != u.power && reaches(attacker)) out.by = attacker;
  return out;
}

OrderOutcome MovementSolver::convoy_outcome(ProvinceId p) {
  const UnitState& u = units_[p];
  if (!u.matched) return OrderOutcome{Resolution::Fails, Reason::ConvoyNotUsed, u.other};
  if (units_[u.other].paradox_broken) return OrderOutcome{Resolution::Fails, Reason::ConvoyParadox, u.other};
  if (dislodged(p)) return OrderOutcome{Resolution::Fails, Reason::Dislodged, dislodger(p)};
  if (!has_path(u.other)) return OrderOutcome{Resolution::Fails, Reason::NoConvoyPath, u.other};
  if (!on_route_used(u.other, p)) return OrderOutcome{Resolution::Fails, Reason::ConvoyNotUsed, u.other};
  return OrderOutcome{};
}

// The first mover into `p` that succeeded (the one that dislodged its unit), or kNoProvince.
ProvinceId MovementSolver::dislodger(ProvinceId p) {
  for (ProvinceId mover : movers_to(p))
    if (moves(mover)) return mover;
  return kNoProvince;
}

}  // namespace dipadj
