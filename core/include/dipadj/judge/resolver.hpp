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

#include "dipadj/plugin/resolver_cycle.hpp"

namespace dipadj {

template <class Problem>
class Resolver {
 public:
  explicit Resolver(Problem& problem) : problem_(problem) {}

  // Forgets every resolution; `count` decisions, ids 0 .. count-1. Allocates only when it grows.
  void reset(std::size_t count) {
    cell_.assign(count, Cell{kUnresolved});
    cycle_.clear();
    cycle_.reserve(count);
    trials_.clear();
  }

  // Most reads find the decision settled: that answer is one load, inline in the caller; the
  // rest resolves it.
  bool resolve(std::uint32_t decision) {
    const auto cell = static_cast<std::uint8_t>(cell_[decision]);
    if (cell >= kResolved) return (cell & kTrue) != 0;
    return resolve_unsettled(decision);
  }

  // Fixes a decision's value for good (used by the backup rule and by the problem for decisions
  // known before resolution starts).
  void settle(std::uint32_t decision, bool value) { cell_[decision] = Cell(kResolved | (value ? kTrue : 0)); }
  [[nodiscard]] bool is_resolved(std::uint32_t decision) const { return static_cast<std::uint8_t>(cell_[decision]) >= kResolved; }

 private:
  // Each decision's state and value in one byte: the state in the upper bits, the value (of the
  // guess, or settled) in the lowest. A type of its own rather than a plain byte, which the
  // compiler must assume may alias anything: a write to a plain byte array would make it reload
  // every other array the solver reads.
  enum class Cell : std::uint8_t {};
  static constexpr std::uint8_t kTrue = 1;
  static constexpr std::uint8_t kUnresolved = 0;
  static constexpr std::uint8_t kGuessing = 2;
  static constexpr std::uint8_t kResolved = 4;

  [[nodiscard]] bool value(std::uint32_t decision) const { return (static_cast<std::uint8_t>(cell_[decision]) & kTrue) != 0; }
  void guess(std::uint32_t decision, bool value) { cell_[decision] = Cell(kGuessing | (value ? kTrue : 0)); }

  bool resolve_unsettled(std::uint32_t decision) {
    if (cell_[decision] != Cell{kUnresolved}) {
      // Guessing: a dependency on a decision that is still being guessed, a cycle. It is
      // recorded on every read, not once: whatever read it depends on a guess and must not be
      // settled.
      cycle_.push_back(decision);
      return value(decision);
    }
    const std::size_t cycle_start = cycle_.size();
    guess(decision, false);
    const bool first = problem_.evaluate(decision);
    if (cycle_.size() == cycle_start) {
      // Nothing depended on a guess: the answer is final (unless the backup rule set it meanwhile).
      if (!is_resolved(decision)) settle(decision, first);
      return value(decision);
    }
    if (cycle_[cycle_start] != decision) {
      // Part of a cycle that started further up: keep guessing, the head of the cycle decides.
      cycle_.push_back(decision);
      guess(decision, first);
      return first;
    }
    // This decision heads the cycle: keep what the first guess gave (a backup rule may want to
    // choose between two resolutions), then try the other guess. Trials nest like the recursion.
    const std::size_t trial_start = trials_.size();
    for (std::size_t i = cycle_start; i < cycle_.size(); ++i) trials_.push_back({cycle_[i], value(cycle_[i])});
    unresolve_from(cycle_start);
    guess(decision, true);
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
    for (std::size_t i = cycle_start; i < cycle_.size(); ++i) trials_.push_back({cycle_[i], value(cycle_[i])});
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

  // Decisions of the cycle that the backup rule did not settle are resolved afresh.
  void unresolve_from(std::size_t start) {
    for (std::size_t i = start; i < cycle_.size(); ++i)
      if (!is_resolved(cycle_[i])) cell_[cycle_[i]] = Cell{kUnresolved};
    cycle_.resize(start);
  }

  Problem& problem_;
  std::vector<Cell> cell_;
  std::vector<std::uint32_t> cycle_;
  std::vector<TrialValue> trials_;
};

}  // namespace dipadj
