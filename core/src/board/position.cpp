#include "dipadj/board/position.hpp"

#include <algorithm>

#include "dipadj/geo/map.hpp"

namespace dipadj {

std::string unit_text(const Map& map, const Unit& unit) {
  if (unit.location == kNoLocation) return std::string{unit_letter(unit.type), ' ', '?'};
  return map.unit_label(unit.type, unit.location);
}

std::vector<std::string> unit_texts(const Map& map, const Position& position, PowerId power) {
  std::vector<std::string> out;
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    const Unit& unit = position.unit_in(static_cast<ProvinceId>(p));
    if (unit.power == power) out.push_back(unit_text(map, unit));
  }
  return out;
}

std::vector<std::string> centre_names(const Map& map, const Position& position, PowerId power) {
  std::vector<std::string> out;
  for (std::size_t p = 0; p < map.province_count(); ++p)
    if (position.owner(static_cast<ProvinceId>(p)) == power) out.push_back(map.province(static_cast<ProvinceId>(p)).name);
  return out;
}

std::vector<ProvinceId> Position::owned_centres(PowerId power) const {
  std::vector<ProvinceId> out;
  for (std::size_t p = 0; p < owners_.size(); ++p)
    if (owners_[p] == power) out.push_back(static_cast<ProvinceId>(p));
  return out;
}

bool Position::place(const Map& map, const Unit& unit) {
  return map.can_hold(unit.type, unit.location) && place_in(map.province_of(unit.location), unit);
}

void Position::clear_units() { std::fill(units_.begin(), units_.end(), Unit{}); }

void Position::clear() {
  clear_units();
  std::fill(owners_.begin(), owners_.end(), kNoPower);
  plugin_states_.clear();
}

std::size_t Position::unit_count() const {
  return static_cast<std::size_t>(std::count_if(units_.begin(), units_.end(), [](const Unit& u) { return u.present(); }));
}

std::size_t Position::unit_count(PowerId power) const {
  return static_cast<std::size_t>(std::count_if(units_.begin(), units_.end(), [&](const Unit& u) { return u.power == power; }));
}

std::size_t Position::centre_count(PowerId power) const {
  return static_cast<std::size_t>(std::count(owners_.begin(), owners_.end(), power));
}

const std::string& Position::plugin_state(std::string_view plugin) const {
  static const std::string nothing;
  const auto kept = plugin_states_.find(plugin);
  return kept == plugin_states_.end() ? nothing : kept->second;
}

void Position::set_plugin_state(std::string_view plugin, std::string json) {
  if (json.empty()) {
    if (const auto kept = plugin_states_.find(plugin); kept != plugin_states_.end()) plugin_states_.erase(kept);
    return;
  }
  plugin_states_.insert_or_assign(std::string(plugin), std::move(json));
}

}  // namespace dipadj
