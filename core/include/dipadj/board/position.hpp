#pragma once
// Who stands where: at most one unit per province, indexed by province id.
#include <string>
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
  // Places a unit; false when its province is already occupied.
  bool place(const Map& map, const Unit& unit);
  void remove(ProvinceId province) { units_[province] = Unit{}; }
  void clear_units();
  [[nodiscard]] std::size_t unit_count() const;
  [[nodiscard]] std::size_t unit_count(PowerId power) const;

  // Supply-centre ownership.
  [[nodiscard]] PowerId owner(ProvinceId province) const { return owners_[province]; }
  void set_owner(ProvinceId province, PowerId power) { owners_[province] = power; }
  [[nodiscard]] std::size_t centre_count(PowerId power) const;
  // The supply centres the power owns, in province order (only supply centres have owners).
  [[nodiscard]] std::vector<ProvinceId> owned_centres(PowerId power) const;

  friend bool operator==(const Position&, const Position&) = default;

 private:
  std::vector<Unit> units_;
  std::vector<PowerId> owners_;
};

// A power's units as unit_text writes them, and the names of the supply centres it owns, both in
// the map's province order: how every report and file lists them.
std::vector<std::string> unit_texts(const Map& map, const Position& position, PowerId power);
std::vector<std::string> centre_names(const Map& map, const Position& position, PowerId power);

}  // namespace dipadj
