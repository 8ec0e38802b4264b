// A plugin's view of the movement phase: each call reads or claims through the solver's state,
// and the plugin's own orders and decisions are those this board keeps.
#include "plugin_board.hpp"

#include "solver.hpp"

namespace dipadj {

void PluginBoard::start_phase() {
  own_orders_.clear();
  first_decision_ = decision_count_ = 0;
}

const Variant& PluginBoard::variant() const { return solver_.variant_; }
const Rulebook& PluginBoard::rules() const { return solver_.rules_; }
const Position& PluginBoard::before() const { return *solver_.phase_.before; }
Season PluginBoard::season() const { return solver_.phase_.season; }
std::span<const SubmittedOrder> PluginBoard::orders() const { return solver_.phase_.orders; }

bool PluginBoard::legal(std::size_t order_index) const {
  return solver_.phase_.result->outcomes[order_index].resolution != Resolution::Illegal;
}

const Order* PluginBoard::order_of(ProvinceId unit) const {
  return solver_.governing_[unit] < 0 ? nullptr : &solver_.governing_order(unit);
}

std::span<const ProvinceId> PluginBoard::movers_into(ProvinceId province) const { return solver_.movers_to(province); }

void PluginBoard::claim_passage(ProvinceId mover) { solver_.units_[mover].passage = place_; }

void PluginBoard::claim_move(ProvinceId mover) {
  UnitState& unit = solver_.units_[mover];
  unit.carrier = place_;
  unit.by_convoy = unit.flexible = false;  // it goes its own way, not by sea
}

void PluginBoard::contest(ProvinceId mover, ProvinceId province) {
  solver_.contests_.push_back({province, mover});
  solver_.contested_[province] = 1;
}

void PluginBoard::hold_instead(ProvinceId unit, Reason why) {
  solver_.units_[unit].kind = OrderKind::Hold;
  solver_.units_[unit].held = why;
}

// The plugins' decisions follow the core's; a plugin that reserves twice in its prepare() gets
// ids that follow on from its first ones.
std::uint32_t PluginBoard::add_decisions(std::uint32_t count) {
  if (decision_count_ == 0) first_decision_ = solver_.next_decision_;
  const std::uint32_t first_own = decision_count_;
  decision_count_ += count;
  solver_.next_decision_ += count;
  return first_own;
}

bool PluginBoard::moves(ProvinceId unit) { return solver_.moves(unit); }
bool PluginBoard::dislodged(ProvinceId unit) { return solver_.dislodged(unit); }
bool PluginBoard::decide(std::uint32_t own_decision) { return solver_.resolver_.resolve(first_decision_ + own_decision); }
bool PluginBoard::would_enter(ProvinceId mover) { return solver_.move_decision(mover, false); }
int PluginBoard::prevent_strength(ProvinceId mover) { return solver_.prevent_strength(mover); }
int PluginBoard::supports(ProvinceId unit) { return solver_.given_supports(unit); }

bool PluginBoard::is_move_decision(std::uint32_t decision, ProvinceId& unit) const {
  if (!solver_.is_core_of_kind(decision, DecisionKind::Move)) return false;
  unit = province_of_decision(decision);
  return true;
}

ProvinceId PluginBoard::target_of(ProvinceId unit) const { return solver_.units_[unit].target; }
void PluginBoard::settle(std::uint32_t decision, bool value) { solver_.resolver_.settle(decision, value); }
void PluginBoard::settle_own(std::uint32_t own_decision, bool value) {
  solver_.resolver_.settle(first_decision_ + own_decision, value);
}

}  // namespace dipadj
