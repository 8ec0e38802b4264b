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

}  // namespace dipadj
