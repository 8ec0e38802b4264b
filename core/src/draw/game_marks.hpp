#pragma once
// The marks a game's picture is drawn with: unit tokens, arrows, rings and crosses, in the colours
// that say how an order went. Shared by the board (game_picture) and its legend (game_legend),
// which draws each mark as the board does. Private to the core.
#include <string>
#include <utility>

#include "dipadj/geo/ids.hpp"
#include "dipadj/geo/map.hpp"

namespace dipadj {

inline constexpr const char* kFailed = "#d0021b";
inline constexpr const char* kIllegal = "#9a9a9a";
inline constexpr const char* kBuilt = "#1e8c3a";

// The point `fraction` of the way from `a` to `b`.
Point along(Point a, Point b, double fraction);

// The marks at one size, that of a province's node (`radius`, in pixels).
class GameMarks {
 public:
  explicit GameMarks(double radius) : radius_(radius) {}

  // A unit's token: an army a rounded square, a fleet a hull, in its power's colour.
  // `dashes`: for a unit set aside or to be built.
  [[nodiscard]] std::string token(UnitType type, const std::string& colour, Point p, const std::string& stroke = "#000000",
                                  double stroke_width = 1.5, const std::string& dashes = "") const;
  // A line with an arrowhead at its end, written into `out`; `dashes` empty for a solid one.
  // Returns the visible segment.
  std::pair<Point, Point> arrow(std::string& out, Point from, Point to, const std::string& colour, double width,
                                const std::string& dashes, double head, const std::string& css) const;
  // A ring of radius `r` around `c`, written into `out`.
  void ring(std::string& out, Point c, double r, const std::string& colour, const std::string& dashes, const std::string& css) const;
  // A cross over `c`, written into `out`.
  void cross(std::string& out, Point c, const std::string& colour, const std::string& css) const;

 private:
  double radius_;
};

}  // namespace dipadj
