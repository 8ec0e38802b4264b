// After resolution: the outcome of each order with its reason, the position after the phase, and
// the dislodged units with their retreat options (DATC 5.B.11).
#include "solver.hpp"

namespace dipadj {

OrderOutcome MovementAdjudicator::Solver::move_outcome(ProvinceId p) {
  if (moves(p)) return OrderOutcome{Resolution::Succeeds, Reason::None, kNoProvince};
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

void MovementAdjudicator::Solver::report(const Position& before, std::span<const SubmittedOrder> orders,
                                         MovementResult& result) {
  // Units that stay keep their slot; movers leave theirs first, then arrive (a unit may move
  // into a province another unit is leaving).
  result.after = before;
  result.dislodged.clear();
  result.retreat_locations.clear();
  for (const std::size_t p : occupied_) {
    const auto id_p = static_cast<ProvinceId>(p);
    const UnitState& u = units_[p];
    Unit unit = before.unit_in(id_p);
    if (u.kind == OrderKind::Move && moves(id_p)) {
      result.after.remove(id_p);
    } else if (dislodged(id_p)) {
      result.after.remove(id_p);
      ProvinceId attacker = kNoProvince;
      for (ProvinceId mover : movers_to(id_p))
        if (moves(mover)) attacker = mover;
      Dislodgement d;
      d.unit = unit;
      d.attacker_from = attacker;
      d.attacker_convoyed = convoyed(attacker);
      d.retreats_begin = static_cast<std::uint32_t>(result.retreat_locations.size());
      // Where a dislodged unit may go (DATC 5.B.11): a place it could move to without convoy, left
      // empty (hold strength zero), that no unit tried to enter with any strength, and not where
      // its attacker came from unless the attacker came by convoy (4.A.5 b).
      auto consider = [&](LocationId place) {
        const ProvinceId q = map_.province_of(place);
        if (q == attacker && (!d.attacker_convoyed || rules_.is(RetreatToConvoyOrigin::NotAllowed))) return;
        if (hold_strength(q) > 0) return;
        for (ProvinceId mover : movers_to(q))
          if (prevent_strength(mover) > 0) return;
        if (carried_blocking(q, 0) != kNoProvince) return;
        result.retreat_locations.push_back(place);
      };
      // Plugins may close a way for retreats (a canal nobody opens, a frozen sea).
      const auto open = [&](LocationId place) {
        return std::all_of(variant_.extensions().begin(), variant_.extensions().end(), [&](const auto& e) {
          return e.rules->retreat_passage_open(unit.location, place, rules_, season_);
        });
      };
      if (unit.type == UnitType::Army) {
        for (ProvinceId q : map_.army_neighbours(id_p))
          if (open(map_.province(q).location)) consider(map_.province(q).location);
      } else {
        for (LocationId place : map_.fleet_neighbours(unit.location))
          if (open(place)) consider(place);
      }
      d.retreats_count = static_cast<std::uint32_t>(result.retreat_locations.size()) - d.retreats_begin;
      result.dislodged.push_back(d);
    }
  }
  for (const ProvinceId p : occupied_) {
    const UnitState& u = units_[p];
    if (u.kind != OrderKind::Move || !moves(p)) continue;
    Unit unit = before.unit_in(p);
    unit.location = u.carrier == 0 ? u.target_location
                                   : call_plugin(u.carrier, [&](MovementRules& r) { return r.destination(*this, p); });
    result.after.place(map_, unit);
  }

  for (std::size_t i = 0; i < orders.size(); ++i) {
    OrderOutcome& out = result.outcomes[i];
    if (out.resolution == Resolution::Illegal) continue;
    if (resolved_[i].kind == OrderKind::Special) {
      const std::uint8_t plugin = resolved_[i].extension == 0 ? 0 : movement_rules_of_[resolved_[i].extension - 1U];
      current_plugin_ = plugin;
      out = plugin == 0 ? OrderOutcome{Resolution::Fails, Reason::Void, kNoProvince}
                        : plugin_rules_[plugin - 1U]->outcome(*this, i);
      current_plugin_ = 0;
      continue;
    }
    const ProvinceId p = map_.province_of(resolved_[i].unit.location);
    const UnitState& u = units_[p];
    if (u.impossible != Reason::None) {
      out = OrderOutcome{Resolution::Fails, u.impossible, kNoProvince};
      continue;
    }
    auto dislodger = [&] {
      for (ProvinceId mover : movers_to(p))
        if (moves(mover)) return mover;
      return kNoProvince;
    };
    switch (u.kind) {
      case OrderKind::Hold:
        if (dislodged(p)) out = OrderOutcome{Resolution::Fails, Reason::Dislodged, dislodger()};
        else if (u.held != Reason::None) out = OrderOutcome{Resolution::Fails, u.held, kNoProvince};
        else out = OrderOutcome{};
        break;
      case OrderKind::Move:
        out = u.carrier == 0 ? move_outcome(p)
                             : call_plugin(u.carrier, [&](MovementRules& r) { return r.move_outcome(*this, p); });
        break;
      case OrderKind::Support: {
        if (!u.matched) {
          const bool refused = u.other_target == kNoProvince && units_[u.other].kind != OrderKind::Move &&
                               refused_in_civil_disorder(u, units_[u.other]);
          out = OrderOutcome{Resolution::Fails, refused ? Reason::SupportedPowerInCivilDisorder : Reason::Void, u.other};
        } else if (support_given(p)) {
          out = OrderOutcome{};
        } else if (dislodged(p)) {
          out = OrderOutcome{Resolution::Fails, Reason::Dislodged, dislodger()};
        } else {
          out = OrderOutcome{Resolution::Fails, Reason::Cut, kNoProvince};
          for (ProvinceId attacker : movers_to(p))
            if (attacker != u.other_target && units_[attacker].power != u.power && reaches(attacker)) out.by = attacker;
        }
        break;
      }
      case OrderKind::Convoy: {
        if (!u.matched) out = OrderOutcome{Resolution::Fails, Reason::ConvoyNotUsed, u.other};
        else if (units_[u.other].paradox_broken) out = OrderOutcome{Resolution::Fails, Reason::ConvoyParadox, u.other};
        else if (dislodged(p)) out = OrderOutcome{Resolution::Fails, Reason::Dislodged, dislodger()};
        else if (!has_path(u.other)) out = OrderOutcome{Resolution::Fails, Reason::NoConvoyPath, u.other};
        else if (!on_route_used(u.other, p)) out = OrderOutcome{Resolution::Fails, Reason::ConvoyNotUsed, u.other};
        else out = OrderOutcome{};
        break;
      }
      default:
        break;
    }
  }
}

}  // namespace dipadj
