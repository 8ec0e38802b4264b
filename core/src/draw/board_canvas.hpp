#pragma once
// A board's places in pixels: the layout (board_layout) scaled to the picture's board area, and
// the node radius the closest neighbours allow. Shared by the map picture and the game picture.
// Private to the core.
#include <string>
#include <vector>

#include "dipadj/draw/board_layout.hpp"

namespace dipadj {

inline constexpr double kBoardWidth = 1400;  // pixels for the board; the legend is to its right
inline constexpr double kLegendWidth = 430;
inline constexpr double kMargin = 50;
inline constexpr double kTitleHeight = 30;  // above the board, for the picture's title

class BoardCanvas {
 public:
  // `also_holds`: more points the board must hold (the corners of the artwork's shapes), in the
  // map's units.
  BoardCanvas(const Map& map, const BoardLayout& layout, const std::vector<Point>& also_holds = {});

  [[nodiscard]] Point at(LocationId location) const { return at_[location]; }
  // A third of the distance between the closest neighbours, within 7 to 18 pixels.
  [[nodiscard]] double radius() const { return radius_; }
  // The board's height in pixels, margins and title included.
  [[nodiscard]] double height() const { return height_; }
  // How the map's units become pixels: a pixel's x is offset().x + scale() * the map's x.
  [[nodiscard]] double scale() const { return scale_; }
  [[nodiscard]] Point offset() const { return offset_; }

 private:
  std::vector<Point> at_;
  double radius_ = 10;
  double height_ = 0;
  double scale_ = 1;
  Point offset_;
};

// The opening of an SVG document of this size (white background, title element and heading);
// close it with "</svg>\n".
std::string svg_opening(double width, double height, const std::string& title);
// "<line .../>" between two points, with `style` (attributes) as given.
std::string svg_line(Point a, Point b, const std::string& style);
// The arrow head of a one-way border from `a` to `b` (docs/map-format.md): a triangle halfway
// along, pointing to `b`, filled with `colour` ("#rrggbb"); empty when the points coincide.
std::string svg_arrow_head(Point a, Point b, const std::string& colour);

}  // namespace dipadj
