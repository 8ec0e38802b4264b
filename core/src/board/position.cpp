#include "dipadj/board/position.hpp"

#include <algorithm>

#include "dipadj/geo/map.hpp"

namespace dipadj {

std::string unit_text(const Map& map, const Unit& unit) {
  return std::string(1, unit_letter(unit.type)) + " " + map.location_name(unit.location);
}

bool Position::place(const Map& map, const Unit& unit) {
  if (unit.location == kNoLocation || !map.can_hold(unit.type, unit.location)) return false;
  const ProvinceId province = map.province_of(unit.location);
  if (units_[province].present()) return false;
  units_[province] = unit;
  return true;
}

void Position::clear_units() { std::fill(units_.begin(), units_.end(), Unit{}); }

std::size_t Position::unit_count() const {
  return static_cast<std::size_t>(std::count_if(units_.begin(), units_.end(), [](const Unit& u) { return u.present(); }));
}

std::size_t Position::unit_count(PowerId power) const {
  return static_cast<std::size_t>(std::count_if(units_.begin(), units_.end(), [&](const Unit& u) { return u.power == power; }));
}

std::size_t Position::centre_count(PowerId power) const {
  return static_cast<std::size_t>(std::count(owners_.begin(), owners_.end(), power));
}

}  // namespace dipadj
