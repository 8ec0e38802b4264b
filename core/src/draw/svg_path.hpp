#pragma once
// The outline of an SVG shape as polygons: what the pictures need of a province's shape (its
// extent, a point inside it for its label, which shapes share a border). Private to the core.
#include <optional>
#include <string_view>
#include <vector>

#include "dipadj/geo/map.hpp"

namespace dipadj {

// Closed rings of points; a shape of several parts (an island group) has several rings.
using Outline = std::vector<std::vector<Point>>;

// Path data (`d`): every command of SVG 1.1, absolute and relative. A curve or an arc is taken
// as the straight line to its end point: good enough for extents, labels and contacts, and the
// picture draws the path itself, curves and all. Nothing for data that does not parse (a letter
// that is no command, a number missing).
std::optional<Outline> path_outline(std::string_view data);
// A polygon's `points`.
std::optional<Outline> points_outline(std::string_view points);

// The path data ("M x y L ... Z") of an outline, to a tenth of a unit.
std::string outline_path(const Outline& outline);

// The area-weighted centre of the outline's largest ring: where its label goes.
Point outline_label_point(const Outline& outline);

}  // namespace dipadj
