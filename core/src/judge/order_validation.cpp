#include "dipadj/judge/order_validation.hpp"

#include "convoy_route.hpp"
#include "needed_route.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/variant/variant.hpp"

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
                   bool fleets_needed, ConvoySearchSpace& space) {
  const ProvinceId from = map.province_of(unit.location), to = map.province_of(target);
  if (from == to) return false;
  if (unit.type == UnitType::Fleet) {
    if (map.location(target).coast != kNoCoast) return map.fleet_adjacent(unit.location, target);
    return map.fleet_reaches(unit.location, to);
  }
  if (map.province(to).kind == ProvinceKind::Sea) return false;
  return map.army_adjacent(from, to) ||
         convoy_route_possible(map, position, from, to, excluded, kNoProvince, space, fleets_needed);
}

// The designation of a supported or convoyed unit: its type (4.C.1, 4.C.2) and, when it is
// foreign, its nationality (4.C.5, 4.C.6). A neutral unit has no nationality to name: leaving it
// out is never a fault, and naming a power's is a wrong one.
Reason check_other(const Rulebook& rules, PowerId power, const UnitRef& named, const Unit& other) {
  if (named.type && *named.type != other.type && rules.is(WrongUnitType::OrderInvalid)) return Reason::WrongUnitType;
  if (!named.type && rules.is(MissingUnitType::OrderInvalid)) return Reason::UnitTypeMissing;
  if (other.power != power && other.power != kNeutral && named.nationality == kNoPower && rules.is(MissingNationality::OrderInvalid))
    return Reason::NationalityMissing;
  if (named.nationality != kNoPower && named.nationality != other.power && rules.is(WrongNationality::OrderInvalid))
    return Reason::WrongNationality;
  return Reason::None;
}

// One movement order being checked: what the checks of each kind read. `resolved` is the order
// as the rules let it pass, its unit already taken from the board.
struct OrderCheck {
  const MovementValidationBoard& board;
  PowerId power;
  const Order& order;
  Order& resolved;
  const Unit& unit;  // the ordered unit, as it stands
  ProvinceId from;   // its province
};

// 4.A.6 b, c: a written convoy path must be one the army could take: seas, each next to the one
// before, from the army's coast to the destination's, every step along the borders' arrows.
Reason check_written_convoy_path(const OrderCheck& c, ProvinceId to) {
  const Map& map = c.board.map;
  if (c.unit.type != UnitType::Army) return Reason::FleetNotConvoyable;
  ProvinceId previous = c.from;
  for (ProvinceId sea : c.order.convoy_path) {
    const bool joined = previous == c.from ? map.fleet_crosses(c.from, sea)
                                           : map.fleet_adjacent(map.province(previous).location, map.province(sea).location);
    if (!map.convoy_water(sea) || !joined) return Reason::BadConvoyPath;
    const Unit& fleet = c.board.position.unit_in(sea);
    if (c.board.fleets_needed && !(fleet.present() && fleet.type == UnitType::Fleet)) return Reason::Unreachable;
    previous = sea;
  }
  if (!map.fleet_reaches(map.province(previous).location, to)) return Reason::BadConvoyPath;
  c.resolved.target = map.province(to).location;
  c.resolved.via_convoy = true;  // the path says how it goes
  return Reason::None;
}

// A fleet's move, and the coast it goes to: the one written if it can be reached (else corrected
// to the only reachable one, 4.B.3 a); with none written, the only reachable coast, if there is
// just one (4.B.1 a, 4.B.2 a; 4.B.2 c wants it written even then), or the province's default
// coast (4.B.1 b, 4.B.2 b).
Reason check_fleet_move(const OrderCheck& c, ProvinceId to) {
  const Map& map = c.board.map;
  const Province& dest = map.province(to);
  const LocationId at = c.unit.location;
  c.resolved.via_convoy = false;
  if (dest.kind == ProvinceKind::Land) return Reason::Unreachable;
  if (c.order.via_convoy && !map.fleet_reaches(at, to)) return Reason::FleetNotConvoyable;
  if (dest.coasts.empty()) {
    c.resolved.target = dest.location;
    return map.fleet_adjacent(at, dest.location) ? Reason::None : Reason::Unreachable;
  }
  LocationId only = kNoLocation;
  int reachable = 0;
  for (LocationId coast : dest.coasts)
    if (map.fleet_adjacent(at, coast)) {
      only = coast;
      ++reachable;
    }
  if (map.location(c.order.target).coast != kNoCoast) {
    if (map.fleet_adjacent(at, c.order.target)) return Reason::None;
    if (reachable == 1 && c.board.rules.is(ImpossibleCoast::CoastCorrected)) {
      c.resolved.target = only;
      return Reason::None;
    }
    return Reason::UnreachableCoast;
  }
  if (reachable == 0) return Reason::Unreachable;
  if ((reachable > 1 && c.board.rules.is(MissingCoastTwoPossible::DefaultCoast)) ||
      (reachable == 1 && c.board.rules.is(MissingCoastOnePossible::DefaultCoast))) {
    if (dest.default_coast == kNoLocation) return Reason::MissingCoast;
    c.resolved.target = dest.default_coast;
    return map.fleet_adjacent(at, dest.default_coast) ? Reason::None : Reason::UnreachableCoast;
  }
  if (reachable > 1 || c.board.rules.is(MissingCoastOnePossible::MoveFails)) return Reason::MissingCoast;
  c.resolved.target = only;
  return Reason::None;
}

Reason check_move(const OrderCheck& c) {
  const Map& map = c.board.map;
  if (!c.order.off_map_place.empty()) return Reason::PlaceNotOnMap;
  const ProvinceId to = map.province_of(c.order.target);
  if (to == c.from) return Reason::MoveToOwnProvince;
  // A coast the destination does not have, or any coast on an army's move (4.B.6).
  const bool stray_coast = c.order.ignored_coast != kNoCoast ||
                           (c.unit.type == UnitType::Army && map.location(c.order.target).coast != kNoCoast);
  if (stray_coast && c.board.rules.is(UnknownOrIrrelevantCoast::MoveFails)) return Reason::UnknownCoast;
  if (!c.order.convoy_path.empty() && !c.board.rules.is(ConvoyPathSpecification::Ignored)) return check_written_convoy_path(c, to);
  if (c.unit.type == UnitType::Fleet) return check_fleet_move(c, to);
  c.resolved.target = map.province(to).location;  // coasts mean nothing to armies (4.B.6 b)
  if (map.province(to).kind == ProvinceKind::Sea) return Reason::Unreachable;
  if (map.army_adjacent(c.from, to) ||
      convoy_route_possible(map, c.board.position, c.from, to, kNoProvince, kNoProvince, c.board.space, c.board.fleets_needed))
    return Reason::None;
  return Reason::Unreachable;
}

// A support: of a unit there, which the supporter could reach (to hold) or whose move it could
// make itself without convoy, a move the supported unit could make; for a fleet's move to a
// province with coasts, the coast as 4.B.4 wants it.
Reason check_support(const OrderCheck& c) {
  const Map& map = c.board.map;
  if (c.order.other.location == kNoLocation) return Reason::SupportedUnitMissing;
  const ProvinceId other_at = map.province_of(c.order.other.location);
  const Unit& other = c.board.position.unit_in(other_at);
  if (!other.present()) return Reason::SupportedUnitMissing;
  if (other_at == c.from) return Reason::SupportsItself;
  if (Reason why = check_other(c.board.rules, c.power, c.order.other, other); why != Reason::None) return why;
  c.resolved.other.type = other.type;
  c.resolved.other.location = other.location;
  if (!c.order.off_map_place.empty()) return Reason::PlaceNotOnMap;
  if (c.order.target == kNoLocation) return reaches(map, c.unit, other_at) ? Reason::None : Reason::CannotReachSupport;
  const ProvinceId to = map.province_of(c.order.target);
  if (to == c.from || !reaches(map, c.unit, to)) return Reason::CannotReachSupport;
  // A coast in the support matters only for a fleet's move (4.B.4 d); for an army it is dropped.
  if (other.type == UnitType::Army) c.resolved.target = map.province(to).location;
  if (!move_possible(map, c.board.position, other, c.resolved.target, c.from, c.board.fleets_needed, c.board.space))
    return Reason::SupportedMoveImpossible;
  // A fleet's move to a province with coasts, supported without naming the coast: never valid
  // where the coast is required (4.B.4 a), or required unless the move is unambiguous (c: the
  // supporter's own fleet, or only one coast reachable).
  if (other.type == UnitType::Fleet && map.has_coasts(to) && map.location(c.order.target).coast == kNoCoast) {
    int reachable = 0;
    for (LocationId coast : map.province(to).coasts) reachable += map.fleet_adjacent(other.location, coast) ? 1 : 0;
    if (c.board.rules.is(SupportCoast::Required) ||
        (c.board.rules.is(SupportCoast::RequiredUnlessUnambiguous) && other.power != c.power && reachable > 1))
      return Reason::MissingCoast;
    // 4.B.4 b: the support is to the default coast.
    if (c.board.rules.is(SupportCoast::RequiredDefaultCoast)) {
      if (map.province(to).default_coast == kNoLocation) return Reason::MissingCoast;
      c.resolved.target = map.province(to).default_coast;
    }
  }
  return Reason::None;
}

// A convoy: by a fleet at sea, of an army there, along a route that needs this fleet (DATC v3.1
// 4.E.1).
Reason check_convoy(const OrderCheck& c) {
  const Map& map = c.board.map;
  if (c.unit.type != UnitType::Fleet || !map.convoy_water(c.from)) return Reason::ConvoyerNotAtSea;
  if (c.order.other.location == kNoLocation) return Reason::ConvoyedUnitMissing;
  const ProvinceId other_at = map.province_of(c.order.other.location);
  const Unit& other = c.board.position.unit_in(other_at);
  if (!other.present()) return Reason::ConvoyedUnitMissing;
  if (other.type != UnitType::Army) return Reason::ConvoyedUnitNotArmy;
  if (Reason why = check_other(c.board.rules, c.power, c.order.other, other); why != Reason::None) return why;
  c.resolved.other.type = other.type;
  c.resolved.other.location = other.location;
  if (!c.order.off_map_place.empty()) return Reason::PlaceNotOnMap;
  const ProvinceId to = map.province_of(c.order.target);
  c.resolved.target = map.province(to).location;
  if (!convoy_route_possible(map, c.board.position, other_at, to, kNoProvince, c.from, c.board.space, c.board.fleets_needed))
    return Reason::NoConvoyRoute;
  return Reason::None;
}

}  // namespace

bool convoy_route_possible(const Map& map, const Position& position, ProvinceId from, ProvinceId to,
                           ProvinceId excluded, ProvinceId required, ConvoySearchSpace& space, bool fleets_needed) {
  space.fit(map.province_count());
  const auto convoys = [&](ProvinceId sea) {
    const Unit& u = position.unit_in(sea);
    return sea != excluded && (!fleets_needed || (u.present() && u.type == UnitType::Fleet));
  };
  if (required != kNoProvince) return detail::find_needed_route(map, from, to, required, detail::ConvoyWaters(convoys), space);
  return detail::find_convoy_route(map, from, to, kNoProvince, convoys, space.marks, &space.queue);
}

Reason validate_movement_order(const Map& map, const Rulebook& rules, const Position& position, PowerId power,
                               const Order& order, Order& resolved) {
  ConvoySearchSpace space(map.province_count());
  return validate_movement_order(map, rules, position, power, order, resolved, space);
}

bool designation_flawed(const Rulebook& rules, const Position& position, const Map& map, PowerId power,
                        const Order& order) {
  if (order.unit.location == kNoLocation) return false;
  const Unit& unit = position.unit_in(map.province_of(order.unit.location));
  if (!order.unit.type && rules.is(MissingUnitType::ValidUnlessOtherOrder)) return true;
  if (order.unit.type && unit.present() && *order.unit.type != unit.type && rules.is(WrongUnitType::ValidUnlessOtherOrder)) return true;
  if ((order.kind == OrderKind::Support || order.kind == OrderKind::Convoy) && order.other.location != kNoLocation) {
    const Unit& other = position.unit_in(map.province_of(order.other.location));
    if (other.present() && other.power != power && other.power != kNeutral && order.other.nationality == kNoPower &&
        rules.is(MissingNationality::ValidUnlessOtherOrder))
      return true;
    if (other.present() && order.other.nationality != kNoPower && order.other.nationality != other.power &&
        rules.is(WrongNationality::ValidUnlessOtherOrder))
      return true;
  }
  return false;
}

MovementValidationBoard::MovementValidationBoard(const Map& map_in, const Rulebook& rules_in, const Position& position_in,
                                                 ConvoySearchSpace& space_in)
    : map(map_in),
      rules(rules_in),
      position(position_in),
      space(space_in),
      // Whether a convoy needs the fleets on the board now (4.E.1 d), or only the seas (c; and b,
      // where what cannot be carried out is still legal, see kept_though_impossible).
      fleets_needed(rules_in.is(OrderLegality::ValidInCurrentSituation)) {}

Reason validate_movement_order(const Map& map, const Rulebook& rules, const Position& position, PowerId power,
                               const Order& order, Order& resolved, ConvoySearchSpace& space) {
  return validate_movement_order(MovementValidationBoard(map, rules, position, space), power, order, resolved);
}

Reason validate_movement_order(const MovementValidationBoard& board, PowerId power, const Order& order, Order& resolved) {
  const Map& map = board.map;
  const Rulebook& rules = board.rules;
  if (order.unit.location == kNoLocation) return Reason::NoSuchUnit;
  const ProvinceId from = map.province_of(order.unit.location);
  const Unit& unit = board.position.unit_in(from);
  if (!unit.present()) return Reason::NoSuchUnit;
  if (unit.power != power) return unit.power == kNeutral ? Reason::NeutralUnit : Reason::ForeignUnit;
  // The designation of the ordered unit: its coast (4.B.5), its type (4.C.1, 4.C.2).
  if (map.location(order.unit.location).coast != kNoCoast && order.unit.location != unit.location &&
      rules.is(WrongUnitCoast::MoveFails))
    return Reason::WrongCoastOfUnit;
  if (!order.unit.type && rules.is(MissingUnitType::OrderInvalid)) return Reason::UnitTypeMissing;
  if (order.unit.type && *order.unit.type != unit.type && rules.is(WrongUnitType::OrderInvalid)) return Reason::WrongUnitType;
  assign_order(resolved, order);
  // What the rules let pass is taken from the board: what stands there, and where.
  static_assert(sizeof(UnitRef) == 6, "a field was added to UnitRef: set it here too");
  resolved.unit.type = unit.type;
  resolved.unit.location = unit.location;
  resolved.unit.nationality = unit.power;
  const OrderCheck check{board, power, order, resolved, unit, from};
  switch (order.kind) {
    case OrderKind::Hold: return Reason::None;
    case OrderKind::Move: return check_move(check);
    case OrderKind::Support: return check_support(check);
    case OrderKind::Convoy: return check_convoy(check);
    case OrderKind::Retreat:
    case OrderKind::Disband:
    case OrderKind::Build:
    case OrderKind::Remove:
    case OrderKind::Waive:
    case OrderKind::Proxy:  // settled before validation (game.cpp), never reaches it in a movement phase
    case OrderKind::Special:  // a plugin validates its own orders
      return Reason::NotThisPhase;
  }
  return Reason::NotThisPhase;
}

Reason check_movement_order(const Variant& variant, const Rulebook& rules, const Position& position, PowerId power,
                            const Order& order, Order& resolved, ConvoySearchSpace& space) {
  const Map& map = variant.map();
  // An order said to be a plugin's that the variant does not have (made by a program, not read).
  if (order.extension > variant.extensions().size()) return Reason::NotThisPhase;
  Reason why = Reason::NotThisPhase;
  if (order.extension == 0) {
    why = validate_movement_order(map, rules, position, power, order, resolved, space);
  } else if (const OrderValidation* own = variant.extensions()[order.extension - 1U].rules->order_validation()) {
    why = own->validate_movement_order(variant, rules, position, power, order, resolved);
  }
  if (why == Reason::SupportedMoveImpossible) {
    const Unit& other = position.unit_in(map.province_of(resolved.other.location));
    const ProvinceId to = map.province_of(resolved.target);
    for (const auto& extension : variant.extensions())
      if (const OrderValidation* v = extension.rules->order_validation(); v && v->move_possible(variant, rules, other, to))
        why = Reason::None;
  }
  if (why == Reason::None && order.extension == 0)
    for (const auto& extension : variant.extensions())
      if (const OrderValidation* v = extension.rules->order_validation(); v && why == Reason::None)
        why = v->forbids(variant, rules, resolved);
  return why;
}

bool kept_though_impossible(Reason why, const Rulebook& rules) {
  switch (rules.get<OrderLegality>()) {
    case OrderLegality::AnyWellFormed:
      // Every well-formed order to one's own unit: b's, and those naming places off the map.
      if (why == Reason::PlaceNotOnMap) return true;
      [[fallthrough]];
    case OrderLegality::ValidPlaces:
      // Legal when written with real places: only an order to a missing or foreign unit, or of
      // the wrong phase, or one the rules of 4.B and 4.C reject, is out.
      switch (why) {
        case Reason::MoveToOwnProvince:
        case Reason::Unreachable:
        case Reason::MissingCoast:
        case Reason::UnreachableCoast:
        case Reason::FleetNotConvoyable:
        case Reason::SupportsItself:
        case Reason::SupportedUnitMissing:
        case Reason::CannotReachSupport:
        case Reason::SupportedMoveImpossible:
        case Reason::ConvoyerNotAtSea:
        case Reason::ConvoyedUnitNotArmy:
        case Reason::ConvoyedUnitMissing:
        case Reason::NoConvoyRoute:
          return true;
        default:
          return false;
      }
    case OrderLegality::ValidInSomeSituation:
      // Valid in some situation: only what the units named in the order are missing for.
      return why == Reason::SupportedUnitMissing || why == Reason::ConvoyedUnitMissing ||
             why == Reason::ConvoyedUnitNotArmy;
    default:
      return false;
  }
}

}  // namespace dipadj
