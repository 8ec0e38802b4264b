#include "svg_provinces.hpp"

#include <algorithm>
#include <cctype>
#include <set>

#include "dipadj/text.hpp"

namespace dipadj {
namespace {

bool any_of_classes(const DrawnShape& shape, std::initializer_list<std::string_view> tokens) {
  return std::any_of(tokens.begin(), tokens.end(), [&](std::string_view token) { return shape.has_class(token); });
}
bool any_of_layers(const DrawnShape& shape, std::initializer_list<std::string_view> labels) {
  return std::any_of(labels.begin(), labels.end(), [&](std::string_view label) { return shape.in_layer(label); });
}

bool marked_centre(const DrawnShape& shape) {
  return any_of_classes(shape, {"centre", "center", "supply-centre", "supply-center", "supply_centre", "supply_center"}) ||
         shape.attribute("data-centre") != nullptr || shape.attribute("data-center") != nullptr;
}
// A circle or an ellipse marks a point (a centre, a coast); other shapes are areas.
bool marker_element(const DrawnShape& shape) { return shape.element == "circle" || shape.element == "ellipse"; }
bool in_centre_layer(const DrawnShape& shape) { return any_of_layers(shape, {"centres", "centers", "supply-centres", "supply-centers"}); }
bool sea_by_layer(const DrawnShape& shape) { return any_of_layers(shape, {"sea", "seas", "water", "ocean", "oceans"}); }
bool sea_by_class(const DrawnShape& shape) { return any_of_classes(shape, {"sea", "water", "ocean"}); }

// map.yaml's form of an id: small letters and digits.
std::string id_of(std::string_view drawn) {
  std::string out;
  for (const char c : drawn)
    if (std::isalnum(static_cast<unsigned char>(c)) && static_cast<unsigned char>(c) < 128) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// "spa-nc", "spa_nc", "spa/nc", "spa.nc": a coast of a province drawn by id; nothing else.
std::optional<std::pair<std::string, std::string>> coast_by_id(const std::string& name, const std::set<std::string>& provinces) {
  const auto cut = name.find_last_of("-_/.");
  if (cut == std::string::npos || cut + 1 >= name.size() || name.size() - cut - 1 > 3) return std::nullopt;
  const std::string province = name.substr(0, cut), coast = id_of(name.substr(cut + 1));
  if (coast.size() != name.size() - cut - 1) return std::nullopt;
  // A province drawn whole besides its coasts, or drawn as its coasts alone (two names or more).
  const auto parts = std::count_if(provinces.begin(), provinces.end(), [&](const std::string& other) {
    return other.size() > cut + 1 && other.size() <= cut + 4 && other.compare(0, cut, province) == 0 && std::string_view("-_/.").find(other[cut]) != std::string_view::npos;
  });
  if (!provinces.contains(province) && parts < 2) return std::nullopt;
  return std::pair{province, coast};
}

class DrawingSorter {
 public:
  DrawingSorter(const SvgDrawing& drawing, std::vector<Diagnostic>& notes) : drawing_(drawing), notes_(notes) {
    for (const DrawnShape& shape : drawing.shapes) {
      if (shape.name.empty() || marker_element(shape)) continue;
      if (shape.attribute("data-coast") == nullptr) names_.insert(shape.name);
      if (sea_by_layer(shape) || sea_by_class(shape)) seas_marked_ = true;
    }
  }

  DrawnMap sort() {
    for (const DrawnShape& shape : drawing_.shapes) take(shape);
    if (seas_marked_) out_.seas_by = "a layer or a class";
    for (DrawnProvince& province : out_.provinces) {
      if (seas_marked_ || !province.fill) continue;
      province.sea = looks_like_water(*province.fill);
      if (province.sea) out_.seas_by = "their fill colour";
    }
    return std::move(out_);
  }

 private:
  void note(int line, const std::string& message) { notes_.push_back(Diagnostic{drawing_.file, line, message}); }

  void take(const DrawnShape& shape) {
    const std::string* power = shape.attribute("data-power");
    if (shape.in_layer("legend") || (power != nullptr && shape.name.empty())) {
      const auto colour = parse_colour(shape.fill);
      if (power != nullptr && colour && out_.legend.emplace(*colour, *power).second) out_.legend_order.push_back(*power);
      return;
    }
    const std::string* coast = shape.attribute("data-coast");
    if (marker_element(shape) && (in_centre_layer(shape) || marked_centre(shape) || coast != nullptr)) {
      DrawnMarker marker{outline_label_point(shape.outline), shape.name, coast ? id_of(*coast) : std::string(), shape.line};
      (coast != nullptr ? out_.coasts : out_.centres).push_back(std::move(marker));
      return;
    }
    if (in_centre_layer(shape)) return take_marker_in_layer(shape);
    if (shape.name.empty()) {
      note(shape.line, "a <" + shape.element + "> names no province (give it " + drawing_.key + "=\"...\"): left out");
      return;
    }
    std::string name = shape.name, coast_id = coast ? id_of(*coast) : std::string();
    if (coast == nullptr && drawing_.key == "id")
      if (auto by_id = coast_by_id(name, names_)) std::tie(name, coast_id) = *by_id;
    DrawnProvince* province = province_named(name, shape);
    if (province == nullptr) return;
    province->outline.insert(province->outline.end(), shape.outline.begin(), shape.outline.end());
    if (!coast_id.empty()) {
      auto& part = province->coast_shapes[coast_id];
      part.insert(part.end(), shape.outline.begin(), shape.outline.end());
    }
    province->sea = province->sea || sea_by_layer(shape) || sea_by_class(shape);
    province->centre = province->centre || marked_centre(shape);
    if (power != nullptr && province->power.empty()) province->power = *power;
    if (!province->fill) province->fill = parse_colour(shape.fill);
  }

  // A shape of any kind in a layer of centres marks one.
  void take_marker_in_layer(const DrawnShape& shape) {
    out_.centres.push_back(DrawnMarker{outline_label_point(shape.outline), shape.own_name ? shape.name : std::string(), {}, shape.line});
  }

  DrawnProvince* province_named(const std::string& name, const DrawnShape& shape) {
    const std::string id = id_of(name);
    if (id.empty()) {
      note(shape.line, "'" + name + "' makes no province id (ids are letters and digits): the shape is left out");
      return nullptr;
    }
    if (const auto it = index_.find(id); it != index_.end()) return &out_.provinces[it->second];
    index_.emplace(id, out_.provinces.size());
    DrawnProvince& province = out_.provinces.emplace_back();
    province.id = id;
    province.line = shape.line;
    province.name = name;
    for (const char* key : {"data-name", "inkscape:label", "aria-label"})
      if (const std::string* value = shape.attribute(key); value != nullptr && !value->empty() && *value != name) {
        province.name = *value;
        break;
      }
    if (name != id) province.aliases.push_back(name);
    return &province;
  }

  const SvgDrawing& drawing_;
  std::vector<Diagnostic>& notes_;
  std::set<std::string> names_;  // the names of the shapes that are not coasts
  bool seas_marked_ = false;
  std::map<std::string, std::size_t> index_;
  DrawnMap out_;
};

}  // namespace

DrawnMap sort_drawing(const SvgDrawing& drawing, std::vector<Diagnostic>& notes) { return DrawingSorter(drawing, notes).sort(); }

}  // namespace dipadj
