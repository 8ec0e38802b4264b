#include "game_marks.hpp"

#include <algorithm>
#include <cmath>

#include "board_canvas.hpp"
#include "svg_text.hpp"

namespace dipadj {
namespace {

// The segment from `a` to `b` with `from_a` pixels cut off at a and `from_b` at b (none when the
// points are too close for it).
std::pair<Point, Point> shortened(Point a, Point b, double from_a, double from_b) {
  const double length = std::hypot(b.x - a.x, b.y - a.y);
  if (length <= from_a + from_b + 1) return {a, b};
  return {along(a, b, from_a / length), along(a, b, 1 - from_b / length)};
}

}  // namespace

Point along(Point a, Point b, double fraction) { return Point{a.x + (b.x - a.x) * fraction, a.y + (b.y - a.y) * fraction}; }

std::string GameMarks::token(UnitType type, const std::string& colour, Point p, const std::string& stroke, double stroke_width,
                             const std::string& dashes) const {
  const double s = radius_ * 0.85;
  std::string shape;
  if (type == UnitType::Army) {
    shape = "<rect x=\"" + svg_number(p.x - s) + "\" y=\"" + svg_number(p.y - s * 0.8) + "\" width=\"" + svg_number(2 * s) + "\" height=\"" +
            svg_number(1.6 * s) + "\" rx=\"" + svg_number(s * 0.3) + "\"";
  } else {
    shape = "<polygon points=\"" + svg_number(p.x - s * 1.1) + "," + svg_number(p.y - s * 0.6) + " " + svg_number(p.x + s * 1.1) + "," +
            svg_number(p.y - s * 0.6) + " " + svg_number(p.x + s * 0.7) + "," + svg_number(p.y + s * 0.7) + " " + svg_number(p.x - s * 0.7) +
            "," + svg_number(p.y + s * 0.7) + "\"";
  }
  shape += " fill=\"" + colour + "\" stroke=\"" + stroke + "\" stroke-width=\"" + svg_number(stroke_width) + "\"" +
           (dashes.empty() ? "" : " stroke-dasharray=\"" + dashes + "\"") + "/>";
  return shape + "<text x=\"" + svg_number(p.x) + "\" y=\"" + svg_number(p.y + s * 0.4) + "\" font-size=\"" + svg_number(s * 1.1) +
         "\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"" + text_colour_on(colour) + "\">" + (type == UnitType::Army ? "A" : "F") +
         "</text>";
}

std::pair<Point, Point> GameMarks::arrow(std::string& out, Point from, Point to, const std::string& colour, double width,
                                         const std::string& dashes, double head, const std::string& css) const {
  const auto [a, b] = shortened(from, to, radius_ * 0.9, radius_ * 0.9);
  const double length = std::max(std::hypot(b.x - a.x, b.y - a.y), 1e-9);
  const double ux = (b.x - a.x) / length, uy = (b.y - a.y) / length, size = radius_ * head;
  const Point base{b.x - ux * size, b.y - uy * size};
  out += "<g class=\"" + css + "\">" +
         svg_line(a, base, "stroke=\"" + colour + "\" stroke-width=\"" + svg_number(width) + "\"" +
                               (dashes.empty() ? "" : " stroke-dasharray=\"" + dashes + "\"") + " stroke-linecap=\"round\"");
  out += "<polygon points=\"" + svg_number(b.x) + "," + svg_number(b.y) + " " + svg_number(base.x - uy * size * 0.5) + "," +
         svg_number(base.y + ux * size * 0.5) + " " + svg_number(base.x + uy * size * 0.5) + "," + svg_number(base.y - ux * size * 0.5) +
         "\" fill=\"" + colour + "\"/></g>\n";
  return {a, b};
}

void GameMarks::ring(std::string& out, Point c, double r, const std::string& colour, const std::string& dashes, const std::string& css) const {
  out += "<circle class=\"" + css + "\" cx=\"" + svg_number(c.x) + "\" cy=\"" + svg_number(c.y) + "\" r=\"" + svg_number(r) +
         "\" fill=\"none\" stroke=\"" + colour + "\" stroke-width=\"2.5\"" + (dashes.empty() ? "" : " stroke-dasharray=\"" + dashes + "\"") + "/>\n";
}

void GameMarks::cross(std::string& out, Point c, const std::string& colour, const std::string& css) const {
  const double s = radius_ * 0.55;
  const std::string style = "stroke=\"" + colour + "\" stroke-width=\"3.5\" stroke-linecap=\"round\"";
  out += "<g class=\"" + css + "\">" + svg_line(Point{c.x - s, c.y - s}, Point{c.x + s, c.y + s}, style) +
         svg_line(Point{c.x - s, c.y + s}, Point{c.x + s, c.y - s}, style) + "</g>\n";
}

}  // namespace dipadj
