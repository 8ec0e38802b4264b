#pragma once
// Kruijswijk's guess-and-backtrack resolver for a set of yes/no decisions that are defined by
// equations over each other (DATC 5.D; "The Math of Adjudication").
//
// It knows nothing about Diplomacy. A Problem supplies
//   bool evaluate(std::uint32_t decision)        -- the equation, calling resolve() for what it needs
//   void backup_rule(const ResolverCycle& cycle) -- settles a cycle with zero or two consistent
//                                                   resolutions by calling settle() on some of them
// Decisions are resolved on demand. When a decision turns out to depend on itself, it is guessed
// false and then true; if both guesses give the same answer that answer stands, otherwise the
// decisions of the cycle go to the backup rule and resolution starts again.
#include <cstdint>
#include <span>
#include <vector>

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

template <class Problem>
class Resolver {
 public:
  explicit Resolver(Problem& problem) : problem_(problem) {}

  // Forgets every resolution; `count` decisions, ids 0 .. count-1. Allocates only when it grows.
  void reset(std::size_t count) {
    state_.assign(count, State::Unresolved);
    value_.assign(count, 0);
    cycle_.clear();
    cycle_.reserve(count);
    trials_.clear();
  }

  bool resolve(std::uint32_t decision) {
    switch (state_[decision]) {
      case State::Resolved:
        return value_[decision] != 0;
      case State::Guessing:
        // A dependency on a decision that is still being guessed: a cycle. It is recorded on
        // every read, not once: whatever read it depends on a guess and must not be settled.
        cycle_.push_back(decision);
        return value_[decision] != 0;
      case State::Unresolved:
        break;
    }
    const std::size_t cycle_start = cycle_.size();
    value_[decision] = 0;
    state_[decision] = State::Guessing;
    const bool first = problem_.evaluate(decision);
    if (cycle_.size() == cycle_start) {
      // Nothing depended on a guess: the answer is final (unless the backup rule set it meanwhile).
      if (state_[decision] != State::Resolved) settle(decision, first);
      return value_[decision] != 0;
    }
    if (cycle_[cycle_start] != decision) {
      // Part of a cycle that started further up: keep guessing, the head of the cycle decides.
      cycle_.push_back(decision);
      value_[decision] = first ? 1 : 0;
      return first;
    }
    // This decision heads the cycle: keep what the first guess gave (a backup rule may want to
    // choose between two resolutions), then try the other guess. Trials nest like the recursion.
    const std::size_t trial_start = trials_.size();
    for (std::size_t i = cycle_start; i < cycle_.size(); ++i) trials_.push_back({cycle_[i], value_[cycle_[i]] != 0});
    unresolve_from(cycle_start);
    value_[decision] = 1;
    state_[decision] = State::Guessing;
    const bool second = problem_.evaluate(decision);
    if (first == second) {
      trials_.resize(trial_start);
      unresolve_from(cycle_start);
      settle(decision, first);
      return first;
    }
    // No consistent resolution, or two: the backup rule settles part of the cycle, the rest is
    // resolved again with that knowledge.
    const std::size_t second_start = trials_.size();
    for (std::size_t i = cycle_start; i < cycle_.size(); ++i) trials_.push_back({cycle_[i], value_[cycle_[i]] != 0});
    const std::span<const TrialValue> trials(trials_);
    ResolverCycle report;
    report.decisions = std::span<const std::uint32_t>(cycle_).subspan(cycle_start);
    report.two_resolutions = !first && second;
    report.guessed_false = trials.subspan(trial_start, second_start - trial_start);
    report.guessed_true = trials.subspan(second_start);
    problem_.backup_rule(report);
    trials_.resize(trial_start);
    unresolve_from(cycle_start);
    return resolve(decision);
  }

  // Fixes a decision's value for good (used by the backup rule and by the problem for decisions
  // known before resolution starts).
  void settle(std::uint32_t decision, bool value) {
    value_[decision] = value ? 1 : 0;
    state_[decision] = State::Resolved;
  }
  [[nodiscard]] bool is_resolved(std::uint32_t decision) const { return state_[decision] == State::Resolved; }

 private:
  enum class State : std::uint8_t { Unresolved, Guessing, Resolved };

  // Decisions of the cycle that the backup rule did not settle are resolved afresh.
  void unresolve_from(std::size_t start) {
    for (std::size_t i = start; i < cycle_.size(); ++i)
      if (state_[cycle_[i]] != State::Resolved) state_[cycle_[i]] = State::Unresolved;
    cycle_.resize(start);
  }

  Problem& problem_;
  std::vector<State> state_;
  std::vector<std::uint8_t> value_;
  std::vector<std::uint32_t> cycle_;
  std::vector<TrialValue> trials_;
};

}  // namespace dipadj
