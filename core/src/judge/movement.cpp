// The movement phase as equations (DATC 5.B; "The Math of Adjudication"), one function per
// decision, resolved by the guess-and-backtrack resolver. Nothing here follows a hand-made
// sequence: each decision asks for the decisions it depends on.
#include "dipadj/judge/movement.hpp"

#include <algorithm>

#include "convoy_route.hpp"
#include "stack_room.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/judge/order_validation.hpp"
#include "dipadj/judge/resolver.hpp"
#include "dipadj/plugin/movement_rules.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitizedBuild = true;  // GCC
#elif defined(__has_feature)
constexpr bool kSanitizedBuild = __has_feature(address_sanitizer);  // clang
#else
constexpr bool kSanitizedBuild = false;
#endif

}  // namespace

// Final, so that the MovementBoard functions it calls itself are not virtual calls.
class MovementAdjudicator::Solver final : public MovementBoard {
 public:
  Solver(const Variant& variant, const Rulebook& rules)
      : variant_(variant), map_(variant.map()), rules_(rules), provinces_(map_.province_count()), resolver_(*this) {
    for (const auto& extension : variant.extensions()) {
      auto made = extension.rules->movement_rules(rules);
      movement_rules_of_.push_back(made ? static_cast<std::uint8_t>(plugin_rules_.size() + 1) : 0);
      if (made) plugin_rules_.push_back(std::move(made));
    }
    const std::size_t n = provinces_;
    units_.resize(n);
    movers_begin_.resize(n + 1);
    movers_.reserve(n);
    supporters_begin_.resize(n + 1);
    supporters_.reserve(n);
    visited_.assign(n, 0);
    governing_.resize(n);
  }

  void run(const Position& before, std::span<const SubmittedOrder> orders, MovementResult& result,
           std::span<const PowerId> in_civil_disorder, Season season);

  // What plugins see (MovementBoard).
  [[nodiscard]] const Variant& variant() const override { return variant_; }
  [[nodiscard]] const Rulebook& rules() const override { return rules_; }
  [[nodiscard]] const Position& before() const override { return *before_; }
  [[nodiscard]] Season season() const override { return season_; }
  [[nodiscard]] std::span<const SubmittedOrder> orders() const override { return orders_; }
  [[nodiscard]] bool legal(std::size_t i) const override { return result_->outcomes[i].resolution != Resolution::Illegal; }
  [[nodiscard]] const Order* order_of(ProvinceId p) const override {
    return governing_[p] < 0 ? nullptr : &resolved_[static_cast<std::size_t>(governing_[p])];
  }
  bool moves(ProvinceId p) override { return resolver_.resolve(id(kMove, p)); }
  bool dislodged(ProvinceId p) override { return resolver_.resolve(id(kDislodge, p)); }
  [[nodiscard]] std::span<const std::size_t> own_orders() const override { return own_orders_[current_plugin_ - 1U]; }
  [[nodiscard]] std::span<const ProvinceId> movers_into(ProvinceId p) const override { return movers_to(p); }
  void claim_passage(ProvinceId mover) override { units_[mover].passage = current_plugin_; }
  void claim_move(ProvinceId mover) override {
    UnitState& u = units_[mover];
    u.carrier = current_plugin_;
    u.by_convoy = u.flexible = false;  // it goes its own way, not by sea
  }
  void contest(ProvinceId mover, ProvinceId province) override {
    contests_.push_back({province, mover});
    contested_[province] = 1;
  }
  void hold_instead(ProvinceId unit, Reason why) override {
    units_[unit].kind = OrderKind::Hold;
    units_[unit].held = why;
  }
  std::uint32_t add_decisions(std::uint32_t count) override {
    PluginDecisions& range = plugin_decisions_[current_plugin_ - 1U];
    if (range.count == 0) range.first = next_decision_;
    const std::uint32_t first_own = range.count;
    range.count += count;
    next_decision_ += count;
    return first_own;
  }
  bool decide(std::uint32_t own) override { return resolver_.resolve(plugin_decisions_[current_plugin_ - 1U].first + own); }
  bool would_enter(ProvinceId mover) override { return move_decision(mover, false); }
  int prevent_strength(ProvinceId mover) override;
  int supports(ProvinceId unit) override { return given_supports(unit); }
  [[nodiscard]] bool own_decision(std::uint32_t decision, std::uint32_t& own) const override {
    const PluginDecisions& range = plugin_decisions_[current_plugin_ - 1U];
    if (decision < range.first || decision >= range.first + range.count) return false;
    own = decision - range.first;
    return true;
  }
  [[nodiscard]] bool is_move_decision(std::uint32_t decision, ProvinceId& unit) const override {
    if (!is_core(decision) || kind_of(decision) != kMove) return false;
    unit = province_of_decision(decision);
    return true;
  }
  [[nodiscard]] ProvinceId target_of(ProvinceId unit) const override { return units_[unit].target; }
  void settle(std::uint32_t decision, bool value) override { resolver_.settle(decision, value); }
  void settle_own(std::uint32_t own, bool value) override {
    resolver_.settle(plugin_decisions_[current_plugin_ - 1U].first + own, value);
  }

  // The resolver's interface.
  bool evaluate(std::uint32_t decision);
  void backup_rule(const ResolverCycle& report);
  [[nodiscard]] bool all_convoys_disrupted(std::span<const TrialValue> trial) const;

 private:
  enum Decision : std::uint32_t { kMove = 0, kSupport = 1, kDislodge = 2, kPath = 3, kDecisionKinds = 4 };

  // What each unit does this phase, indexed by the province it stands in.
  struct UnitState {
    bool present = false;
    OrderKind kind = OrderKind::Hold;   // Hold for units without a legal order
    PowerId power = kNoPower;
    UnitType type = UnitType::Army;
    LocationId location = kNoLocation;  // where it stands (with its coast)
    ProvinceId target = kNoProvince;    // move: destination
    LocationId target_location = kNoLocation;
    ProvinceId other = kNoProvince;     // support/convoy: the unit supported or convoyed
    ProvinceId other_target = kNoProvince;          // its destination (kNoProvince: support to hold)
    LocationId other_target_location = kNoLocation; // with the coast the support names, if any
    bool by_convoy = false;             // move: takes a convoy route rather than the land route
    bool flexible = false;              // move: by convoy if its convoy route holds, else over land (4.A.3 c)
    ProvinceId opponent = kNoProvince;  // move: the unit it meets head to head
    bool matched = false;               // support/convoy: the other unit does what it says
    bool paradox_broken = false;        // move: its convoy was broken by the paradox rule
    bool skipped = false;               // convoy: a foreign fleet the DPTG leaves out of the convoy (4.A.1 c)
    Reason impossible = Reason::None;   // legal though it cannot be carried out (4.E.1 b, c): why
    std::uint8_t passage = 0;           // move: the plugin (its place in plugin_rules_ + 1) whose passage it takes
    std::uint8_t carrier = 0;           // move: the plugin that carries it out (place + 1), see movement_rules.hpp
    std::uint8_t cost = 0;              // move: strength lost crossing the border (plugins; DATC 10)
    Reason held = Reason::None;         // a plugin made the unit hold instead of its order: why
  };

  // A decision's id: four per province (no division needed to take one apart).
  [[nodiscard]] static std::uint32_t id(Decision kind, ProvinceId p) { return (std::uint32_t{p} << 2) | kind; }
  [[nodiscard]] static Decision kind_of(std::uint32_t decision) { return static_cast<Decision>(decision & 3U); }
  [[nodiscard]] static ProvinceId province_of_decision(std::uint32_t decision) {
    return static_cast<ProvinceId>(decision >> 2);
  }
  [[nodiscard]] bool is_core(std::uint32_t decision) const { return decision < core_decisions_; }
  // Calls into the plugin at `place` (place + 1), so that what it asks of the board is its own.
  template <class Call>
  auto call_plugin(std::uint8_t place, Call call) {
    const std::uint8_t outer = current_plugin_;
    current_plugin_ = place;
    auto result = call(*plugin_rules_[place - 1U]);
    current_plugin_ = outer;
    return result;
  }
  // The carried move contesting a province that beats a move of this strength into it (one that
  // is not stronger), or kNoProvince. With strength 0: any carried move there with some strength
  // (no retreat goes there).
  ProvinceId carried_blocking(ProvinceId province, int attack) {
    if (!contested_[province]) return kNoProvince;
    for (const auto& contest : contests_) {
      if (contest.first != province) continue;
      const ProvinceId carried = contest.second;
      const int prevent =
          call_plugin(units_[carried].carrier, [&](MovementRules& r) { return r.prevent_strength(*this, carried, province); });
      if (prevent > 0 && attack <= prevent) return carried;
    }
    return kNoProvince;
  }
  bool support_given(ProvinceId p) { return resolver_.resolve(id(kSupport, p)); }
  bool has_path(ProvinceId p) { return resolver_.resolve(id(kPath, p)); }
  // For an army whose route depends on its convoy (4.A.3 c) the PATH decision is the CONVOY PATH
  // decision of DATC 5.B.10: it always has a route (land, if not convoy).
  bool reaches(ProvinceId p) { return units_[p].flexible || has_path(p); }
  bool convoyed(ProvinceId p) { return units_[p].by_convoy || (units_[p].flexible && has_path(p)); }
  // The HEAD-TO-HEAD decision (5.B.10): two units moving into each other's province fight head to
  // head unless one of them goes by convoy.
  bool head_to_head(ProvinceId p) {
    const ProvinceId other = units_[p].opponent;
    return other != kNoProvince && !(units_[p].flexible && has_path(p)) && !(units_[other].flexible && has_path(other));
  }

  [[nodiscard]] std::span<const ProvinceId> movers_to(ProvinceId p) const {
    return std::span<const ProvinceId>(movers_).subspan(movers_begin_[p], movers_begin_[p + 1] - movers_begin_[p]);
  }
  [[nodiscard]] std::span<const ProvinceId> supporters_of(ProvinceId p) const {
    return std::span<const ProvinceId>(supporters_).subspan(supporters_begin_[p],
                                                            supporters_begin_[p + 1] - supporters_begin_[p]);
  }

  // --- The decisions (DATC 5.B) ---
  bool move_decision(ProvinceId p, bool with_carried = true);
  bool support_decision(ProvinceId p);
  bool dislodge_decision(ProvinceId p);
  bool path_decision(ProvinceId p);

  // --- The strengths: functions of the yes/no decisions ---
  int given_supports(ProvinceId p, PowerId not_of = kNoPower);
  int hold_strength(ProvinceId p);
  int attack_strength(ProvinceId p);
  int defend_strength(ProvinceId p) { return 1 + given_supports(p); }

  void prepare(const Position& before, std::span<const SubmittedOrder> orders, MovementResult& result);
  bool ordered_route(ProvinceId army, ProvinceId through, bool intact);
  // Whether ordered convoys link the army to its destination without the fleet in `avoided`.
  bool route_avoiding(ProvinceId army, ProvinceId avoided) {
    return detail::find_convoy_route(
        map_, army, units_[army].target, kNoProvince,
        [&](ProvinceId sea) {
          const UnitState& f = units_[sea];
          return sea != avoided && f.kind == OrderKind::Convoy && !f.skipped && f.other == army &&
                 f.other_target == units_[army].target;
        },
        visited_);
  }
  // Whether the fleet is on the route the army takes: its written path (4.A.6 b, c), or else a
  // route of ordered, undislodged fleets.
  bool on_route_used(ProvinceId army, ProvinceId fleet) {
    if (!rules_.is(Rule::ConvoyPathSpecification, 'a')) {
      const auto& path = resolved_[static_cast<std::size_t>(governing_[army])].convoy_path;
      if (!path.empty()) return std::find(path.begin(), path.end(), fleet) != path.end();
    }
    return ordered_route(army, fleet, true);
  }
  // 4.A.4: the unit in the supported move's destination does not cut the support against itself,
  // unless it comes by convoy and the rules say such an attack comes from the water (b).
  [[nodiscard]] bool cuts_support_against_itself(ProvinceId attacker) const {
    return units_[attacker].by_convoy && rules_.is(Rule::SupportCutByConvoyOnItself, 'b');
  }
  bool support_coast_matches(const UnitState& supporter, const UnitState& mover) const;
  bool convoy_rule_keeps_support(ProvinceId supporter, ProvinceId army);
  bool kept_by_convoy_rule(ProvinceId supporter, ProvinceId attacker) {
    return (units_[attacker].by_convoy || units_[attacker].flexible) && convoy_rule_keeps_support(supporter, attacker);
  }
  // A support of a move that only a plugin's means make possible (a railroad journey).
  bool supported_by_plugin_means(const Position& before, const Order& support) const {
    const Unit& other = before.unit_in(map_.province_of(support.other.location));
    const ProvinceId to = map_.province_of(support.target);
    return std::any_of(variant_.extensions().begin(), variant_.extensions().end(),
                       [&](const VariantExtension& e) { return e.rules->move_possible(variant_, rules_, other, to); });
  }
  void settle_repeated_orders(const Position& before, std::span<const SubmittedOrder> orders, MovementResult& result);
  void report(const Position& before, std::span<const SubmittedOrder> orders, MovementResult& result);
  OrderOutcome move_outcome(ProvinceId p);

  const Variant& variant_;
  const Map& map_;
  const Rulebook& rules_;
  std::size_t provinces_;
  std::vector<std::unique_ptr<MovementRules>> plugin_rules_;  // the variant's plugins' parts, if any
  std::vector<std::uint8_t> movement_rules_of_;               // per variant extension: its place in plugin_rules_ + 1, or 0
  std::uint8_t current_plugin_ = 0;                           // the plugin being called (place + 1)
  std::vector<std::vector<std::size_t>> own_orders_;          // per plugin: its legal orders this phase
  struct PluginDecisions {
    std::uint32_t first = 0, count = 0;  // resolver ids first .. first+count-1
  };
  std::vector<PluginDecisions> plugin_decisions_;             // per plugin, this phase
  std::uint32_t core_decisions_ = 0;                          // ids below are the core's (four per province)
  std::uint32_t next_decision_ = 0;
  std::vector<std::pair<ProvinceId, ProvinceId>> contests_;   // (province, carried mover), this phase
  std::vector<std::uint8_t> contested_;                       // per province
  const Position* before_ = nullptr;                          // during run()
  Season season_ = Season::Spring;                            // during run()
  std::span<const SubmittedOrder> orders_;                    // during run()
  MovementResult* result_ = nullptr;                          // during run()
  std::vector<UnitState> units_;
  std::vector<std::uint32_t> movers_begin_, supporters_begin_;
  std::vector<ProvinceId> movers_, supporters_;
  std::vector<std::uint32_t> fill_movers_, fill_supporters_;
  std::vector<std::uint8_t> visited_;
  std::vector<Order> resolved_;            // per submitted order, when legal
  std::vector<Reason> impossible_;         // per submitted order: legal though impossible, and why
  std::vector<std::int32_t> governing_;    // per province: the submitted order that governs its unit, or -1
  std::vector<std::uint8_t> conflicting_;  // per province
  std::span<const PowerId> in_civil_disorder_;  // during run()
  // 4.D.9 a: hold support from another power to a unit of a power in civil disorder fails.
  [[nodiscard]] bool refused_in_civil_disorder(const UnitState& supporter, const UnitState& held) const {
    return held.power != supporter.power && rules_.is(Rule::CivilDisorderHoldSupport, 'a') &&
           std::find(in_civil_disorder_.begin(), in_civil_disorder_.end(), held.power) != in_civil_disorder_.end();
  }
  std::vector<ProvinceId> convoyers_;      // provinces of the fleets ordered to convoy (usually none)
  std::vector<ProvinceId> occupied_;       // provinces with a unit, in province order
  Resolver<Solver> resolver_;
  // Stack for the resolver: a frame chain per decision (about 100 bytes measured in a release
  // build, more with sanitizers) with room to spare, and room for what the report needs.
  static constexpr std::size_t kStackPerDecision = kSanitizedBuild ? 4096 : 512;
  static constexpr std::size_t kStackMargin = std::size_t{256} << 10U;
  StackRoom stack_room_;
};

// ---------------------------------------------------------------------------------------------
// Decisions

bool MovementAdjudicator::Solver::evaluate(std::uint32_t decision) {
  if (!is_core(decision)) {
    for (std::size_t i = 0; i < plugin_decisions_.size(); ++i) {
      const PluginDecisions& range = plugin_decisions_[i];
      if (decision >= range.first && decision < range.first + range.count)
        return call_plugin(static_cast<std::uint8_t>(i + 1), [&](MovementRules& r) { return r.evaluate(*this, decision - range.first); });
    }
    return false;
  }
  const Decision kind = kind_of(decision);
  const ProvinceId p = province_of_decision(decision);
  switch (kind) {
    case kMove:
      if (units_[p].carrier != 0) return call_plugin(units_[p].carrier, [&](MovementRules& r) { return r.moves(*this, p); });
      return move_decision(p);
    case kSupport: return support_decision(p);
    case kDislodge: return dislodge_decision(p);
    case kPath: return path_decision(p);
    default: return false;
  }
}

// MOVE: the attack beats what holds the destination (or the defence of the unit met head to
// head) and every other unit trying to enter it.
// A border that costs strength (DATC 10) can leave a move with strength zero: it still enters an
// empty province nobody else tries to enter, and still bounces another move of strength zero.
// Raw strengths stay positive for a real move (zero: none), the cost is taken at comparison.
bool MovementAdjudicator::Solver::move_decision(ProvinceId p, bool with_carried) {
  const UnitState& u = units_[p];
  const int raw = attack_strength(p);
  if (raw == 0) return false;
  const int attack = raw - u.cost;
  if (head_to_head(p)) {
    if (attack <= defend_strength(u.opponent) - units_[u.opponent].cost) return false;
  } else if (const int hold = hold_strength(u.target); hold > 0 && attack <= hold) {
    return false;
  }
  for (ProvinceId rival : movers_to(u.target)) {
    if (rival == p) continue;
    const int prevent = prevent_strength(rival);
    if (prevent > 0 && attack <= prevent - units_[rival].cost) return false;
  }
  return !with_carried || carried_blocking(u.target, attack) == kNoProvince;
}

// SUPPORT: given unless a foreign unit with a path attacks the supporter (other than from where
// the supported move goes, also when that attack comes by convoy: 4.A.4 a), or the supporter is
// dislodged.
bool MovementAdjudicator::Solver::support_decision(ProvinceId p) {
  const UnitState& u = units_[p];
  for (ProvinceId attacker : movers_to(p)) {
    if (units_[attacker].power == u.power) continue;
    if (attacker == u.other_target && !cuts_support_against_itself(attacker)) continue;
    if (kept_by_convoy_rule(p, attacker)) continue;
    // Across a border that costs strength, only a move with strength left cuts (DATC 10.A, 10.B, 10.O).
    if (units_[attacker].cost > 0 && attack_strength(attacker) <= units_[attacker].cost) continue;
    if (reaches(attacker)) return false;
  }
  // Dislodged, the support is cut; but where a rulebook's convoy rule keeps it, it holds even
  // against the convoyed army that dislodges the supporter (DATC 6.F.17: that rule takes
  // precedence over the dislodge rule).
  const char paradox_rule = rules_.letter(Rule::ConvoyParadox);
  if (paradox_rule != 'a' && paradox_rule != 'b' && paradox_rule != 'c') return !dislodged(p);
  for (ProvinceId attacker : movers_to(p))
    if (!kept_by_convoy_rule(p, attacker) && moves(attacker)) return false;
  return true;
}

// DISLODGE: a unit that stays (holds, or failed to move) is dislodged by a successful move into
// its province.
bool MovementAdjudicator::Solver::dislodge_decision(ProvinceId p) {
  if (units_[p].kind == OrderKind::Move && moves(p)) return false;
  for (ProvinceId attacker : movers_to(p))
    if (moves(attacker)) return true;
  return false;
}

// PATH: a move over land always has one; a convoyed army needs a chain of fleets that were
// ordered to convoy it and are not dislodged (one undisrupted route is enough: 4.A.1 b).
bool MovementAdjudicator::Solver::path_decision(ProvinceId p) {
  const UnitState& u = units_[p];
  if (u.passage != 0) return !u.paradox_broken && call_plugin(u.passage, [&](MovementRules& r) { return r.path(*this, p); });
  if (!u.by_convoy && !u.flexible) return true;
  if (u.paradox_broken) return false;
  // 4.A.6: a written convoy path is the route, fleet by fleet (b, c); without one, c has no convoy.
  if (!rules_.is(Rule::ConvoyPathSpecification, 'a')) {
    const Order& order = resolved_[static_cast<std::size_t>(governing_[p])];
    if (order.convoy_path.empty()) {
      if (rules_.is(Rule::ConvoyPathSpecification, 'c')) return false;
    } else {
      for (ProvinceId sea : order.convoy_path) {
        const UnitState& f = units_[sea];
        if (f.kind != OrderKind::Convoy || !f.matched || f.other != p || dislodged(sea)) return false;
      }
      return true;
    }
  }
  if (rules_.is(Rule::ConvoyDisruption, 'a') || rules_.is(Rule::ConvoyDisruption, 'c')) {
    // 4.A.1 a: disrupted as soon as any fleet of an ordered route is dislodged (c: of the fleets
    // left in the convoy).
    if (!ordered_route(p, kNoProvince, false)) return false;
    for (ProvinceId fleet : convoyers_)
      if (units_[fleet].other == p && units_[fleet].matched && ordered_route(p, fleet, false) && dislodged(fleet)) return false;
    return true;
  }
  return detail::find_convoy_route(
      map_, p, u.target, kNoProvince,
      [&](ProvinceId sea) {
        const UnitState& f = units_[sea];
        return f.kind == OrderKind::Convoy && f.matched && f.other == p && !dislodged(sea);
      },
      visited_);
}

int MovementAdjudicator::Solver::given_supports(ProvinceId p, PowerId not_of) {
  int count = 0;
  for (ProvinceId s : supporters_of(p))
    if (units_[s].power != not_of && support_given(s)) ++count;
  return count;
}

int MovementAdjudicator::Solver::hold_strength(ProvinceId p) {
  const UnitState& u = units_[p];
  if (!u.present) return 0;
  if (u.kind == OrderKind::Move) return moves(p) ? 0 : 1;
  return 1 + given_supports(p);
}

int MovementAdjudicator::Solver::attack_strength(ProvinceId p) {
  if (!reaches(p)) return 0;
  const UnitState& u = units_[p];
  const UnitState& defender = units_[u.target];
  if (!defender.present) return 1 + given_supports(p);
  // The defender leaves (and does not fight this unit head to head): as if the province were empty.
  if (defender.kind == OrderKind::Move && !head_to_head(p) && moves(u.target)) return 1 + given_supports(p);
  if (defender.power == u.power) return 0;
  // Support from the defender's own power does not help to dislodge it.
  return 1 + given_supports(p, defender.power);
}

int MovementAdjudicator::Solver::prevent_strength(ProvinceId p) {
  if (!reaches(p)) return 0;
  const UnitState& u = units_[p];
  // Beaten head to head: no effect on the province it came from (4.A.7 b: only head to head).
  const bool fights = head_to_head(p);
  if (fights && moves(u.opponent)) return 0;
  // 4.A.7 a: a unit dislodged by a unit coming the opposite way (also by convoy) has no effect there.
  if (!fights && rules_.is(Rule::DislodgedUnitBounce, 'a')) {
    const UnitState& other = units_[u.target];
    if (other.kind == OrderKind::Move && other.target == p && !moves(p) && moves(u.target)) return 0;
  }
  return 1 + given_supports(p);
}

// The backup rule (DATC 5.B.9): a cycle with a convoy in it is a convoy paradox, settled by the
// Szykman rule (the convoyed armies of the cycle are treated as disrupted: no path, so no attack,
// no prevention, no support cut). Otherwise, if the moves of the cycle form a circle, they all
// succeed. Anything else (possible only with variant rules): the moves fail, supports are cut.
void MovementAdjudicator::Solver::backup_rule(const ResolverCycle& report) {
  const std::span<const std::uint32_t> cycle = report.decisions;
  const auto is_path = [&](std::uint32_t d) { return is_core(d) && kind_of(d) == kPath; };
  const auto is_kind = [&](std::uint32_t d, Decision kind) { return is_core(d) && kind_of(d) == kind; };
  // Plugins whose decisions are in the cycle apply their own rules first. "All paradox rules
  // apply at the same time" (DATC 7, additional assumptions): after a plugin's paradox rule the
  // core's convoy and passage rules still apply; a circular movement a plugin found settles all.
  bool plugin_settled = false;
  for (std::size_t i = 0; i < plugin_rules_.size(); ++i) {
    const PluginDecisions& range = plugin_decisions_[i];
    const bool involved = std::any_of(cycle.begin(), cycle.end(), [&](std::uint32_t d) {
      return !is_core(d) && d >= range.first && d < range.first + range.count;
    });
    if (!involved) continue;
    const PluginBackup done =
        call_plugin(static_cast<std::uint8_t>(i + 1), [&](MovementRules& r) { return r.backup_rule(*this, report); });
    if (done == PluginBackup::Circular) return;
    plugin_settled = plugin_settled || done == PluginBackup::Settled;
  }
  const bool paradox = std::any_of(cycle.begin(), cycle.end(), is_path);
  // A plugin's passage in the cycle (a canal): the move through it fails and has no effect on its
  // destination (DATC 7, the Szykman rule extended). The rulebooks' own convoy rules (4.A.2 a-c)
  // say nothing about passages, so under them only the passages are closed and whatever paradox is
  // left is settled afresh (DATC 7.C.13, 7.C.14 under the 1982 rule).
  const char paradox_rule = rules_.letter(Rule::ConvoyParadox);
  const auto is_passage = [&](std::uint32_t d) { return is_path(d) && units_[province_of_decision(d)].passage != 0; };
  if ((paradox_rule == 'a' || paradox_rule == 'b' || paradox_rule == 'c') &&
      std::any_of(cycle.begin(), cycle.end(), is_passage)) {
    for (std::uint32_t d : cycle) {
      if (!is_passage(d)) continue;
      units_[province_of_decision(d)].paradox_broken = true;
      resolver_.settle(d, false);
    }
    return;
  }
  if (paradox) {
    // DPTG (4.A.2 f): of two resolutions, the one in which every convoy of the core is disrupted
    // is taken. The convoys then really are disrupted, so no paradox rule is named as the cause.
    if (rules_.is(Rule::ConvoyParadox, 'f') && report.two_resolutions &&
        (all_convoys_disrupted(report.guessed_false) || all_convoys_disrupted(report.guessed_true))) {
      for (std::uint32_t d : cycle)
        if (is_path(d)) resolver_.settle(d, false);
      return;
    }
    // Szykman (4.A.2 d, and the backup of a, b, c): the convoys of the core fail.
    for (std::uint32_t d : cycle) {
      if (!is_path(d)) continue;
      units_[province_of_decision(d)].paradox_broken = true;
      resolver_.settle(d, false);
    }
    // 'All Hold' (4.A.2 e, and DPTG otherwise): every move of the paradox fails as well.
    if (rules_.is(Rule::ConvoyParadox, 'e') || rules_.is(Rule::ConvoyParadox, 'f'))
      for (std::uint32_t d : cycle)
        if (is_kind(d, kMove) && !resolver_.is_resolved(d)) resolver_.settle(d, false);
    return;
  }
  if (plugin_settled) return;

  // A circle needs moves: a cycle of supports alone (cutting each other across costly borders,
  // DATC 10.F) is no circular movement, and its supports are all cut (symmetrically).
  bool circular = std::any_of(cycle.begin(), cycle.end(), [&](std::uint32_t d) { return is_kind(d, kMove); });
  for (std::uint32_t d : cycle) {
    if (!is_kind(d, kMove)) continue;
    const ProvinceId p = province_of_decision(d);
    // Each mover of a circle moves into the province of another mover of the circle.
    const ProvinceId next = units_[p].target;
    const bool next_in_cycle = std::any_of(cycle.begin(), cycle.end(), [&](std::uint32_t e) { return e == id(kMove, next); });
    circular = circular && next_in_cycle;
  }
  for (std::uint32_t d : cycle) {
    if (is_kind(d, kMove)) resolver_.settle(d, circular);
    else if (is_kind(d, kSupport) && !circular) resolver_.settle(d, false);
  }
}

// Whether a trial resolution of a cycle has every convoy (PATH decision) in it disrupted.
bool MovementAdjudicator::Solver::all_convoys_disrupted(std::span<const TrialValue> trial) const {
  bool any_convoy = false;
  for (const TrialValue& t : trial) {
    if (!is_core(t.decision) || kind_of(t.decision) != kPath) continue;
    if (t.value) return false;
    any_convoy = true;
  }
  return any_convoy;
}

// ---------------------------------------------------------------------------------------------
// Setting up

// Whether ordered convoys link the army to its destination, passing `through` a given fleet if
// one is named; with `intact`, only through fleets that were not dislodged.
bool MovementAdjudicator::Solver::ordered_route(ProvinceId army, ProvinceId through, bool intact) {
  return detail::find_convoy_route(
      map_, army, units_[army].target, through,
      [&](ProvinceId sea) {
        const UnitState& f = units_[sea];
        return f.kind == OrderKind::Convoy && !f.skipped && f.other == army && f.other_target == units_[army].target &&
               (!intact || !dislodged(sea));
      },
      visited_);
}

// Whether the coast of a supported fleet move matches (4.B.4): optional but matching when written
// (d), ignored (e), required (a), or required unless the move can only go to one coast or the
// mover is the supporter's own (c). Only fleets moving to a province with coasts have the question.
bool MovementAdjudicator::Solver::support_coast_matches(const UnitState& supporter, const UnitState& mover) const {
  if (mover.type != UnitType::Fleet || !map_.has_coasts(mover.target)) return true;
  const bool named = map_.location(supporter.other_target_location).coast != kNoCoast;
  const bool same = supporter.other_target_location == mover.target_location;
  switch (rules_.letter(Rule::SupportCoast)) {
    case 'e': return true;
    case 'a':
    case 'b': return named && same;  // b: validation has put the default coast in
    case 'c': {
      if (named) return same;
      if (supporter.power == mover.power) return true;
      int reachable = 0;
      for (LocationId coast : map_.province(mover.target).coasts)
        reachable += map_.fleet_adjacent(mover.location, coast) ? 1 : 0;
      return reachable == 1;
    }
    default: return !named || same;
  }
}

// The rulebooks' own answers to convoy paradoxes (4.A.2), rules on when a convoyed army does not
// cut a support: 1971 (a): a fleet's support of a fleet attacking one of the army's convoying
// fleets; 1982 (b): a fleet's support of an action in a body of water that holds a convoying
// fleet; 2000 (c): a support of an attack on one of the army's convoying fleets. Whatever
// paradox these leave (DATC 6.F.18, 6.F.22-6.F.24 under a and c) goes to the backup rule.
bool MovementAdjudicator::Solver::convoy_rule_keeps_support(ProvinceId supporter, ProvinceId army) {
  const UnitState& s = units_[supporter];
  const ProvinceId action = s.other_target != kNoProvince ? s.other_target : s.other;
  const UnitState& there = units_[action];
  const bool convoys_army = there.kind == OrderKind::Convoy && there.matched && there.other == army;
  switch (rules_.letter(Rule::ConvoyParadox)) {
    case 'a':
      return s.type == UnitType::Fleet && units_[s.other].type == UnitType::Fleet && s.other_target != kNoProvince &&
             convoys_army;
    case 'b':
      return s.type == UnitType::Fleet && map_.province(action).kind == ProvinceKind::Sea && there.kind == OrderKind::Convoy;
    case 'c':
      // Only fleets necessary for the convoy count: those every ordered route needs.
      return s.other_target != kNoProvince && convoys_army && !route_avoiding(army, action);
    default:
      return false;
  }
}

// Several legal orders to one unit. Orders whose designation the rules accept only when nothing
// better is given give way to a better one (choice c of 4.C.1, 4.C.2, 4.C.5, 4.C.6); identical
// repeats count once; different orders (4.D.3): the first counts (a), the last (b), or none and
// the unit holds (c).
void MovementAdjudicator::Solver::settle_repeated_orders(const Position& before, std::span<const SubmittedOrder> orders,
                                                         MovementResult& result) {
  // Legal orders of units (a plugin's own orders order no unit).
  auto legal_unit_order = [&](std::size_t i) {
    return result.outcomes[i].resolution != Resolution::Illegal && resolved_[i].kind != OrderKind::Special;
  };
  auto unit_of = [&](std::size_t i) { return map_.province_of(resolved_[i].unit.location); };
  for (std::size_t i = 0; i < orders.size(); ++i) {
    if (!legal_unit_order(i) || governing_[unit_of(i)] != static_cast<std::int32_t>(i)) continue;
    const ProvinceId p = unit_of(i);
    bool any_sound = false;
    for (std::size_t j = i; j < orders.size(); ++j)
      if (legal_unit_order(j) && unit_of(j) == p && !designation_flawed(rules_, before, map_, orders[j].power, orders[j].order))
        any_sound = true;
    std::int32_t first = -1, last = -1;
    bool different = false;
    for (std::size_t j = i; j < orders.size(); ++j) {
      if (!legal_unit_order(j) || unit_of(j) != p) continue;
      if (any_sound && designation_flawed(rules_, before, map_, orders[j].power, orders[j].order)) {
        result.outcomes[j] = OrderOutcome{Resolution::Illegal, Reason::BetterOrderGiven, kNoProvince};
        continue;
      }
      if (first < 0) first = static_cast<std::int32_t>(j);
      else if (!(resolved_[static_cast<std::size_t>(first)] == resolved_[j])) different = true;
      last = static_cast<std::int32_t>(j);
    }
    governing_[p] = first;
    if (!different) continue;
    if (rules_.is(Rule::MultipleOrdersToUnit, 'c')) conflicting_[p] = 1;
    else governing_[p] = rules_.is(Rule::MultipleOrdersToUnit, 'a') ? first : last;
    for (std::size_t j = i; j < orders.size(); ++j)
      if (legal_unit_order(j) && unit_of(j) == p && (conflicting_[p] || !(resolved_[j] == resolved_[static_cast<std::size_t>(governing_[p])])))
        result.outcomes[j] = OrderOutcome{Resolution::Illegal, Reason::ConflictingOrders, kNoProvince};
  }
}

void MovementAdjudicator::Solver::prepare(const Position& before, std::span<const SubmittedOrder> orders,
                                          MovementResult& result) {
  const std::size_t n = provinces_;
  result.outcomes.assign(orders.size(), OrderOutcome{});
  resolved_.resize(orders.size());
  impossible_.resize(orders.size());
  std::fill(governing_.begin(), governing_.end(), -1);
  conflicting_.assign(n, 0);

  // Validation: illegal orders are out.
  bool repeats = false;
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const Order& order = orders[i].order;
    Reason why =
        order.extension == 0
            ? validate_movement_order(map_, rules_, before, orders[i].power, order, resolved_[i], visited_)
            : variant_.extensions()[order.extension - 1U].rules->validate_movement_order(variant_, rules_, before,
                                                                                         orders[i].power, order, resolved_[i]);
    impossible_[i] = Reason::None;
    if (why == Reason::SupportedMoveImpossible && supported_by_plugin_means(before, resolved_[i])) why = Reason::None;
    if (why == Reason::None && order.extension == 0)
      for (const auto& extension : variant_.extensions())
        if (why == Reason::None) why = extension.rules->forbids(variant_, rules_, resolved_[i]);
    if (why != Reason::None && kept_though_impossible(why, rules_)) {
      impossible_[i] = why;
    } else if (why != Reason::None) {
      result.outcomes[i] = OrderOutcome{Resolution::Illegal, why, kNoProvince};
      continue;
    }
    if (resolved_[i].kind == OrderKind::Special) continue;  // a plugin's order that is no unit's order
    const ProvinceId p = map_.province_of(resolved_[i].unit.location);
    if (governing_[p] < 0) governing_[p] = static_cast<std::int32_t>(i);
    else repeats = true;
  }
  if (repeats) settle_repeated_orders(before, orders, result);

  convoyers_.clear();
  for (ProvinceId p : occupied_) units_[p] = UnitState{};  // the rest was never touched
  occupied_.clear();
  for (std::size_t p = 0; p < n; ++p) {
    const Unit& unit = before.unit_in(static_cast<ProvinceId>(p));
    if (!unit.present()) continue;
    UnitState& u = units_[p];
    occupied_.push_back(static_cast<ProvinceId>(p));
    u.present = true;
    u.power = unit.power;
    u.type = unit.type;
    u.location = unit.location;
    if (governing_[p] < 0 || conflicting_[p]) {
      governing_[p] = -1;
      continue;
    }
    const Order& order = resolved_[static_cast<std::size_t>(governing_[p])];
    u.kind = order.kind;
    u.impossible = impossible_[static_cast<std::size_t>(governing_[p])];
    switch (order.kind) {
      case OrderKind::Move:
        if (order.target == kNoLocation) break;  // a place off the map (4.E.1 a): it goes nowhere
        u.target = map_.province_of(order.target);
        u.target_location = order.target;
        break;
      case OrderKind::Convoy:
        // A convoy that cannot be part of any route (legal only under 4.E.1 b) shows no intent.
        if (u.impossible == Reason::None) convoyers_.push_back(static_cast<ProvinceId>(p));
        [[fallthrough]];
      case OrderKind::Support:
        u.other = map_.province_of(order.other.location);
        if (order.target != kNoLocation) {
          u.other_target = map_.province_of(order.target);
          u.other_target_location = order.target;
        }
        break;
      default:
        break;
    }
  }

  // Which route each army takes: a convoy when there is no land route. Over an adjacent border
  // (4.A.3): (a) the convoy whenever one is ordered; (b) the same, but only against a unit coming
  // the other way; (c) as b, but only if the convoy route holds, else over land (decided during
  // adjudication: the HEAD-TO-HEAD and CONVOY PATH decisions of DATC 5.B.10); (d) by intent: "via convoy" with an ordered convoy, or a fleet of its own power
  // ordered to convoy it, else over land; (e) only and always when it says "via convoy"; (f) by
  // intent as in d, but then by convoy only, with no fallback to the land route.
  const char adjacent_rule = rules_.letter(Rule::AdjacentConvoy);
  for (const std::size_t p : occupied_) {
    UnitState& u = units_[p];
    if (u.kind != OrderKind::Move || u.type != UnitType::Army || u.impossible != Reason::None) continue;
    const auto from = static_cast<ProvinceId>(p);
    if (!map_.army_adjacent(from, u.target)) {
      u.by_convoy = true;
      continue;
    }
    const Order& order = resolved_[static_cast<std::size_t>(governing_[p])];
    bool own_fleet = false;
    for (ProvinceId f : convoyers_) {
      const UnitState& fleet = units_[f];
      own_fleet = own_fleet || (fleet.other == from && fleet.other_target == u.target && fleet.power == u.power);
    }
    const auto ordered = [&] { return !convoyers_.empty() && ordered_route(from, kNoProvince, false); };
    switch (adjacent_rule) {
      case 'a': u.by_convoy = ordered(); break;
      case 'b': {
        const UnitState& other = units_[u.target];
        u.by_convoy = other.kind == OrderKind::Move && other.target == from && ordered();
        break;
      }
      case 'c': {
        const UnitState& other = units_[u.target];
        u.flexible = other.kind == OrderKind::Move && other.target == from && ordered();
        break;
      }
      case 'e': u.by_convoy = order.via_convoy; break;
      case 'f': u.by_convoy = order.via_convoy || own_fleet; break;
      default: u.by_convoy = own_fleet || (order.via_convoy && ordered()); break;
    }
  }

  // Borders that cost strength (plugins; DATC 10): for moves that cross them, not by convoy.
  if (!variant_.extensions().empty()) {
    for (const std::size_t p : occupied_) {
      UnitState& u = units_[p];
      if (u.kind != OrderKind::Move || u.by_convoy || u.target == kNoProvince) continue;
      int cost = 0;
      for (const auto& extension : variant_.extensions())
        cost += extension.rules->border_cost(static_cast<ProvinceId>(p), u.target, u.type, rules_);
      u.cost = static_cast<std::uint8_t>(std::clamp(cost, 0, 255));
    }
  }

  // The plugins' part: which moves take their passages (no decision is taken yet).
  own_orders_.resize(plugin_rules_.size());
  for (auto& list : own_orders_) list.clear();
  plugin_decisions_.assign(plugin_rules_.size(), PluginDecisions{});
  core_decisions_ = static_cast<std::uint32_t>(kDecisionKinds * n);
  next_decision_ = core_decisions_;
  for (const auto& [province, mover] : contests_) contested_[province] = 0;
  contests_.clear();
  contested_.resize(n, 0);
  for (std::size_t i = 0; i < orders.size() && !plugin_rules_.empty(); ++i) {
    const std::uint8_t extension = resolved_[i].extension;
    if (extension != 0 && result.outcomes[i].resolution != Resolution::Illegal && movement_rules_of_[extension - 1U] != 0)
      own_orders_[movement_rules_of_[extension - 1U] - 1U].push_back(i);
  }
  for (std::size_t i = 0; i < plugin_rules_.size(); ++i) {
    current_plugin_ = static_cast<std::uint8_t>(i + 1);
    plugin_rules_[i]->prepare(*this);
  }
  current_plugin_ = 0;

  // Head-to-head battles: two units moving into each other's province, neither by convoy nor
  // through a plugin's passage (which lets one unit through at a time).
  for (const std::size_t p : occupied_) {
    UnitState& u = units_[p];
    if (u.kind != OrderKind::Move || u.by_convoy || u.passage != 0 || u.impossible != Reason::None) continue;
    const UnitState& other = units_[u.target];
    if (other.kind == OrderKind::Move && other.target == p && !other.by_convoy && other.passage == 0 &&
        other.impossible == Reason::None)
      u.opponent = u.target;
  }

  // Which supports and convoys match what the other unit does.
  for (const std::size_t p : occupied_) {
    UnitState& u = units_[p];
    if (u.impossible != Reason::None) continue;  // helps nobody
    if (u.kind == OrderKind::Support) {
      const UnitState& other = units_[u.other];
      if (u.other_target == kNoProvince) {
        u.matched = other.kind != OrderKind::Move && !refused_in_civil_disorder(u, other);
      } else {
        u.matched = other.kind == OrderKind::Move && other.target == u.other_target && support_coast_matches(u, other);
      }
    } else if (u.kind == OrderKind::Convoy) {
      const UnitState& army = units_[u.other];
      u.matched = army.kind == OrderKind::Move && army.target == u.other_target && (army.by_convoy || army.flexible);
    }
  }

  // 4.A.1 c, the DPTG: when the army's own fleets offer a route, foreign fleets are no part of
  // its convoy (so a foreign fleet cannot disrupt it, nor be "convoying" for the paradox rules).
  if (rules_.is(Rule::ConvoyDisruption, 'c')) {
    for (const std::size_t p : occupied_) {
      const UnitState& army = units_[p];
      if (army.kind != OrderKind::Move || !(army.by_convoy || army.flexible) || army.impossible != Reason::None) continue;
      const auto army_at = static_cast<ProvinceId>(p);
      const bool own_route = detail::find_convoy_route(
          map_, army_at, army.target, kNoProvince,
          [&](ProvinceId sea) {
            const UnitState& f = units_[sea];
            return f.kind == OrderKind::Convoy && f.matched && f.other == army_at && f.power == army.power;
          },
          visited_);
      if (!own_route) continue;
      for (ProvinceId fleet : convoyers_) {
        UnitState& f = units_[fleet];
        if (f.other == army_at && f.power != army.power) {
          f.matched = false;
          f.skipped = true;
        }
      }
    }
  }

  // Who moves where, and who supports whom: flat lists, ordered by province.
  std::fill(movers_begin_.begin(), movers_begin_.end(), 0);
  std::fill(supporters_begin_.begin(), supporters_begin_.end(), 0);
  for (const std::size_t p : occupied_) {
    const UnitState& u = units_[p];
    if (u.kind == OrderKind::Move && u.impossible == Reason::None && u.carrier == 0) ++movers_begin_[u.target + 1];
    if (u.kind == OrderKind::Support && u.matched) ++supporters_begin_[u.other + 1];
  }
  for (std::size_t p = 0; p < n; ++p) {
    movers_begin_[p + 1] += movers_begin_[p];
    supporters_begin_[p + 1] += supporters_begin_[p];
  }
  movers_.resize(movers_begin_[n]);
  supporters_.resize(supporters_begin_[n]);
  {
    auto& fill_m = fill_movers_;
    auto& fill_s = fill_supporters_;
    fill_m.assign(movers_begin_.begin(), movers_begin_.end() - 1);
    fill_s.assign(supporters_begin_.begin(), supporters_begin_.end() - 1);
    for (const std::size_t p : occupied_) {
      const UnitState& u = units_[p];
      if (u.kind == OrderKind::Move && u.impossible == Reason::None && u.carrier == 0)
        movers_[fill_m[u.target]++] = static_cast<ProvinceId>(p);
      if (u.kind == OrderKind::Support && u.matched) supporters_[fill_s[u.other]++] = static_cast<ProvinceId>(p);
    }
  }

  // Decisions that do not arise are settled at once (empty provinces are never asked about).
  resolver_.reset(next_decision_);
  for (const std::size_t p : occupied_) {
    const UnitState& u = units_[p];
    const auto id_p = static_cast<ProvinceId>(p);
    if (u.kind != OrderKind::Move || u.impossible != Reason::None) {
      resolver_.settle(id(kMove, id_p), false);
      resolver_.settle(id(kPath, id_p), false);
    }
    if (u.kind != OrderKind::Support || !u.matched) resolver_.settle(id(kSupport, id_p), false);
  }
}

// ---------------------------------------------------------------------------------------------
// Results

OrderOutcome MovementAdjudicator::Solver::move_outcome(ProvinceId p) {
  if (moves(p)) return OrderOutcome{Resolution::Succeeds, Reason::None, kNoProvince};
  const UnitState& u = units_[p];
  if (!reaches(p)) {
    if (u.passage != 0)
      return OrderOutcome{Resolution::Fails, u.paradox_broken ? Reason::PassageParadox : Reason::PassageClosed, kNoProvince};
    return OrderOutcome{Resolution::Fails, u.paradox_broken ? Reason::ConvoyParadox : Reason::NoConvoyPath, kNoProvince};
  }
  const int raw = attack_strength(p);
  const int attack = raw - u.cost;
  const bool fights = head_to_head(p);
  if (fights && (raw == 0 || attack <= defend_strength(u.opponent) - units_[u.opponent].cost))
    return OrderOutcome{Resolution::Fails, Reason::LostHeadToHead, u.opponent};
  if (const int hold = hold_strength(u.target); !fights && (raw == 0 || (hold > 0 && attack <= hold))) {
    const bool own = units_[u.target].power == u.power && raw == 0;
    return OrderOutcome{Resolution::Fails, own ? Reason::OwnUnitInDestination : Reason::Blocked, u.target};
  }
  for (ProvinceId rival : movers_to(u.target)) {
    const int prevent = rival == p ? 0 : prevent_strength(rival);
    if (prevent > 0 && attack <= prevent - units_[rival].cost) return OrderOutcome{Resolution::Fails, Reason::Bounced, rival};
  }
  return OrderOutcome{Resolution::Fails, Reason::Bounced, carried_blocking(u.target, attack)};
}

void MovementAdjudicator::Solver::report(const Position& before, std::span<const SubmittedOrder> orders,
                                         MovementResult& result) {
  // Units that stay keep their slot; movers leave theirs first, then arrive (a unit may move
  // into a province another unit is leaving).
  result.after = before;
  result.dislodged.clear();
  result.retreat_locations.clear();
  for (const std::size_t p : occupied_) {
    const auto id_p = static_cast<ProvinceId>(p);
    const UnitState& u = units_[p];
    Unit unit = before.unit_in(id_p);
    if (u.kind == OrderKind::Move && moves(id_p)) {
      result.after.remove(id_p);
    } else if (dislodged(id_p)) {
      result.after.remove(id_p);
      ProvinceId attacker = kNoProvince;
      for (ProvinceId mover : movers_to(id_p))
        if (moves(mover)) attacker = mover;
      Dislodgement d;
      d.unit = unit;
      d.attacker_from = attacker;
      d.attacker_convoyed = convoyed(attacker);
      d.retreats_begin = static_cast<std::uint32_t>(result.retreat_locations.size());
      // Where a dislodged unit may go (DATC 5.B.11): a place it could move to without convoy, left
      // empty (hold strength zero), that no unit tried to enter with any strength, and not where
      // its attacker came from unless the attacker came by convoy (4.A.5 b).
      auto consider = [&](LocationId place) {
        const ProvinceId q = map_.province_of(place);
        if (q == attacker && (!d.attacker_convoyed || rules_.is(Rule::RetreatAfterConvoyAttack, 'a'))) return;
        if (hold_strength(q) > 0) return;
        for (ProvinceId mover : movers_to(q))
          if (prevent_strength(mover) > 0) return;
        if (carried_blocking(q, 0) != kNoProvince) return;
        result.retreat_locations.push_back(place);
      };
      // Plugins may close a way for retreats (a canal nobody opens, a frozen sea).
      const auto open = [&](LocationId place) {
        return std::all_of(variant_.extensions().begin(), variant_.extensions().end(), [&](const auto& e) {
          return e.rules->retreat_passage_open(unit.location, place, rules_, season_);
        });
      };
      if (unit.type == UnitType::Army) {
        for (ProvinceId q : map_.army_neighbours(id_p))
          if (open(map_.province(q).location)) consider(map_.province(q).location);
      } else {
        for (LocationId place : map_.fleet_neighbours(unit.location))
          if (open(place)) consider(place);
      }
      d.retreats_count = static_cast<std::uint32_t>(result.retreat_locations.size()) - d.retreats_begin;
      result.dislodged.push_back(d);
    }
  }
  for (const ProvinceId p : occupied_) {
    const UnitState& u = units_[p];
    if (u.kind != OrderKind::Move || !moves(p)) continue;
    Unit unit = before.unit_in(p);
    unit.location = u.carrier == 0 ? u.target_location
                                   : call_plugin(u.carrier, [&](MovementRules& r) { return r.destination(*this, p); });
    result.after.place(map_, unit);
  }

  for (std::size_t i = 0; i < orders.size(); ++i) {
    OrderOutcome& out = result.outcomes[i];
    if (out.resolution == Resolution::Illegal) continue;
    if (resolved_[i].kind == OrderKind::Special) {
      const std::uint8_t plugin = resolved_[i].extension == 0 ? 0 : movement_rules_of_[resolved_[i].extension - 1U];
      current_plugin_ = plugin;
      out = plugin == 0 ? OrderOutcome{Resolution::Fails, Reason::Void, kNoProvince}
                        : plugin_rules_[plugin - 1U]->outcome(*this, i);
      current_plugin_ = 0;
      continue;
    }
    const ProvinceId p = map_.province_of(resolved_[i].unit.location);
    const UnitState& u = units_[p];
    if (u.impossible != Reason::None) {
      out = OrderOutcome{Resolution::Fails, u.impossible, kNoProvince};
      continue;
    }
    auto dislodger = [&] {
      for (ProvinceId mover : movers_to(p))
        if (moves(mover)) return mover;
      return kNoProvince;
    };
    switch (u.kind) {
      case OrderKind::Hold:
        if (dislodged(p)) out = OrderOutcome{Resolution::Fails, Reason::Dislodged, dislodger()};
        else if (u.held != Reason::None) out = OrderOutcome{Resolution::Fails, u.held, kNoProvince};
        else out = OrderOutcome{};
        break;
      case OrderKind::Move:
        out = u.carrier == 0 ? move_outcome(p)
                             : call_plugin(u.carrier, [&](MovementRules& r) { return r.move_outcome(*this, p); });
        break;
      case OrderKind::Support: {
        if (!u.matched) {
          const bool refused = u.other_target == kNoProvince && units_[u.other].kind != OrderKind::Move &&
                               refused_in_civil_disorder(u, units_[u.other]);
          out = OrderOutcome{Resolution::Fails, refused ? Reason::SupportedPowerInCivilDisorder : Reason::Void, u.other};
        } else if (support_given(p)) {
          out = OrderOutcome{};
        } else if (dislodged(p)) {
          out = OrderOutcome{Resolution::Fails, Reason::Dislodged, dislodger()};
        } else {
          out = OrderOutcome{Resolution::Fails, Reason::Cut, kNoProvince};
          for (ProvinceId attacker : movers_to(p))
            if (attacker != u.other_target && units_[attacker].power != u.power && reaches(attacker)) out.by = attacker;
        }
        break;
      }
      case OrderKind::Convoy: {
        if (!u.matched) out = OrderOutcome{Resolution::Fails, Reason::ConvoyNotUsed, u.other};
        else if (units_[u.other].paradox_broken) out = OrderOutcome{Resolution::Fails, Reason::ConvoyParadox, u.other};
        else if (dislodged(p)) out = OrderOutcome{Resolution::Fails, Reason::Dislodged, dislodger()};
        else if (!has_path(u.other)) out = OrderOutcome{Resolution::Fails, Reason::NoConvoyPath, u.other};
        else if (!on_route_used(u.other, p)) out = OrderOutcome{Resolution::Fails, Reason::ConvoyNotUsed, u.other};
        else out = OrderOutcome{};
        break;
      }
      default:
        break;
    }
  }
}

void MovementAdjudicator::Solver::run(const Position& before, std::span<const SubmittedOrder> orders,
                                      MovementResult& result, std::span<const PowerId> in_civil_disorder, Season season) {
  in_civil_disorder_ = in_civil_disorder;
  season_ = season;
  before_ = &before;
  orders_ = orders;
  result_ = &result;
  prepare(before, orders, result);
  auto resolve_and_report = [&] {
    // Resolve every decision, in province order (never in the order the orders were given).
    for (std::uint32_t kind = 0; kind < kDecisionKinds; ++kind)
      for (ProvinceId p : occupied_) resolver_.resolve(id(static_cast<Decision>(kind), p));
    report(before, orders, result);
  };
  // The resolver's recursion holds each decision at most once, twice where the backup rule
  // starts a cycle again; only the decisions of occupied provinces and the plugins' are resolved.
  const std::size_t decisions = kDecisionKinds * occupied_.size() + (next_decision_ - core_decisions_);
  stack_room_.run(kStackMargin + 2 * decisions * kStackPerDecision, resolve_and_report);
}

MovementAdjudicator::MovementAdjudicator(const Variant& variant, const Rulebook& rules)
    : solver_(std::make_unique<Solver>(variant, rules)) {}
MovementAdjudicator::~MovementAdjudicator() = default;

void MovementAdjudicator::adjudicate(const Position& before, std::span<const SubmittedOrder> orders,
                                     MovementResult& result, std::span<const PowerId> in_civil_disorder, Season season) {
  solver_->run(before, orders, result, in_civil_disorder, season);
}

}  // namespace dipadj
