#pragma once
// Who stands where: at most one unit per province, indexed by province id.
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/geo/ids.hpp"

namespace dipadj {

class Map;

struct Unit {
  UnitType type = UnitType::Army;
  PowerId power = kNoPower;
  LocationId location = kNoLocation;

  [[nodiscard]] bool present() const { return power != kNoPower; }
  friend bool operator==(const Unit&, const Unit&) = default;
};

// A unit as positions and reports write it: "A Paris", "F St Petersburg(sc)".
std::string unit_text(const Map& map, const Unit& unit);

class Position {
 public:
  explicit Position(std::size_t province_count) : units_(province_count), owners_(province_count, kNoPower) {}

  [[nodiscard]] std::size_t province_count() const { return units_.size(); }
  // The unit in a province; `present()` is false when there is none.
  [[nodiscard]] const Unit& unit_in(ProvinceId province) const { return units_[province]; }
  // Places a unit; false when its province is already occupied, or the unit cannot stand where it
  // says (Map::can_hold).
  bool place(const Map& map, const Unit& unit);
  // The same for a unit known able to stand where it says, in `province`, its location's: inline
  // (a game line places each of its units, and a call each cost half the placing).
  bool place_in(ProvinceId province, const Unit& unit) {
    if (units_[province].present()) return false;
    units_[province] = unit;
    return true;
  }
  void remove(ProvinceId province) { units_[province] = Unit{}; }
  // place() without its checks, for a caller that knows the province empty and the unit able to
  // stand where it says (a judge moving a unit by a move it validated and found successful).
  void put(ProvinceId province, const Unit& unit) { units_[province] = unit; }
  void clear_units();
  // No unit, no owner and no plugin's state: an empty board of the same map, its memory kept.
  void clear();
  [[nodiscard]] std::size_t unit_count() const;
  [[nodiscard]] std::size_t unit_count(PowerId power) const;

  // Supply-centre ownership.
  [[nodiscard]] PowerId owner(ProvinceId province) const { return owners_[province]; }
  void set_owner(ProvinceId province, PowerId power) { owners_[province] = power; }
  // Every province's owner as `other` has them (a position of the same map).
  void set_owners_as(const Position& other) { owners_ = other.owners_; }
  [[nodiscard]] std::size_t centre_count(PowerId power) const;
  // The supply centres the power owns, in province order (only supply centres have owners).
  [[nodiscard]] std::vector<ProvinceId> owned_centres(PowerId power) const;

  // What a plugin keeps from one phase to the next (coring: how long each centre has been held),
  // by the plugin's name: its own JSON text, which the core carries from phase to phase with the
  // board, writes into the game file (`plugin_state:`) and reads back, never looking inside.
  // "" when the plugin keeps nothing. A rule that needs memory has it here, where every hook that
  // is given the board can read it, rather than in the plugin, which every game shares.
  using PluginStates = std::map<std::string, std::string, std::less<>>;
  [[nodiscard]] const std::string& plugin_state(std::string_view plugin) const;
  // Keeps `json` for the plugin ("" forgets what it kept).
  void set_plugin_state(std::string_view plugin, std::string json);
  [[nodiscard]] const PluginStates& plugin_states() const { return plugin_states_; }

  friend bool operator==(const Position&, const Position&) = default;

 private:
  std::vector<Unit> units_;
  std::vector<PowerId> owners_;
  PluginStates plugin_states_;
};

// A power's units as unit_text writes them, and the names of the supply centres it owns, both in
// the map's province order: how every report and file lists them.
std::vector<std::string> unit_texts(const Map& map, const Position& position, PowerId power);
std::vector<std::string> centre_names(const Map& map, const Position& position, PowerId power);

}  // namespace dipadj
