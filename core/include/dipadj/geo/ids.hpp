#pragma once
// Dense integer ids given at load time. Strings belong to parsing and printing only.
#include <cstddef>
#include <cstdint>

namespace dipadj {

using ProvinceId = std::uint16_t;
using LocationId = std::uint16_t;  // a province, or one coast of a multi-coast province
using CoastId = std::uint8_t;      // index into the map's coast vocabulary; 0 = no coast
using PowerId = std::uint8_t;

inline constexpr ProvinceId kNoProvince = 0xFFFF;
inline constexpr LocationId kNoLocation = 0xFFFF;
inline constexpr CoastId kNoCoast = 0;
inline constexpr PowerId kNoPower = 0xFF;
// The owner of a neutral unit (a unit of no power, issue 28): never a power's index, since a
// variant has fewer powers than this, so code that iterates the powers never meets it; code that
// looks a unit's power up must ask `Variant::power`, which names it "Neutral".
inline constexpr PowerId kNeutral = 0xFE;
// The most places (provinces and their coasts) a map may have: every one needs an id below
// kNoLocation.
inline constexpr std::size_t kMaxPlaces = kNoLocation;

enum class UnitType : std::uint8_t { Army, Fleet };

[[nodiscard]] constexpr char unit_letter(UnitType type) { return type == UnitType::Army ? 'A' : 'F'; }

}  // namespace dipadj
