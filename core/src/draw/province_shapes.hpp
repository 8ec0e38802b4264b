#pragma once
// A variant's artwork read for drawing (docs/map-format.md, "Artwork"): each province's shape,
// found by the id it carries. Private to the core.
#include <optional>
#include <string>
#include <vector>

#include "import/svg_path.hpp"

namespace dipadj {

struct VariantArtwork;

struct ProvinceShapes {
  std::vector<Outline> outline;        // by province; empty where the artwork has no shape for it
  std::vector<std::string> path_data;  // by province: the path drawn, the artwork's own data
  Point low, high;                     // the corners of what the shapes cover
};

// The artwork's shapes for the map's provinces. Warnings for a province with no shape (at the
// line of the variant that names the artwork) and for a shape that names no province (at its own
// line); none at all, with a warning saying why, for a file that cannot be read (the picture is
// then drawn as if the variant had no artwork). Only the shapes' outlines are taken from the
// file: its scripts, styles, links and text never reach a picture.
std::optional<ProvinceShapes> read_province_shapes(const Map& map, const VariantArtwork& artwork, std::vector<std::string>& warnings);

}  // namespace dipadj
