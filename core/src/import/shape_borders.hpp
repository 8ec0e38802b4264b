#pragma once
// Which shapes of a drawing share a border, and the geometry of each shape an importer needs: a
// point well inside it for its label, its area, whether its outline crosses itself. Computed with
// Boost.Geometry (kept out of this header). Private to the core.
#include <cstddef>
#include <vector>

#include "svg_path.hpp"

namespace dipadj {

struct ShapeBorder {
  std::size_t a = 0, b = 0;  // a < b, indexes of the bodies
  double length = 0;         // of outline lying within the tolerance of the other's
  double gap = 0;            // the least distance between the two outlines along it (0: they meet)
  double overlap = 0;        // the area the two cover both
};

struct BorderSearch {
  double tolerance = 0;  // outlines no further apart than this lie along each other
  double shortest = 0;   // a border is at least this long (a corner alone is none) ...
  double overlap = 0;    // ... or the shapes overlap by more than this area
};

// The pairs of bodies that share a border: their outlines lie within the tolerance of each other
// for more than the shortest length, or they overlap. Bodies of the same `group` (the parts of one
// province) are never paired.
std::vector<ShapeBorder> find_shape_borders(const std::vector<Outline>& bodies, const std::vector<std::size_t>& group,
                                            const BorderSearch& search);

// A point inside the outline's largest ring, as far from its edges as a search on finer and finer
// grids finds (a pole of inaccessibility): a label's place, inside even a crescent.
Point inner_point(const Outline& outline);
// The area the outline's rings cover (a ring that crosses itself counts as drawn).
double outline_area(const Outline& outline);
// Whether a ring of the outline crosses itself.
bool crosses_itself(const Outline& outline);
// The distance from the point to the outline's area (0 inside it).
double distance_to_outline(const Outline& outline, Point point);

}  // namespace dipadj
