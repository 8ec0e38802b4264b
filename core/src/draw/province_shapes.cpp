#include "province_shapes.hpp"

#include <algorithm>

#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "import/svg_drawing.hpp"
#include "svg_text.hpp"

namespace dipadj {
namespace {

// "spa-nc", "spa_nc", "spa/nc", "spa.nc": the province of a shape named for one of its coasts
// (jDip's maps draw each coast beside its province's whole shape).
std::optional<ProvinceId> province_of_coast_shape(const Map& map, const std::string& name) {
  const auto cut = name.find_last_of("-_/.");
  if (cut == std::string::npos || cut == 0 || cut + 1 >= name.size()) return std::nullopt;
  const auto province = map.find_province(normalize_name(name.substr(0, cut)));
  if (!province) return std::nullopt;
  const auto coast = map.find_coast(normalize_name(name.substr(cut + 1)));
  if (!coast || map.coast_location(*province, *coast) == kNoLocation) return std::nullopt;
  return province;
}

void add_shape(ProvinceShapes& shapes, ProvinceId province, const DrawnShape& shape) {
  auto& outline = shapes.outline[province];
  const bool first = std::all_of(shapes.outline.begin(), shapes.outline.end(), [](const Outline& o) { return o.empty(); });
  outline.insert(outline.end(), shape.outline.begin(), shape.outline.end());
  auto& data = shapes.path_data[province];
  data += (data.empty() ? "" : " ") + (shape.path_data.empty() ? outline_path(shape.outline) : shape.path_data);
  bool seeded = !first;
  for (const auto& ring : shape.outline)
    for (const Point& p : ring) {
      if (!seeded) shapes.low = shapes.high = p;
      seeded = true;
      shapes.low = Point{std::min(shapes.low.x, p.x), std::min(shapes.low.y, p.y)};
      shapes.high = Point{std::max(shapes.high.x, p.x), std::max(shapes.high.y, p.y)};
    }
}

}  // namespace

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
  std::vector<std::pair<ProvinceId, const DrawnShape*>> coast_shapes;
  for (const DrawnShape& shape : drawing->shapes) {
    if (shape.name.empty()) continue;
    if (const auto province = map.find_province(normalize_name(shape.name))) {
      add_shape(shapes, *province, shape);
    } else if (const auto of_coast = province_of_coast_shape(map, shape.name)) {
      coast_shapes.emplace_back(*of_coast, &shape);
    } else {
      warnings.push_back(artwork.file + ":" + std::to_string(shape.line) + ": shape '" + shape.name + "' names no province of the map");
    }
  }
  // A province drawn as its coasts alone is the sum of them; one drawn whole needs none.
  std::vector<bool> drawn_whole(map.province_count());
  for (std::size_t p = 0; p < map.province_count(); ++p) drawn_whole[p] = !shapes.outline[p].empty();
  for (const auto& [province, shape] : coast_shapes)
    if (!drawn_whole[province]) add_shape(shapes, province, *shape);
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
