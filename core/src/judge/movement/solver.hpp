#pragma once
// The movement solver, shared by the files of judge/movement/: the decisions of DATC 5.B as
// equations (decisions.cpp), the backup rule for cycles (backup_rule.cpp), what is settled from
// the orders before resolution (preparation.cpp), the outcome of each order and the retreat
// options (report.cpp), and the run of a phase (solver.cpp). Private to the core.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "../convoy_route.hpp"
#include "../stack_room.hpp"
#include "province_lists.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/judge/movement.hpp"
#include "dipadj/judge/resolver.hpp"
#include "dipadj/judge/movement_rules.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

// Final, so that the MovementBoard functions it calls itself are not virtual calls.
class MovementAdjudicator::Solver final : public MovementBoard {
 public:
  Solver(const Variant& variant, const Rulebook& rules)
      : variant_(variant),
        map_(variant.map()),
        rules_(rules),
        provinces_(map_.province_count()),
        movers_(provinces_),
        supporters_(provinces_),
        resolver_(*this) {
    for (const auto& extension : variant.extensions()) {
      auto made = extension.rules->movement_rules(rules);
      movement_rules_of_.push_back(made ? static_cast<std::uint8_t>(plugin_rules_.size() + 1) : 0);
      if (made) plugin_rules_.push_back(std::move(made));
    }
    const std::size_t n = provinces_;
    units_.resize(n);
    search_space_.fit(n);
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
    return movers_.of(p);
  }
  [[nodiscard]] std::span<const ProvinceId> supporters_of(ProvinceId p) const {
    return supporters_.of(p);
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
  // detail::find_convoy_route with the solver's scratch space. A search may ask a fleet's DISLODGE
  // decision, whose resolution may search another army's route: each level of nesting has a
  // queue of its own (the per-province marks may be shared, as two armies never share a
  // convoying fleet). Allocates nothing once the queues have grown.
  template <class Convoys>
  bool convoy_route(ProvinceId army, ProvinceId to, ProvinceId through, Convoys&& convoys) {
    if (search_depth_ == search_queues_.size()) search_queues_.emplace_back();
    std::vector<ProvinceId>& queue = search_queues_[search_depth_++];
    const bool found = detail::find_convoy_route(map_, army, to, through, convoys, search_space_.marks, &queue);
    --search_depth_;
    return found;
  }
  // Whether ordered convoys link the army to its destination without the fleet in `avoided`.
  bool route_avoiding(ProvinceId army, ProvinceId avoided) {
    return convoy_route(army, units_[army].target, kNoProvince, [&](ProvinceId sea) {
      const UnitState& f = units_[sea];
      return sea != avoided && f.kind == OrderKind::Convoy && !f.skipped && f.other == army && f.other_target == units_[army].target;
    });
  }
  // Whether the fleet is on the route the army takes: its written path (4.A.6 b, c), or else a
  // route of ordered, undislodged fleets.
  bool on_route_used(ProvinceId army, ProvinceId fleet) {
    if (!rules_.is(ConvoyPathSpecification::Ignored)) {
      const auto& path = resolved_[static_cast<std::size_t>(governing_[army])].convoy_path;
      if (!path.empty()) return std::find(path.begin(), path.end(), fleet) != path.end();
    }
    return ordered_route(army, fleet, true);
  }
  // 4.A.4: the unit in the supported move's destination does not cut the support against itself,
  // unless it comes by convoy and the rules say such an attack comes from the water (b).
  [[nodiscard]] bool cuts_support_against_itself(ProvinceId attacker) const {
    return units_[attacker].by_convoy && rules_.is(ConvoyCutsSupportAgainstItself::SupportCut);
  }
  bool support_coast_matches(const UnitState& supporter, const UnitState& mover) const;
  bool convoy_rule_keeps_support(ProvinceId supporter, ProvinceId army);
  bool kept_by_convoy_rule(ProvinceId supporter, ProvinceId attacker) {
    return (units_[attacker].by_convoy || units_[attacker].flexible) && convoy_rule_keeps_support(supporter, attacker);
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
  ProvinceLists movers_;      // per province: the units moving into it (by the core's rules)
  ProvinceLists supporters_;  // per province: the units whose support of its unit matches what it does
  ConvoySearchSpace search_space_;  // validation's convoy searches; its marks also serve the solver's
  std::deque<std::vector<ProvinceId>> search_queues_;  // per level of nested convoy searches (stable references)
  std::size_t search_depth_ = 0;
  std::vector<Order> resolved_;            // per submitted order, when legal
  std::vector<Reason> impossible_;         // per submitted order: legal though impossible, and why
  std::vector<std::int32_t> governing_;    // per province: the submitted order that governs its unit, or -1
  std::vector<std::uint8_t> conflicting_;  // per province
  std::span<const PowerId> in_civil_disorder_;  // during run()
  // The rulebooks' own answers to convoy paradoxes (4.A.2 a-c), rather than a paradox rule.
  [[nodiscard]] bool rulebook_paradox_rule() const {
    const ConvoyParadox rule = rules_.get<ConvoyParadox>();
    return rule == ConvoyParadox::Rule1971 || rule == ConvoyParadox::Rule1982 || rule == ConvoyParadox::Rule2000;
  }
  // 4.D.9 a: hold support from another power to a unit of a power in civil disorder fails.
  [[nodiscard]] bool refused_in_civil_disorder(const UnitState& supporter, const UnitState& held) const {
    return held.power != supporter.power && rules_.is(CivilDisorderHoldSupport::SupportFails) &&
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

}  // namespace dipadj
