#pragma once
// Province shapes for a variant's artwork (docs/map-format.md, "Artwork"): made from what its map
// knows, for the variants that have no drawing of their own, and measured against the map's
// borders, for any artwork.
#include <optional>
#include <string>
#include <vector>

namespace dipadj {

class Variant;

// How faithfully an artwork's shapes draw the map's borders.
struct ArtworkFidelity {
  std::size_t borders = 0;             // pairs of provinces the map connects (army or fleet, either way)
  std::size_t touching_borders = 0;    // of those, the pairs whose shapes share a stretch of outline
  std::size_t false_contacts = 0;      // pairs of shapes that share one where the map has no border
  std::vector<std::string> untouched;  // "ber-sil": the borders whose shapes do not touch
  std::vector<std::string> false_pairs;

  [[nodiscard]] double touching_share() const {
    return borders == 0 ? 1.0 : static_cast<double>(touching_borders) / static_cast<double>(borders);
  }
};

// The variant's artwork measured against its map. Nothing (and why, in `warnings`) for a variant
// with no artwork or one that cannot be read. Two shapes touch when they share at least a
// three-hundredth of the drawing's diagonal of outline, a thousandth apart at most.
std::optional<ArtworkFidelity> measure_artwork(const Variant& variant, std::vector<std::string>& warnings);
// What the variant's artwork lacks or has too many of (a province with no shape, a shape naming
// no province, a drawing that cannot be read), as `dipadj draw` warns of it; none for a variant
// with no artwork. For `dipadj validate`.
std::vector<std::string> artwork_warnings(const Variant& variant);
// The figures as text: "borders drawn as touching shapes: 97.3 % (181 of 186); false contacts: 2 (...)".
std::string fidelity_text(const ArtworkFidelity& fidelity);

// An SVG drawing with a shape for each province, made from the map's points (its `at:`, or the
// computed layout) and borders: the Voronoi diagram of each province's point and the lines to its
// neighbours, cut off where no province is near (docs/map-format.md, "Generated artwork").
// The same map gives the same drawing, byte for byte.
std::string generate_artwork(const Variant& variant, std::vector<std::string>& warnings);

}  // namespace dipadj
