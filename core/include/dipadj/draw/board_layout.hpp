#pragma once
// Where each place of a board is drawn: the map's own positions (`at:`, `coast_at:`), or, for a
// map without them, a layout computed from its borders (Boost.Graph's Fruchterman-Reingold force
// layout), so that a new map draws from the first minute.
#include <optional>
#include <span>
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
// `drawn_at`, by province: where the variant's artwork draws a province the map gives no position
// (its shape's label point), taken as if the map gave it.
BoardLayout board_layout(const Map& map, std::vector<std::string>& warnings, std::span<const std::optional<Point>> drawn_at = {});

}  // namespace dipadj
