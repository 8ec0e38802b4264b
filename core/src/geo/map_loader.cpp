// Reads docs/map-format.md's map files into a MapSpec, checking everything a variant designer can
// get wrong, and reports each problem with its file and line.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <span>
#include <tuple>
#include <unordered_set>

#include "dipadj/geo/map_loader.hpp"
#include "dipadj/text.hpp"
#include "map_reading.hpp"
#include "base/document_reader.hpp"
#include "base/yaml_support.hpp"

namespace dipadj {
namespace {

struct RawPlace {
  std::string text;
  int line;
};

struct RawProvince {
  int line = 0;
  std::vector<RawPlace> army;
  std::vector<RawPlace> fleet;                               // for provinces without coasts
  std::vector<std::pair<std::string, std::vector<RawPlace>>> coast_fleet;  // coast id -> edges
};

// A place or a tag as an option, an overlay or a tag entry writes it: its text, and a null as
// "null", which messages then quote (what the reader said when it read yaml-cpp's nodes).
std::string written(const DocNode& node) { return node.is_null() ? "null" : node.text(); }

// Borders as keys of hash sets, so that the checks of options, overlays and tags cost a look-up
// per entry rather than a pass over every border of the map.
std::uint64_t army_key(ProvinceId a, ProvinceId b) { return (std::uint64_t{std::min(a, b)} << 16) | std::max(a, b); }
std::uint64_t fleet_key(const MapSpec::Place& a, const MapSpec::Place& b) {
  return (std::uint64_t{a.province} << 40) | (std::uint64_t{a.coast} << 32) | (std::uint64_t{b.province} << 8) | b.coast;
}

// The borders of a MapSpec: army borders by their two provinces, fleet borders by their two
// places as the spec orders them, and the pairs of provinces a fleet border links.
struct BorderIndex {
  std::unordered_set<std::uint64_t> army, fleet, fleet_provinces;

  void add_army(std::pair<ProvinceId, ProvinceId> edge) { army.insert(army_key(edge.first, edge.second)); }
  void add_fleet(const std::pair<MapSpec::Place, MapSpec::Place>& edge) {
    fleet.insert(fleet_key(edge.first, edge.second));
    fleet_provinces.insert(army_key(edge.first.province, edge.second.province));
  }
  [[nodiscard]] bool borders(ProvinceId a, ProvinceId b) const {
    return army.count(army_key(a, b)) != 0 || fleet_provinces.count(army_key(a, b)) != 0;
  }
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
    map_.check_keys(root, {"format", "coasts", "provinces", "tags", "options"});
    read_coasts(root["coasts"]);
    read_provinces(root["provinces"]);
    resolve_edges();  // also when provinces had problems: every problem is reported at once
    {
      OptionEdits base;
      read_tags(map_, root["tags"], "", base);
      apply_edits(base);
    }
    if (overlay != nullptr) {
      // The overlay's problems are the variant file's.
      DocumentReader variant(overlay_file, errors_);
      const auto edits = read_edits(variant, "option 'map_overlay'", *overlay);
      // Applied at once: an overlay is no option a game chooses.
      if (edits && errors_.empty()) apply_edits(*edits);
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
      coast_ids_[coast.id] = static_cast<CoastId>(spec_.coast_kinds.size());
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
      const int line = item.line();
      if (!item.is_map()) {
        map_.error_at(line, "a province must be a mapping (id, name, kind, ...)");
        continue;
      }
      map_.check_keys(item, {"id", "name", "aliases", "kind", "supply_centre", "army", "fleet", "coasts", "default_coast", "at", "coast_at"});
      MapSpec::ProvinceSpec province;
      province.id = map_.string(item, "id", true);
      province.name = map_.string(item, "name", true);
      province.aliases = map_.string_list(item, "aliases");
      const std::string kind = map_.string(item, "kind", true);
      if (kind == "land") province.kind = ProvinceKind::Land;
      else if (kind == "coastal") province.kind = ProvinceKind::Coastal;
      else if (kind == "sea") province.kind = ProvinceKind::Sea;
      else if (!kind.empty()) map_.error_at(line, "province '" + province.id + "': kind '" + kind + "' is not one of land, coastal, sea");
      if (item["supply_centre"]) province.supply_centre = map_.boolean(item, "supply_centre");
      if (province.id.empty()) continue;
      // Orders and units name a province in the compared form (normalize_name: '_' and '-' read
      // as spaces, capitals as small letters): an id that form changes could be listed but never
      // named.
      if (normalize_name(province.id) != province.id || province.id.find(' ') != std::string::npos) {
        map_.error_at(line, "province id '" + province.id + "': an id has only small letters and digits (e.g. 'stp')");
        continue;
      }
      if (province_ids_.count(province.id) != 0) {
        map_.error_at(line, "duplicate province id '" + province.id + "'");
        continue;
      }
      std::vector<std::string> all_names{province.id, province.name};
      all_names.insert(all_names.end(), province.aliases.begin(), province.aliases.end());
      for (const auto& name : all_names) {
        if (name.empty()) continue;
        // Every name is written into orders and game files ("F Wood (Trade)") and must read back.
        if (const std::string why = unreadable_name_reason(name); !why.empty()) {
          const DocNode& where = name == province.name ? item["name"] : item["aliases"] ? item["aliases"] : item;
          map_.error(where, "name '" + name + "' of province '" + province.id + "' cannot be read back in an order: " + why);
        }
        const std::string key = normalize_name(name);
        auto [it, added] = names.emplace(key, province.id);
        if (!added && it->second != province.id)
          map_.error_at(line, "name '" + name + "' of province '" + province.id + "' is already a name of '" + it->second + "'");
      }

      RawProvince raw;
      raw.line = line;
      raw.army = places(item["army"]);
      raw.fleet = places(item["fleet"]);
      if (const DocNode& coasts = item["coasts"]) {
        if (!coasts.is_map()) {
          map_.error(coasts, "'coasts' of a province maps each coast to its fleet neighbours");
        } else {
          for (const DocNode& coast : coasts.items()) {
            if (!map_.key_is_single_value(coast)) continue;
            const std::string& coast_id = coast.key();
            auto found = coast_ids_.find(coast_id);
            if (found == coast_ids_.end()) {
              map_.key_error(coast, "province '" + province.id + "': coast '" + coast_id + "' is not declared under 'coasts' at the top of the map");
              continue;
            }
            province.coasts.push_back(found->second);
            raw.coast_fleet.emplace_back(coast_id, places(coast));
          }
        }
      }
      if (const DocNode& fallback = item["default_coast"]) {
        auto found = coast_ids_.find(fallback.text());
        if (found == coast_ids_.end() ||
            std::find(province.coasts.begin(), province.coasts.end(), found->second) == province.coasts.end())
          map_.error(fallback, "province '" + province.id + "': default coast '" + fallback.text() + "' is not one of its coasts");
        else province.default_coast = found->second;
      }
      if (const DocNode& at = item["at"]) province.at = point(at, "province '" + province.id + "'");
      if (const DocNode& coasts_at = item["coast_at"]) {
        if (!coasts_at.is_map()) {
          map_.error(coasts_at, "province '" + province.id + "': 'coast_at' maps each of its coasts to [x, y]");
        } else {
          for (const DocNode& entry : coasts_at.items()) {
            const std::string& coast_id = entry.key();
            auto found = coast_ids_.find(coast_id);
            if (found == coast_ids_.end() ||
                std::find(province.coasts.begin(), province.coasts.end(), found->second) == province.coasts.end()) {
              map_.key_error(entry, "province '" + province.id + "': '" + coast_id + "' in 'coast_at' is not one of its coasts");
              continue;
            }
            if (auto at = point(entry, "coast '" + province.id + "/" + coast_id + "'")) province.coasts_at.emplace_back(found->second, *at);
          }
        }
      }
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

      places_ += 1 + province.coasts.size();
      if (places_ > kMaxPlaces) {
        map_.error_at(line, "the map has more than " + std::to_string(kMaxPlaces) +
                                " provinces and coasts, more than can be told apart (province '" + province.id + "')");
        return;
      }
      province_ids_[province.id] = static_cast<ProvinceId>(spec_.provinces.size());
      spec_.provinces.push_back(std::move(province));
      raw_.push_back(std::move(raw));
    }
    check_written_coasts(names);
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

  // "spa/nc" -> (province, coast); reports unknown names and coasts, as problems of `doc` (the
  // map's, or the variant file's for its overlay).
  // `context` starts the message: "province 'bur'" (for its adjacency list) or "option 'x'".
  std::optional<MapSpec::Place> place(DocumentReader& doc, const RawPlace& raw, const std::string& context,
                                      bool in_adjacency_list = true) {
    std::string name = raw.text, coast;
    if (auto slash = name.find('/'); slash != std::string::npos) {
      coast = name.substr(slash + 1);
      name = name.substr(0, slash);
    }
    auto p = province_ids_.find(name);
    if (p == province_ids_.end()) {
      doc.error_at(raw.line, context + ": unknown province '" + name + "'" + (in_adjacency_list ? " in adjacency list" : ""));
      return std::nullopt;
    }
    MapSpec::Place out{p->second, kNoCoast};
    if (!coast.empty()) {
      auto c = coast_ids_.find(coast);
      const auto& coasts = spec_.provinces[p->second].coasts;
      if (c == coast_ids_.end() || std::find(coasts.begin(), coasts.end(), c->second) == coasts.end()) {
        doc.error_at(raw.line, context + ": '" + name + "' has no coast '" + coast + "'");
        return std::nullopt;
      }
      out.coast = c->second;
    }
    return out;
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
        for (const auto& [coast_id, list] : raw_[p].coast_fleet) fleet_edges(coast_ids_[coast_id], list);
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

  // A named option: borders it adds and borders it removes, each {army: [a, b]} or {fleet: [a, b]}.
  struct OptionEdits {
    std::vector<std::pair<ProvinceId, ProvinceId>> add_army, remove_army;
    std::vector<std::pair<MapSpec::Place, MapSpec::Place>> add_fleet, remove_fleet;
    std::vector<MapSpec::ProvinceTag> province_tags;
    std::vector<MapSpec::BorderTag> border_tags;
  };

  // A named option a game may choose: offered by the map, applied when chosen.
  void read_option(const std::string& name, const DocNode& body) {
    auto edits = read_edits(map_, "option '" + name + "'", body);
    if (!edits) return;
    spec_.options.push_back(MapOption{name, map_.string(body, "title")});
    edits_[name] = std::move(*edits);
  }

  // The body of an option or an overlay: borders added and removed, tags added; its problems
  // are reported as `where`'s, in the file `doc` reads.
  std::optional<OptionEdits> read_edits(DocumentReader& doc, const std::string& where, const DocNode& body) {
    if (!body.is_map()) {
      doc.error(body, where + " must be a mapping {title, add, remove}");
      return std::nullopt;
    }
    doc.check_keys(body, {"title", "add", "remove", "tags"});
    OptionEdits edits;
    auto borders = [&](const DocNode& list, bool adding) {
      if (!list) return;
      if (!list.is_sequence()) {
        doc.error(list, where + ": borders are a list of {army: [a, b]} or {fleet: [a, b]}");
        return;
      }
      for (const DocNode& item : list.items()) {
        const bool army = item.is_map() && item["army"] && item.size() == 1;
        const bool fleet = item.is_map() && item["fleet"] && item.size() == 1;
        const DocNode& ends = item[army ? "army" : "fleet"];
        if ((!army && !fleet) || !ends.is_sequence() || ends.size() != 2) {
          doc.error(item, where + ": a border is {army: [a, b]} or {fleet: [a, b]}");
          continue;
        }
        const int line = item.line();
        const std::string end_a = written(ends.items()[0]);
        const std::string end_b = written(ends.items()[1]);
        auto a = place(doc, RawPlace{end_a, line}, where, false);
        auto b = place(doc, RawPlace{end_b, line}, where, false);
        if (!a || !b) continue;
        const auto& pa = spec_.provinces[a->province];
        const auto& pb = spec_.provinces[b->province];
        if (army) {
          const std::pair<ProvinceId, ProvinceId> edge{std::min(a->province, b->province), std::max(a->province, b->province)};
          const bool exists = border_index().army.count(army_key(edge.first, edge.second)) != 0;
          if (pa.kind == ProvinceKind::Sea || pb.kind == ProvinceKind::Sea || a->province == b->province)
            doc.error_at(line, where + ": no army border can link '" + pa.id + "' and '" + pb.id + "'");
          else if (adding && exists) doc.error_at(line, where + ": the army border " + pa.id + "-" + pb.id + " exists already");
          else if (!adding && !exists) doc.error_at(line, where + ": the map has no army border " + pa.id + "-" + pb.id + " to remove");
          else (adding ? edits.add_army : edits.remove_army).push_back(edge);
        } else {
          auto ordered = std::make_pair(*a, *b);
          if (std::tie(b->province, b->coast) < std::tie(a->province, a->coast)) ordered = std::make_pair(*b, *a);
          const bool exists = border_index().fleet.count(fleet_key(ordered.first, ordered.second)) != 0;
          const bool coasts_ok = (pa.coasts.empty() || a->coast != kNoCoast) && (pb.coasts.empty() || b->coast != kNoCoast);
          if (pa.kind == ProvinceKind::Land || pb.kind == ProvinceKind::Land || a->province == b->province || !coasts_ok)
            doc.error_at(line, where + ": no fleet border can link '" + end_a + "' and '" + end_b + "'");
          else if (adding && exists)
            doc.error_at(line, where + ": the fleet border " + end_a + "-" + end_b + " exists already");
          else if (!adding && !exists)
            doc.error_at(line, where + ": the map has no fleet border " + end_a + "-" + end_b + " to remove");
          else (adding ? edits.add_fleet : edits.remove_fleet).push_back(ordered);
        }
      }
    };
    borders(body["add"], true);
    borders(body["remove"], false);
    read_tags(doc, body["tags"], where + ": ", edits);
    return edits;
  }

  // `tags:` -- marks plugins read: [{province: arc, tags: [ice]}, {border: [nap, sic], tags: [difficult]}].
  // A border tag needs a border (on the map, or added by the same option).
  void read_tags(DocumentReader& doc, const DocNode& list, const std::string& where, OptionEdits& edits) {
    if (!list) return;
    if (!list.is_sequence()) {
      doc.error(list, where + "'tags' is a list of {province: p, tags: [..]} or {border: [a, b], tags: [..]}");
      return;
    }
    BorderIndex added;  // the borders the same option adds may be tagged too
    for (const auto& edge : edits.add_army) added.add_army(edge);
    for (const auto& edge : edits.add_fleet) added.add_fleet(edge);
    for (const DocNode& item : list.items()) {
      const int line = item.line();
      const bool on_province = item.is_map() && item["province"] && item["tags"] && item.size() == 2;
      const bool on_border = item.is_map() && item["border"] && item["tags"] && item.size() == 2 && item["border"].is_sequence() &&
                             item["border"].size() == 2;
      if ((!on_province && !on_border) || !item["tags"].is_sequence()) {
        doc.error_at(line, where + "a tag entry is {province: p, tags: [..]} or {border: [a, b], tags: [..]}");
        continue;
      }
      std::vector<std::string> names;
      for (const DocNode& tag : item["tags"].items()) names.push_back(written(tag));
      if (on_province) {
        auto p = place(doc, RawPlace{written(item["province"]), line}, where + "tag", false);
        if (!p) continue;
        for (const auto& tag : names) edits.province_tags.push_back({tag, p->province});
        continue;
      }
      auto a = place(doc, RawPlace{written(item["border"].items()[0]), line}, where + "tag", false);
      auto b = place(doc, RawPlace{written(item["border"].items()[1]), line}, where + "tag", false);
      if (!a || !b) continue;
      const ProvinceId x = std::min(a->province, b->province), y = std::max(a->province, b->province);
      const bool bordering = border_index().borders(x, y) || added.borders(x, y);
      if (!bordering) {
        doc.error_at(line, where + "no border between '" + spec_.provinces[a->province].id + "' and '" +
                                spec_.provinces[b->province].id + "' to tag");
        continue;
      }
      for (const auto& tag : names) edits.border_tags.push_back({tag, x, y});
    }
  }

  // The index of spec_'s borders, made when first asked for after they last changed.
  const BorderIndex& border_index() {
    if (!borders_) {
      borders_.emplace();
      for (const auto& edge : spec_.army_edges) borders_->add_army(edge);
      for (const auto& edge : spec_.fleet_edges) borders_->add_fleet(edge);
    }
    return *borders_;
  }

  void apply_option(const std::string& name) {
    apply_edits(edits_[name]);
    spec_.chosen_options.push_back(name);
  }

  void apply_edits(const OptionEdits& edits) {
    // The borders removed, each found by a look-up in one pass over the map's borders.
    BorderIndex removed;
    for (const auto& edge : edits.remove_army) removed.add_army(edge);
    for (const auto& edge : edits.remove_fleet) removed.add_fleet(edge);
    auto& army = spec_.army_edges;
    std::erase_if(army, [&](const auto& e) { return removed.army.count(army_key(e.first, e.second)) != 0; });
    army.insert(army.end(), edits.add_army.begin(), edits.add_army.end());
    auto& fleet = spec_.fleet_edges;
    std::erase_if(fleet, [&](const auto& e) { return removed.fleet.count(fleet_key(e.first, e.second)) != 0; });
    fleet.insert(fleet.end(), edits.add_fleet.begin(), edits.add_fleet.end());
    if (!edits.remove_army.empty() || !edits.add_army.empty() || !edits.remove_fleet.empty() || !edits.add_fleet.empty())
      borders_.reset();
    spec_.province_tags.insert(spec_.province_tags.end(), edits.province_tags.begin(), edits.province_tags.end());
    spec_.border_tags.insert(spec_.border_tags.end(), edits.border_tags.begin(), edits.border_tags.end());
  }

  std::vector<Diagnostic> errors_;  // the map file's problems, and the overlay's
  DocumentReader map_;               // the map file
  MapSpec spec_;
  std::map<std::string, OptionEdits> edits_;
  std::optional<BorderIndex> borders_;  // spec_'s borders, while they stay as they are
  std::map<std::string, CoastId> coast_ids_;
  std::map<std::string, std::string> coast_names_;  // normalized name -> coast id
  std::map<std::string, ProvinceId> province_ids_;
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
