// Before resolution: the orders read into each unit's state (which order governs a unit when
// several are given, what each unit does, who supports and convoys whom, which moves meet head to
// head), and the decisions the orders alone settle.
#include "solver.hpp"
#include "dipadj/judge/order_validation.hpp"

namespace dipadj {

// Whether the coast of a supported fleet move matches (4.B.4): optional but matching when written
// (d), ignored (e), required (a), or required unless the move can only go to one coast or the
// mover is the supporter's own (c). Only fleets moving to a province with coasts have the question.
bool MovementAdjudicator::Solver::support_coast_matches(const UnitState& supporter, const UnitState& mover) const {
  if (mover.type != UnitType::Fleet || !map_.has_coasts(mover.target)) return true;
  const bool named = map_.location(supporter.other_target_location).coast != kNoCoast;
  const bool same = supporter.other_target_location == mover.target_location;
  switch (rules_.get<SupportCoast>()) {
    case SupportCoast::Ignored: return true;
    case SupportCoast::Required:
    case SupportCoast::RequiredDefaultCoast: return named && same;  // b: validation has put the default coast in
    case SupportCoast::RequiredUnlessUnambiguous: {
      if (named) return same;
      if (supporter.power == mover.power) return true;
      int reachable = 0;
      for (LocationId coast : map_.province(mover.target).coasts)
        reachable += map_.fleet_adjacent(mover.location, coast) ? 1 : 0;
      return reachable == 1;
    }
    default: return !named || same;
  }
}

// Several legal orders to one unit. Orders whose designation the rules accept only when nothing
// better is given give way to a better one (choice c of 4.C.1, 4.C.2, 4.C.5, 4.C.6); identical
// repeats count once; different orders (4.D.3): the first counts (a), the last (b), or none and
// the unit holds (c).
void MovementAdjudicator::Solver::settle_repeated_orders(const Position& before, std::span<const SubmittedOrder> orders,
                                                         MovementResult& result) {
  // Legal orders of units (a plugin's own orders order no unit).
  auto legal_unit_order = [&](std::size_t i) {
    return result.outcomes[i].resolution != Resolution::Illegal && resolved_[i].kind != OrderKind::Special;
  };
  auto unit_of = [&](std::size_t i) { return map_.province_of(resolved_[i].unit.location); };
  for (std::size_t i = 0; i < orders.size(); ++i) {
    if (!legal_unit_order(i) || governing_[unit_of(i)] != static_cast<std::int32_t>(i)) continue;
    const ProvinceId p = unit_of(i);
    bool any_sound = false;
    for (std::size_t j = i; j < orders.size(); ++j)
      if (legal_unit_order(j) && unit_of(j) == p && !designation_flawed(rules_, before, map_, orders[j].power, orders[j].order))
        any_sound = true;
    std::int32_t first = -1, last = -1;
    bool different = false;
    for (std::size_t j = i; j < orders.size(); ++j) {
      if (!legal_unit_order(j) || unit_of(j) != p) continue;
      if (any_sound && designation_flawed(rules_, before, map_, orders[j].power, orders[j].order)) {
        result.outcomes[j] = OrderOutcome{Resolution::Illegal, Reason::BetterOrderGiven, kNoProvince};
        continue;
      }
      if (first < 0) first = static_cast<std::int32_t>(j);
      else if (!(resolved_[static_cast<std::size_t>(first)] == resolved_[j])) different = true;
      last = static_cast<std::int32_t>(j);
    }
    governing_[p] = first;
    if (!different) continue;
    if (rules_.is(MultipleUnitOrders::Hold)) conflicting_[p] = 1;
    else governing_[p] = rules_.is(MultipleUnitOrders::FirstOrder) ? first : last;
    for (std::size_t j = i; j < orders.size(); ++j)
      if (legal_unit_order(j) && unit_of(j) == p && (conflicting_[p] || !(resolved_[j] == resolved_[static_cast<std::size_t>(governing_[p])])))
        result.outcomes[j] = OrderOutcome{Resolution::Illegal, Reason::ConflictingOrders, kNoProvince};
  }
}

void MovementAdjudicator::Solver::prepare(const Position& before, std::span<const SubmittedOrder> orders,
                                          MovementResult& result) {
  const std::size_t n = provinces_;
  result.outcomes.assign(orders.size(), OrderOutcome{});
  resolved_.resize(orders.size());
  impossible_.resize(orders.size());
  std::fill(governing_.begin(), governing_.end(), -1);
  conflicting_.assign(n, 0);

  // Validation: illegal orders are out. Without plugins, an order is the core's to check alone.
  bool repeats = false;
  const bool core_only = variant_.extensions().empty();
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const Order& order = orders[i].order;
    const Reason why = core_only && order.extension == 0
                           ? validate_movement_order(map_, rules_, before, orders[i].power, order, resolved_[i], search_space_)
                           : check_movement_order(variant_, rules_, before, orders[i].power, order, resolved_[i], search_space_);
    impossible_[i] = Reason::None;
    if (why != Reason::None && kept_though_impossible(why, rules_)) {
      impossible_[i] = why;
    } else if (why != Reason::None) {
      result.outcomes[i] = OrderOutcome{Resolution::Illegal, why, kNoProvince};
      continue;
    }
    if (resolved_[i].kind == OrderKind::Special) continue;  // a plugin's order that is no unit's order
    const ProvinceId p = map_.province_of(resolved_[i].unit.location);
    if (governing_[p] < 0) governing_[p] = static_cast<std::int32_t>(i);
    else repeats = true;
  }
  if (repeats) settle_repeated_orders(before, orders, result);

  convoyers_.clear();
  for (ProvinceId p : occupied_) units_[p] = UnitState{};  // the rest was never touched
  occupied_.clear();
  for (std::size_t p = 0; p < n; ++p) {
    const Unit& unit = before.unit_in(static_cast<ProvinceId>(p));
    if (!unit.present()) continue;
    UnitState& u = units_[p];
    occupied_.push_back(static_cast<ProvinceId>(p));
    u.present = true;
    u.power = unit.power;
    u.type = unit.type;
    u.location = unit.location;
    if (governing_[p] < 0 || conflicting_[p]) {
      governing_[p] = -1;
      continue;
    }
    const Order& order = resolved_[static_cast<std::size_t>(governing_[p])];
    u.kind = order.kind;
    u.impossible = impossible_[static_cast<std::size_t>(governing_[p])];
    switch (order.kind) {
      case OrderKind::Move:
        if (order.target == kNoLocation) break;  // a place off the map (4.E.1 a): it goes nowhere
        u.target = map_.province_of(order.target);
        u.target_location = order.target;
        break;
      case OrderKind::Convoy:
        // A convoy that cannot be part of any route (legal only under 4.E.1 b) shows no intent.
        if (u.impossible == Reason::None) convoyers_.push_back(static_cast<ProvinceId>(p));
        [[fallthrough]];
      case OrderKind::Support:
        u.other = map_.province_of(order.other.location);
        if (order.target != kNoLocation) {
          u.other_target = map_.province_of(order.target);
          u.other_target_location = order.target;
        }
        break;
      default:
        break;
    }
  }

  // Which route each army takes: a convoy when there is no land route. Over an adjacent border
  // (4.A.3): (a) the convoy whenever one is ordered; (b) the same, but only against a unit coming
  // the other way; (c) as b, but only if the convoy route holds, else over land (decided during
  // adjudication: the HEAD-TO-HEAD and CONVOY PATH decisions of DATC 5.B.10); (d) by intent,
  // "via convoy" or a fleet of its own power ordered to convoy it, but only where a convoy route
  // is ordered: "if there is only a land route possible, the intent is unimportant" (6.G.8), so
  // with no ordered route the army goes over land; (e) only and always when it says "via
  // convoy"; (f) by intent as in d, but then by convoy only, with no fallback to the land route.
  const AdjacentConvoy adjacent_rule = rules_.get<AdjacentConvoy>();
  for (const std::size_t p : occupied_) {
    UnitState& u = units_[p];
    if (u.kind != OrderKind::Move || u.type != UnitType::Army || u.impossible != Reason::None) continue;
    const auto from = static_cast<ProvinceId>(p);
    if (!map_.army_adjacent(from, u.target)) {
      u.by_convoy = true;
      continue;
    }
    const Order& order = resolved_[static_cast<std::size_t>(governing_[p])];
    bool own_fleet = false;
    for (ProvinceId f : convoyers_) {
      const UnitState& fleet = units_[f];
      own_fleet = own_fleet || (fleet.other == from && fleet.other_target == u.target && fleet.power == u.power);
    }
    const auto ordered = [&] { return !convoyers_.empty() && ordered_route(from, kNoProvince, false); };
    switch (adjacent_rule) {
      case AdjacentConvoy::ConvoyRouteAlways: u.by_convoy = ordered(); break;
      case AdjacentConvoy::LandUnlessOppositeMove: {
        const UnitState& other = units_[u.target];
        u.by_convoy = other.kind == OrderKind::Move && other.target == from && ordered();
        break;
      }
      case AdjacentConvoy::LandUnlessOppositeMoveAndConvoySucceeds: {
        const UnitState& other = units_[u.target];
        u.flexible = other.kind == OrderKind::Move && other.target == from && ordered();
        break;
      }
      case AdjacentConvoy::ExplicitViaConvoy: u.by_convoy = order.via_convoy; break;
      case AdjacentConvoy::IntentWithoutFallback: u.by_convoy = order.via_convoy || own_fleet; break;
      default: u.by_convoy = (own_fleet || order.via_convoy) && ordered(); break;
    }
  }

  // Borders that cost strength (plugins; DATC 10): for moves that cross them, not by convoy.
  if (!variant_.extensions().empty()) {
    for (const std::size_t p : occupied_) {
      UnitState& u = units_[p];
      if (u.kind != OrderKind::Move || u.by_convoy || u.target == kNoProvince) continue;
      int cost = 0;
      for (const auto& extension : variant_.extensions())
        cost += extension.rules->border_cost(static_cast<ProvinceId>(p), u.target, u.type, rules_);
      u.cost = static_cast<std::uint8_t>(std::clamp(cost, 0, 255));
    }
  }

  // The plugins' part: which moves take their passages (no decision is taken yet).
  own_orders_.resize(plugin_rules_.size());
  for (auto& list : own_orders_) list.clear();
  plugin_decisions_.assign(plugin_rules_.size(), PluginDecisions{});
  core_decisions_ = static_cast<std::uint32_t>(kDecisionKinds * n);
  next_decision_ = core_decisions_;
  for (const auto& [province, mover] : contests_) contested_[province] = 0;
  contests_.clear();
  contested_.resize(n, 0);
  for (std::size_t i = 0; i < orders.size() && !plugin_rules_.empty(); ++i) {
    const std::uint8_t extension = resolved_[i].extension;
    if (extension != 0 && result.outcomes[i].resolution != Resolution::Illegal && movement_rules_of_[extension - 1U] != 0)
      own_orders_[movement_rules_of_[extension - 1U] - 1U].push_back(i);
  }
  for (std::size_t i = 0; i < plugin_rules_.size(); ++i) {
    current_plugin_ = static_cast<std::uint8_t>(i + 1);
    plugin_rules_[i]->prepare(*this);
  }
  current_plugin_ = 0;

  // Head-to-head battles: two units moving into each other's province, neither by convoy nor
  // through a plugin's passage (which lets one unit through at a time).
  for (const std::size_t p : occupied_) {
    UnitState& u = units_[p];
    if (u.kind != OrderKind::Move || u.by_convoy || u.passage != 0 || u.impossible != Reason::None) continue;
    const UnitState& other = units_[u.target];
    if (other.kind == OrderKind::Move && other.target == p && !other.by_convoy && other.passage == 0 &&
        other.impossible == Reason::None)
      u.opponent = u.target;
  }

  // Which supports and convoys match what the other unit does.
  for (const std::size_t p : occupied_) {
    UnitState& u = units_[p];
    if (u.impossible != Reason::None) continue;  // helps nobody
    if (u.kind == OrderKind::Support) {
      const UnitState& other = units_[u.other];
      if (u.other_target == kNoProvince) {
        u.matched = other.kind != OrderKind::Move && !refused_in_civil_disorder(u, other);
      } else {
        u.matched = other.kind == OrderKind::Move && other.target == u.other_target && support_coast_matches(u, other);
      }
    } else if (u.kind == OrderKind::Convoy) {
      const UnitState& army = units_[u.other];
      u.matched = army.kind == OrderKind::Move && army.target == u.other_target && (army.by_convoy || army.flexible);
    }
  }

  // 4.A.1 c, the DPTG: when the army's own fleets offer a route, foreign fleets are no part of
  // its convoy (so a foreign fleet cannot disrupt it, nor be "convoying" for the paradox rules).
  if (rules_.is(ConvoyDisruption::AnyRouteDisruptedOwnFleetsFirst)) {
    for (const std::size_t p : occupied_) {
      const UnitState& army = units_[p];
      if (army.kind != OrderKind::Move || !(army.by_convoy || army.flexible) || army.impossible != Reason::None) continue;
      const auto army_at = static_cast<ProvinceId>(p);
      const bool own_route = convoy_route(army_at, army.target, kNoProvince, [&](ProvinceId sea) {
        const UnitState& f = units_[sea];
        return f.kind == OrderKind::Convoy && f.matched && f.other == army_at && f.power == army.power;
      });
      if (!own_route) continue;
      for (ProvinceId fleet : convoyers_) {
        UnitState& f = units_[fleet];
        if (f.other == army_at && f.power != army.power) {
          f.matched = false;
          f.skipped = true;
        }
      }
    }
  }

  // Who moves where, and who supports whom: flat lists, ordered by province.
  movers_.forget();
  supporters_.forget();
  const auto listed_move = [](const UnitState& u) { return u.kind == OrderKind::Move && u.impossible == Reason::None && u.carrier == 0; };
  const auto listed_support = [](const UnitState& u) { return u.kind == OrderKind::Support && u.matched; };
  for (const std::size_t p : occupied_) {
    const UnitState& u = units_[p];
    if (listed_move(u)) movers_.count(u.target);
    if (listed_support(u)) supporters_.count(u.other);
  }
  movers_.lay_out();
  supporters_.lay_out();
  for (const std::size_t p : occupied_) {
    const UnitState& u = units_[p];
    if (listed_move(u)) movers_.add(u.target, static_cast<ProvinceId>(p));
    if (listed_support(u)) supporters_.add(u.other, static_cast<ProvinceId>(p));
  }

  // Decisions that do not arise are settled at once (empty provinces are never asked about).
  resolver_.reset(next_decision_);
  for (const std::size_t p : occupied_) {
    const UnitState& u = units_[p];
    const auto id_p = static_cast<ProvinceId>(p);
    if (u.kind != OrderKind::Move || u.impossible != Reason::None) {
      resolver_.settle(id(kMove, id_p), false);
      resolver_.settle(id(kPath, id_p), false);
    } else if (!u.by_convoy && !u.flexible && u.passage == 0) {
      resolver_.settle(id(kPath, id_p), true);  // over land (or carried by a plugin): PATH holds (path_decision)
    }
    // Nobody moves in (a plugin's carried moves contest provinces but dislodge nobody): the unit
    // is not dislodged and a support it gives is not cut (dislodge_decision, support_decision).
    const bool unattacked = movers_.of(id_p).empty();
    if (unattacked) resolver_.settle(id(kDislodge, id_p), false);
    if (u.kind != OrderKind::Support || !u.matched) resolver_.settle(id(kSupport, id_p), false);
    else if (unattacked) resolver_.settle(id(kSupport, id_p), true);
  }
}

}  // namespace dipadj
