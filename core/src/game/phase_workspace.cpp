#include "dipadj/game/phase_workspace.hpp"

#include "dipadj/judge/movement.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

PhaseWorkspace::PhaseWorkspace() = default;
PhaseWorkspace::~PhaseWorkspace() = default;
PhaseWorkspace::PhaseWorkspace(PhaseWorkspace&&) noexcept = default;
PhaseWorkspace& PhaseWorkspace::operator=(PhaseWorkspace&&) noexcept = default;

MovementAdjudicator& PhaseWorkspace::movement(const std::shared_ptr<const Variant>& variant, const Rulebook& rules) {
  if (movement_ && variant_ == variant && *rules_ == rules) return *movement_;
  // The adjudicator goes first: it refers to the rules and the variant it was made for.
  movement_.reset();
  variant_ = variant;
  rules_ = std::make_unique<Rulebook>(rules);
  movement_ = std::make_unique<MovementAdjudicator>(*variant_, *rules_);
  return *movement_;
}

}  // namespace dipadj
