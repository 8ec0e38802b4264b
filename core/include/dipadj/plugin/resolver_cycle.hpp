#pragma once
// A cycle of decisions the resolver (dipadj/judge/resolver.hpp) could not settle alone, as its
// backup rule and a plugin's (MovementRules::backup_rule) see it. Declared at the plugin
// interface's layer because plugins are shown it; the judge's resolver includes it from here.
#include <cstdint>
#include <span>

namespace dipadj {

// One decision's value in a trial resolution of a cycle.
struct TrialValue {
  std::uint32_t decision;
  bool value;
};

// What the resolver learnt about a cycle it cannot settle alone.
struct ResolverCycle {
  std::span<const std::uint32_t> decisions;  // the decisions resolved under the guesses
  // Guessing the head false gave false and guessing it true gave true: two consistent
  // resolutions, given by the two trials. Otherwise neither guess was consistent.
  bool two_resolutions = false;
  std::span<const TrialValue> guessed_false;  // the values found with the head guessed false
  std::span<const TrialValue> guessed_true;   // ... and with it guessed true
};

}  // namespace dipadj
