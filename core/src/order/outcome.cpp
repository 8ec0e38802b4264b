#include "dipadj/order/outcome.hpp"


namespace dipadj {

const char* to_string(Resolution resolution) {
  switch (resolution) {
    case Resolution::Succeeds: return "succeeds";
    case Resolution::Fails: return "fails";
    case Resolution::Illegal: return "illegal";
  }
  return "?";
}

const char* describe(Reason reason) {
  switch (reason) {
    case Reason::None: return "";
    case Reason::NoSuchUnit: return "there is no unit there";
    case Reason::ForeignUnit: return "the unit belongs to another power";
    case Reason::NotThisPhase: return "this kind of order is not given in this phase";
    case Reason::MoveToOwnProvince: return "a unit cannot move to its own province";
    case Reason::Unreachable: return "the destination cannot be reached (not adjacent and no possible convoy)";
    case Reason::MissingCoast: return "the destination has two reachable coasts and none is named";
    case Reason::UnreachableCoast: return "the coast named cannot be reached";
    case Reason::FleetNotConvoyable: return "a fleet cannot be convoyed";
    case Reason::SupportsItself: return "a unit cannot support itself";
    case Reason::SupportedUnitMissing: return "there is no unit to support";
    case Reason::CannotReachSupport: return "the supporting unit cannot move to where it supports";
    case Reason::SupportedMoveImpossible: return "the supported unit cannot make that move";
    case Reason::ConvoyerNotAtSea: return "only a fleet at sea can convoy";
    case Reason::ConvoyedUnitNotArmy: return "only an army can be convoyed";
    case Reason::ConvoyedUnitMissing: return "there is no unit to convoy";
    case Reason::NoConvoyRoute: return "the fleet can be part of no convoy route between the two places";
    case Reason::PlaceNotOnMap: return "the destination is no place on the map";
    case Reason::SupportedPowerInCivilDisorder: return "the supported unit's power is in civil disorder";
    case Reason::PowerInCivilDisorder: return "the power is in civil disorder, its orders are not followed";
    case Reason::ProxyNotAllowed: return "the rules do not allow proxy orders in an order set";
    case Reason::UnitProxied: return "the unit is ordered by proxy by another power";
    case Reason::UnclearOrder: return "the order may mean several orders (4.E.2): the unit holds";
    case Reason::PassageClosed: return "the passage it needs was not open to it";
    case Reason::PassageParadox: return "its passage was part of a paradox: the backup rule closed it";
    case Reason::OrderSetReplaced: return "a later order set of the power replaced this one";
    case Reason::OrderSetsUnclear: return "the power sent several order sets and which is the latest is unknown: all its units hold";
    case Reason::ConflictingOrders: return "the unit was given several different orders";
    case Reason::BetterOrderGiven: return "another order to this unit names it correctly";
    case Reason::WrongCoastOfUnit: return "the unit is not on the coast the order names";
    case Reason::UnknownCoast: return "the order names a coast that does not exist or does not apply";
    case Reason::UnitTypeMissing: return "the order does not say army or fleet";
    case Reason::WrongUnitType: return "the order names the wrong kind of unit";
    case Reason::NationalityMissing: return "the order does not name the foreign unit's nationality";
    case Reason::WrongNationality: return "the order names the wrong nationality";
    case Reason::BadConvoyPath: return "the convoy path written is not a chain of seas from the army to its destination";
    case Reason::WaiveNotAllowed: return "builds cannot be waived under these rules";
    case Reason::MissingUnitType: return "a build on a coast must say army or fleet, or name a coast";
    case Reason::NotAHomeCentre: return "units are built only in home centres";
    case Reason::CentreNotOwned: return "the home centre is not owned";
    case Reason::CentreOccupied: return "the home centre is occupied";
    case Reason::FleetInland: return "a fleet cannot be built inland";
    case Reason::NoBuildsAllowed: return "the power has no builds";
    case Reason::NoRemovalsNeeded: return "the power need not remove units";
    case Reason::TooManyBuilds: return "more builds than allowed";
    case Reason::TooManyRemovals: return "more removals than needed";
    case Reason::AlreadyRemoved: return "the unit was already removed";
    case Reason::SeveralBuildsOneCentre: return "several builds for one centre: none counts";
    case Reason::NotDislodged: return "only dislodged units are ordered in a retreat phase";
    case Reason::NotARetreatOption: return "the unit cannot retreat there";
    case Reason::Bounced: return "bounced";
    case Reason::Blocked: return "the unit in the destination held";
    case Reason::LostHeadToHead: return "lost the head-to-head battle";
    case Reason::OwnUnitInDestination: return "a unit cannot dislodge a unit of its own power";
    case Reason::NoConvoyPath: return "no convoy route was left";
    case Reason::ConvoyParadox: return "the convoy was part of a paradox and the paradox rule (4.A.2) treats it as disrupted";
    case Reason::Cut: return "support cut";
    case Reason::Dislodged: return "dislodged";
    case Reason::Void: return "the supported unit did not do what the support says";
    case Reason::ConvoyNotUsed: return "the army was not convoyed by this fleet";
  }
  return "?";
}

const char* reason_code(Reason reason) {
  switch (reason) {
    case Reason::None: return "";
    case Reason::NoSuchUnit: return "no_such_unit";
    case Reason::ForeignUnit: return "foreign_unit";
    case Reason::NotThisPhase: return "not_this_phase";
    case Reason::MoveToOwnProvince: return "move_to_own_province";
    case Reason::Unreachable: return "unreachable";
    case Reason::MissingCoast: return "missing_coast";
    case Reason::UnreachableCoast: return "unreachable_coast";
    case Reason::FleetNotConvoyable: return "fleet_not_convoyable";
    case Reason::SupportsItself: return "supports_itself";
    case Reason::SupportedUnitMissing: return "supported_unit_missing";
    case Reason::CannotReachSupport: return "cannot_reach_support";
    case Reason::SupportedMoveImpossible: return "supported_move_impossible";
    case Reason::ConvoyerNotAtSea: return "convoyer_not_at_sea";
    case Reason::ConvoyedUnitNotArmy: return "convoyed_unit_not_army";
    case Reason::ConvoyedUnitMissing: return "convoyed_unit_missing";
    case Reason::NoConvoyRoute: return "no_convoy_route";
    case Reason::PlaceNotOnMap: return "place_not_on_map";
    case Reason::ConflictingOrders: return "conflicting_orders";
    case Reason::BetterOrderGiven: return "better_order_given";
    case Reason::WrongCoastOfUnit: return "wrong_coast_of_unit";
    case Reason::UnknownCoast: return "unknown_coast";
    case Reason::UnitTypeMissing: return "unit_type_missing";
    case Reason::WrongUnitType: return "wrong_unit_type";
    case Reason::NationalityMissing: return "nationality_missing";
    case Reason::WrongNationality: return "wrong_nationality";
    case Reason::WaiveNotAllowed: return "waive_not_allowed";
    case Reason::BadConvoyPath: return "bad_convoy_path";
    case Reason::MissingUnitType: return "missing_unit_type";
    case Reason::NotAHomeCentre: return "not_a_home_centre";
    case Reason::CentreNotOwned: return "centre_not_owned";
    case Reason::CentreOccupied: return "centre_occupied";
    case Reason::FleetInland: return "fleet_inland";
    case Reason::NoBuildsAllowed: return "no_builds_allowed";
    case Reason::NoRemovalsNeeded: return "no_removals_needed";
    case Reason::TooManyBuilds: return "too_many_builds";
    case Reason::TooManyRemovals: return "too_many_removals";
    case Reason::AlreadyRemoved: return "already_removed";
    case Reason::SeveralBuildsOneCentre: return "several_builds_one_centre";
    case Reason::NotDislodged: return "not_dislodged";
    case Reason::NotARetreatOption: return "not_a_retreat_option";
    case Reason::Bounced: return "bounced";
    case Reason::Blocked: return "blocked";
    case Reason::LostHeadToHead: return "lost_head_to_head";
    case Reason::OwnUnitInDestination: return "own_unit_in_destination";
    case Reason::NoConvoyPath: return "no_convoy_path";
    case Reason::ConvoyParadox: return "convoy_paradox";
    case Reason::Cut: return "cut";
    case Reason::Dislodged: return "dislodged";
    case Reason::Void: return "void";
    case Reason::ConvoyNotUsed: return "convoy_not_used";
    case Reason::SupportedPowerInCivilDisorder: return "supported_power_in_civil_disorder";
    case Reason::PowerInCivilDisorder: return "power_in_civil_disorder";
    case Reason::ProxyNotAllowed: return "proxy_not_allowed";
    case Reason::UnitProxied: return "unit_proxied";
    case Reason::OrderSetReplaced: return "order_set_replaced";
    case Reason::OrderSetsUnclear: return "order_sets_unclear";
    case Reason::UnclearOrder: return "unclear_order";
    case Reason::PassageClosed: return "passage_closed";
    case Reason::PassageParadox: return "passage_paradox";
  }
  return "";
}

}  // namespace dipadj
