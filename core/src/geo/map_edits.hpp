#pragma once
// The changes made to a map file's borders and tags: its own `tags:`, its named options (applied
// when a game chooses them) and a variant file's `map_overlay:` (docs/map-format.md), each read
// and checked against the map's borders as they stand. Private to the core: the map reader
// (map_loader.cpp) reads the provinces and borders these change.
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "dipadj/geo/map.hpp"
#include "base/document_reader.hpp"

namespace dipadj {

// A place as written ("bur", "spa/nc"), with its line.
struct RawPlace {
  std::string text;
  int line;
};

// The ids of a map's provinces and coasts read so far, by which adjacency lists, options,
// overlays and tags name places.
struct PlaceNames {
  std::map<std::string, ProvinceId> province_ids;
  std::map<std::string, CoastId> coast_ids;

  // "spa/nc" -> (province, coast) among `provinces`; reports unknown names and coasts, as problems
  // of `doc` (the map's, or the variant file's for its overlay).
  // `context` starts the message: "province 'bur'" (for its adjacency list) or "option 'x'".
  std::optional<MapSpec::Place> place(DocumentReader& doc, const RawPlace& raw, const std::string& context,
                                      const std::vector<MapSpec::ProvinceSpec>& provinces, bool in_adjacency_list) const;
};

// The body of an option or an overlay, or the map's own tags: borders added and removed, each
// {army: [a, b]} or {fleet: [a, b]}, and tags added.
struct OptionEdits {
  std::vector<std::pair<ProvinceId, ProvinceId>> add_army, remove_army;
  std::vector<std::pair<MapSpec::Place, MapSpec::Place>> add_fleet, remove_fleet;
  std::vector<MapSpec::ProvinceTag> province_tags;
  std::vector<MapSpec::BorderTag> border_tags;
};

// The borders of a MapSpec as keys of hash sets, so that the checks of options, overlays and tags
// cost a look-up per entry rather than a pass over every border of the map: army borders by their
// two provinces, fleet borders by their two places as the spec orders them, and the pairs of
// provinces a fleet border links.
struct BorderIndex {
  std::unordered_set<std::uint64_t> army, fleet, fleet_provinces;

  void add_army(std::pair<ProvinceId, ProvinceId> edge);
  void add_fleet(const std::pair<MapSpec::Place, MapSpec::Place>& edge);
  [[nodiscard]] bool has_army(std::pair<ProvinceId, ProvinceId> edge) const;
  [[nodiscard]] bool has_fleet(const std::pair<MapSpec::Place, MapSpec::Place>& edge) const;
  // Whether the two provinces border, for an army or a fleet.
  [[nodiscard]] bool borders(ProvinceId a, ProvinceId b) const;
};

// Reads edits against `spec` as it stands and applies them to it.
class MapEditor {
 public:
  MapEditor(MapSpec& spec, const PlaceNames& names) : spec_(spec), names_(names) {}
  MapEditor(const MapEditor&) = delete;
  MapEditor& operator=(const MapEditor&) = delete;

  // The body of an option or an overlay; its problems are reported as `where`'s, in the file
  // `doc` reads. Empty when it is no mapping.
  std::optional<OptionEdits> read(DocumentReader& doc, const std::string& where, const DocNode& body);
  // `tags:` into `edits`; `where` starts each message.
  void read_tags(DocumentReader& doc, const DocNode& list, const std::string& where, OptionEdits& edits);
  void apply(const OptionEdits& edits);

 private:
  void read_borders(DocumentReader& doc, const DocNode& list, const std::string& where, bool adding, OptionEdits& edits);
  // A border as an edit writes it: its ends as written and as places, and its line.
  struct WrittenBorder {
    std::string end_a, end_b;
    MapSpec::Place a, b;
    int line;
  };
  void read_army_border(DocumentReader& doc, const std::string& where, const WrittenBorder& border, bool adding, OptionEdits& edits);
  void read_fleet_border(DocumentReader& doc, const std::string& where, const WrittenBorder& border, bool adding, OptionEdits& edits);
  const BorderIndex& border_index();

  MapSpec& spec_;
  const PlaceNames& names_;
  std::optional<BorderIndex> borders_;  // spec_'s borders, while they stay as they are
};

}  // namespace dipadj
