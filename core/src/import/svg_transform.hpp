#pragma once
// SVG's `transform` attribute as an affine map: translate, scale, rotate, skewX, skewY and matrix,
// in any number, composed left to right as SVG composes them. Private to the core.
#include <optional>
#include <string_view>

#include "dipadj/geo/map.hpp"

namespace dipadj {

// x' = a x + c y + e, y' = b x + d y + f (SVG's matrix(a b c d e f)).
struct Affine {
  double a = 1, b = 0, c = 0, d = 1, e = 0, f = 0;

  [[nodiscard]] Point apply(Point p) const { return Point{a * p.x + c * p.y + e, b * p.x + d * p.y + f}; }
  // This map after `inner` (a group's transform then a child's: group.then_inner(child)).
  [[nodiscard]] Affine after(const Affine& inner) const;
  [[nodiscard]] bool identity() const { return a == 1 && b == 0 && c == 0 && d == 1 && e == 0 && f == 0; }
};

// The transform list of an attribute; nothing when it does not parse (an unknown function, a
// number missing or not finite).
std::optional<Affine> parse_transform(std::string_view text);

}  // namespace dipadj
