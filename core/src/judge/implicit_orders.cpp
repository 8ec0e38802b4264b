#include "dipadj/judge/implicit_orders.hpp"

#include <algorithm>
#include <optional>

#include "dipadj/board/position.hpp"
#include "dipadj/geo/map.hpp"

namespace dipadj {

bool has_order_for(const Map& map, std::span<const SubmittedOrder> orders, PowerId power, ProvinceId province) {
  return std::any_of(orders.begin(), orders.end(), [&](const SubmittedOrder& o) {
    return o.power == power && ordered_province(map, o.order) == province;
  });
}

std::vector<SubmittedOrder> implied_orders(const Map& map, const Position& position,
                                           std::span<const SubmittedOrder> orders) {
  struct Implied {
    ProvinceId from;
    PowerId power;
    LocationId target;
    bool ambiguous;
  };
  std::vector<Implied> found;
  for (const SubmittedOrder& o : orders) {
    const Order& order = o.order;
    const bool names_a_move = (order.kind == OrderKind::Support || order.kind == OrderKind::Convoy) &&
                              order.target != kNoLocation && order.other.location != kNoLocation &&
                              order.unit.location != kNoLocation;
    if (!names_a_move) continue;
    // Only a power's own orders, about its own units.
    const Unit& giver = position.unit_in(map.province_of(order.unit.location));
    const ProvinceId from = map.province_of(order.other.location);
    const Unit& unit = position.unit_in(from);
    if (!giver.present() || giver.power != o.power || !unit.present() || unit.power != o.power) continue;
    if (has_order_for(map, orders, o.power, from)) continue;  // an explicit order takes precedence
    // An army goes to the province; a fleet to the coast the order names, if any.
    const LocationId target =
        unit.type == UnitType::Army ? map.province(map.province_of(order.target)).location : order.target;
    auto same = std::find_if(found.begin(), found.end(), [&](const Implied& i) { return i.from == from; });
    if (same == found.end()) found.push_back(Implied{from, o.power, target, false});
    else if (same->target != target) same->ambiguous = true;
  }
  std::sort(found.begin(), found.end(), [](const Implied& a, const Implied& b) { return a.from < b.from; });
  std::vector<SubmittedOrder> out;
  for (const Implied& i : found) {
    if (i.ambiguous) continue;
    const Unit& unit = position.unit_in(i.from);
    Order move;
    move.kind = OrderKind::Move;
    // No nationality: a power's order for its own unit names none, and the order prints as written.
    move.unit = UnitRef{unit.type, unit.location, kNoPower};
    move.target = i.target;
    out.push_back(SubmittedOrder{i.power, std::move(move)});
  }
  return out;
}

}  // namespace dipadj
