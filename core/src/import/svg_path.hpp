#pragma once
// The outline of an SVG shape as polygons: what the pictures and the drawing importer need of a
// province's shape (its extent, a point inside it for its label, which shapes share a border).
// Private to the core.
#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

#include "dipadj/geo/map.hpp"

namespace dipadj {

// Closed rings of points; a shape of several parts (an island group) has several rings.
using Outline = std::vector<std::vector<Point>>;

// Path data (`d`): every command of SVG 1.1, absolute and relative. Curves (C, S, Q, T) and arcs
// (A) are flattened into short straight lines, so that an outline follows a drawn curve closely
// enough for extents, labels and contacts. Nothing for data that does not parse (a letter that
// is no command, a number missing) or that would flatten into more than `max_points` points.
std::optional<Outline> path_outline(std::string_view data, std::size_t max_points = 4'000'000);
// A polygon's `points`.
std::optional<Outline> points_outline(std::string_view points);

// The area-weighted centre of the outline's largest ring: where its label goes.
Point outline_label_point(const Outline& outline);

}  // namespace dipadj
