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

}  // namespace dipadj
