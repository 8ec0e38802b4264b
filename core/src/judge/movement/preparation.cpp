// Before resolution: the orders read into each unit's state (governing_orders.cpp), then what
// the orders alone decide: each army's route, the plugins' claims, which moves meet head to head
// and which supports and convoys match (one pass), who moves where and supports whom and the
// decisions settled before resolution (one pass). Each step reads what the steps before it wrote;
// a pass over the units costs some 200 instructions in a phase of 22, so steps that need nothing
// of each other share one.
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/variant/variant.hpp"
#include "solver.hpp"

namespace dipadj {

void MovementSolver::prepare() {
  validate_orders();
  read_unit_states();
  choose_routes();
  add_border_costs();
  prepare_plugins();
  meet_and_match();
  if (rules_.is(ConvoyDisruption::AnyRouteDisruptedOwnFleetsFirst)) leave_out_foreign_convoys();
  list_and_settle();
  settle_plain_moves();
}

namespace {

// How an army moving over an adjacent border goes (4.A.3): by convoy, or flexibly (by convoy if
// the convoy route holds, else over land), or neither (over land).
struct AdjacentRoute {
  bool by_convoy = false;
  bool flexible = false;
};

// 4.A.3: (a) by convoy whenever one is ordered; (b) the same, but only against a unit coming the
// other way; (c) as b, but only if the convoy route holds, else over land (decided during
// adjudication: the HEAD-TO-HEAD and CONVOY PATH decisions of DATC 5.B.10); (d) by intent, "via
// convoy" or a fleet of its own power ordered to convoy it, but only where a convoy route is
// ordered: "if there is only a land route possible, the intent is unimportant" (6.G.8), so with
// no ordered route the army goes over land; (e) only and always when it says "via convoy"; (f) by
// intent as in d, but then by convoy only, with no fallback to the land route. `route_ordered`
// is asked only when the choice needs it (it searches).
template <class RouteOrdered>
AdjacentRoute route_over_adjacent_border(AdjacentConvoy rule, bool via_convoy, bool own_fleet_convoys, bool opposite_move,
                                         RouteOrdered&& route_ordered) {
  switch (rule) {
    case AdjacentConvoy::ConvoyRouteAlways: return {route_ordered(), false};
    case AdjacentConvoy::LandUnlessOppositeMove: return {opposite_move && route_ordered(), false};
    case AdjacentConvoy::LandUnlessOppositeMoveAndConvoySucceeds: return {false, opposite_move && route_ordered()};
    case AdjacentConvoy::ExplicitViaConvoy: return {via_convoy, false};
    case AdjacentConvoy::IntentWithoutFallback: return {via_convoy || own_fleet_convoys, false};
    default: return {(own_fleet_convoys || via_convoy) && route_ordered(), false};
  }
}

}  // namespace

// Which route each army takes (4.A.3): a convoy when there is no land route (as read with the
// order, read_unit_states); over an adjacent border, as the rules say (route_over_adjacent_border).
// An impossible move has no route. Under every rule but e and f (which go by the order's words
// alone), an army goes by convoy over an adjacent border only along ordered convoys: only the
// armies fleets are ordered to convoy are looked at (in most phases, none).
void MovementSolver::choose_routes() {
  const AdjacentConvoy rule = rules_.get<AdjacentConvoy>();
  const auto choose = [&](ProvinceId army) {
    UnitState& u = units_[army];
    if (u.kind != OrderKind::Move || u.type != UnitType::Army || u.impossible != Reason::None || u.by_convoy) return;
    bool own_fleet = false;
    for (ProvinceId f : convoyers_) {
      const UnitState& fleet = units_[f];
      own_fleet = own_fleet || (fleet.other == army && fleet.other_target == u.target && fleet.power == u.power);
    }
    const UnitState& other = units_[u.target];
    const bool opposite_move = other.kind == OrderKind::Move && other.target == army;
    const auto route_ordered = [&] { return !convoyers_.empty() && ordered_route(army, kNoProvince, false); };
    const AdjacentRoute route =
        route_over_adjacent_border(rule, governing_order(army).via_convoy, own_fleet, opposite_move, route_ordered);
    u.by_convoy = route.by_convoy;
    u.flexible = route.flexible;
  };
  if (rule == AdjacentConvoy::ExplicitViaConvoy || rule == AdjacentConvoy::IntentWithoutFallback) {
    for (const ProvinceId army : occupied_) choose(army);
    return;
  }
  // An army two fleets convoy is chosen for twice, the same way (the choice reads no other army's).
  for (const ProvinceId fleet : convoyers_) choose(units_[fleet].other);
}

// Borders that cost strength (plugins; DATC 10): for moves that cross them, not by convoy.
void MovementSolver::add_border_costs() {
  if (variant_.extensions().empty()) return;
  for (const ProvinceId p : occupied_) {
    UnitState& u = units_[p];
    if (u.kind != OrderKind::Move || u.by_convoy || u.target == kNoProvince) continue;
    int cost = 0;
    for (const auto& extension : variant_.extensions())
      if (const BorderCosts* costs = extension.rules->border_costs()) cost += costs->border_cost(p, u.target, u.type, rules_);
    u.cost = static_cast<std::uint8_t>(std::clamp(cost, 0, 255));
  }
}

// The plugins' part (movement_rules.hpp; the rules of DATC 7-12 that need code): each is handed
// its legal orders, then claims the moves that take its passages or that it carries out, contests
// provinces and reserves decisions of its own. No decision is taken yet.
void MovementSolver::prepare_plugins() {
  core_decisions_ = core_decision_count(provinces_);
  next_decision_ = core_decisions_;
  for (const auto& [province, mover] : contests_) contested_[province] = 0;
  contests_.clear();
  contested_.resize(provinces_, 0);
  if (plugins_.empty()) return;
  for (PluginPart& plugin : plugins_) plugin.board.start_phase();
  const std::span<const SubmittedOrder> orders = phase_.orders;
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const std::uint8_t extension = resolved_[i].extension;
    if (extension == 0 || phase_.result->outcomes[i].resolution == Resolution::Illegal) continue;
    if (const std::uint8_t place = movement_rules_of_[extension - 1U]; place != 0) plugins_[place - 1U].board.add_own_order(i);
  }
  for (PluginPart& plugin : plugins_) plugin.rules->prepare(plugin.board);
}

// What each unit meets, one pass: whether it fights a head-to-head battle (two units moving into
// each other's province, neither by convoy nor through a plugin's passage, which lets one unit
// through at a time; whether a flexible army of 4.A.3 c fights is decided later: head_to_head,
// DATC 5.B.10); whether its support or convoy matches what the other unit does (a support of a
// move, the move to that province with the coast 4.B.4 asks for; a support to hold, any unit not
// moving, unless its power is in civil disorder, 4.D.9 a; a convoy, the army's move by convoy; an
// order legal though impossible, 4.E.1 b, c, helps nobody); and its place in the lists of who
// moves where and supports whom, counted (list_and_settle lays them out). Each reads only what
// the steps before wrote of the other units.
void MovementSolver::meet_and_match() {
  const auto meets = [](const UnitState& u) {
    return u.kind == OrderKind::Move && !u.by_convoy && u.passage == 0 && u.impossible == Reason::None;
  };
  movers_.forget();
  supporters_.forget();
  for (const ProvinceId p : occupied_) {
    UnitState& u = units_[p];
    if (meets(u) && meets(units_[u.target]) && units_[u.target].target == p) u.opponent = u.target;
    if (u.impossible == Reason::None && u.kind == OrderKind::Support) {
      const UnitState& other = units_[u.other];
      if (u.other_target == kNoProvince)
        u.matched = other.kind != OrderKind::Move && !refused_in_civil_disorder(u, other);
      else
        u.matched = other.kind == OrderKind::Move && other.target == u.other_target && support_coast_matches(u, other);
    } else if (u.impossible == Reason::None && u.kind == OrderKind::Convoy) {
      const UnitState& army = units_[u.other];
      u.matched = army.kind == OrderKind::Move && army.target == u.other_target && (army.by_convoy || army.flexible);
    }
    if (listed_move(u)) movers_.count(u.target);
    if (listed_support(u)) supporters_.count(u.other);
  }
}

// Whether the coast of a supported fleet move matches (4.B.4): optional but matching when written
// (d), ignored (e), required (a), or required unless the move can only go to one coast or the
// mover is the supporter's own (c). Only fleets moving to a province with coasts have the question.
bool MovementSolver::support_coast_matches(const UnitState& supporter, const UnitState& mover) const {
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

// 4.A.1 c, the DPTG: when the army's own fleets offer a route, foreign fleets are no part of its
// convoy (so a foreign fleet cannot disrupt it, nor be "convoying" for the paradox rules).
void MovementSolver::leave_out_foreign_convoys() {
  for (const ProvinceId army_at : occupied_) {
    const UnitState& army = units_[army_at];
    if (army.kind != OrderKind::Move || !(army.by_convoy || army.flexible) || army.impossible != Reason::None) continue;
    const bool own_route = searches_.find_route(army_at, army.target, kNoProvince, [&](ProvinceId sea) {
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

// The lists of who moves where (by the core's rules: a plugin's carried moves are the plugin's)
// and who supports whom with a matching support, counted by meet_and_match: flat lists, each in
// province order, which the strengths of DATC 5.B (ATTACK, HOLD, DEFEND, PREVENT) and the SUPPORT
// and DISLODGE decisions read. In the same pass, the decisions the orders alone settle, each as
// its decision function would find it (empty provinces are never asked about): a unit that does
// not move has no MOVE and no PATH; a move over land (or carried by a plugin) has a PATH
// (path_decision); nobody moves in, so the unit is not dislodged (a plugin's carried moves contest
// provinces but dislodge nobody) and a support it gives is not cut (dislodge_decision,
// support_decision); an unmatched support is not given; a move over land that nobody opposes
// (moves_unopposed) succeeds, and its unit, gone, is not dislodged. The units left with a decision
// open are listed for resolution (in reverse province order).
void MovementSolver::list_and_settle() {
  movers_.lay_out();
  supporters_.lay_out();
  resolver_.reset(next_decision_);
  undecided_.clear();
  // Lists are filled from their ends: in reverse, each comes out in province order.
  for (auto at = occupied_.rbegin(); at != occupied_.rend(); ++at) {
    const ProvinceId p = *at;
    const UnitState& u = units_[p];
    if (listed_move(u)) movers_.add(u.target, p);
    if (listed_support(u)) supporters_.add(u.other, p);
    const bool moving = u.kind == OrderKind::Move && u.impossible == Reason::None;
    bool leaves = false;
    if (!moving) {
      resolver_.settle(decision_id(DecisionKind::Move, p), false);
      resolver_.settle(decision_id(DecisionKind::Path, p), false);
    } else if (over_land(u)) {
      resolver_.settle(decision_id(DecisionKind::Path, p), true);
      leaves = u.carrier == 0 && moves_unopposed(p);
      if (leaves) resolver_.settle(decision_id(DecisionKind::Move, p), true);
    }
    const bool unattacked = movers_.empty(p);
    if (unattacked || leaves) resolver_.settle(decision_id(DecisionKind::Dislodge, p), false);
    if (u.kind != OrderKind::Support || !u.matched) resolver_.settle(decision_id(DecisionKind::Support, p), false);
    else if (unattacked) resolver_.settle(decision_id(DecisionKind::Support, p), true);
    // Left open: the MOVE (and PATH) of a move not settled here, the DISLODGE (and SUPPORT) of a
    // unit attacked that does not leave.
    if (!leaves && (moving || !unattacked)) undecided_.push_back(p);
  }
}

// More MOVE decisions of plain moves (over land, by the core's rules, nobody supporting them)
// settled before resolution, where move_decision finds them asking no other decision than ones
// already settled (most of those of an opening that list_and_settle leaves): a move into a
// province nobody holds or contests whose first rival in the province's list is plain too and
// crosses no border that costs strength (DATC 10) fails, that rival's prevent strength of 1
// stopping an attack of 1 before any other rival is asked; a move into a province nobody else
// enters or contests, whose unit is known to leave, succeeds (and its own unit is not dislodged).
void MovementSolver::settle_plain_moves() {
  const auto plain = [&](ProvinceId q) { return over_land(units_[q]) && supporters_.empty(q); };
  // Each province some unit moves into, in the order first counted (so that of a chain of moves
  // into provinces their units leave, those whose next move is settled first are settled too;
  // the rest are left to resolution).
  for (const ProvinceId target : movers_.keys()) {
    if (contested_[target]) continue;
    const UnitState& there = units_[target];
    const std::span<const ProvinceId> movers = movers_.of(target);
    if (movers.size() >= 2 && !there.present) {
      for (const ProvinceId p : movers) {
        const ProvinceId rival = movers[0] != p ? movers[0] : movers[1];
        if (plain(p) && plain(rival) && units_[rival].cost == 0) resolver_.settle(decision_id(DecisionKind::Move, p), false);
      }
    } else if (movers.size() == 1 && there.present && there.kind == OrderKind::Move) {
      const std::uint32_t leaves = decision_id(DecisionKind::Move, target);
      const ProvinceId p = movers[0];
      if (!resolver_.is_resolved(leaves) || !resolver_.resolve(leaves) || !plain(p)) continue;
      resolver_.settle(decision_id(DecisionKind::Move, p), true);
      resolver_.settle(decision_id(DecisionKind::Dislodge, p), false);
    }
  }
}

}  // namespace dipadj
