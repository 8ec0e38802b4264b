#include "dipadj/geo/map.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "dipadj/geo/topology.hpp"
#include "dipadj/text.hpp"

namespace dipadj {
namespace {

std::size_t word_count(const std::string& normalized) {
  return static_cast<std::size_t>(std::count(normalized.begin(), normalized.end(), ' ')) + 1;
}

// Per-place neighbour lists as one array, each place's list sorted, and where each place's list
// starts in it (CSR).
template <class Id>
void flatten_sorted(std::vector<std::vector<Id>>& lists, std::vector<Id>& flat, std::vector<std::uint32_t>& offsets) {
  offsets.push_back(0);
  for (auto& list : lists) {
    std::sort(list.begin(), list.end());
    flat.insert(flat.end(), list.begin(), list.end());
    offsets.push_back(static_cast<std::uint32_t>(flat.size()));
  }
}

}  // namespace

Map::Map(const MapSpec& spec)
    : coast_kinds_(spec.coast_kinds),
      options_(spec.options),
      chosen_options_(spec.chosen_options),
      province_tags_(spec.province_tags),
      border_tags_(spec.border_tags) {
  if (spec.place_count() > kMaxPlaces)
    throw std::length_error("a map of " + std::to_string(spec.place_count()) + " provinces and coasts (at most " +
                            std::to_string(kMaxPlaces) + ")");
  if (coast_kinds_.empty()) coast_kinds_.push_back(CoastKind{});  // slot 0: no coast
  number_places(spec);
  // The topology is the Boost.Graph; the flat arrays adjudication reads are read off it.
  build_topology(spec);
  read_adjacency_off_topology();
  index_names();
  for (std::size_t p = 0; p < provinces_.size(); ++p)
    if (provinces_[p].supply_centre) supply_centres_.push_back(static_cast<ProvinceId>(p));
}

// Each province a location, then one for each of its coasts, in the spec's order.
void Map::number_places(const MapSpec& spec) {
  provinces_.reserve(spec.provinces.size());
  for (std::size_t p = 0; p < spec.provinces.size(); ++p) {
    const auto& ps = spec.provinces[p];
    Province province{ps.id, ps.name, ps.aliases, ps.kind, ps.supply_centre, kNoLocation, {}, kNoLocation, ps.at};
    province.location = static_cast<LocationId>(locations_.size());
    locations_.push_back(Location{static_cast<ProvinceId>(p), kNoCoast});
    positions_.push_back(ps.at);
    for (CoastId coast : ps.coasts) {
      if (coast == ps.default_coast) province.default_coast = static_cast<LocationId>(locations_.size());
      province.coasts.push_back(static_cast<LocationId>(locations_.size()));
      locations_.push_back(Location{static_cast<ProvinceId>(p), coast});
      std::optional<Point> coast_at;
      for (const auto& [id, point] : ps.coasts_at)
        if (id == coast) coast_at = point;
      positions_.push_back(coast_at);
    }
    provinces_.push_back(std::move(province));
  }
}

// The convoy waters, and the graph of army and fleet edges between locations.
void Map::build_topology(const MapSpec& spec) {
  convoy_water_.assign(provinces_.size(), 0);
  for (std::size_t p = 0; p < provinces_.size(); ++p) convoy_water_[p] = provinces_[p].kind == ProvinceKind::Sea ? 1 : 0;
  for (ProvinceId p : spec.convoy_coasts)
    if (p < provinces_.size() && provinces_[p].kind == ProvinceKind::Coastal) convoy_water_[p] = 1;
  topology_ = std::make_unique<Topology>(locations_.size());
  auto& graph = topology_->graph();
  // One edge per way across; an army and a fleet crossing the same way share it.
  auto cross = [&](LocationId from, LocationId to, bool army) {
    auto [edge, found] = boost::edge(from, to, graph);
    if (!found) edge = boost::add_edge(from, to, graph).first;
    (army ? graph[edge].army : graph[edge].fleet) = true;
  };
  auto army = [&](ProvinceId from, ProvinceId to) { cross(provinces_[from].location, provinces_[to].location, true); };
  auto fleet = [&](const MapSpec::Place& from, const MapSpec::Place& to) {
    cross(coast_location(from.province, from.coast), coast_location(to.province, to.coast), false);
  };
  for (auto [a, b] : spec.army_edges) {
    army(a, b);
    army(b, a);
  }
  for (auto [from, to] : spec.one_way_army_edges) army(from, to);
  for (const auto& [a, b] : spec.fleet_edges) {
    fleet(a, b);
    fleet(b, a);
  }
  for (const auto& [from, to] : spec.one_way_fleet_edges) fleet(from, to);
}

// The adjacency tables (small maps only) and the sorted neighbour lists, from the graph's edges.
void Map::read_adjacency_off_topology() {
  const auto& graph = topology_->graph();
  const std::size_t np = provinces_.size(), nl = locations_.size();
  const bool dense = nl <= kDenseAdjacencyPlaces;
  if (dense) {
    army_matrix_.assign(np * np, 0);
    fleet_matrix_.assign(nl * nl, 0);
    fleet_reach_matrix_.assign(nl * np, 0);
  }
  std::vector<std::vector<ProvinceId>> army_lists(np);
  std::vector<std::vector<LocationId>> fleet_lists(nl), fleet_sources(nl);
  for (auto [it, end] = boost::edges(graph); it != end; ++it) {
    const auto from = static_cast<LocationId>(boost::source(*it, graph));
    const auto to = static_cast<LocationId>(boost::target(*it, graph));
    const Passage& passage = graph[*it];
    if (passage.army) {
      const ProvinceId pf = province_of(from), pt = province_of(to);
      if (dense) army_matrix_[pf * np + pt] = 1;
      army_lists[pf].push_back(pt);
    }
    if (passage.fleet) {
      if (dense) {
        fleet_matrix_[from * nl + to] = 1;
        fleet_reach_matrix_[from * np + province_of(to)] = 1;
      }
      fleet_lists[from].push_back(to);
      fleet_sources[to].push_back(from);
    }
  }
  flatten_sorted(army_lists, army_lists_, army_offsets_);
  flatten_sorted(fleet_lists, fleet_lists_, fleet_offsets_);
  flatten_sorted(fleet_sources, fleet_source_lists_, fleet_source_offsets_);
}

// Every name of a province and a coast (id, name, aliases), normalized, and how many words the
// longest have, so that a reader tries only the lengths a name can have.
void Map::index_names() {
  location_names_.reserve(locations_.size());
  for (const Location& loc : locations_) {
    std::string name = provinces_[loc.province].name;
    if (loc.coast != kNoCoast) name += "(" + coast_kinds_[loc.coast].id + ")";
    location_names_.push_back(std::move(name));
  }
  names_are_plain_ = std::ranges::all_of(location_names_, is_plain_text);
  unit_labels_.reserve(2 * location_names_.size());
  for (const std::string& name : location_names_)
    for (const UnitType type : {UnitType::Army, UnitType::Fleet}) unit_labels_.push_back(std::string{unit_letter(type), ' '} + name);
  for (std::size_t p = 0; p < provinces_.size(); ++p) {
    const auto id = static_cast<ProvinceId>(p);
    auto add = [&](const std::string& name) {
      std::string key = normalize_name(name);
      const std::size_t words = word_count(key);
      longest_name_words_ = std::max(longest_name_words_, words);
      std::size_t& most = name_words_from_[key.substr(0, key.find(' '))];
      most = std::max(most, words);
      province_names_.emplace(std::move(key), id);
    };
    add(provinces_[p].id);
    add(provinces_[p].name);
    for (const auto& alias : provinces_[p].aliases) add(alias);
  }
  for (std::size_t c = 1; c < coast_kinds_.size(); ++c) {
    auto add = [&](const std::string& name) {
      std::string key = normalize_name(name);
      const std::size_t words = word_count(key);
      longest_coast_words_ = std::max(longest_coast_words_, words);
      const std::string first = key.substr(0, key.find(' '));
      coast_first_word_lengths_.add(first.size());
      std::size_t& most = coast_words_from_[first];
      most = std::max(most, words);
      coast_names_.emplace(std::move(key), static_cast<CoastId>(c));
    };
    add(coast_kinds_[c].id);
    add(coast_kinds_[c].name);
    for (const auto& alias : coast_kinds_[c].aliases) add(alias);
  }
}

Map::~Map() = default;

std::span<const ProvinceId> Map::army_neighbours(ProvinceId id) const {
  return std::span<const ProvinceId>(army_lists_).subspan(army_offsets_[id], army_offsets_[id + 1] - army_offsets_[id]);
}

std::span<const LocationId> Map::fleet_neighbours(LocationId id) const {
  return std::span<const LocationId>(fleet_lists_).subspan(fleet_offsets_[id], fleet_offsets_[id + 1] - fleet_offsets_[id]);
}

std::span<const LocationId> Map::fleet_sources(LocationId id) const {
  return std::span<const LocationId>(fleet_source_lists_)
      .subspan(fleet_source_offsets_[id], fleet_source_offsets_[id + 1] - fleet_source_offsets_[id]);
}

bool Map::fleet_crosses(ProvinceId from, ProvinceId to) const {
  const Province& origin = provinces_[from];
  if (fleet_reaches(origin.location, to)) return true;
  return std::any_of(origin.coasts.begin(), origin.coasts.end(), [&](LocationId coast) { return fleet_reaches(coast, to); });
}

bool Map::listed_army_adjacent(ProvinceId from, ProvinceId to) const {
  const auto neighbours = army_neighbours(from);
  return std::binary_search(neighbours.begin(), neighbours.end(), to);
}

bool Map::listed_fleet_adjacent(LocationId from, LocationId to) const {
  const auto neighbours = fleet_neighbours(from);
  return std::binary_search(neighbours.begin(), neighbours.end(), to);
}

bool Map::listed_fleet_reaches(LocationId from, ProvinceId to) const {
  const auto neighbours = fleet_neighbours(from);
  return std::any_of(neighbours.begin(), neighbours.end(), [&](LocationId l) { return province_of(l) == to; });
}

LocationId Map::coast_location(ProvinceId province, CoastId coast) const {
  const Province& p = provinces_[province];
  if (coast == kNoCoast) return p.location;
  for (LocationId loc : p.coasts)
    if (locations_[loc].coast == coast) return loc;
  return kNoLocation;
}

bool Map::has_tag(ProvinceId province, std::string_view tag) const {
  return std::any_of(province_tags_.begin(), province_tags_.end(),
                     [&](const MapSpec::ProvinceTag& t) { return t.province == province && t.tag == tag; });
}

bool Map::border_has_tag(ProvinceId a, ProvinceId b, std::string_view tag) const {
  const ProvinceId first = std::min(a, b), second = std::max(a, b);
  return std::any_of(border_tags_.begin(), border_tags_.end(), [&](const MapSpec::BorderTag& t) {
    return t.first == first && t.second == second && t.tag == tag;
  });
}

std::vector<ProvinceId> Map::provinces_tagged(std::string_view tag) const {
  std::vector<ProvinceId> out;
  for (const auto& t : province_tags_)
    if (t.tag == tag && std::find(out.begin(), out.end(), t.province) == out.end()) out.push_back(t.province);
  return out;
}

std::vector<std::pair<ProvinceId, ProvinceId>> Map::borders_tagged(std::string_view tag) const {
  std::vector<std::pair<ProvinceId, ProvinceId>> out;
  for (const auto& t : border_tags_)
    if (t.tag == tag) out.emplace_back(t.first, t.second);
  return out;
}

std::size_t Map::name_words_from(std::string_view first_word) const {
  auto it = name_words_from_.find(first_word);
  return it == name_words_from_.end() ? 0 : it->second;
}

std::size_t Map::coast_words_from(std::string_view first_word) const {
  if (!coast_first_word_lengths_.may_have(first_word.size())) return 0;
  auto it = coast_words_from_.find(first_word);
  return it == coast_words_from_.end() ? 0 : it->second;
}

std::optional<ProvinceId> Map::find_province(std::string_view normalized) const {
  auto it = province_names_.find(normalized);
  if (it == province_names_.end()) return std::nullopt;
  return it->second;
}

std::optional<CoastId> Map::find_coast(std::string_view normalized) const {
  auto it = coast_names_.find(normalized);
  if (it == coast_names_.end()) return std::nullopt;
  return it->second;
}

std::string Map::location_short_name(LocationId id) const {
  const Location& loc = locations_[id];
  std::string out = provinces_[loc.province].id;
  if (loc.coast != kNoCoast) out += "/" + coast_kinds_[loc.coast].id;
  return out;
}

}  // namespace dipadj
