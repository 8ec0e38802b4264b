// Reads docs/map-format.md's map files into a MapSpec, checking everything a variant designer can
// get wrong, and reports each problem with its file and line. The coasts, provinces and borders
// here; the one-way borders and the changes the map's tags, its options and a variant's overlay
// make, in map_edits.cpp.
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <span>

#include "dipadj/geo/map_loader.hpp"
#include "dipadj/text.hpp"
#include "map_edits.hpp"
#include "map_reading.hpp"
#include "dipadj/document_reader.hpp"
#include "base/yaml_support.hpp"

namespace dipadj {
namespace {

struct RawProvince {
  int line = 0;
  std::vector<RawPlace> army;
  std::vector<RawPlace> fleet;                               // for provinces without coasts
  std::vector<std::pair<std::string, std::vector<RawPlace>>> coast_fleet;  // coast id -> edges
};

class MapReader {
 public:
  explicit MapReader(const std::string& file) : map_(file, errors_) {}
  MapReader(const MapReader&) = delete;
  MapReader& operator=(const MapReader&) = delete;

  // `overlay`: changes a variant file makes to this map (the body of an option), from `overlay_file`.
  // With problems, `partial` (if given) receives what could be read: every province and border
  // that had none, so that later stages of loading can still be checked against it.
  Expected<MapSpec> read(std::span<const std::string> selected, const DocNode* overlay = nullptr,
                         const std::string& overlay_file = std::string(), MapSpec* partial = nullptr) {
    DocNode root;
    if (!yaml::load_document(map_.file(), root, errors_)) return errors_;
    if (!root.is_map()) return fail(root, "a map file must be a YAML mapping");
    // A variant's `map:` may name any file: until it says it is a map, nothing of it is quoted.
    if (!map_.check_format(root, "dipadj-map/1")) return errors_;
    map_.check_keys(root, {"format", "coasts", "provinces", "one_way", "tags", "options"});
    read_coasts(root["coasts"]);
    read_provinces(root["provinces"]);
    resolve_edges();  // also when provinces had problems: every problem is reported at once
    {
      // The one-way borders, written apart from the provinces' lists (which must stay symmetric),
      // and the tags, which may mark them.
      OptionEdits base;
      editor_.read_one_way(map_, root["one_way"], base);
      editor_.read_tags(map_, root["tags"], "", base);
      editor_.apply(base);
    }
    if (overlay != nullptr) {
      // The overlay's problems are the variant file's.
      DocumentReader variant(overlay_file, errors_);
      const auto edits = editor_.read(variant, "option 'map_overlay'", *overlay);
      // Applied at once: an overlay is no option a game chooses.
      if (edits && errors_.empty()) editor_.apply(*edits);
    }
    // Every option is checked, chosen or not, so that `dipadj validate` finds its mistakes.
    const DocNode& options = root["options"];
    if (options && !options.is_map()) map_.error(options, "'options' must map option names to {title, add, remove}");
    if (options.is_map())
      for (const DocNode& body : options.items()) read_option(body.key(), body);
    for (const auto& name : selected) {
      if (!options.is_map() || !options[name]) {
        std::string known;
        for (const auto& option : spec_.options) known += (known.empty() ? "" : ", ") + option.name;
        map_.error_at(0, "the map has no option '" + name + "'" + (known.empty() ? std::string(" (it has none)") : " (it has: " + known + ")"));
      }
    }
    if (!errors_.empty()) {
      if (partial != nullptr) *partial = spec_;
      return errors_;
    }
    for (const auto& name : selected) apply_option(name);
    return std::move(spec_);
  }

 private:
  Expected<MapSpec> fail(const DocNode& node, const std::string& message) {
    map_.error(node, message);
    return errors_;
  }

  void read_coasts(const DocNode& node) {
    spec_.coast_kinds.push_back(CoastKind{});  // slot 0: no coast
    if (!node) return;
    if (!node.is_map()) {
      map_.error(node, "'coasts' must map coast ids to {name, aliases}");
      return;
    }
    for (const DocNode& body : node.items()) {
      if (!map_.key_is_single_value(body)) continue;
      CoastKind coast;
      coast.id = body.key();
      if (!body.is_map()) {
        map_.error(body, "coast '" + coast.id + "' must be a mapping with a name");
        continue;
      }
      map_.check_keys(body, {"name", "aliases"});
      coast.name = map_.string(body, "name", true);
      coast.aliases = map_.string_list(body, "aliases");
      std::vector<std::string> all_names{coast.id, coast.name};
      all_names.insert(all_names.end(), coast.aliases.begin(), coast.aliases.end());
      for (const auto& name : all_names) {
        if (name.empty()) continue;
        if (const std::string why = unreadable_name_reason(name); !why.empty())
          map_.key_error(body, "coast name '" + name + "' of '" + coast.id + "' cannot be read back in an order: " + why);
        auto [it, added] = coast_names_.emplace(normalize_name(name), coast.id);
        if (!added && it->second != coast.id)
          map_.key_error(body, "coast name '" + name + "' of '" + coast.id + "' is already a name of coast '" + it->second + "'");
      }
      names_.coast_ids[coast.id] = static_cast<CoastId>(spec_.coast_kinds.size());
      spec_.coast_kinds.push_back(std::move(coast));
    }
  }

  void read_provinces(const DocNode& node) {
    if (!node || !node.is_sequence()) {
      if (node) map_.error(node, "'provinces' must be a list");
      else map_.error_at(0, "the map has no 'provinces' list");
      return;
    }
    std::map<std::string, std::string> names;  // normalized name -> province that has it
    for (const DocNode& item : node.items()) {
      if (!item.is_map()) {
        map_.error_at(item.line(), "a province must be a mapping (id, name, kind, ...)");
        continue;
      }
      MapSpec::ProvinceSpec province = read_province_fields(item);
      if (province.id.empty() || !province_id_usable(province.id, item.line())) continue;
      check_province_names(item, province, names);
      RawProvince raw;
      raw.line = item.line();
      raw.army = places(item["army"]);
      raw.fleet = places(item["fleet"]);
      read_province_coasts(item, province, raw);
      read_positions(item, province);
      check_borders_fit_kind(province, raw);
      places_ += 1 + province.coasts.size();
      if (places_ > kMaxPlaces) {
        map_.error_at(raw.line, "the map has more than " + std::to_string(kMaxPlaces) +
                                    " provinces and coasts, more than can be told apart (province '" + province.id + "')");
        return;
      }
      names_.province_ids[province.id] = static_cast<ProvinceId>(spec_.provinces.size());
      spec_.provinces.push_back(std::move(province));
      raw_.push_back(std::move(raw));
    }
    check_written_coasts(names);
  }

  // A province's id, names, kind and whether it is a supply centre.
  MapSpec::ProvinceSpec read_province_fields(const DocNode& item) {
    map_.check_keys(item, {"id", "name", "aliases", "kind", "supply_centre", "army", "fleet", "coasts", "default_coast", "at", "coast_at"});
    MapSpec::ProvinceSpec province;
    province.id = map_.string(item, "id", true);
    province.name = map_.string(item, "name", true);
    province.aliases = map_.string_list(item, "aliases");
    const std::string kind = map_.string(item, "kind", true);
    if (kind == "land") province.kind = ProvinceKind::Land;
    else if (kind == "coastal") province.kind = ProvinceKind::Coastal;
    else if (kind == "sea") province.kind = ProvinceKind::Sea;
    else if (!kind.empty()) map_.error_at(item.line(), "province '" + province.id + "': kind '" + kind + "' is not one of land, coastal, sea");
    if (item["supply_centre"]) province.supply_centre = map_.boolean(item, "supply_centre");
    return province;
  }

  // Orders and units name a province in the compared form (normalize_name: '_' and '-' read as
  // spaces, capitals as small letters): an id that form changes could be listed but never named.
  // A province whose id is not usable, or taken, is left out.
  bool province_id_usable(const std::string& id, int line) {
    if (normalize_name(id) != id || id.find(' ') != std::string::npos) {
      map_.error_at(line, "province id '" + id + "': an id has only small letters and digits (e.g. 'stp')");
      return false;
    }
    if (names_.province_ids.count(id) != 0) {
      map_.error_at(line, "duplicate province id '" + id + "'");
      return false;
    }
    return true;
  }

  // Every name is written into orders and game files ("F Wood (Trade)") and must read back, as
  // this province and no other.
  void check_province_names(const DocNode& item, const MapSpec::ProvinceSpec& province, std::map<std::string, std::string>& names) {
    std::vector<std::string> all_names{province.id, province.name};
    all_names.insert(all_names.end(), province.aliases.begin(), province.aliases.end());
    for (const auto& name : all_names) {
      if (name.empty()) continue;
      if (const std::string why = unreadable_name_reason(name); !why.empty()) {
        const DocNode& where = name == province.name ? item["name"] : item["aliases"] ? item["aliases"] : item;
        map_.error(where, "name '" + name + "' of province '" + province.id + "' cannot be read back in an order: " + why);
      }
      const std::string key = normalize_name(name);
      auto [it, added] = names.emplace(key, province.id);
      if (!added && it->second != province.id)
        map_.error_at(item.line(), "name '" + name + "' of province '" + province.id + "' is already a name of '" + it->second + "'");
    }
  }

  // `coasts`: each coast (declared at the top of the map) with its fleet neighbours, and
  // `default_coast`, one of them.
  void read_province_coasts(const DocNode& item, MapSpec::ProvinceSpec& province, RawProvince& raw) {
    if (const DocNode& coasts = item["coasts"]) {
      if (!coasts.is_map()) {
        map_.error(coasts, "'coasts' of a province maps each coast to its fleet neighbours");
      } else {
        for (const DocNode& coast : coasts.items()) {
          if (!map_.key_is_single_value(coast)) continue;
          const std::string& coast_id = coast.key();
          auto found = names_.coast_ids.find(coast_id);
          if (found == names_.coast_ids.end()) {
            map_.key_error(coast, "province '" + province.id + "': coast '" + coast_id + "' is not declared under 'coasts' at the top of the map");
            continue;
          }
          province.coasts.push_back(found->second);
          raw.coast_fleet.emplace_back(coast_id, places(coast));
        }
      }
    }
    if (const DocNode& fallback = item["default_coast"]) {
      auto found = names_.coast_ids.find(fallback.text());
      if (found == names_.coast_ids.end() ||
          std::find(province.coasts.begin(), province.coasts.end(), found->second) == province.coasts.end())
        map_.error(fallback, "province '" + province.id + "': default coast '" + fallback.text() + "' is not one of its coasts");
      else province.default_coast = found->second;
    }
  }

  // Where the province (`at`) and its coasts (`coast_at`) are drawn.
  void read_positions(const DocNode& item, MapSpec::ProvinceSpec& province) {
    if (const DocNode& at = item["at"]) province.at = point(at, "province '" + province.id + "'");
    const DocNode& coasts_at = item["coast_at"];
    if (!coasts_at) return;
    if (!coasts_at.is_map()) {
      map_.error(coasts_at, "province '" + province.id + "': 'coast_at' maps each of its coasts to [x, y]");
      return;
    }
    for (const DocNode& entry : coasts_at.items()) {
      const std::string& coast_id = entry.key();
      auto found = names_.coast_ids.find(coast_id);
      if (found == names_.coast_ids.end() ||
          std::find(province.coasts.begin(), province.coasts.end(), found->second) == province.coasts.end()) {
        map_.key_error(entry, "province '" + province.id + "': '" + coast_id + "' in 'coast_at' is not one of its coasts");
        continue;
      }
      if (auto at = point(entry, "coast '" + province.id + "/" + coast_id + "'")) province.coasts_at.emplace_back(found->second, *at);
    }
  }

  // Armies cannot go to sea nor fleets inland; a fleet of a province with coasts is on one of them.
  void check_borders_fit_kind(const MapSpec::ProvinceSpec& province, const RawProvince& raw) {
    const int line = raw.line;
    if (province.kind == ProvinceKind::Land && (!raw.fleet.empty() || !raw.coast_fleet.empty()))
      map_.error_at(line, "province '" + province.id + "' is land but has fleet adjacencies");
    if (province.kind == ProvinceKind::Sea && !raw.army.empty())
      map_.error_at(line, "province '" + province.id + "' is a sea but has army adjacencies");
    if (province.kind != ProvinceKind::Coastal && !raw.coast_fleet.empty())
      map_.error_at(line, "province '" + province.id + "' has coasts but is not coastal");
    if (!raw.coast_fleet.empty() && !raw.fleet.empty())
      map_.error_at(line, "province '" + province.id + "' has coasts: its fleet adjacencies belong under each coast, not under 'fleet'");
    if (!raw.coast_fleet.empty() && raw.coast_fleet.size() < 2)
      map_.error_at(line, "province '" + province.id + "' lists a single coast: a province with one coast needs no 'coasts'");
  }

  // A fleet on a coast is written "F Spain(nc)" and "F spa/nc", read as the words of the name and
  // then the coast; when those words are also the name of another province ("Spain Nc"), the
  // longest name wins and the fleet would read back in the wrong province.
  void check_written_coasts(const std::map<std::string, std::string>& names) {
    for (std::size_t p = 0; p < spec_.provinces.size(); ++p) {
      const MapSpec::ProvinceSpec& province = spec_.provinces[p];
      for (CoastId c : province.coasts) {
        const std::string& coast = spec_.coast_kinds[c].id;
        for (const std::string& written : {province.name, province.id}) {
          auto other = names.find(normalize_name(written + " " + coast));
          if (other != names.end() && other->second != province.id)
            map_.error_at(raw_[p].line, "province '" + province.id + "': '" + written + "(" + coast + ")' would read back as province '" +
                                            other->second + "'");
        }
      }
    }
  }

  // `at: [x, y]`: two numbers, finite and not absurdly large (a picture's coordinates).
  std::optional<Point> point(const DocNode& node, const std::string& whose) {
    constexpr double kLargest = 1e6;
    double xy[2] = {0, 0};
    bool read = node.is_sequence() && node.size() == 2;
    for (std::size_t i = 0; read && i < 2; ++i) {
      const std::optional<double> number = number_value(node.items()[i]);
      read = number && std::isfinite(*number) && std::fabs(*number) <= kLargest;
      if (read) xy[i] = *number;
    }
    if (!read) {
      map_.error(node, whose + ": a position is [x, y], two numbers of at most a million");
      return std::nullopt;
    }
    return Point{xy[0], xy[1]};
  }

  std::vector<RawPlace> places(const DocNode& node) {
    std::vector<RawPlace> out;
    if (!node) return out;
    if (!node.is_sequence()) {
      map_.error(node, "an adjacency list must be a list of province ids");
      return out;
    }
    for (const DocNode& item : node.items()) {
      if (!item.is_scalar()) {
        map_.error(item, "an adjacency must be a province id such as 'bur' or 'spa/nc'");
        continue;
      }
      out.push_back(RawPlace{item.text(), item.line()});
    }
    return out;
  }

  // "spa/nc" -> (province, coast), as PlaceNames::place says.
  std::optional<MapSpec::Place> place(DocumentReader& doc, const RawPlace& raw, const std::string& context) {
    return names_.place(doc, raw, context, spec_.provinces, true);
  }

  void resolve_edges() {
    using Key = std::pair<std::pair<ProvinceId, CoastId>, std::pair<ProvinceId, CoastId>>;
    std::map<std::pair<ProvinceId, ProvinceId>, int> army;  // edge -> line
    std::map<Key, int> fleet;
    for (std::size_t p = 0; p < raw_.size(); ++p) {
      const auto from = static_cast<ProvinceId>(p);
      const auto& prov = spec_.provinces[p];
      for (const auto& raw : raw_[p].army) {
        auto to = place(map_, raw, "province '" + prov.id + "'");
        if (!to) continue;
        const auto& target = spec_.provinces[to->province];
        if (to->province == from) map_.error_at(raw.line, "province '" + prov.id + "' is listed as its own neighbour");
        else if (target.kind == ProvinceKind::Sea) map_.error_at(raw.line, "province '" + prov.id + "': army edge to the sea '" + target.id + "'");
        else army[{from, to->province}] = raw.line;
      }
      auto fleet_edges = [&](CoastId coast, const std::vector<RawPlace>& list) {
        for (const auto& raw : list) {
          auto to = place(map_, raw, "province '" + prov.id + "'");
          if (!to) continue;
          const auto& target = spec_.provinces[to->province];
          if (to->province == from) map_.error_at(raw.line, "province '" + prov.id + "' is listed as its own neighbour");
          else if (target.kind == ProvinceKind::Land)
            map_.error_at(raw.line, "province '" + prov.id + "': fleet edge to the land province '" + target.id + "'");
          else if (!target.coasts.empty() && to->coast == kNoCoast)
            map_.error_at(raw.line, "province '" + prov.id + "': fleet edge to '" + target.id + "' must name one of its coasts");
          else fleet[{{from, coast}, {to->province, to->coast}}] = raw.line;
        }
      };
      if (prov.kind != ProvinceKind::Land) {
        fleet_edges(kNoCoast, raw_[p].fleet);
        for (const auto& [coast_id, list] : raw_[p].coast_fleet) fleet_edges(names_.coast_ids[coast_id], list);
      }
    }
    for (const auto& [edge, line] : army) {
      if (army.count({edge.second, edge.first}) == 0)
        map_.error_at(line, "asymmetric army adjacency: '" + spec_.provinces[edge.first].id + "' lists '" +
                        spec_.provinces[edge.second].id + "' but not the other way round");
      else if (edge.first < edge.second) spec_.army_edges.emplace_back(edge.first, edge.second);
    }
    auto name = [&](std::pair<ProvinceId, CoastId> place) {
      std::string out = spec_.provinces[place.first].id;
      if (place.second != kNoCoast) out += "/" + spec_.coast_kinds[place.second].id;
      return out;
    };
    for (const auto& [edge, line] : fleet) {
      if (fleet.count({edge.second, edge.first}) == 0)
        map_.error_at(line, "asymmetric fleet adjacency: '" + name(edge.first) + "' lists '" + name(edge.second) +
                        "' but not the other way round");
      else if (edge.first < edge.second)
        spec_.fleet_edges.push_back({{edge.first.first, edge.first.second}, {edge.second.first, edge.second.second}});
    }
  }

  // A named option a game may choose: offered by the map, applied when chosen.
  void read_option(const std::string& name, const DocNode& body) {
    auto edits = editor_.read(map_, "option '" + name + "'", body);
    if (!edits) return;
    spec_.options.push_back(MapOption{name, map_.string(body, "title")});
    edits_[name] = std::move(*edits);
  }

  void apply_option(const std::string& name) {
    editor_.apply(edits_[name]);
    spec_.chosen_options.push_back(name);
  }

  std::vector<Diagnostic> errors_;  // the map file's problems, and the overlay's
  DocumentReader map_;               // the map file
  MapSpec spec_;
  PlaceNames names_;  // the provinces' and coasts' ids
  MapEditor editor_{spec_, names_};
  std::map<std::string, OptionEdits> edits_;  // each option's, by its name
  std::map<std::string, std::string> coast_names_;  // normalized name -> coast id
  std::size_t places_ = 0;  // provinces and coasts read so far
  std::vector<RawProvince> raw_;
};

}  // namespace

namespace {
Expected<std::shared_ptr<const Map>> built(Expected<MapSpec> spec) {
  if (!spec) return spec.errors();
  return std::shared_ptr<const Map>(std::make_shared<Map>(spec.value()));
}
}  // namespace

Expected<std::shared_ptr<const Map>> load_map(const std::filesystem::path& file) { return load_map(file, {}); }

Expected<std::shared_ptr<const Map>> load_map(const std::filesystem::path& file, std::span<const std::string> options) {
  return built(read_map_spec(file, options, nullptr, {}, nullptr));
}

Expected<MapSpec> read_map_spec(const std::filesystem::path& file, std::span<const std::string> options,
                                const DocNode* overlay, const std::string& overlay_file, MapSpec* partial) {
  return yaml::guarded<MapSpec>(file.string(), [&] { return MapReader(file.string()).read(options, overlay, overlay_file, partial); });
}

}  // namespace dipadj
