#include "board_artwork.hpp"

#include <algorithm>

#include "dipadj/variant/variant.hpp"
#include "svg_text.hpp"

namespace dipadj {

BoardArtwork::BoardArtwork(const Variant& variant, std::vector<std::string>& warnings) : map_(variant.map()) {
  if (variant.artwork()) shapes_ = read_province_shapes(map_, *variant.artwork(), warnings);
}

std::vector<std::optional<Point>> BoardArtwork::label_points() const {
  std::vector<std::optional<Point>> out(map_.province_count());
  if (!shapes_) return out;
  for (std::size_t p = 0; p < out.size(); ++p)
    if (!shapes_->outline[p].empty()) out[p] = outline_label_point(shapes_->outline[p]);
  return out;
}

double BoardArtwork::width(ProvinceId province) const {
  if (!shapes_) return 0;
  double low = 0, high = 0;
  bool first = true;
  for (const auto& ring : shapes_->outline[province])
    for (const Point& p : ring) {
      low = first ? p.x : std::min(low, p.x);
      high = first ? p.x : std::max(high, p.x);
      first = false;
    }
  return high - low;
}

std::vector<Point> BoardArtwork::extent() const {
  if (!shapes_) return {};
  return {shapes_->low, shapes_->high};
}

std::string BoardArtwork::shapes_svg(const BoardCanvas& canvas, const std::function<std::string(ProvinceId)>& fill) const {
  if (!shapes_) return {};
  std::string out = "<g id=\"artwork\" transform=\"matrix(" + std::to_string(canvas.scale()) + " 0 0 " + std::to_string(canvas.scale()) + " " +
                    std::to_string(canvas.offset().x) + " " + std::to_string(canvas.offset().y) + ")\" stroke=\"#666666\" stroke-width=\"" +
                    std::to_string(1 / canvas.scale()) + "\" stroke-linejoin=\"round\" fill-rule=\"evenodd\">\n";
  for (std::size_t p = 0; p < map_.province_count(); ++p) {
    if (shapes_->path_data[p].empty()) continue;
    const Province& province = map_.province(static_cast<ProvinceId>(p));
    out += "<path class=\"shape " + std::string(province.kind == ProvinceKind::Sea ? "sea" : "land") + "\" id=\"shape-" + xml_text(province.id) +
           "\" fill=\"" + fill(static_cast<ProvinceId>(p)) + "\" d=\"" + xml_text(shapes_->path_data[p]) + "\"/>\n";
  }
  return out + "</g>\n";
}

}  // namespace dipadj
