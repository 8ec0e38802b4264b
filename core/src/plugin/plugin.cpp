#include "dipadj/plugin/plugin.hpp"

// PluginSettings::problem is defined beside the bridge that makes a plugin's settings node
// (settings_bridge.cpp), the one part of the plugin layer that knows yaml-cpp.

namespace dipadj {

std::string RuleExtension::order_text(const Order& /*order*/, const Variant& /*variant*/) const { return "?"; }

Reason RuleExtension::validate_movement_order(const Variant& /*variant*/, const Rulebook& /*rules*/,
                                              const Position& /*position*/, PowerId /*power*/, const Order& /*order*/,
                                              Order& /*resolved*/) const {
  return Reason::NotThisPhase;
}

}  // namespace dipadj
