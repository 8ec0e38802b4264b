#pragma once
// What happened to an order, and why. Players and interfaces need the why: a move fails because
// something named beat it, a support is cut by a named unit, an illegal order has a defect.
#include <cstdint>
#include <string>
#include <string_view>

#include "dipadj/geo/ids.hpp"

namespace dipadj {

enum class Resolution : std::uint8_t { Succeeds, Fails, Illegal };

enum class Reason : std::uint8_t {
  None,
  // Why an order is illegal (DATC 4.E.1 choice d: it cannot be valid in the current situation).
  NoSuchUnit,
  ForeignUnit,
  NotThisPhase,
  MoveToOwnProvince,
  Unreachable,          // not adjacent, and no chain of fleets that could convoy it
  MissingCoast,         // a fleet move to a province with two reachable coasts (4.B.1)
  UnreachableCoast,     // the coast named cannot be reached (4.B.3)
  FleetNotConvoyable,
  SupportsItself,
  SupportedUnitMissing,
  CannotReachSupport,   // the supporter cannot move to where it supports
  SupportedMoveImpossible,
  ConvoyerNotAtSea,
  ConvoyedUnitNotArmy,
  ConvoyedUnitMissing,
  NoConvoyRoute,        // the fleet can be part of no chain of fleets between the two coasts
  PlaceNotOnMap,        // the destination is no place on the map (legal only under 4.E.1 a)
  ConflictingOrders,    // several different orders to one unit (4.D.3 choice c)
  BetterOrderGiven,     // another order to the unit designates it correctly (4.C.x choice c)
  WrongCoastOfUnit,     // 4.B.5 a
  UnknownCoast,         // a coast the destination does not have, or a coast on an army move (4.B.6 a)
  UnitTypeMissing,      // 4.C.1 a
  WrongUnitType,        // 4.C.2 a
  NationalityMissing,   // 4.C.5 a
  WrongNationality,     // 4.C.6 a
  WaiveNotAllowed,      // 4.D.7 b
  BadConvoyPath,        // a written convoy path the army could not take (4.A.6 b, c)
  MissingUnitType,      // a build on a coast without A or F and without a coast (4.C.3 c)
  NotAHomeCentre,
  CentreNotOwned,
  CentreOccupied,
  FleetInland,          // a fleet cannot be built where it cannot stand (4.C.4 a)
  NoBuildsAllowed,
  NoRemovalsNeeded,
  TooManyBuilds,        // builds beyond the allowance fail, the first ones stand (4.D.4 b)
  TooManyRemovals,      // idem for removals (4.D.6 b)
  AlreadyRemoved,
  SeveralBuildsOneCentre,  // 4.D.5 a
  NotDislodged,         // a retreat phase orders only dislodged units
  NotARetreatOption,    // not adjacent, occupied, contested, or where the attacker came from
  // Why a legal order fails.
  Bounced,              // a stronger or equal move to the same province; `by` names it
  Blocked,              // the unit in the destination held with equal or greater strength; `by`
  LostHeadToHead,       // `by` is the opposing unit
  OwnUnitInDestination, // a unit cannot dislodge a unit of its own power
  NoConvoyPath,         // every convoy route was disrupted or none was ordered
  ConvoyParadox,        // the convoy was part of a paradox and the backup rule broke it
  Cut,                  // the support was cut by `by`
  Dislodged,            // the unit was dislodged, by `by`
  Void,                 // the supported or convoyed unit did something else
  ConvoyNotUsed,        // the army went over land, or was not ordered to move
  SupportedPowerInCivilDisorder,  // hold support to a power in civil disorder (4.D.9 a)
  PowerInCivilDisorder, // the power is in civil disorder: its orders are not followed
  ProxyNotAllowed,      // a proxy order where the rules do not allow one in the order set (4.E.5)
  UnitProxied,          // the unit's order was handed to another power by proxy (4.E.5 a, b)
  OrderSetReplaced,     // the order's set was replaced by a later one of the power (4.D.1)
  OrderSetsUnclear,     // several order sets of unknown sequence: all the power's units hold (4.D.2 a)
  UnclearOrder,         // the text may mean several orders and the rules of 4.E.2 leave more than one
  // The plugin interface's passages (plugin/movement_rules.hpp: claim_passage).
  PassageClosed,        // the move needs a passage a plugin keeps (a canal) and it was not open to it
  PassageParadox,       // the passage was part of a paradox and the backup rule closed it
  NotABuildSite,        // a build outside the centres the build_sites rule allows (not its own home centres)
  NeutralUnit,          // an order to a neutral unit: no power orders one (issue 28)
  // Each reason above has its code and text in the table of core/src/order/outcome.cpp, in this
  // order (checked when it compiles, which also names the last).
  // Values from kFirstVariantReason up are the reasons a variant's plugins registered
  // (RulePlugin::reasons(); Variant::find_reason, reason_text in notation/order_text.hpp).
};
inline constexpr std::uint8_t kFirstVariantReason = 128;

// A reason a plugin adds: a code that names it in programs ("frozen") and the text people read
// ("the way is frozen this season: the unit holds").
struct ReasonText {
  std::string code;
  std::string text;
};
[[nodiscard]] constexpr bool is_variant_reason(Reason reason) { return static_cast<std::uint8_t>(reason) >= kFirstVariantReason; }

struct OrderOutcome {
  Resolution resolution = Resolution::Succeeds;
  Reason reason = Reason::None;
  ProvinceId by = kNoProvince;  // the unit (where it stood) the reason refers to

  friend bool operator==(const OrderOutcome&, const OrderOutcome&) = default;

  // The outcome of an order that is illegal, or fails, for this reason (no unit named).
  [[nodiscard]] static OrderOutcome illegal(Reason why) { return OrderOutcome{Resolution::Illegal, why, kNoProvince}; }
  [[nodiscard]] static OrderOutcome fails(Reason why) { return OrderOutcome{Resolution::Fails, why, kNoProvince}; }
};

[[nodiscard]] const char* to_string(Resolution resolution);
// The text of a core reason ("bounced"); a variant's plugins' reasons have theirs in the variant
// (reason_text in notation/order_text.hpp).
[[nodiscard]] std::string_view describe(Reason reason);
// The stable code of a core reason, for programs: the enumerator's name in snake case
// ("bounced", "no_convoy_path"); "" for Reason::None. A variant's plugins' reasons have their own
// codes (Variant::reason_code). docs/schema/result.schema.json lists the core's.
[[nodiscard]] std::string_view reason_code(Reason reason);

}  // namespace dipadj
