#pragma once
// An SVG drawing read as a list of shapes, each with the province its attributes name, its
// classes, fill and layers (its own and its groups'), and its outline in the drawing's units
// (transforms applied, curves flattened): what the pictures take from a variant's artwork and
// what `dipadj import --from svg` makes a map of. Read with the safe XML reader (no entity, no
// external file, size and depth limits); scripts, styles, text, links and definitions are
// skipped. Private to the core.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "svg_path.hpp"

namespace dipadj {

struct DrawnShape {
  std::string element;  // the element's name without a prefix: path, polygon, polyline, rect, circle, ellipse
  int line = 0;
  std::string name;     // the value of the drawing's province key, its own or its group's; empty when none
  bool own_name = false;
  Outline outline;      // in the drawing's user units
  std::string path_data;               // the path's own data, when no transform applies (else empty)
  std::vector<std::string> classes;    // its own and its groups' class tokens, lower case
  std::vector<std::string> layers;     // its groups' ids and inkscape:labels, lower case
  std::string fill;                    // its fill colour as written (attribute or style), own or inherited
  std::vector<std::pair<std::string, std::string>> attributes;  // its own attributes but for the geometry

  [[nodiscard]] const std::string* attribute(std::string_view key) const;
  [[nodiscard]] bool has_class(std::string_view token) const;
  [[nodiscard]] bool in_layer(std::string_view label) const;
};

struct SvgDrawing {
  std::string file;
  std::string key;  // "data-province" when any element has it, else "id"
  std::string layout;  // "jDip" for a jDip map, read from its MouseLayer; else empty
  std::vector<DrawnShape> shapes;
  // Shapes left out: geometry or a transform that does not read (file:line each).
  std::vector<Diagnostic> problems;
};

// The drawing's shapes. Errors (not XML, over the reader's limits, not an SVG) with file:line.
std::optional<SvgDrawing> read_svg_drawing(const std::filesystem::path& file, std::vector<Diagnostic>& errors);

}  // namespace dipadj
