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
#include "dipadj/document_reader.hpp"

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

// The body of an option or an overlay, the map's own one-way borders or its tags: borders added
// and removed, each {army: [a, b]} or {fleet: [a, b]} (with `one_way: true`, crossed from a to b
// only), and tags added.
struct OptionEdits {
  std::vector<std::pair<ProvinceId, ProvinceId>> add_army, remove_army;
  std::vector<std::pair<MapSpec::Place, MapSpec::Place>> add_fleet, remove_fleet;
  // One-way borders, from `first` to `second`.
  std::vector<std::pair<ProvinceId, ProvinceId>> add_army_one_way, remove_army_one_way;
  std::vector<std::pair<MapSpec::Place, MapSpec::Place>> add_fleet_one_way, remove_fleet_one_way;
  std::vector<MapSpec::ProvinceTag> province_tags;
  std::vector<MapSpec::BorderTag> border_tags;
};

// The borders of a MapSpec as keys of hash sets, so that the checks of options, overlays and tags
// cost a look-up per entry rather than a pass over every border of the map: army borders by their
// two provinces, fleet borders by their two places as the spec orders them, and the pairs of
// provinces a fleet border links; one-way borders by their two ends in order, and the pairs of
// provinces they link.
struct BorderIndex {
  std::unordered_set<std::uint64_t> army, fleet, fleet_provinces;
  std::unordered_set<std::uint64_t> army_one_way, fleet_one_way, one_way_provinces;

  void add_army(std::pair<ProvinceId, ProvinceId> edge);
  void add_fleet(const std::pair<MapSpec::Place, MapSpec::Place>& edge);
  void add_army_one_way(std::pair<ProvinceId, ProvinceId> edge);
  void add_fleet_one_way(const std::pair<MapSpec::Place, MapSpec::Place>& edge);
  [[nodiscard]] bool has_army(std::pair<ProvinceId, ProvinceId> edge) const;
  [[nodiscard]] bool has_fleet(const std::pair<MapSpec::Place, MapSpec::Place>& edge) const;
  // Whether the one-way border from `edge.first` to `edge.second` is there (that way round).
  [[nodiscard]] bool has_army_one_way(std::pair<ProvinceId, ProvinceId> edge) const;
  [[nodiscard]] bool has_fleet_one_way(const std::pair<MapSpec::Place, MapSpec::Place>& edge) const;
  // Whether the two provinces border, for an army or a fleet, either way.
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
  // The map's `one_way:` list ({army: [from, to]} or {fleet: [from, to]}) into `edits`.
  void read_one_way(DocumentReader& doc, const DocNode& list, OptionEdits& edits);
  void apply(const OptionEdits& edits);

 private:
  // How the entries of a list of borders are read: added or removed, and whether every entry is
  // one-way (the map's `one_way:` list) or only those that say so (an option's lists).
  enum class ListKind { Add, Remove, OneWay };
  void read_borders(DocumentReader& doc, const DocNode& list, const std::string& where, ListKind kind, OptionEdits& edits);
  // A border as an edit writes it: its ends as written and as places, its line, and whether it is
  // crossed from a to b only.
  struct WrittenBorder {
    std::string end_a, end_b;
    MapSpec::Place a, b;
    int line;
    bool one_way;
  };
  void read_army_border(DocumentReader& doc, const std::string& where, const WrittenBorder& border, bool adding, OptionEdits& edits);
  void read_fleet_border(DocumentReader& doc, const std::string& where, const WrittenBorder& border, bool adding, OptionEdits& edits);
  // A one-way border added or removed, once its ends are known to fit: `kind` is "army" or "fleet",
  // `two_way` whether the two ends have a two-way border, `same_way` and `other_way` whether the
  // map (or the edits so far) has it one way, this way round or the other.
  struct OneWayState {
    bool two_way, same_way, other_way;
  };
  bool one_way_fits(DocumentReader& doc, const std::string& where, const WrittenBorder& border, const char* kind, bool adding,
                    OneWayState state);
  const BorderIndex& border_index();

  MapSpec& spec_;
  const PlaceNames& names_;
  std::optional<BorderIndex> borders_;  // spec_'s borders, while they stay as they are
};

}  // namespace dipadj
