#include "dipadj/judge/adjustment.hpp"

#include <boost/graph/breadth_first_search.hpp>
#include <boost/graph/adjacency_list.hpp>

#include <algorithm>
#include <optional>

#include "convoy_route.hpp"
#include "dipadj/geo/topology.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

// Records each vertex's distance from the sources as the search discovers it.
struct DistanceRecorder : boost::default_bfs_visitor {
  std::vector<int>* distance;
  template <class Edge, class Graph>
  void tree_edge(Edge e, const Graph& g) const {
    (*distance)[boost::target(e, g)] = (*distance)[boost::source(e, g)] + 1;
  }
};

}  // namespace

std::vector<int> civil_disorder_distances(const Variant& variant, const Rulebook& rules, const Position& position,
                                          PowerId power, UnitType type) {
  const Map& map = variant.map();
  const auto& board = map.topology().graph();
  // Edges against the board's arrows: the search goes out from the centres, and a unit's distance
  // is the moves it needs to reach one, across one-way borders the way they may be crossed.
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  using enum CivilDisorderRemoval;
  const CivilDisorderRemoval rule = rules.get<CivilDisorderRemoval>();
  // How units may move to count the distance (4.D.8): fleets as fleets, between locations
  // (a-d); armies as armies or as fleets (d); both with the other's abilities (e, g); armies
  // over land with a convoy counted as one move (a: always possible; b: over seas holding the
  // power's own fleets; c: any fleets). Province-level graphs ignore coasts.
  const bool by_province = type == UnitType::Army || rule == BothCrossAll || rule == Rule2023;
  const std::size_t n = by_province ? map.province_count() : map.location_count();
  Graph graph(n);
  for (auto [it, end] = boost::edges(board); it != end; ++it) {
    const Passage& passage = board[*it];
    const auto a = static_cast<LocationId>(boost::source(*it, board));
    const auto b = static_cast<LocationId>(boost::target(*it, board));
    if (!by_province) {
      if (passage.fleet) boost::add_edge(b, a, graph);
    } else if (rule == ArmiesCrossSea || rule == BothCrossAll || rule == Rule2023 || passage.army) {
      boost::add_edge(map.province_of(b), map.province_of(a), graph);
    }
  }
  if (type == UnitType::Army && (rule == ConvoyOneMove || rule == ConvoyOneMoveOwnFleets || rule == ConvoyOneMoveAnyFleets)) {
    // A convoy is one move: join every pair of coasts linked by seas that may convoy.
    auto may_convoy = [&](ProvinceId sea) {
      if (rule == ConvoyOneMove) return true;
      const Unit& unit = position.unit_in(sea);
      return unit.present() && unit.type == UnitType::Fleet && (rule == ConvoyOneMoveAnyFleets || unit.power == power);
    };
    std::vector<std::uint8_t> seen(map.province_count());
    for (std::size_t p = 0; p < map.province_count(); ++p) {
      const auto from = static_cast<ProvinceId>(p);
      if (map.province(from).kind != ProvinceKind::Coastal) continue;
      detail::flood_convoy_waters(map, from, kNoProvince, kNoProvince, may_convoy, seen, [&](ProvinceId sea) {
        for (LocationId next : map.fleet_neighbours(map.province(sea).location)) {
          const ProvinceId q = map.province_of(next);
          if (map.province(q).kind == ProvinceKind::Coastal && q != from) boost::add_edge(q, from, graph);
        }
        return false;
      });
    }
  }
  // The distance is to the nearest home centre (a-e), or to the nearest owned centre (g).
  std::vector<Graph::vertex_descriptor> sources;
  auto add_source = [&](ProvinceId centre) {
    const Province& province = map.province(centre);
    if (by_province) sources.push_back(centre);
    else if (province.coasts.empty()) sources.push_back(province.location);
    else sources.insert(sources.end(), province.coasts.begin(), province.coasts.end());
  };
  if (rule == Rule2023) {
    for (ProvinceId centre : position.owned_centres(power)) add_source(centre);
  } else {
    for (ProvinceId home : variant.civil_disorder_centres(power, position, rules)) add_source(home);
  }
  std::vector<int> distance(n, -1);
  for (auto s : sources) distance[s] = 0;
  DistanceRecorder recorder;
  recorder.distance = &distance;
  std::vector<boost::default_color_type> colour(n, boost::white_color);
  boost::queue<Graph::vertex_descriptor> queue;
  boost::breadth_first_search(graph, sources.begin(), sources.end(), queue, recorder,
                              boost::make_iterator_property_map(colour.begin(), boost::get(boost::vertex_index, graph)));
  if (!by_province) return distance;
  std::vector<int> by_location(map.location_count());
  for (std::size_t loc = 0; loc < by_location.size(); ++loc) by_location[loc] = distance[map.province_of(static_cast<LocationId>(loc))];
  return by_location;
}

Reason check_adjustment_order(const Variant& variant, const Rulebook& rules, const Position& before, PowerId power,
                              std::size_t counted_centres, const Order& order, Unit& planned) {
  const Map& map = variant.map();
  planned = Unit{};
  if (order.extension != 0) return Reason::NotThisPhase;  // plugins' orders belong to movement phases
  switch (order.kind) {
    case OrderKind::Build: {
      if (order.unit.location == kNoLocation) return Reason::NoSuchUnit;
      // The first thing to tell a power with nothing to build, whatever the place it chose.
      if (counted_centres <= before.unit_count(power)) return Reason::NoBuildsAllowed;
      const ProvinceId p = map.province_of(order.unit.location);
      const Province& province = map.province(p);
      // Without A or F (4.C.3): never (a); an army inland only (b); an army inland or a fleet
      // where a coast is named (c).
      UnitType type = UnitType::Army;
      if (order.unit.type) {
        type = *order.unit.type;
      } else if (rules.is(BuildUnitTypeMissing::BuildFails) ||
                 (province.kind != ProvinceKind::Land &&
                  (rules.is(BuildUnitTypeMissing::ArmyInLandOnly) || map.location(order.unit.location).coast == kNoCoast))) {
        return Reason::MissingUnitType;
      } else if (province.kind != ProvinceKind::Land) {
        type = UnitType::Fleet;
      }
      // A fleet inland: no build (4.C.4 a), or an army instead (b).
      if (type == UnitType::Fleet && province.kind == ProvinceKind::Land && rules.is(FleetBuildInland::BuildArmy))
        type = UnitType::Army;
      LocationId place = type == UnitType::Army ? province.location : order.unit.location;
      // A fleet build without its coast: no build (4.B.7 a), or on the default coast (b).
      if (type == UnitType::Fleet && !province.coasts.empty() && map.location(place).coast == kNoCoast &&
          rules.is(BuildCoastMissing::DefaultCoast) && province.default_coast != kNoLocation)
        place = province.default_coast;
      if (!variant.is_build_site(p, power, before, rules))
        return rules.is(BuildSites::OwnHomeCentres) ? Reason::NotAHomeCentre : Reason::NotABuildSite;
      if (before.owner(p) != power) return Reason::CentreNotOwned;
      if (before.unit_in(p).present()) return Reason::CentreOccupied;
      if (type == UnitType::Fleet && province.kind == ProvinceKind::Land) return Reason::FleetInland;
      if (type == UnitType::Fleet && !province.coasts.empty() && map.location(place).coast == kNoCoast)
        return Reason::MissingCoast;  // 4.B.7 a
      planned = Unit{type, power, place};
      return Reason::None;
    }
    case OrderKind::Waive:
      if (counted_centres <= before.unit_count(power)) return Reason::NoBuildsAllowed;
      if (rules.is(WaiveBuilds::NotAllowed)) return Reason::WaiveNotAllowed;
      return Reason::None;
    case OrderKind::Remove:
    case OrderKind::Disband: {
      if (order.unit.location == kNoLocation) return Reason::NoSuchUnit;
      const Unit& unit = before.unit_in(map.province_of(order.unit.location));
      if (!unit.present()) return Reason::NoSuchUnit;
      if (unit.power != power) return unit.power == kNeutral ? Reason::NeutralUnit : Reason::ForeignUnit;
      if (counted_centres >= before.unit_count(power)) return Reason::NoRemovalsNeeded;
      planned = unit;
      return Reason::None;
    }
    default:
      return Reason::NotThisPhase;
  }
}

namespace {

// Too many builds or removals (4.D.4, 4.D.6): none count (a), the first ones (b) or the last
// ones (c); the two options share that shape.
enum class Keep { None, First, Last };

// An adjustment phase's orders settled: each on its own, then each power's together, then the
// removals a power did not order (civil disorder).
class AdjustmentOrders {
 public:
  AdjustmentOrders(const Variant& variant, const Rulebook& rules, const Position& before, std::span<const SubmittedOrder> orders,
                   AdjustmentResult& result, bool one_build_each)
      : variant_(variant), map_(variant.map()), rules_(rules), before_(before), orders_(orders), result_(result),
        allowance_(variant.power_count()), centres_(variant.power_count()), planned_(orders.size()),
        candidate_(orders.size(), false) {
    for (std::size_t p = 0; p < centres_.size(); ++p) {
      const auto power = static_cast<PowerId>(p);
      centres_[p] = variant.counted_centres(before, power, rules);
      allowance_[p] = static_cast<int>(centres_[p]) - static_cast<int>(before.unit_count(power));
      // A mobilizing phase (DPjudge's MOBILIZE): one build, in the home centre the power chooses.
      if (one_build_each) allowance_[p] = std::min(allowance_[p], 1);
    }
  }

  void check_each_order();
  void settle_orders_of(PowerId power);
  void disband_in_civil_disorder(PowerId power, std::span<const std::uint32_t> built);

 private:
  bool takes_build(std::vector<std::size_t>& builds, std::size_t i);
  void keep(std::vector<std::size_t>& list, std::size_t room, Keep policy, Reason why);

  const Variant& variant_;
  const Map& map_;
  const Rulebook& rules_;
  const Position& before_;
  std::span<const SubmittedOrder> orders_;
  AdjustmentResult& result_;
  std::vector<int> allowance_;          // per power: > 0 builds left, < 0 removals left
  std::vector<std::size_t> centres_;    // per power: the centres that count for it (plugins may leave some out)
  std::vector<Unit> planned_;           // per order: a build's unit, a removal's unit
  std::vector<bool> candidate_;         // per order: legal on its own
};

// Each order on its own: what it would do, or why it never can (DATC 4.E.1 d).
void AdjustmentOrders::check_each_order() {
  for (std::size_t i = 0; i < orders_.size(); ++i) {
    const PowerId power = orders_[i].power;
    const Reason why = check_adjustment_order(variant_, rules_, before_, power, centres_[power], orders_[i].order, planned_[i]);
    if (why != Reason::None) result_.outcomes[i] = OrderOutcome::illegal(why);
    else candidate_[i] = true;
  }
}

// A power's orders together, in the order the power gave them: several builds in one centre
// (4.D.5), the same unit removed twice, then too many builds or removals (4.D.4, 4.D.6), and
// what is kept carried out.
void AdjustmentOrders::settle_orders_of(PowerId power) {
  std::vector<std::size_t> builds, removals;
  for (std::size_t i = 0; i < orders_.size(); ++i) {
    if (!candidate_[i] || orders_[i].power != power) continue;
    const OrderKind kind = orders_[i].order.kind;
    if (kind == OrderKind::Build || kind == OrderKind::Waive) {
      if (takes_build(builds, i)) builds.push_back(i);
    } else if (std::any_of(removals.begin(), removals.end(), [&](std::size_t j) { return planned_[j] == planned_[i]; })) {
      result_.outcomes[i] = OrderOutcome::fails(Reason::AlreadyRemoved);
    } else {
      removals.push_back(i);
    }
  }
  int& allowance = allowance_[power];
  if (allowance > 0) {
    const TooManyBuilds policy = rules_.get<TooManyBuilds>();
    keep(builds, static_cast<std::size_t>(allowance),
         policy == TooManyBuilds::FirstLegal ? Keep::First : policy == TooManyBuilds::LastLegal ? Keep::Last : Keep::None,
         Reason::TooManyBuilds);
  }
  if (allowance < 0) {
    // Too many removals under 4.D.6 a: none counts, the civil-disorder rule chooses.
    const TooManyDisbands policy = rules_.get<TooManyDisbands>();
    keep(removals, static_cast<std::size_t>(-allowance),
         policy == TooManyDisbands::FirstLegal ? Keep::First : policy == TooManyDisbands::LastLegal ? Keep::Last : Keep::None,
         Reason::TooManyRemovals);
  }
  for (std::size_t i : builds) {
    if (orders_[i].order.kind == OrderKind::Build) result_.after.place(map_, planned_[i]);
    --allowance;
  }
  for (std::size_t i : removals) {
    result_.after.remove(map_.province_of(planned_[i].location));
    ++allowance;
  }
}

// Whether the build (or waive) `i` joins the power's builds so far. Several builds in one centre
// (4.D.5): none counts (a: both invalid), the first (b: the later one fails) or the last (c: the
// earlier one fails and leaves the list).
bool AdjustmentOrders::takes_build(std::vector<std::size_t>& builds, std::size_t i) {
  if (orders_[i].order.kind != OrderKind::Build) return true;
  const ProvinceId at = map_.province_of(planned_[i].location);
  const auto same = std::find_if(builds.begin(), builds.end(), [&](std::size_t j) {
    return orders_[j].order.kind == OrderKind::Build && map_.province_of(planned_[j].location) == at;
  });
  if (same == builds.end()) return true;
  const MultipleBuildsOneProvince policy = rules_.get<MultipleBuildsOneProvince>();
  if (policy == MultipleBuildsOneProvince::First) {
    result_.outcomes[i] = OrderOutcome::fails(Reason::CentreOccupied);
    return false;
  }
  if (policy == MultipleBuildsOneProvince::BothFail) {
    result_.outcomes[*same] = OrderOutcome::illegal(Reason::SeveralBuildsOneCentre);
    result_.outcomes[i] = OrderOutcome::illegal(Reason::SeveralBuildsOneCentre);
    builds.erase(same);
    return false;
  }
  result_.outcomes[*same] = OrderOutcome::fails(Reason::CentreOccupied);
  builds.erase(same);
  return true;
}

// Keeps `room` orders of the list as the policy says. When none count the orders are invalid,
// as if not given (illegal); otherwise the extra ones fail.
void AdjustmentOrders::keep(std::vector<std::size_t>& list, std::size_t room, Keep policy, Reason why) {
  if (list.size() <= room) return;
  std::vector<std::size_t> kept;
  if (policy == Keep::First) kept.assign(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(room));
  else if (policy == Keep::Last) kept.assign(list.end() - static_cast<std::ptrdiff_t>(room), list.end());
  for (std::size_t i : list)
    if (std::find(kept.begin(), kept.end(), i) == kept.end()) result_.outcomes[i] = policy == Keep::None ? OrderOutcome::illegal(why) : OrderOutcome::fails(why);
  list = kept;
}

// Civil disorder (4.D.8): the removals a power still owes, the units furthest away first (from a
// home centre, or under the 2023 rule from an owned centre, with units on supply centres kept as
// long as possible); at equal distance fleets before armies, then by the English name of the
// province in alphabetical order.
void AdjustmentOrders::disband_in_civil_disorder(PowerId power, std::span<const std::uint32_t> built) {
  int& allowance = allowance_[power];
  if (allowance >= 0) return;
  for (ProvinceId q : civil_disorder_removal_order(variant_, rules_, before_, result_.after, power, built)) {
    if (allowance >= 0) break;
    result_.disbanded_in_disorder.push_back(result_.after.unit_in(q));
    result_.after.remove(q);
    ++allowance;
  }
}

}  // namespace

void adjudicate_adjustments(const Variant& variant, const Rulebook& rules, const Position& before, std::span<const SubmittedOrder> orders,
                            AdjustmentResult& result, std::span<const std::uint32_t> built, bool one_build_each) {
  result.outcomes.assign(orders.size(), OrderOutcome{});
  result.after = before;
  result.disbanded_in_disorder.clear();
  AdjustmentOrders adjustments(variant, rules, before, orders, result, one_build_each);
  adjustments.check_each_order();
  for (std::size_t p = 0; p < variant.power_count(); ++p) adjustments.settle_orders_of(static_cast<PowerId>(p));
  for (std::size_t p = 0; p < variant.power_count(); ++p) adjustments.disband_in_civil_disorder(static_cast<PowerId>(p), built);
}

std::vector<ProvinceId> civil_disorder_removal_order(const Variant& variant, const Rulebook& rules, const Position& board,
                                                     const Position& units, PowerId power, std::span<const std::uint32_t> built) {
  const Map& map = variant.map();
  // Under the "least recently built" house rule (f) the oldest unit not on a supply centre goes
  // first; units of equal age (those from the start), and units on centres, in the order of d.
  const bool by_age = rules.is(CivilDisorderRemoval::LeastRecentlyBuilt);
  // Only f needs rules of its own (d's distances); the rulebook is copied for it alone.
  std::optional<Rulebook> fallback;
  if (by_age) {
    fallback = rules;
    fallback->set(CivilDisorderRemoval::ArmiesCrossSea, "4.D.8 f falls back on d");
  }
  const Rulebook& distance_rules = fallback ? *fallback : rules;
  const std::vector<int> army = civil_disorder_distances(variant, distance_rules, board, power, UnitType::Army);
  const std::vector<int> fleet = civil_disorder_distances(variant, distance_rules, board, power, UnitType::Fleet);
  const bool keep_centres = rules.is(CivilDisorderRemoval::Rule2023) || by_age;
  struct Candidate {
    bool on_centre;
    std::uint32_t age;  // under f: 0 for the oldest; otherwise 0 for all
    int distance;
    bool is_fleet;
    std::string name;
    ProvinceId province;
  };
  std::vector<Candidate> candidates;
  for (std::size_t q = 0; q < map.province_count(); ++q) {
    const Unit& unit = units.unit_in(static_cast<ProvinceId>(q));
    if (!unit.present() || unit.power != power) continue;
    const int d = (unit.type == UnitType::Army ? army : fleet)[unit.location];
    std::string name;
    for (char c : normalize_name(map.province(static_cast<ProvinceId>(q)).name))
      if (c != ' ') name += c;  // spaces, dots and hyphens do not count in the alphabet
    const bool on_centre = keep_centres && map.province(static_cast<ProvinceId>(q)).supply_centre;
    const std::uint32_t age = by_age && !on_centre && q < built.size() ? built[q] : 0;
    candidates.push_back({on_centre, age, d < 0 ? INT32_MAX : d, unit.type == UnitType::Fleet, name, static_cast<ProvinceId>(q)});
  }
  std::sort(candidates.begin(), candidates.end(), [](const Candidate& a, const Candidate& b) {
    if (a.on_centre != b.on_centre) return b.on_centre;
    if (a.age != b.age) return a.age < b.age;
    if (a.distance != b.distance) return a.distance > b.distance;
    if (a.is_fleet != b.is_fleet) return a.is_fleet;
    return a.name < b.name;
  });
  std::vector<ProvinceId> out;
  for (const Candidate& c : candidates) out.push_back(c.province);
  return out;
}

}  // namespace dipadj
