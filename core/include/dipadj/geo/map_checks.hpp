#pragma once
// Checks of a map's shape that its files cannot show line by line: a province with no neighbour
// at all, or a map that falls into parts no unit can cross between (Boost.Graph's
// connected_components on the provinces, armies' and fleets' borders together). What
// `dipadj validate` reports beside the problems of the files.
#include <string>
#include <vector>

namespace dipadj {

class Map;

// One line per finding, empty for a map in one piece.
std::vector<std::string> connectivity_problems(const Map& map);

// For a map with one-way borders (`one_way:`), the provinces of its main part that a unit may
// enter and then never leave for the rest of the map, and those no unit from the rest of the map
// can reach (Boost.Graph's strong_components on the provinces, borders with their direction, any
// unit's). Warnings: the variant plays, but a designer rarely means it. Empty for a map whose
// borders are all two-way.
std::vector<std::string> one_way_warnings(const Map& map);

}  // namespace dipadj
