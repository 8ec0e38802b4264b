#pragma once
// What a plugin sees of a movement phase (MovementBoard, dipadj/plugin/movement_rules.hpp): a view
// of the solver's state, one per plugin, that knows which orders and decisions are that plugin's
// own. What it claims (passages, carried moves, contests, units held) it writes into the solver's
// unit states; what it asks (a move, a strength) the solver resolves. Private to the solver.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "dipadj/plugin/movement_rules.hpp"

namespace dipadj {

class MovementSolver;

class PluginBoard final : public MovementBoard {
 public:
  // `place`: the plugin's place among the solver's plugins, plus one (0 stands for no plugin).
  PluginBoard(MovementSolver& solver, std::uint8_t place) : solver_(solver), place_(place) {}

  // The solver's bookkeeping for the phase: none of the plugin's orders or decisions yet, then
  // its legal orders one by one.
  void start_phase();
  void add_own_order(std::size_t order_index) { own_orders_.push_back(order_index); }

  [[nodiscard]] const Variant& variant() const override;
  [[nodiscard]] const Rulebook& rules() const override;
  [[nodiscard]] const Position& before() const override;
  [[nodiscard]] Season season() const override;
  [[nodiscard]] std::span<const SubmittedOrder> orders() const override;
  [[nodiscard]] bool legal(std::size_t order_index) const override;
  [[nodiscard]] const Order* order_of(ProvinceId unit) const override;
  [[nodiscard]] std::span<const std::size_t> own_orders() const override { return own_orders_; }
  [[nodiscard]] std::span<const ProvinceId> movers_into(ProvinceId province) const override;

  void claim_passage(ProvinceId mover) override;
  void claim_move(ProvinceId mover) override;
  void contest(ProvinceId mover, ProvinceId province) override;
  void hold_instead(ProvinceId unit, Reason why) override;
  std::uint32_t add_decisions(std::uint32_t count) override;

  bool moves(ProvinceId unit) override;
  bool dislodged(ProvinceId unit) override;
  bool decide(std::uint32_t own_decision) override;
  bool would_enter(ProvinceId mover) override;
  int prevent_strength(ProvinceId mover) override;
  int supports(ProvinceId unit) override;

  [[nodiscard]] bool own_decision(std::uint32_t decision, std::uint32_t& own) const override {
    if (decision < first_decision_ || decision >= first_decision_ + decision_count_) return false;
    own = decision - first_decision_;
    return true;
  }
  [[nodiscard]] bool is_move_decision(std::uint32_t decision, ProvinceId& unit) const override;
  [[nodiscard]] ProvinceId target_of(ProvinceId unit) const override;
  void settle(std::uint32_t decision, bool value) override;
  void settle_own(std::uint32_t own_decision, bool value) override;

 private:
  MovementSolver& solver_;
  std::uint8_t place_;
  std::vector<std::size_t> own_orders_;  // its legal orders this phase, by index in orders()
  std::uint32_t first_decision_ = 0;     // its decisions this phase: resolver ids first .. first + count - 1
  std::uint32_t decision_count_ = 0;
};

}  // namespace dipadj
