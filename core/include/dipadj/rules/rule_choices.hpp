#pragma once
// The choices of each disputed rule of DATC chapter 4, by the names the YAML files use: the code
// asks `rules.is(ConvoyParadox::Szykman)` as the DATC would say it. One enumeration per option,
// named after its YAML key; its values in the order of the DATC letters (a, b, ...), as
// core/src/rules/datc_options.cpp lists them (it checks that the two agree).
#include <cstdint>

namespace dipadj {

// The core's options, in DATC order; their index in the rulebook is the enum's value.
enum class Rule : std::uint8_t {
  ConvoyDisruption,  // 4.A.1
  ConvoyParadox,  // 4.A.2
  AdjacentConvoy,  // 4.A.3
  ConvoyCutsSupportAgainstItself,  // 4.A.4
  RetreatToConvoyOrigin,  // 4.A.5
  ConvoyPathSpecification,  // 4.A.6
  DislodgedUnitBounce,  // 4.A.7
  MissingCoastTwoPossible,  // 4.B.1
  MissingCoastOnePossible,  // 4.B.2
  ImpossibleCoast,  // 4.B.3
  SupportCoast,  // 4.B.4
  WrongUnitCoast,  // 4.B.5
  UnknownOrIrrelevantCoast,  // 4.B.6
  BuildCoastMissing,  // 4.B.7
  MissingUnitType,  // 4.C.1
  WrongUnitType,  // 4.C.2
  BuildUnitTypeMissing,  // 4.C.3
  FleetBuildInland,  // 4.C.4
  MissingNationality,  // 4.C.5
  WrongNationality,  // 4.C.6
  MultipleOrderSets,  // 4.D.1
  UnorderedOrderSets,  // 4.D.2
  MultipleUnitOrders,  // 4.D.3
  TooManyBuilds,  // 4.D.4
  MultipleBuildsOneProvince,  // 4.D.5
  TooManyDisbands,  // 4.D.6
  WaiveBuilds,  // 4.D.7
  CivilDisorderRemoval,  // 4.D.8
  CivilDisorderHoldSupport,  // 4.D.9
  OrderLegality,  // 4.E.1
  PoorlyWrittenOrders,  // 4.E.2
  ImplicitOrders,  // 4.E.3
  PerpetualOrders,  // 4.E.4
  ProxyOrders,  // 4.E.5
  FlyingDutchman,  // 4.E.6
  // A variant's own rules, beyond chapter 4 (docs/variant-rules.md), set like the chapter-4 options.
  BuildSites,
  CivilDisorderCentres,
  VictoryCentres,  // a number
  VictoryLead,     // a number
  LastYear,        // a year, or none
  LastYearResult,
  NeutralUnitsRebuilt,
  Count
};

// 4.A.1 Multi-route convoy disruption (`convoy_disruption`)
enum class ConvoyDisruption : std::uint8_t { AnyRouteDisrupted, AllRoutesDisrupted, AnyRouteDisruptedOwnFleetsFirst };
constexpr Rule rule_of(ConvoyDisruption) { return Rule::ConvoyDisruption; }

// 4.A.2 Convoy disruption paradoxes (`convoy_paradox`)
enum class ConvoyParadox : std::uint8_t { Rule1971, Rule1982, Rule2000, Szykman, AllHold, Dptg };
constexpr Rule rule_of(ConvoyParadox) { return Rule::ConvoyParadox; }

// 4.A.3 Convoying to adjacent place (`adjacent_convoy`)
enum class AdjacentConvoy : std::uint8_t { ConvoyRouteAlways, LandUnlessOppositeMove, LandUnlessOppositeMoveAndConvoySucceeds, IntentWithLandFallback, ExplicitViaConvoy, IntentWithoutFallback };
constexpr Rule rule_of(AdjacentConvoy) { return Rule::AdjacentConvoy; }

// 4.A.4 Support cut on attack on itself via convoy (`convoy_cuts_support_against_itself`)
enum class ConvoyCutsSupportAgainstItself : std::uint8_t { SupportNotCut, SupportCut };
constexpr Rule rule_of(ConvoyCutsSupportAgainstItself) { return Rule::ConvoyCutsSupportAgainstItself; }

// 4.A.5 Retreat when dislodged by convoy (`retreat_to_convoy_origin`)
enum class RetreatToConvoyOrigin : std::uint8_t { NotAllowed, AllowedAfterConvoy };
constexpr Rule rule_of(RetreatToConvoyOrigin) { return Rule::RetreatToConvoyOrigin; }

// 4.A.6 Convoy path specification (`convoy_path_specification`)
enum class ConvoyPathSpecification : std::uint8_t { Ignored, Optional, Required };
constexpr Rule rule_of(ConvoyPathSpecification) { return Rule::ConvoyPathSpecification; }

// 4.A.7 Avoiding a head to head battle to bounce a unit (`dislodged_unit_bounce`)
enum class DislodgedUnitBounce : std::uint8_t { NeverAtAttackerOrigin, OnlyWithoutHeadToHead };
constexpr Rule rule_of(DislodgedUnitBounce) { return Rule::DislodgedUnitBounce; }

// 4.B.1 Omitted coast specification in move order when two coasts are possible (`missing_coast_two_possible`)
enum class MissingCoastTwoPossible : std::uint8_t { MoveFails, DefaultCoast };
constexpr Rule rule_of(MissingCoastTwoPossible) { return Rule::MissingCoastTwoPossible; }

// 4.B.2 Omitted coast specification in move order when one coast is possible (`missing_coast_one_possible`)
enum class MissingCoastOnePossible : std::uint8_t { OnlyPossibleCoast, DefaultCoast, MoveFails };
constexpr Rule rule_of(MissingCoastOnePossible) { return Rule::MissingCoastOnePossible; }

// 4.B.3 Move order to impossible coast (`impossible_coast`)
enum class ImpossibleCoast : std::uint8_t { CoastCorrected, MoveFails };
constexpr Rule rule_of(ImpossibleCoast) { return Rule::ImpossibleCoast; }

// 4.B.4 Coast specification in support order (`support_coast`)
enum class SupportCoast : std::uint8_t { Required, RequiredDefaultCoast, RequiredUnlessUnambiguous, OptionalMustMatch, Ignored };
constexpr Rule rule_of(SupportCoast) { return Rule::SupportCoast; }

// 4.B.5 Wrong coast of ordered unit (`wrong_unit_coast`)
enum class WrongUnitCoast : std::uint8_t { MoveFails, CoastIgnored };
constexpr Rule rule_of(WrongUnitCoast) { return Rule::WrongUnitCoast; }

// 4.B.6 Unknown coasts or irrelevant coasts (`unknown_or_irrelevant_coast`)
enum class UnknownOrIrrelevantCoast : std::uint8_t { MoveFails, CoastIgnored };
constexpr Rule rule_of(UnknownOrIrrelevantCoast) { return Rule::UnknownOrIrrelevantCoast; }

// 4.B.7 Coast specification in build order (`build_coast_missing`)
enum class BuildCoastMissing : std::uint8_t { BuildFails, DefaultCoast };
constexpr Rule rule_of(BuildCoastMissing) { return Rule::BuildCoastMissing; }

// 4.C.1 Missing unit designation (`missing_unit_type`)
enum class MissingUnitType : std::uint8_t { OrderInvalid, OrderValid, ValidUnlessOtherOrder };
constexpr Rule rule_of(MissingUnitType) { return Rule::MissingUnitType; }

// 4.C.2 Wrong unit designation (`wrong_unit_type`)
enum class WrongUnitType : std::uint8_t { OrderInvalid, OrderValid, ValidUnlessOtherOrder };
constexpr Rule rule_of(WrongUnitType) { return Rule::WrongUnitType; }

// 4.C.3 Missing unit designation in build order (`build_unit_type_missing`)
enum class BuildUnitTypeMissing : std::uint8_t { BuildFails, ArmyInLandOnly, ArmyInLandFleetWithCoast };
constexpr Rule rule_of(BuildUnitTypeMissing) { return Rule::BuildUnitTypeMissing; }

// 4.C.4 Building a fleet in a land area (`fleet_build_inland`)
enum class FleetBuildInland : std::uint8_t { BuildFails, BuildArmy };
constexpr Rule rule_of(FleetBuildInland) { return Rule::FleetBuildInland; }

// 4.C.5 Missing nationality in support order (`missing_nationality`)
enum class MissingNationality : std::uint8_t { OrderInvalid, OrderValid, ValidUnlessOtherOrder };
constexpr Rule rule_of(MissingNationality) { return Rule::MissingNationality; }

// 4.C.6 Wrong nationality in support order (`wrong_nationality`)
enum class WrongNationality : std::uint8_t { OrderInvalid, OrderValid, ValidUnlessOtherOrder };
constexpr Rule rule_of(WrongNationality) { return Rule::WrongNationality; }

// 4.D.1 Multiple order sets with defined order (`multiple_order_sets`)
enum class MultipleOrderSets : std::uint8_t { CombineAll, CombineUnlessReplaced, LatestUnlessEarlierKept, LatestOnly };
constexpr Rule rule_of(MultipleOrderSets) { return Rule::MultipleOrderSets; }

// 4.D.2 Multiple order sets with undefined order (`unordered_order_sets`)
enum class UnorderedOrderSets : std::uint8_t { AllHold, Combine };
constexpr Rule rule_of(UnorderedOrderSets) { return Rule::UnorderedOrderSets; }

// 4.D.3 Multiple orders to the same unit (`multiple_unit_orders`)
enum class MultipleUnitOrders : std::uint8_t { FirstOrder, LastOrder, Hold };
constexpr Rule rule_of(MultipleUnitOrders) { return Rule::MultipleUnitOrders; }

// 4.D.4 Too many build orders (`too_many_builds`)
enum class TooManyBuilds : std::uint8_t { AllInvalid, FirstLegal, LastLegal };
constexpr Rule rule_of(TooManyBuilds) { return Rule::TooManyBuilds; }

// 4.D.5 Multiple build orders for one area (v3.1 \ (`multiple_builds_one_province`)
enum class MultipleBuildsOneProvince : std::uint8_t { BothFail, First, Last };
constexpr Rule rule_of(MultipleBuildsOneProvince) { return Rule::MultipleBuildsOneProvince; }

// 4.D.6 Too many disband orders (`too_many_disbands`)
enum class TooManyDisbands : std::uint8_t { CivilDisorderRules, FirstLegal, LastLegal };
constexpr Rule rule_of(TooManyDisbands) { return Rule::TooManyDisbands; }

// 4.D.7 Waiving builds (`waive_builds`)
enum class WaiveBuilds : std::uint8_t { Allowed, NotAllowed };
constexpr Rule rule_of(WaiveBuilds) { return Rule::WaiveBuilds; }

// 4.D.8 Removing a unit in civil disorder (`civil_disorder_removal`)
enum class CivilDisorderRemoval : std::uint8_t { ConvoyOneMove, ConvoyOneMoveOwnFleets, ConvoyOneMoveAnyFleets, ArmiesCrossSea, BothCrossAll, LeastRecentlyBuilt, Rule2023 };
constexpr Rule rule_of(CivilDisorderRemoval) { return Rule::CivilDisorderRemoval; }

// 4.D.9 Receiving hold support in civil disorder (`civil_disorder_hold_support`)
enum class CivilDisorderHoldSupport : std::uint8_t { SupportFails, SupportSucceeds };
constexpr Rule rule_of(CivilDisorderHoldSupport) { return Rule::CivilDisorderHoldSupport; }

// 4.E.1 Illegal orders (`order_legality`)
enum class OrderLegality : std::uint8_t { AnyWellFormed, ValidPlaces, ValidInSomeSituation, ValidInCurrentSituation };
constexpr Rule rule_of(OrderLegality) { return Rule::OrderLegality; }

// 4.E.2 Poorly written orders (`poorly_written_orders`)
enum class PoorlyWrittenOrders : std::uint8_t { NoRulesKnowledge, SingleOrderPossible, OrderSetPossible, OrderSetPossibleMatching };
constexpr Rule rule_of(PoorlyWrittenOrders) { return Rule::PoorlyWrittenOrders; }

// 4.E.3 Implicit orders (`implicit_orders`)
enum class ImplicitOrders : std::uint8_t { Allowed, NotAllowed };
constexpr Rule rule_of(ImplicitOrders) { return Rule::ImplicitOrders; }

// 4.E.4 Perpetual orders (`perpetual_orders`)
enum class PerpetualOrders : std::uint8_t { Allowed, NotAllowed };
constexpr Rule rule_of(PerpetualOrders) { return Rule::PerpetualOrders; }

// 4.E.5 Proxy orders (`proxy_orders`)
enum class ProxyOrders : std::uint8_t { AllowedNotified, AllowedInOrderSet, NotAllowed };
constexpr Rule rule_of(ProxyOrders) { return Rule::ProxyOrders; }

// 4.E.6 Flying Dutchman (`flying_dutchman`)
enum class FlyingDutchman : std::uint8_t { RemoveImmediately, UntilAdjustment };
constexpr Rule rule_of(FlyingDutchman) { return Rule::FlyingDutchman; }

// Where a power may build (`build_sites`): always in a centre it owns and that is empty.
enum class BuildSites : std::uint8_t { OwnHomeCentres, AnyHomeCentre, OwnedCentres, ListedSites };
constexpr Rule rule_of(BuildSites) { return Rule::BuildSites; }

// The centres civil-disorder distances (4.D.8) are counted from (`civil_disorder_centres`).
enum class CivilDisorderCentres : std::uint8_t { HomeCentres, BuildSites, OwnedCentres };
constexpr Rule rule_of(CivilDisorderCentres) { return Rule::CivilDisorderCentres; }

// How a game ends when nobody has won by the last year (`last_year_result`).
enum class LastYearResult : std::uint8_t { Draw, LeaderWins };
constexpr Rule rule_of(LastYearResult) { return Rule::LastYearResult; }

// Whether a neutral unit comes back to the empty, unowned centre it started in when the centres
// change hands before an adjustment phase (`neutral_units_rebuilt`, issue 28).
enum class NeutralUnitsRebuilt : std::uint8_t { Never, OnEmptyNeutralCentres };
constexpr Rule rule_of(NeutralUnitsRebuilt) { return Rule::NeutralUnitsRebuilt; }

}  // namespace dipadj
