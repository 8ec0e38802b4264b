#include "svg_drawing.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <numbers>

#include "dipadj/text.hpp"
#include "svg_transform.hpp"
#include "xml_document.hpp"

namespace dipadj {
namespace {

using import::XmlElement;

// A drawing flattened into more points than this is refused: a file within the reader's size
// limit can hold arcs enough to flatten into a billion points.
constexpr std::size_t kMaxPoints = 4'000'000;
// The farthest a shape's point may lie from the origin, in drawing units, once transformed: far
// beyond any drawing, and near enough that the geometry's exact arithmetic (Boost.Geometry's
// rescaling to integers) cannot overflow, as it did on a point at 5e78.
constexpr double kMaxCoordinate = 1e9;
constexpr int kEllipseSteps = 24;

std::string_view local_name(std::string_view name) {
  const auto colon = name.find(':');
  return colon == std::string_view::npos ? name : name.substr(colon + 1);
}

// Elements whose content is never a province's shape: definitions, scripts, styles, text.
bool skipped(std::string_view name) {
  static constexpr std::string_view kSkipped[] = {"defs", "script", "style", "title", "desc", "metadata", "clipPath", "mask", "pattern",
                                                  "symbol", "marker", "text", "foreignObject", "image", "a", "switch", "namedview"};
  return std::find(std::begin(kSkipped), std::end(kSkipped), name) != std::end(kSkipped);
}

bool is_shape(std::string_view name) {
  return name == "path" || name == "polygon" || name == "polyline" || name == "rect" || name == "circle" || name == "ellipse";
}

std::optional<double> number_attribute(const XmlElement& element, std::string_view key) {
  const std::string* text = element.attribute(key);
  if (text == nullptr) return 0.0;
  char* end = nullptr;
  const double value = std::strtod(text->c_str(), &end);
  if (end == text->c_str() || !std::isfinite(value)) return std::nullopt;
  return value;
}

// The outline of a shape element in its own units; nothing when its geometry does not read.
std::optional<Outline> own_outline(const XmlElement& element, std::string_view name, std::size_t max_points) {
  if (name == "path") return path_outline(element.attribute_or("d", ""), max_points);
  if (name == "polygon" || name == "polyline") return points_outline(element.attribute_or("points", ""));
  std::vector<Point> ring;
  if (name == "rect") {
    const auto x = number_attribute(element, "x"), y = number_attribute(element, "y");
    const auto w = number_attribute(element, "width"), h = number_attribute(element, "height");
    if (!x || !y || !w || !h) return std::nullopt;
    ring = {{*x, *y}, {*x + *w, *y}, {*x + *w, *y + *h}, {*x, *y + *h}};
  } else {
    const bool circle = name == "circle";
    const auto cx = number_attribute(element, "cx"), cy = number_attribute(element, "cy");
    const auto rx = number_attribute(element, circle ? "r" : "rx"), ry = number_attribute(element, circle ? "r" : "ry");
    if (!cx || !cy || !rx || !ry) return std::nullopt;
    for (int i = 0; i < kEllipseSteps; ++i) {
      const double angle = 2 * std::numbers::pi * i / kEllipseSteps;
      ring.push_back(Point{*cx + *rx * std::cos(angle), *cy + *ry * std::sin(angle)});
    }
  }
  return Outline{std::move(ring)};
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
  return text;
}

// The value of a `fill` given by a `fill:` declaration of `style` or by the attribute.
std::optional<std::string> own_fill(const XmlElement& element) {
  if (const std::string* style = element.attribute("style")) {
    std::string_view rest = *style;
    while (!rest.empty()) {
      const auto end = std::min(rest.find(';'), rest.size());
      const std::string_view declaration = rest.substr(0, end);
      rest.remove_prefix(std::min(end + 1, rest.size()));
      const auto colon = declaration.find(':');
      if (colon != std::string_view::npos && trimmed(declaration.substr(0, colon)) == "fill") return std::string(trimmed(declaration.substr(colon + 1)));
    }
  }
  if (const std::string* fill = element.attribute("fill")) return *fill;
  return std::nullopt;
}

bool has_attribute_anywhere(const XmlElement& element, std::string_view key) {
  if (element.attribute(key) != nullptr) return true;
  return std::any_of(element.children.begin(), element.children.end(), [&](const XmlElement& child) { return has_attribute_anywhere(child, key); });
}

// jDip's SVG maps (jDip's own variants and those made for it) draw the provinces twice: styled in
// the group "MapLayer" (a group `_spa` per province, or a bitmap under it) and as invisible
// shapes in the group "MouseLayer", a path `id="spa"` per province (and `spa-nc` per coast), the
// outlines jDip finds clicks in. Every jDip map has the second, with the province ids of its
// adjacency file: that layer alone is the drawing's provinces (the rest is jDip's rendering, its
// labels and the layers it draws units in).
const XmlElement* jdip_province_layer(const XmlElement& root) {
  for (const XmlElement& child : root.children)
    if (local_name(child.name) == "g" && child.attribute_or("id", "") == "MouseLayer") return &child;
  return nullptr;
}

// What a group passes down to the elements in it.
struct Inherited {
  const std::string* name = nullptr;
  const std::string* full_name = nullptr;  // the group's data-name, with its province
  Affine transform;
  std::vector<std::string> classes, layers;
  std::string fill;
};

// Group ids that name a layer, never a province (a drawing keyed by id).
bool layer_name(std::string_view id) {
  static constexpr std::string_view kLayers[] = {"sea", "seas", "water", "land", "lands", "centres", "centers", "supply-centres",
                                                 "supply-centers", "coasts", "provinces", "legend", "powers", "labels"};
  const std::string lower = ascii_lower(std::string(id));
  // "layer1" (Inkscape), "MapLayer", "MouseLayer" (jDip)
  return std::find(std::begin(kLayers), std::end(kLayers), lower) != std::end(kLayers) || lower.starts_with("layer") || lower.ends_with("layer");
}

class DrawingWalker {
 public:
  DrawingWalker(SvgDrawing& drawing) : drawing_(drawing) {}

  void walk(const XmlElement& element, Inherited from) {
    const std::string_view name = local_name(element.name);
    if (skipped(name)) return;
    if (const std::string* transform = element.attribute("transform")) {
      const auto own = parse_transform(*transform);
      if (!own) return problem(element, "the transform '" + transform->substr(0, 80) + "' does not read: the element and its content left out");
      from.transform = from.transform.after(*own);
    }
    for (const std::string& token : split_words(element.attribute_or("class", ""))) from.classes.push_back(ascii_lower(token));
    if (auto fill = own_fill(element)) from.fill = *fill;
    const std::string* named = element.attribute(drawing_.key);
    if (is_shape(name)) return take(element, name, named ? named : from.name, named != nullptr, from);
    if (named && !(drawing_.key == "id" && (layer_name(*named) || element.attribute("inkscape:groupmode")))) {
      from.name = named;
      from.full_name = element.attribute("data-name");
    }
    for (const char* label : {"id", "inkscape:label"})
      if (const std::string* value = element.attribute(label)) from.layers.push_back(ascii_lower(*value));
    for (const XmlElement& child : element.children) walk(child, from);
  }

 private:
  void problem(const XmlElement& element, const std::string& message) {
    drawing_.problems.push_back(Diagnostic{drawing_.file, element.line, message});
  }

  void take(const XmlElement& element, std::string_view name, const std::string* province, bool own, const Inherited& from) {
    // Made only for a problem: most shapes have none.
    const auto shape_named = [&] { return province ? "the shape of '" + *province + "'" : "a <" + std::string(name) + ">"; };
    auto outline = own_outline(element, name, kMaxPoints - std::min(kMaxPoints, points_));
    if (!outline)
      return problem(element, shape_named() + " does not read as an outline (its geometry is malformed, or the drawing has more than " + std::to_string(kMaxPoints) +
                                  " points): left out");
    DrawnShape shape;
    shape.element = std::string(name);
    shape.line = element.line;
    if (province) shape.name = *province;
    shape.own_name = own;
    bool too_far = false;
    for (auto& ring : *outline) {
      points_ += ring.size();
      for (Point& p : ring) {
        p = from.transform.apply(p);
        too_far = too_far || !(std::abs(p.x) <= kMaxCoordinate && std::abs(p.y) <= kMaxCoordinate);
      }
    }
    if (points_ > kMaxPoints) return problem(element, "the drawing has more than " + std::to_string(kMaxPoints) + " points: the rest is left out");
    if (too_far)
      return problem(element, shape_named() + " has a point more than 1e9 drawing units from the origin (transforms applied): left out");
    shape.outline = std::move(*outline);
    if (name == "path" && from.transform.identity()) shape.path_data = element.attribute_or("d", "");
    shape.classes = from.classes;
    shape.layers = from.layers;
    shape.fill = from.fill;
    for (const auto& [key, value] : element.attributes)
      if (key != "d" && key != "points") shape.attributes.emplace_back(key, value);
    if (!own && from.full_name && !shape.attribute("data-name")) shape.attributes.emplace_back("data-name", *from.full_name);
    drawing_.shapes.push_back(std::move(shape));
  }

  SvgDrawing& drawing_;
  std::size_t points_ = 0;
};

}  // namespace

const std::string* DrawnShape::attribute(std::string_view key) const {
  for (const auto& [k, value] : attributes)
    if (k == key) return &value;
  return nullptr;
}

bool DrawnShape::has_class(std::string_view token) const { return std::find(classes.begin(), classes.end(), token) != classes.end(); }

bool DrawnShape::in_layer(std::string_view label) const { return std::find(layers.begin(), layers.end(), label) != layers.end(); }

std::optional<SvgDrawing> read_svg_drawing(const std::filesystem::path& file, std::vector<Diagnostic>& errors) {
  const auto root = import::read_xml_file(file, errors);
  if (!root) return std::nullopt;
  if (local_name(root->name) != "svg") {
    errors.push_back(Diagnostic{file.string(), root->line, "not an SVG drawing (its root is <" + root->name + ">, not <svg>)"});
    return std::nullopt;
  }
  SvgDrawing drawing;
  drawing.file = file.string();
  // Inkscape gives every shape an id of its own ("path1234"): a drawing that names provinces with
  // data-province is read by that attribute alone.
  drawing.key = has_attribute_anywhere(*root, "data-province") ? "data-province" : "id";
  if (drawing.key == "id") {
    if (const XmlElement* layer = jdip_province_layer(*root)) {
      drawing.layout = "jDip";
      Inherited from;
      if (const std::string* transform = root->attribute("transform"); transform != nullptr)
        if (const auto own = parse_transform(*transform)) from.transform = *own;
      DrawingWalker(drawing).walk(*layer, from);
      return drawing;
    }
  }
  DrawingWalker(drawing).walk(*root, Inherited{});
  return drawing;
}

}  // namespace dipadj
