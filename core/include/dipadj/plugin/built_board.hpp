#pragma once
// What a map plugin builds in code (RulePlugin::build_map): the map, and the powers and the start
// that go with it when the plugin makes them too (a random map). A variant file that names a map
// plugin may still give its own powers and start; the plugin's are used where it gives none.
#include <string>
#include <vector>

#include "dipadj/geo/map.hpp"

namespace dipadj {

struct BuiltBoard {
  MapSpec map;

  struct PowerSpec {
    std::string name;
    std::vector<ProvinceId> home_centres;  // they own them at the start
  };
  std::vector<PowerSpec> powers;

  struct StartUnit {
    std::size_t power = 0;  // into `powers`
    UnitType type = UnitType::Army;
    ProvinceId province = kNoProvince;
    CoastId coast = kNoCoast;  // for a fleet in a province with coasts
  };
  std::vector<StartUnit> units;

  int victory_centres = 0;
};

}  // namespace dipadj
