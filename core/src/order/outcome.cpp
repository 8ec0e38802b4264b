#include "dipadj/order/outcome.hpp"

#include <array>
#include <cstddef>

namespace dipadj {
namespace {

// Each core reason's code for programs and its text for people, in the order of the enumeration,
// so that a reason is its own index. A reason added to the enumeration needs its row here.
// Views, not C strings: a result's writer copies the text and code of nearly every order, and
// measuring a C string each time showed in a batch's profile (strlen, 1.6 % of its time).
struct ReasonEntry {
  Reason reason;
  std::string_view code;
  std::string_view text;
};

constexpr auto kReasons = std::to_array<ReasonEntry>({
    {Reason::None, "", ""},
    {Reason::NoSuchUnit, "no_such_unit", "there is no unit there"},
    {Reason::ForeignUnit, "foreign_unit", "the unit belongs to another power"},
    {Reason::NotThisPhase, "not_this_phase", "this kind of order is not given in this phase"},
    {Reason::MoveToOwnProvince, "move_to_own_province", "a unit cannot move to its own province"},
    {Reason::Unreachable, "unreachable", "the destination cannot be reached (not adjacent and no possible convoy)"},
    {Reason::MissingCoast, "missing_coast", "the destination has two reachable coasts and none is named"},
    {Reason::UnreachableCoast, "unreachable_coast", "the coast named cannot be reached"},
    {Reason::FleetNotConvoyable, "fleet_not_convoyable", "a fleet cannot be convoyed"},
    {Reason::SupportsItself, "supports_itself", "a unit cannot support itself"},
    {Reason::SupportedUnitMissing, "supported_unit_missing", "there is no unit to support"},
    {Reason::CannotReachSupport, "cannot_reach_support", "the supporting unit cannot move to where it supports"},
    {Reason::SupportedMoveImpossible, "supported_move_impossible", "the supported unit cannot make that move"},
    {Reason::ConvoyerNotAtSea, "convoyer_not_at_sea", "only a fleet at sea can convoy"},
    {Reason::ConvoyedUnitNotArmy, "convoyed_unit_not_army", "only an army can be convoyed"},
    {Reason::ConvoyedUnitMissing, "convoyed_unit_missing", "there is no unit to convoy"},
    {Reason::NoConvoyRoute, "no_convoy_route", "the fleet can be part of no convoy route between the two places"},
    {Reason::PlaceNotOnMap, "place_not_on_map", "the destination is no place on the map"},
    {Reason::ConflictingOrders, "conflicting_orders", "the unit was given several different orders"},
    {Reason::BetterOrderGiven, "better_order_given", "another order to this unit names it correctly"},
    {Reason::WrongCoastOfUnit, "wrong_coast_of_unit", "the unit is not on the coast the order names"},
    {Reason::UnknownCoast, "unknown_coast", "the order names a coast that does not exist or does not apply"},
    {Reason::UnitTypeMissing, "unit_type_missing", "the order does not say army or fleet"},
    {Reason::WrongUnitType, "wrong_unit_type", "the order names the wrong kind of unit"},
    {Reason::NationalityMissing, "nationality_missing", "the order does not name the foreign unit's nationality"},
    {Reason::WrongNationality, "wrong_nationality", "the order names the wrong nationality"},
    {Reason::WaiveNotAllowed, "waive_not_allowed", "builds cannot be waived under these rules"},
    {Reason::BadConvoyPath, "bad_convoy_path", "the convoy path written is not a chain of seas from the army to its destination"},
    {Reason::MissingUnitType, "missing_unit_type", "a build on a coast must say army or fleet, or name a coast"},
    {Reason::NotAHomeCentre, "not_a_home_centre", "units are built only in home centres"},
    {Reason::CentreNotOwned, "centre_not_owned", "the home centre is not owned"},
    {Reason::CentreOccupied, "centre_occupied", "the home centre is occupied"},
    {Reason::FleetInland, "fleet_inland", "a fleet cannot be built inland"},
    {Reason::NoBuildsAllowed, "no_builds_allowed", "the power has no builds"},
    {Reason::NoRemovalsNeeded, "no_removals_needed", "the power need not remove units"},
    {Reason::TooManyBuilds, "too_many_builds", "more builds than allowed"},
    {Reason::TooManyRemovals, "too_many_removals", "more removals than needed"},
    {Reason::AlreadyRemoved, "already_removed", "the unit was already removed"},
    {Reason::SeveralBuildsOneCentre, "several_builds_one_centre", "several builds for one centre: none counts"},
    {Reason::NotDislodged, "not_dislodged", "only dislodged units are ordered in a retreat phase"},
    {Reason::NotARetreatOption, "not_a_retreat_option", "the unit cannot retreat there"},
    {Reason::Bounced, "bounced", "bounced"},
    {Reason::Blocked, "blocked", "the unit in the destination held"},
    {Reason::LostHeadToHead, "lost_head_to_head", "lost the head-to-head battle"},
    {Reason::OwnUnitInDestination, "own_unit_in_destination", "a unit cannot dislodge a unit of its own power"},
    {Reason::NoConvoyPath, "no_convoy_path", "no convoy route was left"},
    {Reason::ConvoyParadox, "convoy_paradox", "the convoy was part of a paradox and the paradox rule (4.A.2) treats it as disrupted"},
    {Reason::Cut, "cut", "support cut"},
    {Reason::Dislodged, "dislodged", "dislodged"},
    {Reason::Void, "void", "the supported unit did not do what the support says"},
    {Reason::ConvoyNotUsed, "convoy_not_used", "the army was not convoyed by this fleet"},
    {Reason::SupportedPowerInCivilDisorder, "supported_power_in_civil_disorder", "the supported unit's power is in civil disorder"},
    {Reason::PowerInCivilDisorder, "power_in_civil_disorder", "the power is in civil disorder, its orders are not followed"},
    {Reason::ProxyNotAllowed, "proxy_not_allowed", "the rules do not allow proxy orders in an order set"},
    {Reason::UnitProxied, "unit_proxied", "the unit is ordered by proxy by another power"},
    {Reason::OrderSetReplaced, "order_set_replaced", "a later order set of the power replaced this one"},
    {Reason::OrderSetsUnclear, "order_sets_unclear", "the power sent several order sets and which is the latest is unknown: all its units hold"},
    {Reason::UnclearOrder, "unclear_order", "the order may mean several orders (4.E.2): the unit holds"},
    {Reason::PassageClosed, "passage_closed", "the passage it needs was not open to it"},
    {Reason::PassageParadox, "passage_paradox", "its passage was part of a paradox: the backup rule closed it"},
    {Reason::NotABuildSite, "not_a_build_site", "units are built only in the build sites these rules allow"},
    {Reason::NeutralUnit, "neutral_unit", "the unit is neutral: no power orders it"},
});

constexpr bool every_reason_at_its_index() {
  for (std::size_t i = 0; i < kReasons.size(); ++i)
    if (static_cast<std::size_t>(kReasons[i].reason) != i) return false;
  return true;
}
static_assert(every_reason_at_its_index(), "kReasons must list the reasons in the order of the enumeration");
static_assert(kReasons.back().reason == Reason::NeutralUnit, "the last core reason needs its row in kReasons");

// The row of a core reason; none for a value past the core's (a variant's plugins' reasons).
const ReasonEntry* entry_of(Reason reason) {
  const auto index = static_cast<std::size_t>(reason);
  return index < kReasons.size() ? &kReasons[index] : nullptr;
}

}  // namespace

const char* to_string(Resolution resolution) {
  switch (resolution) {
    case Resolution::Succeeds: return "succeeds";
    case Resolution::Fails: return "fails";
    case Resolution::Illegal: return "illegal";
  }
  return "?";
}

std::string_view describe(Reason reason) {
  const ReasonEntry* entry = entry_of(reason);
  return entry != nullptr ? entry->text : "?";
}

std::string_view reason_code(Reason reason) {
  const ReasonEntry* entry = entry_of(reason);
  return entry != nullptr ? entry->code : "";
}

}  // namespace dipadj
