// A railroad journey as decisions (see railroad.hpp for their definitions). Each asks only for
// the decisions it needs; a cycle through them is settled by backup_rule(): a circular movement
// moves, anything else is a railroad paradox.
#include <algorithm>

#include "dipadj/board/position.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/variant/variant.hpp"
#include "railroad.hpp"

namespace dipadj::railroad {

// Only one unit may use the line in a turn: two or more journeys all hold (DATC 7.B.33).
void Journey::prepare(MovementBoard& board) {
  army_ = kNoProvince;
  route_.clear();
  const Map& map = board.variant().map();
  std::vector<ProvinceId> travellers;
  for (std::size_t i : board.own_orders()) {
    const Order& order = board.orders()[i].order;
    if (order.kind != OrderKind::Move) continue;
    const ProvinceId from = map.province_of(order.unit.location);
    const Order* governing = board.order_of(from);
    // The unit's order may be another one (several orders to one unit, DATC 4.D.3).
    if (governing == nullptr || governing->extension_kind != kJourney || governing->kind != OrderKind::Move) continue;
    if (std::find(travellers.begin(), travellers.end(), from) == travellers.end()) travellers.push_back(from);
  }
  if (travellers.size() > 1) {
    for (ProvinceId unit : travellers) board.hold_instead(unit, reasons_.one_unit_at_a_time);
    return;
  }
  if (travellers.empty()) return;
  army_ = travellers.front();
  power_ = board.before().unit_in(army_).power;
  route_ = line_.route(army_, map.province_of(board.order_of(army_)->target));
  board.claim_move(army_);
  for (std::size_t step = 1; step <= steps(); ++step) board.contest(army_, route_[step]);
  board.add_decisions(static_cast<std::uint32_t>(2 * steps()));
}

// Supports count on the last step only (DATC 7, additional assumptions).
int Journey::strength(MovementBoard& board, std::size_t step) {
  return 1 + (step == steps() ? board.supports(army_) : 0);
}

bool Journey::stays(MovementBoard& board, ProvinceId province) {
  if (!board.before().unit_in(province).present()) return false;
  const Order* order = board.order_of(province);
  return order == nullptr || order->kind != OrderKind::Move || !board.moves(province);
}

bool Journey::faces_head_to_head(MovementBoard& board) {
  const Map& map = board.variant().map();
  const Order* order = board.order_of(route_[1]);
  return order != nullptr && order->kind == OrderKind::Move && order->target != kNoLocation &&
         map.province_of(order->target) == route_[0];
}

// Errata 9.241: a supply centre on the line that another power captured stops the journey there
// until it is recaptured, unless a unit of the line's power holds it (DATC 7.B.18-7.B.22).
bool Journey::may_go_on(MovementBoard& board, std::size_t step) {
  const ProvinceId station = route_[step];
  const Map& map = board.variant().map();
  if (!map.province(station).supply_centre || board.before().owner(station) == power_) return true;
  const Unit& unit = board.before().unit_in(station);
  return unit.present() && unit.power == power_ && stays(board, station) && !board.dislodged(station);
}

bool Journey::passes_decision(MovementBoard& board, std::size_t step) {
  const ProvinceId station = route_[step];
  const Unit& there = board.before().unit_in(station);
  if (there.present()) {
    // Coming the other way on the first step: a head-to-head battle the army cannot win, since it
    // cannot dislodge (DATC 7, additional assumptions; 7.B.26-7.B.29).
    if (step == 1 && faces_head_to_head(board)) return false;
    if (stays(board, station)) {
      // It rails through a unit of its own power that stays and is not dislodged, but cannot stop
      // there; any other unit that stays blocks the line, whatever the support (errata 9.23).
      return step < steps() && there.power == power_ && !board.dislodged(station);
    }
  }
  // The province is or becomes empty: normal rules of conflict, the army coming last. A move that
  // would enter without the army and is at least as strong stops it (DATC 7.B.1, 7.B.6-7.B.8).
  const int mine = strength(board, step);
  for (ProvinceId rival : board.movers_into(station))
    if (board.prevent_strength(rival) >= mine && board.would_enter(rival)) return false;
  return true;
}

bool Journey::evaluate(MovementBoard& board, std::uint32_t own_decision) {
  const std::size_t step = own_decision / 2 + 1;
  if (own_decision % 2 == 1) return passes_decision(board, step);
  if (step == 1) return true;
  return reaches(board, step - 1) && passes(board, step - 1) && may_go_on(board, step - 1);
}

std::size_t Journey::last_step(MovementBoard& board) {
  std::size_t reached = 0;
  for (std::size_t step = 1; step <= steps(); ++step) {
    if (!passes(board, step)) break;
    reached = step;
    if (step < steps() && !may_go_on(board, step)) break;
  }
  return reached;
}

std::size_t Journey::end_step(MovementBoard& board) {
  std::size_t step = last_step(board);
  // Back to the furthest province it passed that is left empty (DATC 7.B.5, 7.B.12, 7.B.13).
  while (step > 0 && step < steps() && stays(board, route_[step])) --step;
  return step;
}

bool Journey::moves(MovementBoard& board, ProvinceId /*mover*/) { return end_step(board) > 0; }

LocationId Journey::destination(MovementBoard& board, ProvinceId /*mover*/) {
  return board.variant().map().province(route_[end_step(board)]).location;
}

int Journey::prevent_strength(MovementBoard& board, ProvinceId /*mover*/, ProvinceId province) {
  const auto at = std::find(route_.begin() + 1, route_.end(), province);
  if (at == route_.end()) return 0;
  const auto step = static_cast<std::size_t>(at - route_.begin());
  if (!reaches(board, step)) return 0;
  // Beaten head to head on the first step: no effect on the province the other unit came from.
  if (step == 1 && faces_head_to_head(board) && board.moves(route_[1])) return 0;
  return strength(board, step);
}

OrderOutcome Journey::move_outcome(MovementBoard& board, ProvinceId /*mover*/) {
  const std::size_t end = end_step(board);
  if (end == steps()) return OrderOutcome{};
  const std::size_t stopped_at = last_step(board) + 1;  // the step it did not pass, if any
  const ProvinceId by = stopped_at <= steps() && board.before().unit_in(route_[stopped_at]).present()
                            ? route_[stopped_at]
                            : kNoProvince;
  return OrderOutcome{Resolution::Fails, end == 0 ? Reason::Bounced : reasons_.stopped_short, by};
}

// A cycle with the journey in it. A circular movement (every move of the cycle succeeds in one of
// its resolutions, and the units of the cycle end where others of it stood) moves. Otherwise the
// railroad paradox rule: the last part of the journey in the paradox fails but still bounces the
// units it meets there (DATC 7, additional assumptions; 7.B.24, 7.B.25, 7.B.31, 7.D.2; 7.B.23,
// which the DATC calls a paradox, has one consistent resolution in these equations and needs no
// backup rule).
PluginBackup Journey::backup_rule(MovementBoard& board, const ResolverCycle& cycle) {
  if (cycle.two_resolutions) {
    for (const auto& trial : {cycle.guessed_false, cycle.guessed_true}) {
      std::vector<ProvinceId> origins, destinations;
      bool all_move = true, army_moves = false;
      for (const TrialValue& value : trial) {
        ProvinceId unit = kNoProvince;
        // A decision read several times in the cycle is listed as often.
        if (!board.is_move_decision(value.decision, unit) || std::find(origins.begin(), origins.end(), unit) != origins.end())
          continue;
        all_move = all_move && value.value;
        origins.push_back(unit);
        if (unit == army_) army_moves = true;
        else destinations.push_back(board.target_of(unit));
      }
      if (!all_move || !army_moves) continue;
      // The army's destination is the one place of the circle no other unit goes to.
      std::vector<ProvinceId> left = origins;
      bool circle = true;
      for (ProvinceId d : destinations) {
        const auto it = std::find(left.begin(), left.end(), d);
        if (it == left.end()) circle = false;
        else left.erase(it);
      }
      if (!circle || left.size() != 1 || std::find(route_.begin() + 1, route_.end(), left.front()) == route_.end()) continue;
      for (const TrialValue& value : trial) {
        ProvinceId unit = kNoProvince;
        if (board.is_move_decision(value.decision, unit)) board.settle(value.decision, true);
      }
      return PluginBackup::Circular;
    }
  }
  std::size_t last = 0;
  for (std::uint32_t decision : cycle.decisions) {
    std::uint32_t own = 0;
    if (board.own_decision(decision, own)) last = std::max<std::size_t>(last, own / 2 + 1);
  }
  if (last == 0) return PluginBackup::NotMine;
  board.settle_own(reaches_id(last), true);
  board.settle_own(passes_id(last), false);
  return PluginBackup::Settled;
}

}  // namespace dipadj::railroad
