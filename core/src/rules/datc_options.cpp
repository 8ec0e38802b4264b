// The disputed issues of DATC chapter 4 (v2.4, with the choices DATC v3.1 added for the 2023
// rulebook), each a rule option: its YAML key, its choices by letter and name, and the DATC v2.4
// preference as the default. docs/rule-options.md explains each; the order is the Rule enum's.
// Each choice is written beside its enumerator of dipadj/rules/rule_choices.hpp; option<>() checks
// that the enumerators come in the order of the letters. The last field of a choice says whether
// the adjudicator implements it yet.
#include "dipadj/rules/rulebook.hpp"

#include "dipadj/board/phase.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace dipadj {

namespace {

template <class Choice>
struct NamedChoice {
  Choice value;
  const char* name;
  const char* meaning;
};

// A core option from its enumeration's choices, lettered a, b, ... in order.
template <class Choice>
std::pair<Rule, RuleOption> option(const char* key, const char* issue, const char* title,
                                   std::initializer_list<NamedChoice<Choice>> choices, Choice preferred) {
  RuleOption out{key, issue, title, {}, static_cast<std::size_t>(preferred)};
  for (const NamedChoice<Choice>& choice : choices) {
    if (static_cast<std::size_t>(choice.value) != out.choices.size())
      throw std::logic_error(std::string("rule option ") + key + ": choice '" + choice.name + "' is out of its enumeration's order");
    out.choices.push_back(RuleChoice{std::string(1, static_cast<char>('a' + out.choices.size())), choice.name, choice.meaning});
  }
  return {rule_of(preferred), std::move(out)};
}

// A core option whose value is a number (a variant's own rule, never a DATC letter).
std::pair<Rule, RuleOption> number_option(Rule rule, const char* key, const char* title, NumberRange range, std::optional<int> preferred) {
  RuleOption out{key, "variant", title, {}, 0, range};
  out.default_choice = number_index(range, preferred);
  return {rule, std::move(out)};
}

}  // namespace

const std::vector<RuleOption>& core_rule_options() {
  static const std::vector<RuleOption> options = [] {
    const std::initializer_list<std::pair<Rule, RuleOption>> listed{
      option<ConvoyDisruption>("convoy_disruption", "4.A.1", "Multi-route convoy disruption",
                 {
                     {ConvoyDisruption::AnyRouteDisrupted, "any_route_disrupted", "The convoy is disrupted when one of its routes is disrupted (1971 rulebook and the DPTG)."},
                     {ConvoyDisruption::AllRoutesDisrupted, "all_routes_disrupted", "The convoy is disrupted only when all of the possible routes are disrupted (1982 and 2000 rulebooks; v3.1: every rulebook after 1971)."},
                     {ConvoyDisruption::AnyRouteDisruptedOwnFleetsFirst, "any_route_disrupted_own_fleets_first", "(Not a DATC letter.) As a, but as the DATC reads the DPTG: foreign fleets are skipped from the convoy when there is a route of the army's own fleets (6.F.10, 6.F.20)."},
                 },
                 ConvoyDisruption::AllRoutesDisrupted),
      option<ConvoyParadox>("convoy_paradox", "4.A.2", "Convoy disruption paradoxes",
                 {
                     {ConvoyParadox::Rule1971, "rule_1971", "1971 rule: \"If a convoyed army attacks a fleet which is supporting a fleet which is attacking one of the convoy fleets, that support is not cut.\" No resolution for second-order paradoxes (6.F.22-6.F.24) or the betrayal paradox (6.F.18); taken to override the dislodge rule (6.F.17)."},
                     {ConvoyParadox::Rule1982, "rule_1982", "1982 rule: \"If a convoyed army attacks a fleet which is supporting an action in a body of water; and that body of water contains a convoying fleet, that support is not cut.\" Eliminates all paradoxes but also affects non-paradoxical cases and allows tricks (6.F.20, 6.F.21); \"convoying fleet\" is not defined."},
                     {ConvoyParadox::Rule2000, "rule_2000", "2000 rule (same in 2023): \"A convoyed Army does not cut the support of a unit supporting an attack against one of the fleets necessary for the army to convoy.\" The 1971 rule adapted to 4.A.1 b; same gaps as the 1971 rule (6.F.18, 6.F.22-6.F.24)."},
                     {ConvoyParadox::Szykman, "szykman", "Szykman rule: if an army's convoy order results in a paradoxical adjudication, the moves of all convoying armies involved fail and have no effect on the place they were ordered to (v3.1 rewording: the convoying fleet(s) in the paradox execute a hold order). Resolves every paradox; differs from the 2000 rule only when the convoyed army dislodges a unit (6.F.17)."},
                     {ConvoyParadox::AllHold, "all_hold", "'All Hold' rule: if an army's convoy order results in a paradoxical adjudication, all moves that are part of the paradoxical situation fail. Usually only a backup rule; applied to every paradox it changes the simple paradox 6.F.14."},
                     {ConvoyParadox::Dptg, "dptg", "DPTG resolution, a refinement of 'All Hold': if the paradox has two resolutions and in one of them all convoys of the paradox core are disrupted, that resolution is taken; otherwise 'All Hold'. (Not listed in v3.1.)"},
                 },
                 ConvoyParadox::Szykman),
      option<AdjacentConvoy>("adjacent_convoy", "4.A.3", "Convoying to adjacent place (v3.1 \"province\")",
                 {
                     {AdjacentConvoy::ConvoyRouteAlways, "convoy_route_always", "The 1971 rulebook has no rule on it; the simplest reading: the convoy route is always chosen over the land route. Allows army \"kidnapping\": unexpected swaps (6.G.2) and failed moves despite superior strength (6.G.3, 6.G.4)."},
                     {AdjacentConvoy::LandUnlessOppositeMove, "land_unless_opposite_move", "Rod Walker's 1979 clarification of the 1971 rules: the land route is taken except when the unit in the target area moves in the opposite direction. Prevents 6.G.3, still allows 6.G.2 and 6.G.4; makes 4.A.4 irrelevant."},
                     {AdjacentConvoy::LandUnlessOppositeMoveAndConvoySucceeds, "land_unless_opposite_move_and_convoy_succeeds", "Refinement of b: the land route is taken except when the unit in the target area moves in the opposite direction and there is an undisrupted convoy route. The convoys must be adjudicated first (5.B.10). Prevents 6.G.3 and 6.G.4, not 6.G.2; makes 4.A.4 and 4.A.5 irrelevant. v3.1 assumes this is how the 1971 rules are adjudicated."},
                     {AdjacentConvoy::IntentWithLandFallback, "intent_with_land_fallback", "1982 rule (\"intent as shown by the totality of the orders\") read as the 2000 rule: the convoy is used when at least one convoying fleet belongs to the army's power (also when that fleet is on a possible but not the ordered path, 6.G.6; not when it is on no possible path, 6.G.7) or when the army's order says \"via convoy\"; otherwise the land route. Intent only matters when both routes exist: with no possible convoy route ordered the army still moves over land, whether its order says \"via convoy\" (6.G.8) or a fleet of its own power convoys it."},
                     {AdjacentConvoy::ExplicitViaConvoy, "explicit_via_convoy", "DPTG explicit adjacent convoying: without \"via/by convoy\" only the land route is considered; with it only convoy routes are considered, even when there is none."},
                     {AdjacentConvoy::IntentWithoutFallback, "intent_without_fallback", "2000/2023 rule as read in v3.1: the convoy route is used when the order says \"via convoy\" or a fleet of the army's power is legally ordered to convoy it, and then only the convoy route is considered, even with no full convoy path or a disrupted convoy (no land fallback); otherwise the land route (foreign fleets cannot kidnap)."},
                 },
                 AdjacentConvoy::IntentWithLandFallback),
      option<ConvoyCutsSupportAgainstItself>("convoy_cuts_support_against_itself", "4.A.4", "Support cut on attack on itself via convoy",
                 {
                     {ConvoyCutsSupportAgainstItself::SupportNotCut, "support_not_cut", "The support is not cut: the attack comes 'from' the army's starting province (argument of Randy Hudson and Mike Lease, endorsed by Allan Calhamer)."},
                     {ConvoyCutsSupportAgainstItself::SupportCut, "support_cut", "The support is cut: the attack comes 'from' the body of water (DPTG; the border view, consistent with 4.A.5 b and 4.A.7 b)."},
                 },
                 ConvoyCutsSupportAgainstItself::SupportNotCut),
      option<RetreatToConvoyOrigin>("retreat_to_convoy_origin", "4.A.5", "Retreat when dislodged by convoy",
                 {
                     {RetreatToConvoyOrigin::NotAllowed, "not_allowed", "The dislodged unit may not retreat to the starting place of the attacker."},
                     {RetreatToConvoyOrigin::AllowedAfterConvoy, "allowed_after_convoy", "The dislodged unit may retreat to the starting place of the attacker when the attack was by convoy (DPTG in v2.4; the 2023 rulebook in v3.1)."},
                 },
                 RetreatToConvoyOrigin::AllowedAfterConvoy),
      option<ConvoyPathSpecification>("convoy_path_specification", "4.A.6", "Convoy path specification",
                 {
                     {ConvoyPathSpecification::Ignored, "ignored", "Path specifications are not allowed; if ordered, they are ignored."},
                     {ConvoyPathSpecification::Optional, "optional", "Path specifications are allowed but not required."},
                     {ConvoyPathSpecification::Required, "required", "Path specifications are required; the convoy fails if the order does not contain the path."},
                 },
                 ConvoyPathSpecification::Ignored),
      option<DislodgedUnitBounce>("dislodged_unit_bounce", "4.A.7", "Avoiding a head to head battle to bounce a unit",
                 {
                     {DislodgedUnitBounce::NeverAtAttackerOrigin, "never_at_attacker_origin", "A dislodged unit never has an effect on the area the attacker departed from (literal reading of the rulebook)."},
                     {DislodgedUnitBounce::OnlyWithoutHeadToHead, "only_without_head_to_head", "A dislodged unit has no effect on the attacker's area only when it was engaged in a head to head battle; otherwise (attack by convoy) it can still bounce a third unit there (DPTG)."},
                 },
                 DislodgedUnitBounce::OnlyWithoutHeadToHead),
      option<MissingCoastTwoPossible>("missing_coast_two_possible", "4.B.1", "Omitted coast specification in move order when two coasts are possible",
                 {
                     {MissingCoastTwoPossible::MoveFails, "move_fails", "The move fails (all rulebooks and the DPTG)."},
                     {MissingCoastTwoPossible::DefaultCoast, "default_coast", "A move is attempted to a default coast (some adjudicators)."},
                 },
                 MissingCoastTwoPossible::MoveFails),
      option<MissingCoastOnePossible>("missing_coast_one_possible", "4.B.2", "Omitted coast specification in move order when one coast is possible",
                 {
                     {MissingCoastOnePossible::OnlyPossibleCoast, "only_possible_coast", "A move is attempted to the only possible coast (DPTG)."},
                     {MissingCoastOnePossible::DefaultCoast, "default_coast", "A move is attempted to a default coast (some adjudicators). (Not listed in v3.1.)"},
                     {MissingCoastOnePossible::MoveFails, "move_fails", "The move fails."},
                 },
                 MissingCoastOnePossible::OnlyPossibleCoast),
      option<ImpossibleCoast>("impossible_coast", "4.B.3", "Move order to impossible coast",
                 {
                     {ImpossibleCoast::CoastCorrected, "coast_corrected", "The coast is ignored and a move is attempted to the possible coast."},
                     {ImpossibleCoast::MoveFails, "move_fails", "The move fails (v3.1: the order is illegal)."},
                 },
                 ImpossibleCoast::MoveFails),
      option<SupportCoast>("support_coast", "4.B.4", "Coast specification in support order",
                 {
                     {SupportCoast::Required, "required", "Coast specification is mandatory in support orders and must match; a missing coast makes the support fail (the rules say a support must \"match\")."},
                     {SupportCoast::RequiredDefaultCoast, "required_default_coast", "Coast specification is mandatory and must match; a missing coast is replaced by a default coast."},
                     {SupportCoast::RequiredUnlessUnambiguous, "required_unless_unambiguous", "Coast specification is mandatory and must match; a missing coast is a poorly written order, so the support does not fail for it when the moving fleet is of the same nationality or can reach only one coast (Allan Calhamer, 2002)."},
                     {SupportCoast::OptionalMustMatch, "optional_must_match", "Coast specification is allowed but not mandatory; if given it must match, otherwise the support is to all coasts."},
                     {SupportCoast::Ignored, "ignored", "Coast specification is not possible in a support order; any coast given is ignored (DPTG; some read the 2000 rulebook's \"without regard to coasts\" this way)."},
                 },
                 SupportCoast::OptionalMustMatch),
      option<WrongUnitCoast>("wrong_unit_coast", "4.B.5", "Wrong coast of ordered unit",
                 {
                     {WrongUnitCoast::MoveFails, "move_fails", "The move fails."},
                     {WrongUnitCoast::CoastIgnored, "coast_ignored", "The coast given for the ordered unit is ignored."},
                 },
                 WrongUnitCoast::CoastIgnored),
      option<UnknownOrIrrelevantCoast>("unknown_or_irrelevant_coast", "4.B.6", "Unknown coasts or irrelevant coasts",
                 {
                     {UnknownOrIrrelevantCoast::MoveFails, "move_fails", "The move fails (e.g. a coast that does not exist, such as Spain west coast, or a coast on an army move)."},
                     {UnknownOrIrrelevantCoast::CoastIgnored, "coast_ignored", "Such a coast specification is ignored."},
                 },
                 UnknownOrIrrelevantCoast::CoastIgnored),
      option<BuildCoastMissing>("build_coast_missing", "4.B.7", "Coast specification in build order",
                 {
                     {BuildCoastMissing::BuildFails, "build_fails", "A fleet build in a multi-coast area without a coast fails (according to the rulebook)."},
                     {BuildCoastMissing::DefaultCoast, "default_coast", "The fleet is built on a default coast."},
                 },
                 BuildCoastMissing::BuildFails),
      option<MissingUnitType>("missing_unit_type", "4.C.1", "Missing unit designation",
                 {
                     {MissingUnitType::OrderInvalid, "order_invalid", "The order is invalid (the unit can receive hold support)."},
                     {MissingUnitType::OrderValid, "order_valid", "The order is still valid."},
                     {MissingUnitType::ValidUnlessOtherOrder, "valid_unless_other_order", "The order is still valid unless there is another order for the unit with the correct designation (then the order without designation is ignored)."},
                 },
                 MissingUnitType::OrderValid),
      option<WrongUnitType>("wrong_unit_type", "4.C.2", "Wrong unit designation",
                 {
                     {WrongUnitType::OrderInvalid, "order_invalid", "The order is invalid (the unit can receive hold support)."},
                     {WrongUnitType::OrderValid, "order_valid", "The order is still valid (the unit type given is in effect ignored)."},
                     {WrongUnitType::ValidUnlessOtherOrder, "valid_unless_other_order", "The order is still valid unless there is another order for the unit with the correct designation (then the order with the wrong designation is ignored)."},
                 },
                 WrongUnitType::OrderValid),
      option<BuildUnitTypeMissing>("build_unit_type_missing", "4.C.3", "Missing unit designation in build order",
                 {
                     {BuildUnitTypeMissing::BuildFails, "build_fails", "The build always fails."},
                     {BuildUnitTypeMissing::ArmyInLandOnly, "army_in_land_only", "The build fails in coastal areas, but an army is built when the build is ordered in a land area."},
                     {BuildUnitTypeMissing::ArmyInLandFleetWithCoast, "army_in_land_fleet_with_coast", "An army is built in a land area; a fleet is built in a coastal area when a coast is specified; with no coast specified the build fails."},
                 },
                 BuildUnitTypeMissing::ArmyInLandFleetWithCoast),
      option<FleetBuildInland>("fleet_build_inland", "4.C.4", "Building a fleet in a land area",
                 {
                     {FleetBuildInland::BuildFails, "build_fails", "The build always fails."},
                     {FleetBuildInland::BuildArmy, "build_army", "An army is built in the specified place."},
                 },
                 FleetBuildInland::BuildFails),
      option<MissingNationality>("missing_nationality", "4.C.5", "Missing nationality in support order",
                 {
                     {MissingNationality::OrderInvalid, "order_invalid", "The support or convoy order without the nationality of the foreign unit is invalid."},
                     {MissingNationality::OrderValid, "order_valid", "The order is still valid."},
                     {MissingNationality::ValidUnlessOtherOrder, "valid_unless_other_order", "The order is still valid unless there is another order with the correct nationality (then the order without nationality is ignored)."},
                 },
                 MissingNationality::OrderValid),
      option<WrongNationality>("wrong_nationality", "4.C.6", "Wrong nationality in support order",
                 {
                     {WrongNationality::OrderInvalid, "order_invalid", "The support or convoy order with a wrong nationality of the foreign unit is invalid."},
                     {WrongNationality::OrderValid, "order_valid", "The order is still valid (the nationality is in effect ignored)."},
                     {WrongNationality::ValidUnlessOtherOrder, "valid_unless_other_order", "The order is still valid unless there is another order with the correct nationality (then the order with the wrong nationality is ignored)."},
                 },
                 WrongNationality::OrderValid),
      option<MultipleOrderSets>("multiple_order_sets", "4.D.1", "Multiple order sets with defined order",
                 {
                     {MultipleOrderSets::CombineAll, "combine_all", "All order sets are combined to one set of orders."},
                     {MultipleOrderSets::CombineUnlessReplaced, "combine_unless_replaced", "All order sets are combined, unless it is clear that the latest set replaces all earlier sets."},
                     {MultipleOrderSets::LatestUnlessEarlierKept, "latest_unless_earlier_kept", "Only the latest order set is considered, unless it is clear that earlier sets must still be taken into account."},
                     {MultipleOrderSets::LatestOnly, "latest_only", "Only the latest order set is considered."},
                 },
                 MultipleOrderSets::LatestUnlessEarlierKept),
      option<UnorderedOrderSets>("unordered_order_sets", "4.D.2", "Multiple order sets with undefined order",
                 {
                     {UnorderedOrderSets::AllHold, "all_hold", "All units hold."},
                     {UnorderedOrderSets::Combine, "combine", "All order sets are combined to one set."},
                 },
                 UnorderedOrderSets::Combine),
      option<MultipleUnitOrders>("multiple_unit_orders", "4.D.3", "Multiple orders to the same unit",
                 {
                     {MultipleUnitOrders::FirstOrder, "first_order", "The first order is used."},
                     {MultipleUnitOrders::LastOrder, "last_order", "The last order is used."},
                     {MultipleUnitOrders::Hold, "hold", "The orders are illegal and replaced by a hold (the unit can receive hold support)."},
                 },
                 MultipleUnitOrders::Hold),
      option<TooManyBuilds>("too_many_builds", "4.D.4", "Too many build orders",
                 {
                     {TooManyBuilds::AllInvalid, "all_invalid", "All build orders are invalid."},
                     {TooManyBuilds::FirstLegal, "first_legal", "The first legal build orders are used."},
                     {TooManyBuilds::LastLegal, "last_legal", "The last legal build orders are used."},
                 },
                 TooManyBuilds::FirstLegal),
      option<MultipleBuildsOneProvince>("multiple_builds_one_province", "4.D.5", "Multiple build orders for one area (v3.1 \"province\")",
                 {
                     {MultipleBuildsOneProvince::BothFail, "both_fail", "Both build orders fail (e.g. building both an army and a fleet in the same area)."},
                     {MultipleBuildsOneProvince::First, "first", "The first build order is used."},
                     {MultipleBuildsOneProvince::Last, "last", "The last build order is used."},
                 },
                 MultipleBuildsOneProvince::First),
      option<TooManyDisbands>("too_many_disbands", "4.D.6", "Too many disband orders",
                 {
                     {TooManyDisbands::CivilDisorderRules, "civil_disorder_rules", "All disband orders are handled according to the civil disorder rules (4.D.8)."},
                     {TooManyDisbands::FirstLegal, "first_legal", "The first legal disband orders are used."},
                     {TooManyDisbands::LastLegal, "last_legal", "The last legal disband orders are used."},
                 },
                 TooManyDisbands::FirstLegal),
      option<WaiveBuilds>("waive_builds", "4.D.7", "Waiving builds",
                 {
                     {WaiveBuilds::Allowed, "allowed", "Waiving builds is allowed (explicit in the 2000 rulebook, page 18, and the 2023 rulebook)."},
                     {WaiveBuilds::NotAllowed, "not_allowed", "Waiving builds is not allowed (needs extra rules for a forgotten build)."},
                 },
                 WaiveBuilds::Allowed),
      option<CivilDisorderRemoval>("civil_disorder_removal", "4.D.8", "Removing a unit in civil disorder",
                 {
                     {CivilDisorderRemoval::ConvoyOneMove, "convoy_one_move", "Distance to the nearest home supply centre; units move regularly, a convoy counts as one move and needs no fleet."},
                     {CivilDisorderRemoval::ConvoyOneMoveOwnFleets, "convoy_one_move_own_fleets", "As a, but the power in civil disorder must have the fleets to convoy the army (raises one-by-one vs all-at-once removal; islands may have no distance)."},
                     {CivilDisorderRemoval::ConvoyOneMoveAnyFleets, "convoy_one_move_any_fleets", "As a, but there must be fleets of any power to convoy the army."},
                     {CivilDisorderRemoval::ArmiesCrossSea, "armies_cross_sea", "Fleets move only regularly; armies may also move as a fleet (a convoy counts as one plus the number of fleets involved) (DPTG)."},
                     {CivilDisorderRemoval::BothCrossAll, "both_cross_all", "Distance is computed the same for fleets and armies, each with the abilities of the other: fleets may cross land areas (coasts irrelevant), armies may cross sea areas."},
                     {CivilDisorderRemoval::LeastRecentlyBuilt, "least_recently_built", "House rule, supported by no rulebook: if a removal is required and no valid order is received, the least recently built unit not on a supply centre is disbanded (the game file keeps the build history under built:; units from the start count as least recent; ties and units on centres as in d)."},
                     {CivilDisorderRemoval::Rule2023, "rule_2023", "2023 rulebook: (a) no unit on a supply centre is removed unless there are no viable options; (b) the unit furthest from an OWNED supply centre, counting adjacent provinces regardless of the unit's ability to enter them (same for armies and fleets, over land and sea), is removed first; then fleets before armies, then alphabetical order of the province name."},
                 },
                 CivilDisorderRemoval::ArmiesCrossSea),
      option<CivilDisorderHoldSupport>("civil_disorder_hold_support", "4.D.9", "Receiving hold support in civil disorder",
                 {
                     {CivilDisorderHoldSupport::SupportFails, "support_fails", "Hold support from another power to a unit of a power in civil disorder fails (distinguishes civil disorder from unordered units; the game file says which powers are in civil disorder)."},
                     {CivilDisorderHoldSupport::SupportSucceeds, "support_succeeds", "The support succeeds, as for any unit not ordered to move."},
                 },
                 CivilDisorderHoldSupport::SupportSucceeds),
      option<OrderLegality>("order_legality", "4.E.1", "Illegal orders",
                 {
                     {OrderLegality::AnyWellFormed, "any_well_formed", "Every order in the right format is legal, even with places not on the map (DPTG, which uses 'legal' differently)."},
                     {OrderLegality::ValidPlaces, "valid_places", "Orders in the right format naming only places on the map are legal; geography and the board are not considered (Rod Walker, Gamer's Guide to Diplomacy, 2nd ed. 1979, clarifying the 1971 rules)."},
                     {OrderLegality::ValidInSomeSituation, "valid_in_some_situation", "Orders that can be valid in some game situation (not necessarily the current one) are legal: geography counts, the current board does not."},
                     {OrderLegality::ValidInCurrentSituation, "valid_in_current_situation", "Only orders that can be valid in the current situation are legal (e.g. A York - Holland only with a fleet in the North Sea); in line with the 2000 rulebook (support cannot be refused)."},
                 },
                 OrderLegality::ValidInCurrentSituation),
      option<PoorlyWrittenOrders>("poorly_written_orders", "4.E.2", "Poorly written orders",
                 {
                     {PoorlyWrittenOrders::NoRulesKnowledge, "no_rules_knowledge", "No knowledge of the rules is used to interpret orders: only small spelling mistakes (and maybe some other small mistakes) are accepted."},
                     {PoorlyWrittenOrders::SingleOrderPossible, "single_order_possible", "Each order is interpreted assuming the player wrote only possible (legal in the sense of 4.E.1 d) orders, e.g. F Rum - Bu. is a move to Bulgaria(ec)."},
                     {PoorlyWrittenOrders::OrderSetPossible, "order_set_possible", "Each power's order set is interpreted assuming the player wrote a full set of possible orders (e.g. 'Pir' means Picardy when Paris already has an order)."},
                     {PoorlyWrittenOrders::OrderSetPossibleMatching, "order_set_possible_matching", "Each power's order set is interpreted assuming a full set of possible and matching orders (e.g. A Ser - Bu is read as Bulgaria because A Gre S A Ser - Bu can only mean Bulgaria)."},
                 },
                 PoorlyWrittenOrders::OrderSetPossibleMatching),
      option<ImplicitOrders>("implicit_orders", "4.E.3", "Implicit orders",
                 {
                     {ImplicitOrders::Allowed, "allowed", "Implicit orders (deduced from the power's own support or convoy orders) are allowed; an explicit order takes precedence and nothing is deduced from another power's orders. Orders implying different moves for one unit imply none."},
                     {ImplicitOrders::NotAllowed, "not_allowed", "Implicit orders are not allowed."},
                 },
                 ImplicitOrders::NotAllowed),
      option<PerpetualOrders>("perpetual_orders", "4.E.4", "Perpetual orders",
                 {
                     {PerpetualOrders::Allowed, "allowed", "Perpetual orders (repeated every turn, e.g. by a player leaving the game) are allowed: the game file lists them, and they stand in for the orders of units given none."},
                     {PerpetualOrders::NotAllowed, "not_allowed", "Perpetual orders are not allowed (arguably the rules, which have civil disorder rules)."},
                 },
                 PerpetualOrders::NotAllowed),
      option<ProxyOrders>("proxy_orders", "4.E.5", "Proxy orders",
                 {
                     {ProxyOrders::AllowedNotified, "allowed_notified", "Proxy orders are allowed when the player notifies the judge before submitting orders; the proxy holder knows it (the game file lists them under proxies:)."},
                     {ProxyOrders::AllowedInOrderSet, "allowed_in_order_set", "Proxy orders are allowed as part of the normal order set ('A Belgium Proxy England')."},
                     {ProxyOrders::NotAllowed, "not_allowed", "Proxy orders are not allowed."},
                 },
                 ProxyOrders::NotAllowed),
      option<FlyingDutchman>("flying_dutchman", "4.E.6", "Flying Dutchman",
                 {
                     {FlyingDutchman::RemoveImmediately, "remove_immediately", "(Not a DATC letter.) The illegal unit is removed immediately: re-adjudicate the last orders if it came from their misadjudication; else remove the identified unit; else apply the civil disorder rules to all candidate units; never correct an adjudication once new orders are public, but a Flying Dutchman found in the adjustment phase is still removed (the player may build instead)."},
                     {FlyingDutchman::UntilAdjustment, "until_adjustment", "(Not a DATC letter.) Play on until the next adjustment phase, mentioned by the DATC as one of the numerous ways: the Dutchmen are followed as they move and removed then."},
                 },
                 FlyingDutchman::RemoveImmediately),
      option<BuildSites>("build_sites", "variant", "Where a power may build (always in an owned, empty supply centre)",
                 {
                     {BuildSites::OwnHomeCentres, "own_home_centres", "In its own home centres (the rulebook's rule)."},
                     {BuildSites::AnyHomeCentre, "any_home_centre", "In any power's home centre it owns: a captured home centre is a build site too."},
                     {BuildSites::OwnedCentres, "owned_centres", "In any centre it owns (Chaos, DATC 11.A: 'build anywhere')."},
                     {BuildSites::ListedSites, "listed_sites", "In the centres the variant lists as the power's build_sites (its home centres when it lists none)."},
                 },
                 BuildSites::OwnHomeCentres),
      option<CivilDisorderCentres>("civil_disorder_centres", "variant", "The centres civil-disorder distances are counted from (4.D.8)",
                 {
                     {CivilDisorderCentres::HomeCentres, "home_centres", "The power's own home centres (the rulebook's rule; the 2023 rule, 4.D.8 g, counts from owned centres whatever this says)."},
                     {CivilDisorderCentres::BuildSites, "build_sites", "The centres build_sites names for it (owned or not, as far as the choice names them): with owned_centres, DATC 11.A's 'any owned supply center is treated as home supply center'."},
                     {CivilDisorderCentres::OwnedCentres, "owned_centres", "Every centre it owns."},
                 },
                 CivilDisorderCentres::HomeCentres),
      number_option(Rule::VictoryCentres, "victory_centres", "Centres a power needs to win (0: none; the variant's victory_centres by default)",
                    NumberRange{0, 100'000, false}, 0),
      number_option(Rule::VictoryLead, "victory_lead", "Centres a winner must lead the next power by (none: no lead needed)",
                    NumberRange{1, 100'000, true}, std::nullopt),
      number_option(Rule::LastYear, "last_year", "The last year played: after its last adjustment point, last_year_result ends the game",
                    NumberRange{-kMaxYear, kMaxYear, true}, std::nullopt),
      option<LastYearResult>("last_year_result", "variant", "How a game ends when nobody has won by the last year",
                 {
                     {LastYearResult::Draw, "draw", "The game is drawn among the powers left."},
                     {LastYearResult::LeaderWins, "leader_wins", "The power with the most centres wins; a tie for the most is a draw."},
                 },
                 LastYearResult::Draw),
      option<NeutralUnitsRebuilt>("neutral_units_rebuilt", "variant", "Whether a neutral unit lost is rebuilt",
                 {
                     {NeutralUnitsRebuilt::Never, "never", "A neutral unit dislodged is gone for good."},
                     {NeutralUnitsRebuilt::OnEmptyNeutralCentres, "on_empty_neutral_centres", "When the centres change hands before an adjustment phase, each supply centre that started with a neutral unit and is now empty and owned by nobody gets that unit back (Western World 901)."},
                 },
                 NeutralUnitsRebuilt::Never),
    };
    std::vector<RuleOption> in_order;
    for (const auto& [rule, option] : listed) {
      if (static_cast<std::size_t>(rule) != in_order.size())
        throw std::logic_error("rule option " + option.key + " is out of the order of enum Rule");
      in_order.push_back(option);
    }
    if (in_order.size() != static_cast<std::size_t>(Rule::Count)) throw std::logic_error("a core rule option is missing");
    return in_order;
  }();
  return options;
}

}  // namespace dipadj
