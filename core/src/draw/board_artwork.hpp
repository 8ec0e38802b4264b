#pragma once
// A variant's artwork on a picture's board: the province shapes under the units and orders, where
// the map's own points are drawn. Shared by the map picture and the game picture. Private to the
// core.
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "board_canvas.hpp"
#include "province_shapes.hpp"

namespace dipadj {

class Variant;

class BoardArtwork {
 public:
  // Reads the variant's artwork, if it has one; what it lacks (and a file that cannot be read,
  // which then is not used) in `warnings`.
  BoardArtwork(const Variant& variant, std::vector<std::string>& warnings);

  [[nodiscard]] bool present() const { return shapes_.has_value(); }
  // By province: the label point of its shape, where the map gives no point (`at:`) of its own.
  [[nodiscard]] std::vector<std::optional<Point>> label_points() const;
  // How wide the province's shape is, in the map's units (0 for none): a label that fits goes in.
  [[nodiscard]] double width(ProvinceId province) const;
  // The corners of the shapes, for the board to hold them; none without artwork.
  [[nodiscard]] std::vector<Point> extent() const;
  // The shapes on the board (a group scaled as the canvas scales the map), each filled with
  // `fill(province)` ("#rrggbb", or "#rrggbb" and an opacity: "#rrggbb\" fill-opacity=\"0.5").
  [[nodiscard]] std::string shapes_svg(const BoardCanvas& canvas, const std::function<std::string(ProvinceId)>& fill) const;

 private:
  const Map& map_;
  std::optional<ProvinceShapes> shapes_;
};

}  // namespace dipadj
