#pragma once
// Fill colours of a drawing, read as the importer needs them: which look like water, which are
// greys, and the same colour however it is written. Private to the core.
#include <optional>
#include <string>
#include <string_view>

namespace dipadj {

struct Rgb {
  int r = 0, g = 0, b = 0;
  bool operator==(const Rgb&) const = default;
  auto operator<=>(const Rgb&) const = default;
};

// "#abc", "#aabbcc", "rgb(1, 2, 3)" (numbers or percentages) and the common named colours; nothing
// for "none", a gradient (url(...)) or anything else.
std::optional<Rgb> parse_colour(std::string_view text);
// A light blue or blue-green, as seas are painted: a hue between cyan and blue, light enough
// (saturated mid blues, as a power's colour often is, are not water).
bool looks_like_water(Rgb colour);
// White, black and the greys between: no power's colour.
bool is_grey(Rgb colour);
// "#rrggbb".
std::string hex(Rgb colour);

}  // namespace dipadj
