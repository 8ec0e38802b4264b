#include "province_shapes.hpp"

#include <algorithm>

#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "import/svg_drawing.hpp"
#include "svg_text.hpp"

namespace dipadj {

std::optional<ProvinceShapes> read_province_shapes(const Map& map, const VariantArtwork& artwork, std::vector<std::string>& warnings) {
  std::vector<Diagnostic> errors;
  const auto drawing = read_svg_drawing(artwork.file, errors);
  if (!drawing) {
    for (const Diagnostic& e : errors) warnings.push_back(e.to_string() + " (the artwork is not used)");
    return std::nullopt;
  }
  for (const Diagnostic& problem : drawing->problems) warnings.push_back(problem.to_string());
  ProvinceShapes shapes;
  shapes.outline.resize(map.province_count());
  shapes.path_data.resize(map.province_count());
  bool first = true;
  for (const DrawnShape& shape : drawing->shapes) {
    if (shape.name.empty()) continue;
    const auto province = map.find_province(normalize_name(shape.name));
    if (!province) {
      warnings.push_back(artwork.file + ":" + std::to_string(shape.line) + ": shape '" + shape.name + "' names no province of the map");
      continue;
    }
    auto& outline = shapes.outline[*province];
    outline.insert(outline.end(), shape.outline.begin(), shape.outline.end());
    auto& data = shapes.path_data[*province];
    data += (data.empty() ? "" : " ") + (shape.path_data.empty() ? outline_path(shape.outline) : shape.path_data);
    for (const auto& ring : shape.outline)
      for (const Point& p : ring) {
        if (first) shapes.low = shapes.high = p;
        first = false;
        shapes.low = Point{std::min(shapes.low.x, p.x), std::min(shapes.low.y, p.y)};
        shapes.high = Point{std::max(shapes.high.x, p.x), std::max(shapes.high.y, p.y)};
      }
  }
  std::vector<std::string> missing;
  for (std::size_t p = 0; p < map.province_count(); ++p)
    if (shapes.outline[p].empty()) missing.push_back(map.province(static_cast<ProvinceId>(p)).id);
  if (missing.size() == map.province_count()) {
    warnings.push_back(artwork.named_at + ": the artwork has no shape with a province's " + drawing->key + "; not used");
    return std::nullopt;
  }
  for (const std::string& id : missing)
    warnings.push_back(artwork.named_at + ": the artwork has no shape for province '" + id + "' (drawn without one)");
  return shapes;
}

}  // namespace dipadj
