#pragma once
#include <optional>
#include <string>
#include <string_view>

namespace dipadj {

// A season by its index in the variant's calendar (board/calendar.hpp); these three are the
// Standard game's seasons, and the indices of the Standard calendar's.
enum class Season : unsigned char { Spring, Fall, Winter };
enum class PhaseKind : unsigned char { Movement, Retreat, Adjustment };

// Years are at most kMaxYear (and at least the calendar's first year): far beyond any game, and
// far enough from the int range that a game going on a year never overflows.
inline constexpr int kMaxYear = 1'000'000;

struct Phase {
  Season season = Season::Spring;
  int year = 1901;
  PhaseKind kind = PhaseKind::Movement;

  friend bool operator==(const Phase&, const Phase&) = default;
};

// In the Standard game's names, where no variant is known (a variant's own: calendar.hpp):
// "Spring 1901 Movement", "Fall 1905 Retreats", "Winter 1901 Adjustments" (also "Autumn",
// "Moves", "Retreat", "Builds"); nullopt when not understood, or when the year is not a number
// from 1 to kMaxYear.
std::optional<Phase> parse_phase(std::string_view text);
std::string to_string(const Phase& phase);

}  // namespace dipadj
