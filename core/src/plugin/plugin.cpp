#include "dipadj/plugin/plugin.hpp"

#include <yaml-cpp/yaml.h>


namespace dipadj {

Diagnostic PluginSettings::problem(const YAML::Node& at, const std::string& message) const {
  const int at_line = at.IsDefined() && at.Mark().line >= 0 ? at.Mark().line + 1 : line;
  return Diagnostic{file, at_line, std::string(plugin) + ": " + message};
}

std::string RuleExtension::order_text(const Order& /*order*/, const Variant& /*variant*/) const { return "?"; }

Reason RuleExtension::validate_movement_order(const Variant& /*variant*/, const Rulebook& /*rules*/,
                                              const Position& /*position*/, PowerId /*power*/, const Order& /*order*/,
                                              Order& /*resolved*/) const {
  return Reason::NotThisPhase;
}

}  // namespace dipadj
