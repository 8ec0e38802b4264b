// An artwork's shapes against its map's borders: the figures `dipadj draw --map --stats` prints.
#include <cmath>
#include <cstdio>

#include "dipadj/draw/artwork.hpp"
#include "dipadj/variant/variant.hpp"
#include "province_shapes.hpp"
#include "shape_contacts.hpp"

namespace dipadj {

std::vector<std::string> artwork_warnings(const Variant& variant) {
  std::vector<std::string> warnings;
  if (variant.artwork()) read_province_shapes(variant.map(), *variant.artwork(), warnings);
  return warnings;
}

std::optional<ArtworkFidelity> measure_artwork(const Variant& variant, std::vector<std::string>& warnings) {
  if (!variant.artwork()) {
    warnings.push_back("the variant '" + variant.name() + "' has no artwork to measure");
    return std::nullopt;
  }
  const Map& map = variant.map();
  const auto shapes = read_province_shapes(map, *variant.artwork(), warnings);
  if (!shapes) return std::nullopt;
  const double diagonal = std::hypot(shapes->high.x - shapes->low.x, shapes->high.y - shapes->low.y);
  const auto borders = province_borders(map);
  std::set<std::pair<ProvinceId, ProvinceId>> touching;
  for (const ShapeContact& contact : shape_contacts(shapes->outline, diagonal / 1000, diagonal / 300)) touching.insert({contact.a, contact.b});
  const auto pair_name = [&](const std::pair<ProvinceId, ProvinceId>& pair) { return map.province(pair.first).id + "-" + map.province(pair.second).id; };
  ArtworkFidelity fidelity;
  fidelity.borders = borders.size();
  for (const auto& border : borders)
    if (touching.contains(border)) ++fidelity.touching_borders;
    else fidelity.untouched.push_back(pair_name(border));
  for (const auto& pair : touching)
    if (!borders.contains(pair)) {
      ++fidelity.false_contacts;
      fidelity.false_pairs.push_back(pair_name(pair));
    }
  return fidelity;
}

std::string fidelity_text(const ArtworkFidelity& fidelity) {
  char share[32];
  std::snprintf(share, sizeof share, "%.1f", 100 * fidelity.touching_share());
  const auto list = [](const std::vector<std::string>& names) {
    std::string out;
    for (const std::string& name : names) out += (out.empty() ? "" : ", ") + name;
    return out;
  };
  std::string out = "borders drawn as touching shapes: " + std::string(share) + " % (" + std::to_string(fidelity.touching_borders) + " of " +
                    std::to_string(fidelity.borders) + ")\n";
  if (!fidelity.untouched.empty()) out += "borders whose shapes do not touch: " + list(fidelity.untouched) + "\n";
  out += "false contacts (touching shapes with no border): " + std::to_string(fidelity.false_contacts) + "\n";
  if (!fidelity.false_pairs.empty()) out += "shapes touching with no border: " + list(fidelity.false_pairs) + "\n";
  return out;
}

}  // namespace dipadj
