#pragma once
// What a thread that plays many phases keeps between them (a batch reader, a C API call): the
// movement adjudicator of the last variant and rules it played, whose working memory takes some
// fifteen allocations and 10,000 instructions to make, made again only when either changes.
// One thread's at a time.
#include <memory>

namespace dipadj {

class MovementAdjudicator;
class Rulebook;
class Variant;

class PhaseWorkspace {
 public:
  PhaseWorkspace();
  ~PhaseWorkspace();
  PhaseWorkspace(PhaseWorkspace&&) noexcept;
  PhaseWorkspace& operator=(PhaseWorkspace&&) noexcept;

  // The adjudicator for this variant and rules (equal rules: the workspace keeps a copy of them,
  // which the adjudicator and its plugins' rules refer to, and the variant alive). To give to
  // play_phase (game.hpp) for a phase of that variant, with those rules.
  MovementAdjudicator& movement(const std::shared_ptr<const Variant>& variant, const Rulebook& rules);

 private:
  std::shared_ptr<const Variant> variant_;
  std::unique_ptr<Rulebook> rules_;
  std::unique_ptr<MovementAdjudicator> movement_;
};

}  // namespace dipadj
