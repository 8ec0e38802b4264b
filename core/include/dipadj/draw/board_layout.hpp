#pragma once
// Where each place of a board is drawn: the map's own positions (`at:`, `coast_at:`), or, for a
// map without them, a layout computed from its borders (Boost.Graph's Fruchterman-Reingold force
// layout), so that a new map draws from the first minute.
#include <string>
#include <vector>

#include "dipadj/geo/map.hpp"

namespace dipadj {

struct BoardLayout {
  std::vector<Point> at;  // by location: each province, then each coast
  bool computed = false;  // true when the map gave no positions and the layout was computed
};

// Warnings (in `warnings`) for a map that gives positions to some provinces only (the others are
// placed among their neighbours) and for places drawn on top of each other (moved apart).
BoardLayout board_layout(const Map& map, std::vector<std::string>& warnings);

}  // namespace dipadj
