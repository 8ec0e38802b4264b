#include "dipadj/draw/map_picture.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "board_artwork.hpp"
#include "board_canvas.hpp"
#include "dipadj/variant/variant.hpp"
#include "svg_text.hpp"

namespace dipadj {
namespace {

const char* map_kind_colour(ProvinceKind kind) {
  switch (kind) {
    case ProvinceKind::Land: return "#ead9b0";
    case ProvinceKind::Coastal: return "#cde3ad";
    case ProvinceKind::Sea: return "#b9d9f2";
  }
  return "#ffffff";
}

class MapDrawing {
 public:
  explicit MapDrawing(const Variant& variant) : variant_(variant), map_(variant.map()) {}

  Picture draw() {
    Picture picture;
    const BoardArtwork artwork(variant_, picture.warnings);
    const BoardLayout layout = board_layout(map_, picture.warnings, artwork.label_points());
    const BoardCanvas canvas(map_, layout, artwork.extent());
    for (LocationId location = 0; location < map_.location_count(); ++location) at_.push_back(canvas.at(location));
    radius_ = canvas.radius();
    const double width = kBoardWidth + kLegendWidth, height = std::max(canvas.height(), legend_height());
    out_ += svg_opening(width, height, variant_.title().empty() ? variant_.name() : variant_.title());
    draw_shapes(artwork, canvas);
    draw_borders();
    draw_coast_links();
    draw_provinces();
    draw_coasts();
    draw_legend(layout.computed);
    out_ += "</svg>\n";
    picture.svg = std::move(out_);
    return picture;
  }

 private:
  void line(LocationId a, LocationId b, const std::string& style) { out_ += svg_line(at_[a], at_[b], style); }

  // The artwork's shapes under the borders, each in its kind's colour, a home centre in its power's.
  void draw_shapes(const BoardArtwork& artwork, const BoardCanvas& canvas) {
    std::vector<std::string> home_colour(map_.province_count());
    for (std::size_t power = 0; power < variant_.power_count(); ++power)
      for (ProvinceId centre : variant_.power(static_cast<PowerId>(power)).home_centres)
        home_colour[centre] = power_colour(variant_, static_cast<PowerId>(power)) + "\" fill-opacity=\"0.45";
    out_ += artwork.shapes_svg(canvas, [&](ProvinceId p) { return home_colour[p].empty() ? std::string(map_kind_colour(map_.province(p).kind)) : home_colour[p]; });
  }

  void draw_borders() {
    // A two-way border once, a one-way border with its arrow head.
    out_ += "<g id=\"army-borders\">\n";
    for (std::size_t p = 0; p < map_.province_count(); ++p)
      for (ProvinceId q : map_.army_neighbours(static_cast<ProvinceId>(p))) {
        const bool one_way = !map_.army_adjacent(q, static_cast<ProvinceId>(p));
        const LocationId a = map_.province(static_cast<ProvinceId>(p)).location, b = map_.province(q).location;
        if (p < q || one_way) line(a, b, kArmyStyle);
        if (one_way) out_ += svg_arrow_head(at_[a], at_[b], kArmyColour);
      }
    out_ += "</g>\n<g id=\"fleet-borders\">\n";
    for (LocationId a = 0; a < map_.location_count(); ++a)
      for (LocationId b : map_.fleet_neighbours(a)) {
        const bool one_way = !map_.fleet_adjacent(b, a);
        if (a < b || one_way) line(a, b, kFleetStyle);
        if (one_way) out_ += svg_arrow_head(at_[a], at_[b], kFleetColour);
      }
    out_ += "</g>\n<g id=\"tagged-borders\">\n";
    std::map<std::pair<ProvinceId, ProvinceId>, std::string> tags;
    for (const auto& tag : map_.border_tags()) {
      auto& text = tags[{tag.first, tag.second}];
      text += (text.empty() ? "" : ", ") + tag.tag;
    }
    for (const auto& [border, text] : tags) {
      const LocationId a = map_.province(border.first).location, b = map_.province(border.second).location;
      line(a, b, "stroke=\"#d0021b\" stroke-width=\"3\"");
      out_ += "<text x=\"" + svg_number((at_[a].x + at_[b].x) / 2) + "\" y=\"" + svg_number((at_[a].y + at_[b].y) / 2 - 4) +
              "\" font-size=\"11\" fill=\"#d0021b\" text-anchor=\"middle\" font-style=\"italic\">" + xml_text(text) + "</text>\n";
    }
    out_ += "</g>\n";
  }

  void draw_coast_links() {
    out_ += "<g id=\"coast-links\">\n";
    for (std::size_t p = 0; p < map_.province_count(); ++p) {
      const Province& province = map_.province(static_cast<ProvinceId>(p));
      for (LocationId coast : province.coasts) line(province.location, coast, "stroke=\"#777777\" stroke-width=\"1\"");
    }
    out_ += "</g>\n";
  }

  void draw_provinces() {
    std::vector<int> home_of(map_.province_count(), -1);
    for (std::size_t power = 0; power < variant_.power_count(); ++power)
      for (ProvinceId centre : variant_.power(static_cast<PowerId>(power)).home_centres) home_of[centre] = static_cast<int>(power);
    std::map<ProvinceId, std::string> tags;
    for (const auto& tag : map_.province_tags()) {
      auto& text = tags[tag.province];
      text += (text.empty() ? "" : ", ") + tag.tag;
    }
    out_ += "<g id=\"provinces\">\n";
    for (std::size_t p = 0; p < map_.province_count(); ++p) {
      const Province& province = map_.province(static_cast<ProvinceId>(p));
      const Point c = at_[province.location];
      const std::string x = svg_number(c.x), y = svg_number(c.y);
      out_ += "<g class=\"province " + std::string(province.kind == ProvinceKind::Sea ? "sea" : province.kind == ProvinceKind::Land ? "land" : "coastal") +
              "\" id=\"province-" + xml_text(province.id) + "\">\n";
      out_ += "<title>" + xml_text(province.name) + " (" + xml_text(province.id) + ")</title>\n";
      std::string stroke = "#555555", stroke_width = "1";
      if (home_of[p] >= 0) {
        stroke = power_colour(variant_, static_cast<PowerId>(home_of[p]));
        stroke_width = "4";
      }
      out_ += "<circle cx=\"" + x + "\" cy=\"" + y + "\" r=\"" + svg_number(radius_) + "\" fill=\"" + map_kind_colour(province.kind) +
              "\" stroke=\"" + stroke + "\" stroke-width=\"" + stroke_width + "\"/>\n";
      if (province.supply_centre)
        out_ += "<circle cx=\"" + x + "\" cy=\"" + svg_number(c.y - radius_ * 0.45) + "\" r=\"" + svg_number(std::max(2.5, radius_ * 0.22)) +
                "\" fill=\"" + (home_of[p] >= 0 ? power_colour(variant_, static_cast<PowerId>(home_of[p])) : std::string("#000000")) +
                "\" stroke=\"#000000\" stroke-width=\"1\"/>\n";
      out_ += "<text x=\"" + x + "\" y=\"" + svg_number(c.y + radius_ * 0.35) + "\" font-size=\"" + svg_number(std::clamp(radius_ * 0.75, 7.0, 12.0)) +
              "\" font-weight=\"bold\" text-anchor=\"middle\">" + xml_text(province.id) + "</text>\n";
      out_ += "<text x=\"" + x + "\" y=\"" + svg_number(c.y + radius_ + 10) + "\" font-size=\"9\" text-anchor=\"middle\" fill=\"#333333\">" +
              xml_text(province.name) + "</text>\n";
      if (auto it = tags.find(static_cast<ProvinceId>(p)); it != tags.end())
        out_ += "<text x=\"" + x + "\" y=\"" + svg_number(c.y + radius_ + 20) + "\" font-size=\"10\" text-anchor=\"middle\" fill=\"#d0021b\" font-style=\"italic\">" +
                xml_text(it->second) + "</text>\n";
      out_ += "</g>\n";
    }
    out_ += "</g>\n";
  }

  void draw_coasts() {
    out_ += "<g id=\"coasts\">\n";
    for (std::size_t p = 0; p < map_.province_count(); ++p) {
      const Province& province = map_.province(static_cast<ProvinceId>(p));
      for (LocationId coast : province.coasts) {
        const Point c = at_[coast];
        out_ += "<g class=\"coast\" id=\"coast-" + xml_text(map_.location_name(coast)) + "\"><title>" + xml_text(map_.location_name(coast)) +
                "</title><circle cx=\"" + svg_number(c.x) + "\" cy=\"" + svg_number(c.y) + "\" r=\"" + svg_number(std::max(4.0, radius_ * 0.45)) +
                "\" fill=\"#ffffff\" stroke=\"#3070c0\" stroke-width=\"1.5\"/><text x=\"" + svg_number(c.x) + "\" y=\"" +
                svg_number(c.y + 3) + "\" font-size=\"8\" text-anchor=\"middle\">" +
                xml_text(map_.coast_kinds()[map_.location(coast).coast].id) + "</text></g>\n";
      }
    }
    out_ += "</g>\n";
  }

  // Whether some border is crossed one way only (the legend then shows the arrow head).
  [[nodiscard]] bool has_one_way_border() const {
    for (std::size_t p = 0; p < map_.province_count(); ++p)
      for (ProvinceId q : map_.army_neighbours(static_cast<ProvinceId>(p)))
        if (!map_.army_adjacent(q, static_cast<ProvinceId>(p))) return true;
    for (LocationId a = 0; a < map_.location_count(); ++a)
      for (LocationId b : map_.fleet_neighbours(a))
        if (!map_.fleet_adjacent(b, a)) return true;
    return false;
  }

  [[nodiscard]] double legend_height() const {
    return 80 + 22.0 * (9 + static_cast<double>(variant_.power_count()) + 2.0 * static_cast<double>(map_.options().size()));
  }

  void legend_line(double& y, const std::string& symbol, const std::string& text) {
    out_ += "<g transform=\"translate(" + svg_number(kBoardWidth) + "," + svg_number(y) + ")\">" + symbol + "<text x=\"40\" y=\"4\" font-size=\"12\">" +
            xml_text(text) + "</text></g>\n";
    y += 22;
  }

  void draw_legend(bool computed) {
    out_ += "<g id=\"legend\">\n";
    double y = 70;
    out_ += "<text x=\"" + svg_number(kBoardWidth) + "\" y=\"" + svg_number(y - 20) + "\" font-size=\"15\" font-weight=\"bold\">Legend</text>\n";
    const auto node = [](const char* fill, const char* stroke, const char* width) {
      return std::string("<circle cx=\"14\" cy=\"0\" r=\"8\" fill=\"") + fill + "\" stroke=\"" + stroke + "\" stroke-width=\"" + width + "\"/>";
    };
    legend_line(y, node(map_kind_colour(ProvinceKind::Land), "#555555", "1"), "land");
    legend_line(y, node(map_kind_colour(ProvinceKind::Coastal), "#555555", "1"), "coastal");
    legend_line(y, node(map_kind_colour(ProvinceKind::Sea), "#555555", "1"), "sea");
    legend_line(y, "<circle cx=\"14\" cy=\"0\" r=\"4\" fill=\"#000000\"/>", "supply centre");
    legend_line(y, "<circle cx=\"14\" cy=\"0\" r=\"5\" fill=\"#ffffff\" stroke=\"#3070c0\" stroke-width=\"1.5\"/>", "coast of a province with several");
    legend_line(y, "<line x1=\"0\" y1=\"0\" x2=\"30\" y2=\"0\" " + std::string(kArmyStyle) + "/>", "army border");
    legend_line(y, "<line x1=\"0\" y1=\"0\" x2=\"30\" y2=\"0\" " + std::string(kFleetStyle) + "/>", "fleet border");
    legend_line(y, "<line x1=\"0\" y1=\"0\" x2=\"30\" y2=\"0\" stroke=\"#d0021b\" stroke-width=\"3\"/>", "tagged border (tags in red)");
    if (has_one_way_border())
      legend_line(y, "<line x1=\"0\" y1=\"0\" x2=\"30\" y2=\"0\" " + std::string(kFleetStyle) + "/>" + svg_arrow_head({0, 0}, {30, 0}, kFleetColour),
                  "one-way border (crossed as the arrow points)");
    for (std::size_t power = 0; power < variant_.power_count(); ++power)
      legend_line(y, "<circle cx=\"14\" cy=\"0\" r=\"8\" fill=\"#ffffff\" stroke=\"" + power_colour(variant_, static_cast<PowerId>(power)) +
                         "\" stroke-width=\"4\"/>",
                  "home centre of " + variant_.power(static_cast<PowerId>(power)).name);
    if (!map_.options().empty()) {
      y += 8;
      out_ += "<text x=\"" + svg_number(kBoardWidth) + "\" y=\"" + svg_number(y) + "\" font-size=\"13\" font-weight=\"bold\">Map options (not drawn)</text>\n";
      y += 20;
      for (const auto& option : map_.options()) {
        out_ += "<text x=\"" + svg_number(kBoardWidth) + "\" y=\"" + svg_number(y) + "\" font-size=\"11\"><tspan font-weight=\"bold\">" +
                xml_text(option.name) + "</tspan>: " + xml_text(option.title.substr(0, 50)) + (option.title.size() > 50 ? "..." : "") + "</text>\n";
        y += 18;
      }
    }
    if (computed)
      out_ += "<text x=\"" + svg_number(kBoardWidth) + "\" y=\"" + svg_number(y + 10) +
              "\" font-size=\"11\" font-style=\"italic\">The map gives no positions (at:):</text>\n<text x=\"" + svg_number(kBoardWidth) +
              "\" y=\"" + svg_number(y + 24) + "\" font-size=\"11\" font-style=\"italic\">the layout is computed from its borders.</text>\n";
    out_ += "</g>\n";
  }

  static constexpr const char* kArmyStyle = "stroke=\"#a0703c\" stroke-width=\"3\" stroke-opacity=\"0.55\"";
  static constexpr const char* kArmyColour = "#a0703c";
  static constexpr const char* kFleetColour = "#2f6fbf";
  static constexpr const char* kFleetStyle = "stroke=\"#2f6fbf\" stroke-width=\"1.5\" stroke-dasharray=\"6 4\"";

  const Variant& variant_;
  const Map& map_;
  std::vector<Point> at_;
  double radius_ = 10;
  std::string out_;
};

}  // namespace

Picture draw_map(const Variant& variant) { return MapDrawing(variant).draw(); }

}  // namespace dipadj
