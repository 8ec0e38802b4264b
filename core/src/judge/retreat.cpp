#include "dipadj/judge/retreat.hpp"

#include <algorithm>
#include <climits>

#include "dipadj/plugin/plugin.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

std::vector<LocationId> retreat_options(const Variant& variant, const Rulebook& rules, Season season, const Position& after,
                                        const Unit& dislodged, ProvinceId attacker_from, std::span<const ProvinceId> standoffs) {
  const Map& map = variant.map();
  std::vector<LocationId> out;
  auto consider = [&](LocationId place) {
    const ProvinceId q = map.province_of(place);
    if (q == attacker_from || after.unit_in(q).present()) return;
    if (std::find(standoffs.begin(), standoffs.end(), q) != standoffs.end()) return;
    for (const auto& extension : variant.extensions()) {
      const RetreatPassages* passages = extension.rules->retreat_passages();
      if (passages != nullptr && !passages->retreat_passage_open(dislodged.location, place, rules, season)) return;
    }
    out.push_back(place);
  };
  if (dislodged.type == UnitType::Army) {
    for (ProvinceId q : map.army_neighbours(map.province_of(dislodged.location))) consider(map.province(q).location);
  } else {
    for (LocationId place : map.fleet_neighbours(dislodged.location)) consider(place);
  }
  return out;
}

Reason check_retreat_order(const Map& map, const Position& board, std::span<const DislodgedUnit> dislodged, PowerId power,
                          const Order& order, std::size_t& unit, LocationId& destination) {
  destination = kNoLocation;
  // Plugins' orders belong to movement phases (a railroad cannot be used to retreat, DATC 7.B.32).
  if (order.extension != 0) return Reason::NotThisPhase;
  if (order.unit.location == kNoLocation) return Reason::NoSuchUnit;
  const ProvinceId at = map.province_of(order.unit.location);
  auto found = std::find_if(dislodged.begin(), dislodged.end(),
                            [&](const DislodgedUnit& d) { return map.province_of(d.unit.location) == at; });
  if (found == dislodged.end()) return board.unit_in(at).present() ? Reason::NotDislodged : Reason::NoSuchUnit;
  if (found->unit.power != power) return Reason::ForeignUnit;
  if (order.kind == OrderKind::Retreat || order.kind == OrderKind::Move) {
    if (order.target == kNoLocation) return Reason::PlaceNotOnMap;  // a place off the map: the unit is disbanded
    // The place must be one of its options; without a coast, the one option in that province.
    const ProvinceId to = map.province_of(order.target);
    const bool coast_named = map.location(order.target).coast != kNoCoast;
    LocationId chosen = kNoLocation;
    int matches = 0;
    for (LocationId option : found->retreats) {
      if (map.province_of(option) != to) continue;
      if (coast_named && option != order.target && found->unit.type == UnitType::Fleet) continue;
      chosen = option;
      ++matches;
    }
    if (matches == 0) return Reason::NotARetreatOption;
    if (matches > 1) return Reason::MissingCoast;
    destination = chosen;
  } else if (order.kind != OrderKind::Disband && order.kind != OrderKind::Remove) {
    return Reason::NotThisPhase;
  }
  unit = static_cast<std::size_t>(found - dislodged.begin());
  return Reason::None;
}

void adjudicate_retreats(const Variant& variant, const Rulebook& rules, const Position& board, std::span<const DislodgedUnit> dislodged,
                         std::span<const SubmittedOrder> orders, RetreatResult& result) {
  (void)rules;  // the retreat rules have no disputed choices of their own
  const Map& map = variant.map();
  result.outcomes.assign(orders.size(), OrderOutcome{});
  result.after = board;
  result.disbanded.clear();
  auto illegal = [](Reason why) { return OrderOutcome{Resolution::Illegal, why, kNoProvince}; };

  // Which dislodged unit each order is for, and where a retreat goes (with its coast).
  constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::vector<std::size_t> unit_of(orders.size(), kNone);
  std::vector<LocationId> destination(orders.size(), kNoLocation);
  std::vector<std::size_t> governing(dislodged.size(), kNone);
  std::vector<bool> conflicting(dislodged.size(), false);
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const Order& order = orders[i].order;
    std::size_t k = kNone;
    if (const Reason why = check_retreat_order(map, board, dislodged, orders[i].power, order, k, destination[i]); why != Reason::None) {
      result.outcomes[i] = illegal(why);
      continue;
    }
    unit_of[i] = k;
    if (governing[k] == kNone) governing[k] = i;
    else if (!(orders[governing[k]].order.kind == order.kind && destination[governing[k]] == destination[i]))
      conflicting[k] = true;  // several different orders: none counts (4.D.3 c), the unit is disbanded
  }
  for (std::size_t i = 0; i < orders.size(); ++i)
    if (unit_of[i] != kNone && conflicting[unit_of[i]]) result.outcomes[i] = illegal(Reason::ConflictingOrders);

  // Retreats into one province bounce; the rest arrive. Where plugins make a border cost
  // strength, the strongest retreat into a province arrives if it is the only one that strong
  // (DATC 10.K: the unit over the ordinary border beats the one over the difficult border).
  const auto strength = [&](std::size_t k) {
    const ProvinceId from = map.province_of(dislodged[k].unit.location);
    const ProvinceId to = map.province_of(destination[governing[k]]);
    int cost = 0;
    for (const auto& extension : variant.extensions())
      if (const BorderCosts* costs = extension.rules->border_costs()) cost += costs->border_cost(from, to, dislodged[k].unit.type, rules);
    return 1 - cost;
  };
  std::vector<int> arrivals(map.province_count(), 0);
  std::vector<int> strongest(map.province_count(), INT_MIN);
  for (std::size_t k = 0; k < dislodged.size(); ++k) {
    if (governing[k] == kNone || conflicting[k] || destination[governing[k]] == kNoLocation) continue;
    const ProvinceId to = map.province_of(destination[governing[k]]);
    const int s = strength(k);
    if (s > strongest[to]) {
      strongest[to] = s;
      arrivals[to] = 1;
    } else if (s == strongest[to]) {
      ++arrivals[to];
    }
  }
  for (std::size_t k = 0; k < dislodged.size(); ++k) {
    const DislodgedUnit& d = dislodged[k];
    const std::size_t i = governing[k];
    if (i == kNone || conflicting[k] || destination[i] == kNoLocation) {
      result.disbanded.push_back(d.unit);
      continue;
    }
    const ProvinceId to = map.province_of(destination[i]);
    if (arrivals[to] > 1 || strength(k) < strongest[to]) {
      result.disbanded.push_back(d.unit);
      result.outcomes[i] = OrderOutcome{Resolution::Fails, Reason::Bounced, kNoProvince};
      for (std::size_t other = 0; other < dislodged.size(); ++other)
        if (other != k && governing[other] != kNone && !conflicting[other] && destination[governing[other]] != kNoLocation &&
            map.province_of(destination[governing[other]]) == to)
          result.outcomes[i].by = map.province_of(dislodged[other].unit.location);
      continue;
    }
    Unit moved = d.unit;
    moved.location = destination[i];
    result.after.place(map, moved);
  }
  // Repeats of the governing order share its outcome.
  for (std::size_t i = 0; i < orders.size(); ++i)
    if (unit_of[i] != kNone && !conflicting[unit_of[i]] && governing[unit_of[i]] != i)
      result.outcomes[i] = result.outcomes[governing[unit_of[i]]];
}

}  // namespace dipadj
