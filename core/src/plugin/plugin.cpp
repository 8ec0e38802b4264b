#include "dipadj/plugin/plugin.hpp"

#include "dipadj/plugin/movement_rules.hpp"

namespace dipadj {

std::string RuleExtension::order_text(const Order& /*order*/, const Variant& /*variant*/) const { return "?"; }

Reason RuleExtension::validate_movement_order(const Variant& /*variant*/, const Rulebook& /*rules*/,
                                              const Position& /*position*/, PowerId /*power*/, const Order& /*order*/,
                                              Order& /*resolved*/) const {
  return Reason::NotThisPhase;
}

std::unique_ptr<MovementRules> RuleExtension::movement_rules(const Rulebook& /*rules*/) const { return nullptr; }

}  // namespace dipadj
