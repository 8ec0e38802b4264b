// Reads docs/map-format.md's map files into a MapSpec, checking everything a variant designer can
// get wrong, and reports each problem with its file and line.
#include <yaml-cpp/yaml.h>

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
#include "../yaml_support.hpp"

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
  explicit MapReader(std::string file) : file_(std::move(file)) {}

  // `overlay`: changes a variant file makes to this map (the body of an option), from `overlay_file`.
  // With problems, `partial` (if given) receives what could be read: every province and border
  // that had none, so that later stages of loading can still be checked against it.
  Expected<MapSpec> read(std::span<const std::string> selected, const YAML::Node* overlay = nullptr,
                         const std::string& overlay_file = std::string(), MapSpec* partial = nullptr) {
    YAML::Node root;
    if (!yaml::load_file(file_, root, errors_)) return errors_;
    if (!root.IsMap()) return fail(root, "a map file must be a YAML mapping");
    // A variant's `map:` may name any file: until it says it is a map, nothing of it is quoted.
    if (!yaml::check_format(file_, root, "dipadj-map/1", errors_)) return errors_;
    yaml::check_keys(file_, root, {"format", "coasts", "provinces", "tags", "options"}, errors_);
    read_coasts(root["coasts"]);
    read_provinces(root["provinces"]);
    resolve_edges();  // also when provinces had problems: every problem is reported at once
    {
      OptionEdits base;
      read_tags(root["tags"], "", base);
      apply_edits(base);
    }
    if (overlay != nullptr) {
      // The overlay's problems are the variant file's.
      const std::string map_file = file_;
      file_ = overlay_file;
      const auto edits = read_edits("option 'map_overlay'", *overlay);
      file_ = map_file;
      // Applied at once: an overlay is no option a game chooses.
      if (edits && errors_.empty()) apply_edits(*edits);
    }
    // Every option is checked, chosen or not, so that `dipadj validate` finds its mistakes.
    const YAML::Node options = root["options"];
    if (options && !options.IsMap()) errors_.push_back(yaml::diagnostic(file_, options, "'options' must map option names to {title, add, remove}"));
    if (options && options.IsMap())
      for (const auto& entry : options) read_option(entry.first.Scalar(), entry.second);
    for (const auto& name : selected) {
      if (!options || !options.IsMap() || !options[name]) {
        std::string known;
        for (const auto& option : spec_.options) known += (known.empty() ? "" : ", ") + option.name;
        error(0, "the map has no option '" + name + "'" + (known.empty() ? std::string(" (it has none)") : " (it has: " + known + ")"));
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
  Expected<MapSpec> fail(const YAML::Node& node, const std::string& message) {
    errors_.push_back(yaml::diagnostic(file_, node, message));
    return errors_;
  }
  void error(int line, const std::string& message) { errors_.push_back(Diagnostic{file_, line, message}); }

  void read_coasts(const YAML::Node& node) {
    spec_.coast_kinds.push_back(CoastKind{});  // slot 0: no coast
    if (!node) return;
    if (!node.IsMap()) {
      errors_.push_back(yaml::diagnostic(file_, node, "'coasts' must map coast ids to {name, aliases}"));
      return;
    }
    for (const auto& entry : node) {
      CoastKind coast;
      coast.id = entry.first.as<std::string>();
      const YAML::Node& body = entry.second;
      if (!body.IsMap()) {
        errors_.push_back(yaml::diagnostic(file_, body, "coast '" + coast.id + "' must be a mapping with a name"));
        continue;
      }
      yaml::check_keys(file_, body, {"name", "aliases"}, errors_);
      coast.name = yaml::get_string(file_, body, "name", errors_, true);
      coast.aliases = yaml::get_string_list(file_, body, "aliases", errors_);
      std::vector<std::string> all_names{coast.id, coast.name};
      all_names.insert(all_names.end(), coast.aliases.begin(), coast.aliases.end());
      for (const auto& name : all_names) {
        if (name.empty()) continue;
        if (const std::string why = unreadable_name_reason(name); !why.empty())
          errors_.push_back(yaml::diagnostic(file_, entry.first, "coast name '" + name + "' of '" + coast.id +
                                                                    "' cannot be read back in an order: " + why));
        auto [it, added] = coast_names_.emplace(normalize_name(name), coast.id);
        if (!added && it->second != coast.id)
          errors_.push_back(yaml::diagnostic(file_, entry.first, "coast name '" + name + "' of '" + coast.id +
                                                                    "' is already a name of coast '" + it->second + "'"));
      }
      coast_ids_[coast.id] = static_cast<CoastId>(spec_.coast_kinds.size());
      spec_.coast_kinds.push_back(std::move(coast));
    }
  }

  void read_provinces(const YAML::Node& node) {
    if (!node || !node.IsSequence()) {
      if (node) errors_.push_back(yaml::diagnostic(file_, node, "'provinces' must be a list"));
      else error(0, "the map has no 'provinces' list");
      return;
    }
    std::map<std::string, std::string> names;  // normalized name -> province that has it
    for (const auto& item : node) {
      const int line = yaml::line_of(item);
      if (!item.IsMap()) {
        error(line, "a province must be a mapping (id, name, kind, ...)");
        continue;
      }
      yaml::check_keys(file_, item,
                       {"id", "name", "aliases", "kind", "supply_centre", "army", "fleet", "coasts", "default_coast", "at", "coast_at"},
                       errors_);
      MapSpec::ProvinceSpec province;
      province.id = yaml::get_string(file_, item, "id", errors_, true);
      province.name = yaml::get_string(file_, item, "name", errors_, true);
      province.aliases = yaml::get_string_list(file_, item, "aliases", errors_);
      const std::string kind = yaml::get_string(file_, item, "kind", errors_, true);
      if (kind == "land") province.kind = ProvinceKind::Land;
      else if (kind == "coastal") province.kind = ProvinceKind::Coastal;
      else if (kind == "sea") province.kind = ProvinceKind::Sea;
      else if (!kind.empty()) error(line, "province '" + province.id + "': kind '" + kind + "' is not one of land, coastal, sea");
      if (item["supply_centre"]) province.supply_centre = yaml::get_bool(file_, item, "supply_centre", errors_);
      if (province.id.empty()) continue;
      // Orders and units name a province in the compared form (normalize_name: '_' and '-' read
      // as spaces, capitals as small letters): an id that form changes could be listed but never
      // named.
      if (normalize_name(province.id) != province.id || province.id.find(' ') != std::string::npos) {
        error(line, "province id '" + province.id + "': an id has only small letters and digits (e.g. 'stp')");
        continue;
      }
      if (province_ids_.count(province.id) != 0) {
        error(line, "duplicate province id '" + province.id + "'");
        continue;
      }
      std::vector<std::string> all_names{province.id, province.name};
      all_names.insert(all_names.end(), province.aliases.begin(), province.aliases.end());
      for (const auto& name : all_names) {
        if (name.empty()) continue;
        // Every name is written into orders and game files ("F Wood (Trade)") and must read back.
        if (const std::string why = unreadable_name_reason(name); !why.empty()) {
          const YAML::Node& where = name == province.name ? item["name"] : item["aliases"] ? item["aliases"] : item;
          errors_.push_back(yaml::diagnostic(file_, where, "name '" + name + "' of province '" + province.id +
                                                               "' cannot be read back in an order: " + why));
        }
        const std::string key = normalize_name(name);
        auto [it, added] = names.emplace(key, province.id);
        if (!added && it->second != province.id)
          error(line, "name '" + name + "' of province '" + province.id + "' is already a name of '" + it->second + "'");
      }

      RawProvince raw;
      raw.line = line;
      raw.army = places(item["army"]);
      raw.fleet = places(item["fleet"]);
      if (const YAML::Node coasts = item["coasts"]) {
        if (!coasts.IsMap()) {
          errors_.push_back(yaml::diagnostic(file_, coasts, "'coasts' of a province maps each coast to its fleet neighbours"));
        } else {
          for (const auto& coast : coasts) {
            const std::string coast_id = coast.first.as<std::string>();
            auto found = coast_ids_.find(coast_id);
            if (found == coast_ids_.end()) {
              errors_.push_back(yaml::diagnostic(file_, coast.first, "province '" + province.id + "': coast '" + coast_id +
                                                                         "' is not declared under 'coasts' at the top of the map"));
              continue;
            }
            province.coasts.push_back(found->second);
            raw.coast_fleet.emplace_back(coast_id, places(coast.second));
          }
        }
      }
      if (const YAML::Node fallback = item["default_coast"]) {
        auto found = coast_ids_.find(fallback.Scalar());
        if (found == coast_ids_.end() ||
            std::find(province.coasts.begin(), province.coasts.end(), found->second) == province.coasts.end())
          errors_.push_back(yaml::diagnostic(file_, fallback, "province '" + province.id + "': default coast '" +
                                                                  fallback.Scalar() + "' is not one of its coasts"));
        else province.default_coast = found->second;
      }
      if (const YAML::Node at = item["at"]) province.at = point(at, "province '" + province.id + "'");
      if (const YAML::Node coasts_at = item["coast_at"]) {
        if (!coasts_at.IsMap()) {
          errors_.push_back(yaml::diagnostic(file_, coasts_at, "province '" + province.id + "': 'coast_at' maps each of its coasts to [x, y]"));
        } else {
          for (const auto& entry : coasts_at) {
            const std::string coast_id = entry.first.Scalar();
            auto found = coast_ids_.find(coast_id);
            if (found == coast_ids_.end() ||
                std::find(province.coasts.begin(), province.coasts.end(), found->second) == province.coasts.end()) {
              errors_.push_back(yaml::diagnostic(file_, entry.first, "province '" + province.id + "': '" + coast_id + "' in 'coast_at' is not one of its coasts"));
              continue;
            }
            if (auto at = point(entry.second, "coast '" + province.id + "/" + coast_id + "'")) province.coasts_at.emplace_back(found->second, *at);
          }
        }
      }
      if (province.kind == ProvinceKind::Land && (!raw.fleet.empty() || !raw.coast_fleet.empty()))
        error(line, "province '" + province.id + "' is land but has fleet adjacencies");
      if (province.kind == ProvinceKind::Sea && !raw.army.empty())
        error(line, "province '" + province.id + "' is a sea but has army adjacencies");
      if (province.kind != ProvinceKind::Coastal && !raw.coast_fleet.empty())
        error(line, "province '" + province.id + "' has coasts but is not coastal");
      if (!raw.coast_fleet.empty() && !raw.fleet.empty())
        error(line, "province '" + province.id + "' has coasts: its fleet adjacencies belong under each coast, not under 'fleet'");
      if (!raw.coast_fleet.empty() && raw.coast_fleet.size() < 2)
        error(line, "province '" + province.id + "' lists a single coast: a province with one coast needs no 'coasts'");

      places_ += 1 + province.coasts.size();
      if (places_ > kMaxPlaces) {
        error(line, "the map has more than " + std::to_string(kMaxPlaces) +
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
            error(raw_[p].line, "province '" + province.id + "': '" + written + "(" + coast + ")' would read back as province '" +
                                    other->second + "'");
        }
      }
    }
  }

  // `at: [x, y]`: two numbers, finite and not absurdly large (a picture's coordinates).
  std::optional<Point> point(const YAML::Node& node, const std::string& whose) {
    constexpr double kLargest = 1e6;
    double xy[2] = {0, 0};
    bool read = node.IsSequence() && node.size() == 2;
    for (std::size_t i = 0; read && i < 2; ++i)
      read = node[i].IsScalar() && YAML::convert<double>::decode(node[i], xy[i]) && std::isfinite(xy[i]) && std::fabs(xy[i]) <= kLargest;
    if (!read) {
      errors_.push_back(yaml::diagnostic(file_, node, whose + ": a position is [x, y], two numbers of at most a million"));
      return std::nullopt;
    }
    return Point{xy[0], xy[1]};
  }

  std::vector<RawPlace> places(const YAML::Node& node) {
    std::vector<RawPlace> out;
    if (!node) return out;
    if (!node.IsSequence()) {
      errors_.push_back(yaml::diagnostic(file_, node, "an adjacency list must be a list of province ids"));
      return out;
    }
    for (const auto& item : node) {
      if (!item.IsScalar()) {
        errors_.push_back(yaml::diagnostic(file_, item, "an adjacency must be a province id such as 'bur' or 'spa/nc'"));
        continue;
      }
      out.push_back(RawPlace{item.as<std::string>(), yaml::line_of(item)});
    }
    return out;
  }

  // "spa/nc" -> (province, coast); reports unknown names and coasts.
  // `context` starts the message: "province 'bur'" (for its adjacency list) or "option 'x'".
  std::optional<MapSpec::Place> place(const RawPlace& raw, const std::string& context, bool in_adjacency_list = true) {
    std::string name = raw.text, coast;
    if (auto slash = name.find('/'); slash != std::string::npos) {
      coast = name.substr(slash + 1);
      name = name.substr(0, slash);
    }
    auto p = province_ids_.find(name);
    if (p == province_ids_.end()) {
      error(raw.line, context + ": unknown province '" + name + "'" + (in_adjacency_list ? " in adjacency list" : ""));
      return std::nullopt;
    }
    MapSpec::Place out{p->second, kNoCoast};
    if (!coast.empty()) {
      auto c = coast_ids_.find(coast);
      const auto& coasts = spec_.provinces[p->second].coasts;
      if (c == coast_ids_.end() || std::find(coasts.begin(), coasts.end(), c->second) == coasts.end()) {
        error(raw.line, context + ": '" + name + "' has no coast '" + coast + "'");
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
        auto to = place(raw, "province '" + prov.id + "'");
        if (!to) continue;
        const auto& target = spec_.provinces[to->province];
        if (to->province == from) error(raw.line, "province '" + prov.id + "' is listed as its own neighbour");
        else if (target.kind == ProvinceKind::Sea) error(raw.line, "province '" + prov.id + "': army edge to the sea '" + target.id + "'");
        else army[{from, to->province}] = raw.line;
      }
      auto fleet_edges = [&](CoastId coast, const std::vector<RawPlace>& list) {
        for (const auto& raw : list) {
          auto to = place(raw, "province '" + prov.id + "'");
          if (!to) continue;
          const auto& target = spec_.provinces[to->province];
          if (to->province == from) error(raw.line, "province '" + prov.id + "' is listed as its own neighbour");
          else if (target.kind == ProvinceKind::Land)
            error(raw.line, "province '" + prov.id + "': fleet edge to the land province '" + target.id + "'");
          else if (!target.coasts.empty() && to->coast == kNoCoast)
            error(raw.line, "province '" + prov.id + "': fleet edge to '" + target.id + "' must name one of its coasts");
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
        error(line, "asymmetric army adjacency: '" + spec_.provinces[edge.first].id + "' lists '" +
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
        error(line, "asymmetric fleet adjacency: '" + name(edge.first) + "' lists '" + name(edge.second) +
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
  void read_option(const std::string& name, const YAML::Node& body) {
    auto edits = read_edits("option '" + name + "'", body);
    if (!edits) return;
    spec_.options.push_back(MapOption{name, yaml::get_string(file_, body, "title", errors_)});
    edits_[name] = std::move(*edits);
  }

  // The body of an option or an overlay: borders added and removed, tags added; its problems
  // are reported as `where`'s.
  std::optional<OptionEdits> read_edits(const std::string& where, const YAML::Node& body) {
    if (!body.IsMap()) {
      errors_.push_back(yaml::diagnostic(file_, body, where + " must be a mapping {title, add, remove}"));
      return std::nullopt;
    }
    yaml::check_keys(file_, body, {"title", "add", "remove", "tags"}, errors_);
    OptionEdits edits;
    auto borders = [&](const YAML::Node& list, bool adding) {
      if (!list) return;
      if (!list.IsSequence()) {
        errors_.push_back(yaml::diagnostic(file_, list, where + ": borders are a list of {army: [a, b]} or {fleet: [a, b]}"));
        return;
      }
      for (const auto& item : list) {
        const bool army = item.IsMap() && item["army"] && item.size() == 1;
        const bool fleet = item.IsMap() && item["fleet"] && item.size() == 1;
        const YAML::Node ends = army ? item["army"] : fleet ? item["fleet"] : YAML::Node();
        if ((!army && !fleet) || !ends.IsSequence() || ends.size() != 2) {
          errors_.push_back(yaml::diagnostic(file_, item, where + ": a border is {army: [a, b]} or {fleet: [a, b]}"));
          continue;
        }
        const int line = yaml::line_of(item);
        auto a = place(RawPlace{ends[0].as<std::string>(""), line}, where, false);
        auto b = place(RawPlace{ends[1].as<std::string>(""), line}, where, false);
        if (!a || !b) continue;
        const auto& pa = spec_.provinces[a->province];
        const auto& pb = spec_.provinces[b->province];
        if (army) {
          const std::pair<ProvinceId, ProvinceId> edge{std::min(a->province, b->province), std::max(a->province, b->province)};
          const bool exists = border_index().army.count(army_key(edge.first, edge.second)) != 0;
          if (pa.kind == ProvinceKind::Sea || pb.kind == ProvinceKind::Sea || a->province == b->province)
            error(line, where + ": no army border can link '" + pa.id + "' and '" + pb.id + "'");
          else if (adding && exists) error(line, where + ": the army border " + pa.id + "-" + pb.id + " exists already");
          else if (!adding && !exists) error(line, where + ": the map has no army border " + pa.id + "-" + pb.id + " to remove");
          else (adding ? edits.add_army : edits.remove_army).push_back(edge);
        } else {
          auto ordered = std::make_pair(*a, *b);
          if (std::tie(b->province, b->coast) < std::tie(a->province, a->coast)) ordered = std::make_pair(*b, *a);
          const bool exists = border_index().fleet.count(fleet_key(ordered.first, ordered.second)) != 0;
          const bool coasts_ok = (pa.coasts.empty() || a->coast != kNoCoast) && (pb.coasts.empty() || b->coast != kNoCoast);
          if (pa.kind == ProvinceKind::Land || pb.kind == ProvinceKind::Land || a->province == b->province || !coasts_ok)
            error(line, where + ": no fleet border can link '" + ends[0].as<std::string>("") + "' and '" + ends[1].as<std::string>("") + "'");
          else if (adding && exists)
            error(line, where + ": the fleet border " + ends[0].as<std::string>("") + "-" + ends[1].as<std::string>("") + " exists already");
          else if (!adding && !exists)
            error(line, where + ": the map has no fleet border " + ends[0].as<std::string>("") + "-" +
                            ends[1].as<std::string>("") + " to remove");
          else (adding ? edits.add_fleet : edits.remove_fleet).push_back(ordered);
        }
      }
    };
    borders(body["add"], true);
    borders(body["remove"], false);
    read_tags(body["tags"], where + ": ", edits);
    return edits;
  }

  // `tags:` -- marks plugins read: [{province: arc, tags: [ice]}, {border: [nap, sic], tags: [difficult]}].
  // A border tag needs a border (on the map, or added by the same option).
  void read_tags(const YAML::Node& list, const std::string& where, OptionEdits& edits) {
    if (!list) return;
    if (!list.IsSequence()) {
      errors_.push_back(yaml::diagnostic(file_, list, where + "'tags' is a list of {province: p, tags: [..]} or {border: [a, b], tags: [..]}"));
      return;
    }
    BorderIndex added;  // the borders the same option adds may be tagged too
    for (const auto& edge : edits.add_army) added.add_army(edge);
    for (const auto& edge : edits.add_fleet) added.add_fleet(edge);
    for (const auto& item : list) {
      const int line = yaml::line_of(item);
      const bool on_province = item.IsMap() && item["province"] && item["tags"] && item.size() == 2;
      const bool on_border = item.IsMap() && item["border"] && item["tags"] && item.size() == 2 && item["border"].IsSequence() &&
                             item["border"].size() == 2;
      if ((!on_province && !on_border) || !item["tags"].IsSequence()) {
        error(line, where + "a tag entry is {province: p, tags: [..]} or {border: [a, b], tags: [..]}");
        continue;
      }
      std::vector<std::string> names;
      for (const auto& tag : item["tags"]) names.push_back(tag.as<std::string>(""));
      if (on_province) {
        auto p = place(RawPlace{item["province"].as<std::string>(""), line}, where + "tag", false);
        if (!p) continue;
        for (const auto& tag : names) edits.province_tags.push_back({tag, p->province});
        continue;
      }
      auto a = place(RawPlace{item["border"][0].as<std::string>(""), line}, where + "tag", false);
      auto b = place(RawPlace{item["border"][1].as<std::string>(""), line}, where + "tag", false);
      if (!a || !b) continue;
      const ProvinceId x = std::min(a->province, b->province), y = std::max(a->province, b->province);
      const bool bordering = border_index().borders(x, y) || added.borders(x, y);
      if (!bordering) {
        error(line, where + "no border between '" + spec_.provinces[a->province].id + "' and '" +
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

  std::string file_;
  std::vector<Diagnostic> errors_;
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
                                const YAML::Node* overlay, const std::string& overlay_file, MapSpec* partial) {
  return yaml::guarded<MapSpec>(file.string(), [&] { return MapReader(file.string()).read(options, overlay, overlay_file, partial); });
}

}  // namespace dipadj
