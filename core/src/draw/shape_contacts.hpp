#pragma once
// Which province shapes share a border, and how long a one. Private to the core.
#include <set>
#include <utility>
#include <vector>

#include "import/svg_path.hpp"

namespace dipadj {

struct ShapeContact {
  ProvinceId a = 0, b = 0;  // a < b
  double length = 0;        // of the outline they share
};

// Every pair of outlines with edges that lie along each other (no further apart than
// `tolerance`) for a total of more than `shortest`; a contact at a corner alone is none.
// The pairs of provinces (first < second) that the map connects, army or fleet, either way.
std::set<std::pair<ProvinceId, ProvinceId>> province_borders(const Map& map);

std::vector<ShapeContact> shape_contacts(const std::vector<Outline>& outlines, double tolerance, double shortest);

}  // namespace dipadj
