#pragma once
// How the movement solver numbers its decisions for the resolver (docs/architecture.md,
// "Decisions"): the four of a province (DATC 5.B) side by side, id = `4 * province + kind`, so
// that a kind and a province are taken apart with a mask and a shift, no division; the plugins'
// own decisions follow the core's, from `4 * provinces`. Private to the core (and its tests).
#include <cstddef>
#include <cstdint>

#include "dipadj/geo/ids.hpp"

namespace dipadj {

enum class DecisionKind : std::uint32_t { Move = 0, Support = 1, Dislodge = 2, Path = 3 };
inline constexpr std::uint32_t kDecisionKinds = 4;

[[nodiscard]] constexpr std::uint32_t decision_id(DecisionKind kind, ProvinceId province) {
  return (std::uint32_t{province} << 2U) | static_cast<std::uint32_t>(kind);
}
[[nodiscard]] constexpr DecisionKind kind_of_decision(std::uint32_t decision) {
  return static_cast<DecisionKind>(decision & 3U);
}
[[nodiscard]] constexpr ProvinceId province_of_decision(std::uint32_t decision) {
  return static_cast<ProvinceId>(decision >> 2U);
}
// The number of the core's decisions on a board of this many provinces: the first plugin's
// first id.
[[nodiscard]] constexpr std::uint32_t core_decision_count(std::size_t provinces) {
  return static_cast<std::uint32_t>(kDecisionKinds * provinces);
}

}  // namespace dipadj
