#include "province_shapes.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string_view>
#include <unordered_map>

#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "import/xml_document.hpp"

namespace dipadj {
namespace {

using import::XmlElement;

std::string_view local_name(std::string_view name) {
  const auto colon = name.find(':');
  return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

std::optional<double> number_attribute(const XmlElement& element, std::string_view key) {
  const std::string* text = element.attribute(key);
  if (text == nullptr) return 0.0;
  char* end = nullptr;
  const double value = std::strtod(text->c_str(), &end);
  if (end == text->c_str() || !std::isfinite(value)) return std::nullopt;
  return value;
}

// The outline of a shape element and the path that draws it; nothing for an element that is no
// shape, or whose geometry does not read.
std::optional<std::pair<Outline, std::string>> shape_of(const XmlElement& element) {
  const std::string_view name = local_name(element.name);
  if (name == "path") {
    const std::string data = element.attribute_or("d", "");
    auto outline = path_outline(data);
    if (!outline) return std::nullopt;
    return std::pair{std::move(*outline), data};
  }
  if (name == "polygon" || name == "polyline") {
    auto outline = points_outline(element.attribute_or("points", ""));
    if (!outline) return std::nullopt;
    std::string data = outline_path(*outline);
    return std::pair{std::move(*outline), std::move(data)};
  }
  std::vector<Point> ring;
  if (name == "rect") {
    const auto x = number_attribute(element, "x"), y = number_attribute(element, "y");
    const auto w = number_attribute(element, "width"), h = number_attribute(element, "height");
    if (!x || !y || !w || !h) return std::nullopt;
    ring = {{*x, *y}, {*x + *w, *y}, {*x + *w, *y + *h}, {*x, *y + *h}};
  } else if (name == "circle" || name == "ellipse") {
    const auto cx = number_attribute(element, "cx"), cy = number_attribute(element, "cy");
    const auto rx = number_attribute(element, name == "circle" ? "r" : "rx"), ry = number_attribute(element, name == "circle" ? "r" : "ry");
    if (!cx || !cy || !rx || !ry) return std::nullopt;
    for (int i = 0; i < 24; ++i) {
      const double angle = 2 * std::numbers::pi * i / 24;
      ring.push_back(Point{*cx + *rx * std::cos(angle), *cy + *ry * std::sin(angle)});
    }
  } else {
    return std::nullopt;
  }
  Outline outline{std::move(ring)};
  std::string data = outline_path(outline);
  return std::pair{std::move(outline), std::move(data)};
}

bool has_attribute_anywhere(const XmlElement& element, std::string_view key) {
  if (element.attribute(key) != nullptr) return true;
  return std::any_of(element.children.begin(), element.children.end(), [&](const XmlElement& child) { return has_attribute_anywhere(child, key); });
}

// Walks the drawing, giving each shape the province its own id names, or else its group's.
class ShapeCollector {
 public:
  ShapeCollector(const Map& map, std::string file, std::string key, std::vector<std::string>& warnings)
      : map_(map), file_(std::move(file)), key_(std::move(key)), warnings_(warnings) {
    shapes_.outline.resize(map.province_count());
    shapes_.path_data.resize(map.province_count());
  }

  void collect(const XmlElement& element, const std::string* inherited, bool transformed) {
    if (local_name(element.name) == "script" || local_name(element.name) == "defs") return;
    const std::string* named = element.attribute(key_);
    if (named == nullptr) named = inherited;
    transformed = transformed || element.attribute("transform") != nullptr;
    if (named != nullptr && element.children.empty()) take(element, *named, transformed);
    for (const XmlElement& child : element.children) collect(child, named, transformed);
  }

  ProvinceShapes finish() {
    bool first = true;
    for (const auto& outline : shapes_.outline)
      for (const auto& ring : outline)
        for (const Point& p : ring) {
          if (first) shapes_.low = shapes_.high = p;
          first = false;
          shapes_.low = Point{std::min(shapes_.low.x, p.x), std::min(shapes_.low.y, p.y)};
          shapes_.high = Point{std::max(shapes_.high.x, p.x), std::max(shapes_.high.y, p.y)};
        }
    return std::move(shapes_);
  }

 private:
  void take(const XmlElement& element, const std::string& id, bool transformed) {
    const auto province = map_.find_province(normalize_name(id));
    auto shape = shape_of(element);
    const std::string where = file_ + ":" + std::to_string(element.line) + ": ";
    if (!province) {
      if (shape) warnings_.push_back(where + "shape '" + id + "' names no province of the map");
      return;
    }
    if (!shape) {
      const std::string_view name = local_name(element.name);
      if (name == "path" || name == "polygon" || name == "polyline" || name == "rect" || name == "circle" || name == "ellipse")
        warnings_.push_back(where + "the shape of '" + id + "' does not read as an outline; left out");
      return;
    }
    if (transformed && !warned_transform_) {
      warnings_.push_back(where + "a transform is not applied: shapes are taken in the drawing's own units");
      warned_transform_ = true;
    }
    auto& outline = shapes_.outline[*province];
    outline.insert(outline.end(), shape->first.begin(), shape->first.end());
    auto& data = shapes_.path_data[*province];
    data += (data.empty() ? "" : " ") + shape->second;
  }

  const Map& map_;
  std::string file_, key_;
  std::vector<std::string>& warnings_;
  ProvinceShapes shapes_;
  bool warned_transform_ = false;
};

}  // namespace

std::optional<ProvinceShapes> read_province_shapes(const Map& map, const VariantArtwork& artwork, std::vector<std::string>& warnings) {
  std::vector<Diagnostic> errors;
  const auto root = import::read_xml_file(artwork.file, errors);
  if (!root || local_name(root->name) != "svg") {
    for (const Diagnostic& e : errors) warnings.push_back(e.to_string() + " (the artwork is not used)");
    if (root) warnings.push_back(artwork.file + ": the artwork is not an SVG drawing (its root is <" + root->name + ">); not used");
    return std::nullopt;
  }
  // Inkscape gives every shape an id of its own ("path1234"): a drawing that names provinces with
  // data-province is read by that attribute alone.
  const std::string key = has_attribute_anywhere(*root, "data-province") ? "data-province" : "id";
  ShapeCollector collector(map, artwork.file, key, warnings);
  collector.collect(*root, nullptr, false);
  ProvinceShapes shapes = collector.finish();
  std::vector<std::string> missing;
  for (std::size_t p = 0; p < map.province_count(); ++p)
    if (shapes.outline[p].empty()) missing.push_back(map.province(static_cast<ProvinceId>(p)).id);
  if (missing.size() == map.province_count()) {
    warnings.push_back(artwork.named_at + ": the artwork has no shape with a province's " + key + "; not used");
    return std::nullopt;
  }
  for (const std::string& id : missing)
    warnings.push_back(artwork.named_at + ": the artwork has no shape for province '" + id + "' (drawn without one)");
  return shapes;
}

}  // namespace dipadj
