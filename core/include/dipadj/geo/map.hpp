#pragma once
// The board: provinces, their coasts, and who can move where. Built once per variant; every
// question adjudication asks of it is answered from flat arrays indexed by dense ids.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <functional>
#include <unordered_map>
#include <vector>

#include "dipadj/geo/ids.hpp"
#include "dipadj/text.hpp"

namespace dipadj {

class Topology;  // the Boost.Graph form of the board (geo/topology.hpp)

enum class ProvinceKind : std::uint8_t { Land, Coastal, Sea };

// Where a province or a coast is drawn (`at: [x, y]` in the map file): any unit, x to the right,
// y downwards, as in a picture. Adjudication never reads it.
struct Point {
  double x = 0;
  double y = 0;
};

struct CoastKind {
  std::string id;    // "nc"
  std::string name;  // "North Coast"
  std::vector<std::string> aliases;
};

struct Province {
  std::string id;    // the short name, "spa"
  std::string name;  // the full name, "Spain"
  std::vector<std::string> aliases;
  ProvinceKind kind = ProvinceKind::Land;
  bool supply_centre = false;
  LocationId location = kNoLocation;  // the province as a whole (armies; fleets where it has one coast)
  std::vector<LocationId> coasts;     // the coast locations of a multi-coast province, else empty
  LocationId default_coast = kNoLocation;  // the coast taken where the rules want a default (4.B)
  std::optional<Point> at;                 // where it is drawn, when the map says
};

struct Location {
  ProvinceId province = kNoProvince;
  CoastId coast = kNoCoast;
};

// A named variation of a map a game may choose (a border added or removed): `options:` in the
// map file (docs/map-format.md).
struct MapOption {
  std::string name;   // "sakhalin-vladivostok"
  std::string title;
};

// What a map is made of, before the flat arrays are derived: the YAML loader fills it, and so
// can code that builds a map.
struct MapSpec {
  struct Place {
    ProvinceId province;
    CoastId coast;
  };
  std::vector<CoastKind> coast_kinds;  // index 0 is reserved for "no coast"
  struct ProvinceSpec {
    std::string id, name;
    std::vector<std::string> aliases;
    ProvinceKind kind = ProvinceKind::Land;
    bool supply_centre = false;
    std::vector<CoastId> coasts;
    CoastId default_coast = kNoCoast;  // for the rule choices that take a default coast (4.B)
    std::optional<Point> at;                                // where it is drawn
    std::vector<std::pair<CoastId, Point>> coasts_at;       // where its coasts are drawn
  };
  std::vector<ProvinceSpec> provinces;
  // Two-way borders: crossed both ways.
  std::vector<std::pair<ProvinceId, ProvinceId>> army_edges;
  std::vector<std::pair<Place, Place>> fleet_edges;
  // One-way borders (`one_way:` in the map file): crossed from `first` to `second` only.
  std::vector<std::pair<ProvinceId, ProvinceId>> one_way_army_edges;
  std::vector<std::pair<Place, Place>> one_way_fleet_edges;
  // Marks plugins read ("ice" on a province, "difficult" on a border).
  struct ProvinceTag {
    std::string tag;
    ProvinceId province;
  };
  struct BorderTag {
    std::string tag;
    ProvinceId first, second;  // first < second
  };
  std::vector<ProvinceTag> province_tags;
  std::vector<BorderTag> border_tags;
  // Coastal provinces where a fleet may convoy like at sea (convoyable coasts, DATC 9).
  std::vector<ProvinceId> convoy_coasts;
  std::vector<MapOption> options;            // every option the map offers
  std::vector<std::string> chosen_options;   // those applied to the edges above

  // Provinces and coasts: the ids a Map gives out. At most kMaxPlaces.
  [[nodiscard]] std::size_t place_count() const {
    std::size_t count = provinces.size();
    for (const ProvinceSpec& province : provinces) count += province.coasts.size();
    return count;
  }
};

// Immutable once built: read by any number of threads at once.
class Map {
 public:
  // Throws std::length_error for a spec of more than kMaxPlaces places (the loaders check first).
  explicit Map(const MapSpec& spec);
  ~Map();
  Map(const Map&) = delete;
  Map& operator=(const Map&) = delete;

  [[nodiscard]] std::size_t province_count() const { return provinces_.size(); }
  // The provinces that are supply centres, in province order.
  [[nodiscard]] std::span<const ProvinceId> supply_centres() const { return supply_centres_; }
  [[nodiscard]] std::size_t location_count() const { return locations_.size(); }
  [[nodiscard]] const Province& province(ProvinceId id) const { return provinces_[id]; }
  [[nodiscard]] const Location& location(LocationId id) const { return locations_[id]; }
  [[nodiscard]] ProvinceId province_of(LocationId id) const { return locations_[id].province; }
  [[nodiscard]] const std::vector<CoastKind>& coast_kinds() const { return coast_kinds_; }

  // Adjacency has a direction: a one-way border (docs/map-format.md) is crossed from one side
  // only, so each question below is asked from `from` to `to`.
  // Whether an army may move from one province to another.
  [[nodiscard]] bool army_adjacent(ProvinceId from, ProvinceId to) const {
    if (army_matrix_.empty()) return listed_army_adjacent(from, to);
    return army_matrix_[from * provinces_.size() + to] != 0;
  }
  // Whether a fleet may move from one location to another (coasts matter).
  [[nodiscard]] bool fleet_adjacent(LocationId from, LocationId to) const {
    if (fleet_matrix_.empty()) return listed_fleet_adjacent(from, to);
    return fleet_matrix_[from * locations_.size() + to] != 0;
  }
  // Whether a fleet at `from` may move to some location of province `to` (support needs no coast).
  [[nodiscard]] bool fleet_reaches(LocationId from, ProvinceId to) const {
    if (fleet_reach_matrix_.empty()) return listed_fleet_reaches(from, to);
    return fleet_reach_matrix_[from * provinces_.size() + to] != 0;
  }
  // Whether a fleet on some coast of `from` may move to some location of `to`: the step of a
  // convoyed army from its own province into the first water of its route.
  [[nodiscard]] bool fleet_crosses(ProvinceId from, ProvinceId to) const;
  // Where a unit may move to from there, sorted.
  [[nodiscard]] std::span<const ProvinceId> army_neighbours(ProvinceId id) const;
  [[nodiscard]] std::span<const LocationId> fleet_neighbours(LocationId id) const;
  // Where a fleet may come from to move there, sorted: fleet_neighbours against the arrows.
  [[nodiscard]] std::span<const LocationId> fleet_sources(LocationId id) const;

  // Where a unit of this type may stand (nowhere for kNoLocation). Inline: asked of each unit a
  // game line places.
  [[nodiscard]] bool can_hold(UnitType type, LocationId id) const {
    if (id == kNoLocation) return false;
    const Location& loc = locations_[id];
    const Province& province = provinces_[loc.province];
    if (type == UnitType::Army) return loc.coast == kNoCoast && province.kind != ProvinceKind::Sea;
    if (province.kind == ProvinceKind::Land) return false;
    return province.coasts.empty() ? loc.coast == kNoCoast : loc.coast != kNoCoast;
  }
  [[nodiscard]] LocationId coast_location(ProvinceId province, CoastId coast) const;
  [[nodiscard]] bool has_coasts(ProvinceId id) const { return !provinces_[id].coasts.empty(); }

  // Look-ups by normalized name (see text.hpp): id, full name or alias.
  [[nodiscard]] std::optional<ProvinceId> find_province(std::string_view normalized) const;
  [[nodiscard]] std::optional<CoastId> find_coast(std::string_view normalized) const;
  [[nodiscard]] std::size_t longest_name_words() const { return longest_name_words_; }
  // The most words of a province name that starts with this word ("mid" -> 3, for "mid atlantic
  // ocean"); 0 when none does. A reader tries only the lengths a name can have.
  [[nodiscard]] std::size_t name_words_from(std::string_view first_word) const;
  [[nodiscard]] std::size_t longest_coast_words() const { return longest_coast_words_; }
  // The same for coast names ("north" -> 2, for "north coast"): most tokens after a province
  // start no coast name, and one look-up says so.
  [[nodiscard]] std::size_t coast_words_from(std::string_view first_word) const;

  // "Spain(nc)" / "spa/nc". The first made once, with the map: results write it for every unit.
  [[nodiscard]] const std::string& location_name(LocationId id) const { return location_names_[id]; }
  // A unit's text there, "A Paris", "F Spain(sc)" (unit_text): made once, with the map.
  [[nodiscard]] const std::string& unit_label(UnitType type, LocationId id) const {
    return unit_labels_[2 * std::size_t{id} + (type == UnitType::Fleet ? 1U : 0U)];
  }
  // Whether every province and location name is plain text (is_plain_text in text.hpp), so that a
  // writer may copy it into JSON unchecked.
  [[nodiscard]] bool names_are_plain() const { return names_are_plain_; }
  // Where a province (its location) or a coast is drawn, when the map says (`at:`, `coast_at:`).
  [[nodiscard]] std::optional<Point> position(LocationId id) const { return positions_[id]; }
  [[nodiscard]] std::string location_short_name(LocationId id) const;

  // Whether a fleet there may convoy: every sea, and coasts a plugin made convoyable (DATC 9).
  [[nodiscard]] bool convoy_water(ProvinceId id) const { return convoy_water_[id] != 0; }

  // Marks plugins read (`tags:` in the map file): on provinces and on borders.
  [[nodiscard]] bool has_tag(ProvinceId province, std::string_view tag) const;
  [[nodiscard]] bool border_has_tag(ProvinceId a, ProvinceId b, std::string_view tag) const;
  [[nodiscard]] std::vector<ProvinceId> provinces_tagged(std::string_view tag) const;
  [[nodiscard]] std::vector<std::pair<ProvinceId, ProvinceId>> borders_tagged(std::string_view tag) const;
  // Every mark, as the map file (and the chosen options) give them.
  [[nodiscard]] const std::vector<MapSpec::ProvinceTag>& province_tags() const { return province_tags_; }
  [[nodiscard]] const std::vector<MapSpec::BorderTag>& border_tags() const { return border_tags_; }

  // The options the map offers, and those this map was built with.
  [[nodiscard]] const std::vector<MapOption>& options() const { return options_; }
  [[nodiscard]] const std::vector<std::string>& chosen_options() const { return chosen_options_; }

  // The board as a Boost.Graph over locations (army and fleet edges, one per direction a border
  // is crossed), for graph algorithms.
  [[nodiscard]] const Topology& topology() const { return *topology_; }

 private:
  // The constructor's steps, in this order (map.cpp).
  void number_places(const MapSpec& spec);
  void build_topology(const MapSpec& spec);
  void read_adjacency_off_topology();
  void index_names();

  std::vector<CoastKind> coast_kinds_;
  std::vector<Province> provinces_;
  std::vector<Location> locations_;
  std::vector<std::string> location_names_;
  std::vector<std::string> unit_labels_;  // per location: the army's, then the fleet's
  bool names_are_plain_ = false;
  std::vector<ProvinceId> supply_centres_;
  // Adjacency as place x place tables, for maps of up to kDenseAdjacencyPlaces places (a few MB);
  // bigger maps answer from the sorted neighbour lists instead (the tables would need gigabytes).
  static constexpr std::size_t kDenseAdjacencyPlaces = 2048;
  std::vector<std::uint8_t> army_matrix_, fleet_matrix_, fleet_reach_matrix_;
  [[nodiscard]] bool listed_army_adjacent(ProvinceId from, ProvinceId to) const;
  [[nodiscard]] bool listed_fleet_adjacent(LocationId from, LocationId to) const;
  [[nodiscard]] bool listed_fleet_reaches(LocationId from, ProvinceId to) const;
  std::vector<std::uint32_t> army_offsets_, fleet_offsets_, fleet_source_offsets_;
  std::vector<ProvinceId> army_lists_;
  std::vector<LocationId> fleet_lists_, fleet_source_lists_;
  template <class Value>
  using NameTable = std::unordered_map<std::string, Value, TextHash, std::equal_to<>>;  // (text.hpp)
  NameTable<ProvinceId> province_names_;
  NameTable<CoastId> coast_names_;
  NameTable<std::size_t> name_words_from_;
  NameTable<std::size_t> coast_words_from_;
  // The lengths of coast names' first words: the word after a province ("-", "S", "H") is most
  // often of no such length.
  WordLengths coast_first_word_lengths_;
  std::size_t longest_name_words_ = 1, longest_coast_words_ = 1;
  std::unique_ptr<Topology> topology_;
  std::vector<MapOption> options_;
  std::vector<std::string> chosen_options_;
  std::vector<std::uint8_t> convoy_water_;
  std::vector<MapSpec::ProvinceTag> province_tags_;
  std::vector<MapSpec::BorderTag> border_tags_;
  std::vector<std::optional<Point>> positions_;  // by location
};

}  // namespace dipadj
