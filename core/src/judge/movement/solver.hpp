#pragma once
// The movement solver, shared by the files of judge/movement/: the run of a phase (solver.cpp),
// what is read and settled from the orders before resolution (the steps of prepare():
// governing_orders.cpp, preparation.cpp), the decisions of DATC 5.B as equations (decisions.cpp),
// the backup rule for cycles (backup_rule.cpp), the outcome of each order and the retreat options
// (report.cpp). What a plugin sees of it is a PluginBoard (plugin_board.hpp). Private to the core.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

#include "judge/stack_room.hpp"
#include "decision_id.hpp"
#include "nested_convoy_searches.hpp"
#include "plugin_board.hpp"
#include "province_lists.hpp"
#include "unit_state.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/judge/movement.hpp"
#include "dipadj/plugin/movement_rules.hpp"
#include "dipadj/judge/resolver.hpp"
#include "dipadj/rules/rulebook.hpp"

namespace dipadj {

class MovementSolver {
 public:
  MovementSolver(const Variant& variant, const Rulebook& rules);
  MovementSolver(const MovementSolver&) = delete;
  MovementSolver& operator=(const MovementSolver&) = delete;

  void run(const Position& before, std::span<const SubmittedOrder> orders, MovementResult& result,
           std::span<const PowerId> in_civil_disorder, Season season);

  // The resolver's interface.
  bool evaluate(std::uint32_t decision);
  void backup_rule(const ResolverCycle& report);

 private:
  friend class PluginBoard;  // reads the phase and writes what its plugin claims

  // --- Before resolution: the steps of prepare(), in order ---
  void prepare();
  void validate_orders();
  void settle_repeated_orders();
  void read_unit_states();
  void choose_routes();
  void add_border_costs();
  void prepare_plugins();
  void meet_and_match();
  void leave_out_foreign_convoys();
  void list_and_settle();
  void settle_plain_moves();
  // Which units the lists hold: moves by the core's rules, and matching supports.
  static bool listed_move(const UnitState& u) {
    return u.kind == OrderKind::Move && u.impossible == Reason::None && u.carrier == 0;
  }
  static bool listed_support(const UnitState& u) { return u.kind == OrderKind::Support && u.matched; }
  // A move's way that needs no decision: over land, not by convoy (not even flexibly, 4.A.3 c)
  // nor through a plugin's passage. Its PATH holds (path_decision).
  static bool over_land(const UnitState& u) { return !u.by_convoy && !u.flexible && u.passage == 0; }
  // A core move over land (its PATH settled) into a province nobody holds or contests, by a unit
  // nobody supports: move_decision finds it succeeds asking no other decision (its attack is at
  // least 1, nothing holds the province, no rival enters it, no carried move contests it), so the
  // MOVE decision is settled before resolution, as most moves of an opening are. With supporters
  // it is left to resolution: asking for their SUPPORT decisions is part of how a cycle is found.
  [[nodiscard]] bool moves_unopposed(ProvinceId p) const {
    const ProvinceId target = units_[p].target;
    return !units_[target].present && movers_.size(target) == 1 && !contested_[target] && supporters_.empty(p);
  }
  [[nodiscard]] bool support_coast_matches(const UnitState& supporter, const UnitState& mover) const;

  // --- The decisions (DATC 5.B), resolved on demand ---
  bool moves(ProvinceId p) { return resolver_.resolve(decision_id(DecisionKind::Move, p)); }
  bool support_given(ProvinceId p) { return resolver_.resolve(decision_id(DecisionKind::Support, p)); }
  bool dislodged(ProvinceId p) { return resolver_.resolve(decision_id(DecisionKind::Dislodge, p)); }
  bool has_path(ProvinceId p) { return resolver_.resolve(decision_id(DecisionKind::Path, p)); }
  [[nodiscard]] bool is_core(std::uint32_t decision) const { return decision < core_decisions_; }
  [[nodiscard]] bool is_core_of_kind(std::uint32_t decision, DecisionKind kind) const {
    return is_core(decision) && kind_of_decision(decision) == kind;
  }
  bool evaluate_plugin_decision(std::uint32_t decision);
  bool move_decision(ProvinceId p, bool with_carried = true);
  bool support_decision(ProvinceId p);
  bool dislodge_decision(ProvinceId p);
  bool path_decision(ProvinceId p);
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

  // --- The strengths: functions of the yes/no decisions ---
  // Inline, so that each decision comparing them makes no call for them: the calls' own
  // instructions were a ninth of a phase's.
  int given_supports(ProvinceId p, PowerId not_of = kNoPower) {
    int count = 0;
    for (ProvinceId s : supporters_of(p))
      if (units_[s].power != not_of && support_given(s)) ++count;
    return count;
  }
  int hold_strength(ProvinceId p) {
    const UnitState& u = units_[p];
    if (!u.present) return 0;
    if (u.kind == OrderKind::Move) return moves(p) ? 0 : 1;
    return 1 + given_supports(p);
  }
  int attack_strength(ProvinceId p) {
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
  int defend_strength(ProvinceId p) { return 1 + given_supports(p); }
  int prevent_strength(ProvinceId p) {
    if (!reaches(p)) return 0;
    const UnitState& u = units_[p];
    // Beaten head to head: no effect on the province it came from (4.A.7 b: only head to head).
    const bool fights = head_to_head(p);
    if (fights && moves(u.opponent)) return 0;
    // 4.A.7 a: a unit dislodged by a unit coming the opposite way (also by convoy) has no effect there.
    if (!fights && rules_.is(DislodgedUnitBounce::NeverAtAttackerOrigin)) {
      const UnitState& other = units_[u.target];
      if (other.kind == OrderKind::Move && other.target == p && !moves(p) && moves(u.target)) return 0;
    }
    return 1 + given_supports(p);
  }

  // --- Convoy routes and the rules about them ---
  bool ordered_route(ProvinceId army, ProvinceId through, bool intact);
  bool route_avoiding(ProvinceId army, ProvinceId avoided);
  bool on_route_used(ProvinceId army, ProvinceId fleet);
  bool convoy_rule_keeps_support(ProvinceId supporter, ProvinceId army);
  bool kept_by_convoy_rule(ProvinceId supporter, ProvinceId attacker) {
    return (units_[attacker].by_convoy || units_[attacker].flexible) && convoy_rule_keeps_support(supporter, attacker);
  }
  // 4.A.4: the unit in the supported move's destination does not cut the support against itself,
  // unless it comes by convoy and the rules say such an attack comes from the water (b).
  [[nodiscard]] bool cuts_support_against_itself(ProvinceId attacker) const {
    return units_[attacker].by_convoy && rules_.is(ConvoyCutsSupportAgainstItself::SupportCut);
  }
  // The rulebooks' own answers to convoy paradoxes (4.A.2 a-c), rather than a paradox rule.
  [[nodiscard]] bool rulebook_paradox_rule() const {
    const ConvoyParadox rule = rules_.get<ConvoyParadox>();
    return rule == ConvoyParadox::Rule1971 || rule == ConvoyParadox::Rule1982 || rule == ConvoyParadox::Rule2000;
  }
  // 4.D.9 a: hold support from another power to a unit of a power in civil disorder fails.
  [[nodiscard]] bool refused_in_civil_disorder(const UnitState& supporter, const UnitState& held) const {
    const auto in_disorder = phase_.in_civil_disorder;
    return held.power != supporter.power && rules_.is(CivilDisorderHoldSupport::SupportFails) &&
           std::find(in_disorder.begin(), in_disorder.end(), held.power) != in_disorder.end();
  }

  // --- The backup rule's parts (backup_rule.cpp) ---
  PluginBackup plugins_backup_rule(const ResolverCycle& report);
  bool close_passages(std::span<const std::uint32_t> cycle);
  void settle_convoy_paradox(const ResolverCycle& report);
  void settle_circular_movement(std::span<const std::uint32_t> cycle);
  [[nodiscard]] bool all_convoys_disrupted(std::span<const TrialValue> trial) const;

  // --- After resolution (report.cpp) ---
  void report();
  Dislodgement dislodgement_with_retreats(ProvinceId p);
  void write_outcomes();
  OrderOutcome failed_move_outcome(ProvinceId p);
  OrderOutcome why_support_failed(ProvinceId p);
  OrderOutcome convoy_outcome(ProvinceId p);
  ProvinceId dislodger(ProvinceId p);

  // --- The plugins (movement_rules.hpp) ---
  // A plugin's part of the phase: its rules and the board they are shown.
  struct PluginPart {
    std::unique_ptr<MovementRules> rules;
    PluginBoard board;
  };
  // Calls into the plugin at `place` (place + 1) with its own board.
  template <class Call>
  auto call_plugin(std::uint8_t place, Call call) {
    PluginPart& plugin = plugins_[place - 1U];
    return call(*plugin.rules, plugin.board);
  }
  // The carried move contesting a province that beats a move of this strength into it (one that
  // is not stronger), or kNoProvince. With strength 0: any carried move there with some strength
  // (no retreat goes there). Most provinces are contested by none: that answer is inline.
  ProvinceId carried_blocking(ProvinceId province, int attack) {
    return contested_[province] ? contest_winner(province, attack) : kNoProvince;
  }
  ProvinceId contest_winner(ProvinceId province, int attack);

  [[nodiscard]] std::span<const ProvinceId> movers_to(ProvinceId p) const { return movers_.of(p); }
  [[nodiscard]] std::span<const ProvinceId> supporters_of(ProvinceId p) const { return supporters_.of(p); }
  [[nodiscard]] const Order& governing_order(ProvinceId p) const {
    return resolved_[static_cast<std::size_t>(governing_[p])];
  }

  const Variant& variant_;
  const Map& map_;
  const Rulebook& rules_;
  std::size_t provinces_;

  // The phase being adjudicated, during run().
  struct CurrentPhase {
    const Position* before = nullptr;
    std::span<const SubmittedOrder> orders;
    MovementResult* result = nullptr;
    std::span<const PowerId> in_civil_disorder;
    Season season = Season::Spring;
  } phase_;

  // The orders as read: per submitted order, and per province.
  std::vector<Order> resolved_;            // per submitted order, when legal
  std::vector<Reason> impossible_;         // per submitted order: legal though impossible, and why
  std::vector<std::int32_t> governing_;    // per province: the submitted order that governs its unit, or -1
                                           // (none, or several different ones under 4.D.3 c)

  // What each unit does, and who moves where and supports whom.
  std::vector<UnitState> units_;           // per province
  std::vector<ProvinceId> occupied_;       // provinces with a unit, in province order
  std::vector<ProvinceId> convoyers_;      // provinces of the fleets ordered to convoy (usually none)
  std::vector<ProvinceId> undecided_;      // units with a decision open before resolution, in reverse province order
  ProvinceLists movers_;                   // per province: the units moving into it (by the core's rules)
  ProvinceLists supporters_;               // per province: the units whose support of its unit matches what it does
  NestedConvoySearches searches_;          // also validation's working memory

  // The plugins' part.
  std::vector<PluginPart> plugins_;           // the variant's plugins that take part in movement, if any
  std::vector<std::uint8_t> movement_rules_of_;  // per variant extension: its place in plugins_ + 1, or 0
  std::vector<std::pair<ProvinceId, ProvinceId>> contests_;  // (province, carried mover), this phase
  std::vector<std::uint8_t> contested_;       // per province

  // The decisions: the core's four per province (decision_id.hpp), then the plugins'.
  std::uint32_t core_decisions_ = 0;
  std::uint32_t next_decision_ = 0;
  Resolver<MovementSolver> resolver_;
  // Stack for the resolver: a frame chain per decision (about 100 bytes measured in a release
  // build, more with sanitizers) with room to spare, and room for what the report needs.
  static constexpr std::size_t kStackPerDecision = kSanitizedBuild ? 4096 : 512;
  static constexpr std::size_t kStackMargin = std::size_t{256} << 10U;
  StackRoom stack_room_;
};

}  // namespace dipadj
