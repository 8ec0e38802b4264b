#include "board_canvas.hpp"

#include <algorithm>
#include <cmath>

#include "svg_text.hpp"

namespace dipadj {

BoardCanvas::BoardCanvas(const Map& map, const BoardLayout& layout, const std::vector<Point>& also_holds) {
  double min_x = 0, max_x = 1, min_y = 0, max_y = 1;
  if (!layout.at.empty()) {
    min_x = max_x = layout.at.front().x;
    min_y = max_y = layout.at.front().y;
  }
  for (const auto* points : {&layout.at, &also_holds})
    for (const Point& p : *points) {
      min_x = std::min(min_x, p.x);
      max_x = std::max(max_x, p.x);
      min_y = std::min(min_y, p.y);
      max_y = std::max(max_y, p.y);
    }
  // Whatever the map's units, the board is as wide (or as tall) as the picture's board area.
  const double scale = (kBoardWidth - 2 * kMargin) / std::max({max_x - min_x, max_y - min_y, 1e-9});
  scale_ = scale;
  offset_ = Point{kMargin - min_x * scale, kMargin + kTitleHeight - min_y * scale};
  at_.reserve(layout.at.size());
  for (const Point& p : layout.at) at_.push_back(Point{offset_.x + p.x * scale, offset_.y + p.y * scale});
  height_ = std::max(2 * kMargin + kTitleHeight + (max_y - min_y) * scale, 620.0);

  const auto distance = [this](LocationId a, LocationId b) { return std::hypot(at_[a].x - at_[b].x, at_[a].y - at_[b].y); };
  double closest = 1e9;
  for (std::size_t p = 0; p < map.province_count(); ++p)
    for (ProvinceId q : map.army_neighbours(static_cast<ProvinceId>(p)))
      closest = std::min(closest, distance(map.province(static_cast<ProvinceId>(p)).location, map.province(q).location));
  for (LocationId a = 0; a < map.location_count(); ++a)
    for (LocationId b : map.fleet_neighbours(a)) closest = std::min(closest, distance(a, b));
  radius_ = std::clamp(closest / 3, 7.0, 18.0);
}

std::string svg_opening(double width, double height, const std::string& title) {
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + svg_number(width) + "\" height=\"" + svg_number(height) + "\" viewBox=\"0 0 " +
         svg_number(width) + " " + svg_number(height) + "\" font-family=\"DejaVu Sans, Arial, sans-serif\">\n";
  out += "<title>" + xml_text(title) + "</title>\n";
  out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
  out += "<text x=\"" + svg_number(kMargin) + "\" y=\"36\" font-size=\"22\" font-weight=\"bold\">" + xml_text(title) + "</text>\n";
  return out;
}

std::string svg_line(Point a, Point b, const std::string& style) {
  return "<line x1=\"" + svg_number(a.x) + "\" y1=\"" + svg_number(a.y) + "\" x2=\"" + svg_number(b.x) + "\" y2=\"" + svg_number(b.y) + "\" " +
         style + "/>\n";
}

std::string svg_arrow_head(Point a, Point b, const std::string& colour) {
  const double dx = b.x - a.x, dy = b.y - a.y, length = std::hypot(dx, dy);
  if (length < 1e-9) return {};
  constexpr double kLength = 13, kHalfWidth = 6;
  const double ux = dx / length, uy = dy / length;
  const Point tip{(a.x + b.x) / 2 + ux * kLength / 2, (a.y + b.y) / 2 + uy * kLength / 2};
  const Point base{tip.x - ux * kLength, tip.y - uy * kLength};
  auto corner = [](Point p) { return svg_number(p.x) + "," + svg_number(p.y); };
  return "<polygon class=\"one-way\" points=\"" + corner(tip) + " " + corner({base.x - uy * kHalfWidth, base.y + ux * kHalfWidth}) + " " +
         corner({base.x + uy * kHalfWidth, base.y - ux * kHalfWidth}) + "\" fill=\"" + colour + "\"/>\n";
}

}  // namespace dipadj
