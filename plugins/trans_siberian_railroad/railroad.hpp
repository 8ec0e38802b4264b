#pragma once
// The Trans-Siberian Railroad plugin's parts: the line, its rules bound to a variant, and its
// part of the movement phase (one journey per phase, decided step by step).
#include <vector>

#include "dipadj/plugin/movement_rules.hpp"
#include "dipadj/plugin/plugin.hpp"

namespace dipadj::railroad {

inline constexpr const char* kOption = "trans_siberian_railroad";
inline constexpr std::uint8_t kJourney = 1;  // the plugin's order kind: "A Moscow - TSR - Vladivostok"

bool railroad_on(const Rulebook& rules);

// The reasons the railroad's rules give (RulePlugin::reasons()), as the variant registered them.
struct RailroadReasons {
  Reason not_for_this_power;  // a journey ordered by another power than the line's
  Reason one_unit_at_a_time;  // several journeys ordered: each army holds
  Reason stopped_short;       // the journey ended on the way
};
inline const ReasonText kNotForThisPower{"not_for_this_power", "only other powers may give this order"};
inline const ReasonText kOneUnitAtATime{"one_unit_at_a_time", "only one unit may go that way per turn: it holds"};
inline const ReasonText kStoppedShort{"stopped_short", "it stopped on the way"};

struct Line {
  std::vector<ProvinceId> stations;  // in order along the line
  PowerId power = kNoPower;          // the only power that may use it

  // The provinces a journey passes, from its start (first) to its destination (last); empty when
  // either is not on the line.
  [[nodiscard]] std::vector<ProvinceId> route(ProvinceId from, ProvinceId to) const;
};

class RailroadRules final : public RulesWith<OrderSyntax, OrderValidation, MovementPart> {
 public:
  RailroadRules(Line line, RailroadReasons reasons) : line_(std::move(line)), reasons_(reasons) {}

  [[nodiscard]] std::optional<ParsedOrder> parse_order(std::string_view text, const OrderParser& core,
                                                       bool retreat_phase) const override;
  [[nodiscard]] std::string order_text(const Order& order, const Variant& variant) const override;
  [[nodiscard]] Reason validate_movement_order(const Variant& variant, const Rulebook& rules, const Position& position,
                                               PowerId power, const Order& order, Order& resolved) const override;
  [[nodiscard]] std::unique_ptr<MovementRules> movement_rules(const Rulebook& rules) const override;
  void propose_orders(const Variant& variant, const Rulebook& rules, const Position& position, PowerId power,
                      std::vector<Order>& out) const override;
  [[nodiscard]] bool move_possible(const Variant& variant, const Rulebook& rules, const Unit& unit,
                                   ProvinceId to) const override;

 private:
  Line line_;
  RailroadReasons reasons_;
};

// One phase's journey (DATC 7, additional assumptions, and the Avalon Hill errata 9.21-9.25).
// Step k (1..m) goes from route[k-1] into route[k]. Two decisions per step:
//   REACHES(k): the army gets as far as the contest for route[k] (all earlier steps passed, and it
//               did not have to stop at an unowned supply centre on the way). Then it takes part
//               in the contest there: every other move into route[k] must beat its strength (1,
//               plus its supports on the last step).
//   PASSES(k):  it gets through route[k]: the province is left empty by its unit (or that unit is
//               one of the same power that stays and is not dislodged, which it rails through --
//               not on the last step), and no other move that would enter route[k] without the
//               army is as strong as the army there. A unit that stays is never dislodged by the
//               army; a unit on the first step coming the other way fights it head to head.
// The army ends at the furthest province it passed where it can stop: an empty one (a province
// it rails through holds the other army); if none, it stays where it was.
class Journey final : public MovementRules {
 public:
  Journey(const Line& line, RailroadReasons reasons) : line_(line), reasons_(reasons) {}

  void prepare(MovementBoard& board) override;
  bool moves(MovementBoard& board, ProvinceId mover) override;
  LocationId destination(MovementBoard& board, ProvinceId mover) override;
  int prevent_strength(MovementBoard& board, ProvinceId mover, ProvinceId province) override;
  OrderOutcome move_outcome(MovementBoard& board, ProvinceId mover) override;
  bool evaluate(MovementBoard& board, std::uint32_t own_decision) override;
  PluginBackup backup_rule(MovementBoard& board, const ResolverCycle& cycle) override;

 private:
  [[nodiscard]] std::size_t steps() const { return route_.size() - 1; }
  static std::uint32_t reaches_id(std::size_t step) { return static_cast<std::uint32_t>(2 * (step - 1)); }
  static std::uint32_t passes_id(std::size_t step) { return static_cast<std::uint32_t>(2 * (step - 1) + 1); }
  bool reaches(MovementBoard& board, std::size_t step) { return board.decide(reaches_id(step)); }
  bool passes(MovementBoard& board, std::size_t step) { return board.decide(passes_id(step)); }
  int strength(MovementBoard& board, std::size_t step);
  bool stays(MovementBoard& board, ProvinceId province);  // a unit there that does not leave
  bool faces_head_to_head(MovementBoard& board);          // the first step's unit comes the other way
  bool may_go_on(MovementBoard& board, std::size_t step); // not held up at an unowned centre
  bool passes_decision(MovementBoard& board, std::size_t step);
  std::size_t last_step(MovementBoard& board);  // how far it gets (0: it never leaves)
  std::size_t end_step(MovementBoard& board);   // where it stops

  const Line& line_;
  RailroadReasons reasons_;
  ProvinceId army_ = kNoProvince;  // where the travelling army stands; kNoProvince: no journey
  PowerId power_ = kNoPower;
  std::vector<ProvinceId> route_;
};

}  // namespace dipadj::railroad
