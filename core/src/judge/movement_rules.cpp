#include "dipadj/judge/movement_rules.hpp"

#include "dipadj/plugin/plugin.hpp"

namespace dipadj {

// The default of the plugin interface, defined here where MovementRules is complete (the plugin
// layer, below the judge, only declares it): a plugin has no part in the movement phase.
std::unique_ptr<MovementRules> RuleExtension::movement_rules(const Rulebook& /*rules*/) const { return nullptr; }

}  // namespace dipadj
