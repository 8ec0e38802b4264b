// The decisions of DATC 5.B, one function each (MOVE, SUPPORT, DISLODGE, PATH; HEAD-TO-HEAD and
// the strengths they compare are inline in solver.hpp), and the rulebooks' convoy rules they consult.
// Nothing here follows a hand-made sequence: each decision asks for the decisions it depends on.
#include "solver.hpp"

namespace dipadj {

bool MovementSolver::evaluate(std::uint32_t decision) {
  if (!is_core(decision)) return evaluate_plugin_decision(decision);
  const ProvinceId p = province_of_decision(decision);
  switch (kind_of_decision(decision)) {
    case DecisionKind::Move:
      if (units_[p].carrier != 0)
        return call_plugin(units_[p].carrier, [&](MovementRules& rules, MovementBoard& board) { return rules.moves(board, p); });
      return move_decision(p);
    case DecisionKind::Support: return support_decision(p);
    case DecisionKind::Dislodge: return dislodge_decision(p);
    case DecisionKind::Path: return path_decision(p);
  }
  return false;
}

// A plugin's own decision, by the plugin's equation.
bool MovementSolver::evaluate_plugin_decision(std::uint32_t decision) {
  for (PluginPart& plugin : plugins_) {
    std::uint32_t own = 0;
    if (plugin.board.own_decision(decision, own)) return plugin.rules->evaluate(plugin.board, own);
  }
  return false;
}

// MOVE: the attack beats what holds the destination (or the defence of the unit met head to
// head) and every other unit trying to enter it.
// A border that costs strength (DATC 10) can leave a move with strength zero: it still enters an
// empty province nobody else tries to enter, and still bounces another move of strength zero.
// Raw strengths stay positive for a real move (zero: none), the cost is taken at comparison.
bool MovementSolver::move_decision(ProvinceId p, bool with_carried) {
  const UnitState& u = units_[p];
  const int raw = attack_strength(p);
  if (raw == 0) return false;
  const int attack = raw - u.cost;
  if (head_to_head(p)) {
    if (attack <= defend_strength(u.opponent) - units_[u.opponent].cost) return false;
  } else if (const int hold = hold_strength(u.target); hold > 0 && attack <= hold) {
    return false;
  }
  for (ProvinceId rival : movers_to(u.target)) {
    if (rival == p) continue;
    const int prevent = prevent_strength(rival);
    if (prevent > 0 && attack <= prevent - units_[rival].cost) return false;
  }
  return !with_carried || carried_blocking(u.target, attack) == kNoProvince;
}

// SUPPORT: given unless a foreign unit with a path attacks the supporter (other than from where
// the supported move goes, also when that attack comes by convoy: 4.A.4 a), or the supporter is
// dislodged.
bool MovementSolver::support_decision(ProvinceId p) {
  const UnitState& u = units_[p];
  for (ProvinceId attacker : movers_to(p)) {
    if (units_[attacker].power == u.power) continue;
    if (attacker == u.other_target && !cuts_support_against_itself(attacker)) continue;
    if (kept_by_convoy_rule(p, attacker)) continue;
    // Across a border that costs strength, only a move with strength left cuts (DATC 10.A, 10.B, 10.O).
    if (units_[attacker].cost > 0 && attack_strength(attacker) <= units_[attacker].cost) continue;
    if (reaches(attacker)) return false;
  }
  // Dislodged, the support is cut; but where a rulebook's convoy rule keeps it, it holds even
  // against the convoyed army that dislodges the supporter (DATC 6.F.17: that rule takes
  // precedence over the dislodge rule).
  if (!rulebook_paradox_rule()) return !dislodged(p);
  for (ProvinceId attacker : movers_to(p))
    if (!kept_by_convoy_rule(p, attacker) && moves(attacker)) return false;
  return true;
}

// DISLODGE: a unit that stays (holds, or failed to move) is dislodged by a successful move into
// its province.
bool MovementSolver::dislodge_decision(ProvinceId p) {
  if (units_[p].kind == OrderKind::Move && moves(p)) return false;
  for (ProvinceId attacker : movers_to(p))
    if (moves(attacker)) return true;
  return false;
}

// PATH: a move over land always has one; a convoyed army needs a chain of fleets that were
// ordered to convoy it and are not dislodged (one undisrupted route is enough: 4.A.1 b).
bool MovementSolver::path_decision(ProvinceId p) {
  const UnitState& u = units_[p];
  if (u.passage != 0)
    return !u.paradox_broken &&
           call_plugin(u.passage, [&](MovementRules& rules, MovementBoard& board) { return rules.path(board, p); });
  if (!u.by_convoy && !u.flexible) return true;
  if (u.paradox_broken) return false;
  // 4.A.6: a written convoy path is the route, fleet by fleet (b, c); without one, c has no convoy.
  if (!rules_.is(ConvoyPathSpecification::Ignored)) {
    const Order& order = governing_order(p);
    if (order.convoy_path.empty()) {
      if (rules_.is(ConvoyPathSpecification::Required)) return false;
    } else {
      for (ProvinceId sea : order.convoy_path) {
        const UnitState& f = units_[sea];
        if (f.kind != OrderKind::Convoy || !f.matched || f.other != p || dislodged(sea)) return false;
      }
      return true;
    }
  }
  if (rules_.is(ConvoyDisruption::AnyRouteDisrupted) || rules_.is(ConvoyDisruption::AnyRouteDisruptedOwnFleetsFirst)) {
    // 4.A.1 a: disrupted as soon as any fleet of an ordered route is dislodged (c: of the fleets
    // left in the convoy).
    if (!ordered_route(p, kNoProvince, false)) return false;
    for (ProvinceId fleet : convoyers_)
      if (units_[fleet].other == p && units_[fleet].matched && ordered_route(p, fleet, false) && dislodged(fleet)) return false;
    return true;
  }
  return searches_.find_route(p, u.target, kNoProvince, [&](ProvinceId sea) {
    const UnitState& f = units_[sea];
    return f.kind == OrderKind::Convoy && f.matched && f.other == p && !dislodged(sea);
  });
}

// Whether ordered convoys link the army to its destination, passing `through` a given fleet if
// one is named; with `intact`, only through fleets that were not dislodged.
bool MovementSolver::ordered_route(ProvinceId army, ProvinceId through, bool intact) {
  return searches_.find_route(army, units_[army].target, through, [&](ProvinceId sea) {
    const UnitState& f = units_[sea];
    return f.kind == OrderKind::Convoy && !f.skipped && f.other == army && f.other_target == units_[army].target &&
           (!intact || !dislodged(sea));
  });
}

// Whether ordered convoys link the army to its destination without the fleet in `avoided`.
bool MovementSolver::route_avoiding(ProvinceId army, ProvinceId avoided) {
  return searches_.find_route(army, units_[army].target, kNoProvince, [&](ProvinceId sea) {
    const UnitState& f = units_[sea];
    return sea != avoided && f.kind == OrderKind::Convoy && !f.skipped && f.other == army && f.other_target == units_[army].target;
  });
}

// Whether the fleet is on the route the army takes: its written path (4.A.6 b, c), or else a
// route of ordered, undislodged fleets.
bool MovementSolver::on_route_used(ProvinceId army, ProvinceId fleet) {
  if (!rules_.is(ConvoyPathSpecification::Ignored)) {
    const auto& path = governing_order(army).convoy_path;
    if (!path.empty()) return std::find(path.begin(), path.end(), fleet) != path.end();
  }
  return ordered_route(army, fleet, true);
}

// The rulebooks' own answers to convoy paradoxes (4.A.2), rules on when a convoyed army does not
// cut a support: 1971 (a): a fleet's support of a fleet attacking one of the army's convoying
// fleets; 1982 (b): a fleet's support of an action in a body of water that holds a convoying
// fleet; 2000 (c): a support of an attack on one of the army's convoying fleets. Whatever
// paradox these leave (DATC 6.F.18, 6.F.22-6.F.24 under a and c) goes to the backup rule.
bool MovementSolver::convoy_rule_keeps_support(ProvinceId supporter, ProvinceId army) {
  const UnitState& s = units_[supporter];
  const ProvinceId action = s.other_target != kNoProvince ? s.other_target : s.other;
  const UnitState& there = units_[action];
  const bool convoys_army = there.kind == OrderKind::Convoy && there.matched && there.other == army;
  switch (rules_.get<ConvoyParadox>()) {
    case ConvoyParadox::Rule1971:
      return s.type == UnitType::Fleet && units_[s.other].type == UnitType::Fleet && s.other_target != kNoProvince &&
             convoys_army;
    case ConvoyParadox::Rule1982:
      return s.type == UnitType::Fleet && map_.province(action).kind == ProvinceKind::Sea && there.kind == OrderKind::Convoy;
    case ConvoyParadox::Rule2000:
      // Only fleets necessary for the convoy count: those every ordered route needs.
      return s.other_target != kNoProvince && convoys_army && !route_avoiding(army, action);
    default:
      return false;
  }
}

}  // namespace dipadj
