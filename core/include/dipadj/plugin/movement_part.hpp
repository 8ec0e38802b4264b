#pragma once
// Capability: a part in the movement phase's adjudication (passages, carried moves, contests,
// units held, decisions of the plugin's own: movement_rules.hpp). The core asks each plugin with
// this capability once per adjudicator, not per phase: the MovementRules it makes may keep
// working memory from one phase to the next, and is called from one thread at a time.
#include <memory>

#include "dipadj/plugin/movement_rules.hpp"

namespace dipadj {

class Rulebook;

class MovementPart {
 public:
  // The plugin's part under these rules; nothing when it adds nothing to movement under them
  // (its option is off).
  [[nodiscard]] virtual std::unique_ptr<MovementRules> movement_rules(const Rulebook& rules) const = 0;

 protected:
  ~MovementPart() = default;
};

}  // namespace dipadj
