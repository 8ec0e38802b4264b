#include "dipadj/judge/order_validation.hpp"

#include "convoy_route.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/geo/map.hpp"

namespace dipadj {
namespace {

// Whether the unit could move into `province` without a convoy (what supporting needs).
bool reaches(const Map& map, const Unit& unit, ProvinceId province) {
  if (unit.type == UnitType::Army) return map.army_adjacent(map.province_of(unit.location), province);
  return map.fleet_reaches(unit.location, province);
}

// Whether `unit` could make the move to `target` (a coast location when a coast is asked for),
// with the convoys the board allows; a fleet in `excluded` does not count as a convoyer.
bool move_possible(const Map& map, const Position& position, const Unit& unit, LocationId target, ProvinceId excluded,
                   std::vector<std::uint8_t>& scratch) {
  const ProvinceId from = map.province_of(unit.location), to = map.province_of(target);
  if (from == to) return false;
  if (unit.type == UnitType::Fleet) {
    if (map.location(target).coast != kNoCoast) return map.fleet_adjacent(unit.location, target);
    return map.fleet_reaches(unit.location, to);
  }
  if (map.province(to).kind == ProvinceKind::Sea) return false;
  return map.army_adjacent(from, to) || convoy_route_possible(map, position, from, to, excluded, kNoProvince, scratch);
}

}  // namespace

bool convoy_route_possible(const Map& map, const Position& position, ProvinceId from, ProvinceId to,
                           ProvinceId excluded, ProvinceId required, std::vector<std::uint8_t>& visited) {
  return detail::find_convoy_route(
      map, from, to, required,
      [&](ProvinceId sea) {
        const Unit& u = position.unit_in(sea);
        return sea != excluded && u.present() && u.type == UnitType::Fleet;
      },
      visited);
}

Reason validate_movement_order(const Map& map, const Position& position, PowerId power, const Order& order,
                               Order& resolved) {
  std::vector<std::uint8_t> scratch(map.province_count(), 0);
  return validate_movement_order(map, position, power, order, resolved, scratch);
}

Reason validate_movement_order(const Map& map, const Position& position, PowerId power, const Order& order,
                               Order& resolved, std::vector<std::uint8_t>& scratch) {
  if (order.unit.location == kNoLocation) return Reason::NoSuchUnit;
  const ProvinceId from = map.province_of(order.unit.location);
  const Unit& unit = position.unit_in(from);
  if (!unit.present()) return Reason::NoSuchUnit;
  if (unit.power != power) return Reason::ForeignUnit;
  resolved = order;
  // The unit's own type letter and coast are ignored: the board says what stands there
  // (DATC 4.B.5 b, 4.C.1 b, 4.C.2 b).
  resolved.unit.type = unit.type;
  resolved.unit.location = unit.location;
  resolved.unit.nationality = unit.power;

  switch (order.kind) {
    case OrderKind::Hold:
      return Reason::None;
    case OrderKind::Move: {
      const ProvinceId to = map.province_of(order.target);
      if (to == from) return Reason::MoveToOwnProvince;
      const Province& dest = map.province(to);
      if (unit.type == UnitType::Army) {
        resolved.target = dest.location;  // coasts mean nothing to armies (4.B.6 b)
        if (dest.kind == ProvinceKind::Sea) return Reason::Unreachable;
        if (map.army_adjacent(from, to) || convoy_route_possible(map, position, from, to, kNoProvince, kNoProvince, scratch))
          return Reason::None;
        return Reason::Unreachable;
      }
      resolved.via_convoy = false;
      if (dest.kind == ProvinceKind::Land) return Reason::Unreachable;
      if (order.via_convoy && !map.fleet_reaches(unit.location, to)) return Reason::FleetNotConvoyable;
      if (dest.coasts.empty()) {
        resolved.target = dest.location;
        return map.fleet_adjacent(unit.location, dest.location) ? Reason::None : Reason::Unreachable;
      }
      if (map.location(order.target).coast != kNoCoast)
        return map.fleet_adjacent(unit.location, order.target) ? Reason::None : Reason::UnreachableCoast;
      // No coast written: the only reachable coast, if there is just one (4.B.1 a, 4.B.2 a).
      LocationId only = kNoLocation;
      int reachable = 0;
      for (LocationId coast : dest.coasts)
        if (map.fleet_adjacent(unit.location, coast)) {
          only = coast;
          ++reachable;
        }
      if (reachable == 0) return Reason::Unreachable;
      if (reachable > 1) return Reason::MissingCoast;
      resolved.target = only;
      return Reason::None;
    }
    case OrderKind::Support: {
      if (order.other.location == kNoLocation) return Reason::SupportedUnitMissing;
      const ProvinceId other_at = map.province_of(order.other.location);
      const Unit& other = position.unit_in(other_at);
      if (!other.present()) return Reason::SupportedUnitMissing;
      if (other_at == from) return Reason::SupportsItself;
      resolved.other.type = other.type;
      resolved.other.location = other.location;
      if (order.target == kNoLocation) return reaches(map, unit, other_at) ? Reason::None : Reason::CannotReachSupport;
      const ProvinceId to = map.province_of(order.target);
      if (to == from || !reaches(map, unit, to)) return Reason::CannotReachSupport;
      // A coast in the support matters only for a fleet's move (4.B.4 d); for an army it is dropped.
      if (other.type == UnitType::Army) resolved.target = map.province(to).location;
      if (!move_possible(map, position, other, resolved.target, from, scratch)) return Reason::SupportedMoveImpossible;
      return Reason::None;
    }
    case OrderKind::Convoy: {
      if (unit.type != UnitType::Fleet || map.province(from).kind != ProvinceKind::Sea) return Reason::ConvoyerNotAtSea;
      if (order.other.location == kNoLocation) return Reason::ConvoyedUnitMissing;
      const ProvinceId other_at = map.province_of(order.other.location);
      const Unit& other = position.unit_in(other_at);
      if (!other.present()) return Reason::ConvoyedUnitMissing;
      if (other.type != UnitType::Army) return Reason::ConvoyedUnitNotArmy;
      resolved.other.type = other.type;
      resolved.other.location = other.location;
      const ProvinceId to = map.province_of(order.target);
      resolved.target = map.province(to).location;
      if (!convoy_route_possible(map, position, other_at, to, kNoProvince, from, scratch)) return Reason::NoConvoyRoute;
      return Reason::None;
    }
    case OrderKind::Retreat:
    case OrderKind::Disband:
    case OrderKind::Build:
    case OrderKind::Remove:
    case OrderKind::Waive:
      return Reason::NotThisPhase;
  }
  return Reason::NotThisPhase;
}

}  // namespace dipadj
