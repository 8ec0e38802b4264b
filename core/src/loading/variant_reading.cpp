// A variant file read into a Variant. The file's stages are checked in turn, and each is checked
// even when an earlier one had problems, so that `dipadj validate` reports them all.
#include "variant_reading.hpp"

#include <algorithm>
#include <filesystem>
#include <unordered_map>
#include <utility>

#include "dipadj/document_reader.hpp"
#include "calendar_reading.hpp"
#include "geo/map_reading.hpp"
#include "notation/position_reading.hpp"
#include "rules/rules_reading.hpp"
#include "base/yaml_support.hpp"
#include "dipadj/plugin/built_board.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/plugin/plugin_loader.hpp"
#include "dipadj/text.hpp"

namespace dipadj {
namespace {

// A variant's powers and plugins have ids of one byte, one value of which means none.
constexpr std::size_t kMaxPowers = kNoPower;
constexpr std::size_t kMaxPlugins = 255;

struct NamedPlugin {
  std::shared_ptr<const RulePlugin> plugin;
  const DocNode* settings = nullptr;  // the entry's `settings:` in the variant file's document (Missing when none)
  int line = 0;                       // the entry's line

  [[nodiscard]] PluginSettings in(const std::string& file) const { return PluginSettings{*settings, file, line, plugin->name()}; }
};

// The variant's `plugins:` list: each plugin found on the search path and loaded.
std::vector<NamedPlugin> load_plugins(DocumentReader& doc, const DocNode& list, std::span<const std::filesystem::path> search_path) {
  std::vector<NamedPlugin> out;
  if (!list) return out;
  if (!list.is_sequence()) {
    doc.error(list, "'plugins' must be a list of {name, settings}");
    return out;
  }
  // Counted first, so that a list of a million entries costs no more than its first ones.
  if (list.size() >= kMaxPlugins)
    doc.error(list, std::to_string(list.size()) + " plugins: a variant has at most " + std::to_string(kMaxPlugins - 1) +
                        "; the rest are not read");
  std::unordered_map<std::string, int> named_on;  // each plugin's name -> the line of its first entry
  std::size_t read = 0;
  for (const DocNode& item : list.items()) {
    if (++read >= kMaxPlugins) break;
    if (!item.is_map()) {
      doc.error(item, "a plugin entry must be a mapping {name, settings}");
      continue;
    }
    doc.check_keys(item, {"name", "settings"});
    const std::string name = doc.string(item, "name", true);
    if (name.empty()) continue;
    if (const auto [first, added] = named_on.emplace(name, item.line()); !added) {
      doc.error(item, "plugin '" + name + "' named twice (first on line " + std::to_string(first->second) + ")");
      continue;
    }
    auto plugin = load_plugin(name, search_path, doc.diagnostic(item, ""));
    if (!plugin) {
      for (const auto& e : plugin.errors()) doc.errors().push_back(e);
      continue;
    }
    out.push_back(NamedPlugin{plugin.value(), &item["settings"], item.line()});
  }
  return out;
}

// `map_plugin: {name, settings}`: the map plugin builds the board in code.
Expected<MapSpec> build_board(const std::string& file, const DocNode& entry, std::span<const std::filesystem::path> search_path,
                              BuiltBoard& board) {
  std::vector<Diagnostic> errors;
  DocumentReader doc(file, errors);
  if (!entry.is_map()) return std::vector<Diagnostic>{doc.diagnostic(entry, "'map_plugin' must be a mapping {name, settings}")};
  doc.check_keys(entry, {"name", "settings"});
  const std::string name = doc.string(entry, "name", true);
  if (!errors.empty()) return errors;
  auto plugin = load_plugin(name, search_path, doc.diagnostic(entry, ""));
  if (!plugin) return plugin.errors();
  const MapBuilding* builder = plugin.value()->map_building();
  if (builder == nullptr) return std::vector<Diagnostic>{doc.diagnostic(entry, "plugin '" + name + "' builds no map")};
  const PluginSettings settings{entry["settings"], file, entry.line(), plugin.value()->name()};
  if (!builder->build_map(settings, board, errors)) {
    for (auto& e : errors)
      if (e.file.empty()) e = Diagnostic{file, entry.line(), e.message};
    if (errors.empty()) doc.error(entry, "plugin '" + name + "' built no map");
    return errors;
  }
  return board.map;
}

class VariantFileReader {
 public:
  VariantFileReader(const std::filesystem::path& variant_file, std::span<const std::filesystem::path> plugin_path,
                    std::span<const std::string> map_options)
      : variant_file_(variant_file), file_(variant_file.string()), plugin_path_(plugin_path), map_options_(map_options),
        doc_(file_, errors_) {}

  Expected<std::shared_ptr<const Variant>> read() {
    if (!yaml::load_document(file_, root_, errors_)) return errors_;
    if (!root_.is_map()) return std::vector<Diagnostic>{doc_.diagnostic(root_, "a variant file must be a YAML mapping")};
    // A game file's `variant:` may name any file: until it says it is a variant, nothing of it is
    // quoted.
    if (!doc_.check_format(root_, "dipadj-variant/1")) return errors_;
    if (!read_names()) return errors_;
    // The plugins first: they may edit the map before it is built.
    plugins_ = load_plugins(doc_, root_["plugins"], plugin_path_);
    const std::shared_ptr<const Map> map = read_map();
    if (!map) return errors_;
    auto variant = std::make_shared<Variant>(name_, title_, map, read_powers(*map));
    read_victory_centres(*variant);
    // The calendar before the start: the start's phase is written in its names.
    if (auto calendar = read_calendar(doc_, root_["calendar"])) variant->set_calendar(std::move(*calendar));
    auto [phase, start] = read_start(*variant);
    variant->set_rules(read_rules(variant->victory_centres()));
    variant->set_start(phase, std::move(start));
    variant->set_start_mobilizes(mobilize_);
    read_artwork(*variant);
    bind_plugins(*variant);
    if (!errors_.empty()) return errors_;
    return std::shared_ptr<const Variant>(variant);
  }

 private:
  // The variant's name and title, and where its map comes from. False when it names no map at
  // all: only then does loading stop before the other stages.
  bool read_names() {
    doc_.check_keys(root_, {"format", "name", "title", "map", "map_plugin", "map_overlay", "victory_centres", "powers", "start", "rules", "plugins", "calendar", "artwork"});
    name_ = doc_.string(root_, "name", true);
    title_ = doc_.string(root_, "title");
    // The map: a map file (`map:`), or a map plugin that builds it in code (`map_plugin:`).
    const DocNode& map_plugin = root_["map_plugin"];
    map_name_ = doc_.string(root_, "map", !map_plugin);
    if (map_plugin && root_["map"]) doc_.error(map_plugin, "a variant has 'map' or 'map_plugin', not both");
    if (map_plugin && (root_["map_overlay"] || !map_options_.empty()))
      doc_.error(map_plugin, "a map built by a plugin takes no overlay and no map options");
    return !map_name_.empty() || map_plugin;
  }

  // The map, read from its file (with the variant's overlay and the chosen options) or built by
  // the map plugin, then edited by the plugins. Null when there is none to go on with.
  std::shared_ptr<const Map> read_map() {
    const DocNode& map_plugin = root_["map_plugin"];
    // A variant may use another variant's map with changes of its own (an overlay), not a copy.
    const DocNode& overlay = root_["map_overlay"];
    MapSpec partial;
    Expected<MapSpec> spec = map_plugin ? build_board(file_, map_plugin, plugin_path_, board_)
                                        : read_map_spec(variant_file_.parent_path() / map_name_, map_options_,
                                                        overlay ? &overlay : nullptr, file_, &partial);
    if (!spec) {
      report_map_errors(spec.errors());
      // The map had problems: go on with what could be read of it, to check the rest of the file.
      if (partial.provinces.empty()) return nullptr;
      spec = std::move(partial);
    }
    for (const auto& named : plugins_)
      if (const MapEditing* editor = named.plugin->map_editing()) editor->edit_map(spec.value(), named.in(file_), errors_);
    if (spec.value().place_count() > kMaxPlaces) {
      // Only a plugin can get here (the map reader stops at the limit).
      doc_.error(map_plugin ? map_plugin : root_, "the map has " + std::to_string(spec.value().place_count()) +
                                                      " provinces and coasts; at most " + std::to_string(kMaxPlaces) + " can be told apart");
      return nullptr;
    }
    return std::make_shared<Map>(spec.value());
  }

  // The map's problems. One with no line (a missing or unreadable map file) is told at the
  // line of the variant file that names the map: that is the line to mend.
  void report_map_errors(const std::vector<Diagnostic>& errors) {
    for (const Diagnostic& e : errors) {
      if (e.line != 0 || e.file == file_ || !root_["map"] || root_["map_plugin"]) errors_.push_back(e);
      else doc_.error(root_["map"], "map '" + map_name_ + "' cannot be read: " + e.to_string());
    }
  }

  // The powers: the file's list, or, when it has none, those the map plugin made.
  std::vector<Power> read_powers(const Map& map) {
    const DocNode& power_list = root_["powers"];
    const bool built_powers = !power_list && !board_.powers.empty();
    std::vector<Power> powers = built_powers ? powers_built(map) : std::vector<Power>();
    const bool powers_listed = power_list.is_sequence() && power_list.size() != 0;
    if (!built_powers && !powers_listed) doc_.error(power_list ? power_list : root_, "'powers' must be a non-empty list");
    if (built_powers || !powers_listed) return powers;
    // Counted first: a list of thousands of powers is refused without reading past the most a
    // variant can have. Each check below is a look-up, not a comparison with every earlier power.
    if (power_list.size() >= kMaxPowers)
      doc_.error(power_list, std::to_string(power_list.size()) + " powers: a variant has at most " + std::to_string(kMaxPowers - 1) +
                                 "; the rest are not read");
    std::unordered_map<std::string, int> named_on;                  // normalized name -> the line of its first power
    std::vector<std::size_t> home_of(map.province_count(), kMaxPowers);  // province -> the power it is home to
    for (const DocNode& item : power_list.items()) {
      if (powers.size() + 1 >= kMaxPowers) break;
      if (!item.is_map()) {
        doc_.error(item, "a power must be a mapping (name, adjective, home_centres)");
        continue;
      }
      powers.push_back(read_power(item, map, powers, named_on, home_of));
    }
    return powers;
  }

  // A home centre is a supply centre, as a variant file's must be (a power owns it at the start,
  // and only supply centres are owned).
  std::vector<Power> powers_built(const Map& map) {
    std::vector<Power> powers;
    for (const auto& built : board_.powers) {
      std::vector<ProvinceId> homes;
      for (const ProvinceId centre : built.home_centres) {
        if (centre < map.province_count() && map.province(centre).supply_centre) homes.push_back(centre);
        else doc_.error(root_["map_plugin"], "the map plugin made a home centre of " + built.name + " that is no supply centre");
      }
      powers.push_back(Power{built.name, built.name, {}, std::move(homes), {}});
    }
    if (powers.size() >= kMaxPowers) {
      doc_.error(root_["map_plugin"], "the map plugin made " + std::to_string(powers.size()) + " powers: a variant has at most " +
                                          std::to_string(kMaxPowers - 1));
      powers.resize(kMaxPowers - 1);
    }
    return powers;
  }

  // A power of the list, the next after `powers`. Its name must be new (`named_on`) and its home
  // centres no other power's (`home_of`, which gets them).
  Power read_power(const DocNode& item, const Map& map, const std::vector<Power>& powers, std::unordered_map<std::string, int>& named_on,
                   std::vector<std::size_t>& home_of) {
    doc_.check_keys(item, {"name", "adjective", "aliases", "home_centres", "build_sites"});
    Power power;
    power.name = doc_.string(item, "name", true);
    power.adjective = doc_.string(item, "adjective");
    power.aliases = doc_.string_list(item, "aliases");
    if (const auto [first, added] = named_on.emplace(normalize_name(power.name), item.line()); !added)
      doc_.error(item, "duplicate power '" + power.name + "' (first on line " + std::to_string(first->second) + ")");
    for (const auto& centre : doc_.string_list(item, "home_centres")) {
      auto p = map.find_province(normalize_name(centre));
      if (!p) doc_.error(item["home_centres"], "unknown home centre '" + centre + "'");
      else if (!map.province(*p).supply_centre) doc_.error(item["home_centres"], "home centre '" + centre + "' is not a supply centre");
      else {
        if (home_of[*p] == kMaxPowers) home_of[*p] = powers.size();
        else if (home_of[*p] != powers.size())
          doc_.error(item["home_centres"], "home centre '" + centre + "' is already a home centre of " + powers[home_of[*p]].name);
        power.home_centres.push_back(*p);
      }
    }
    power.build_sites = read_build_sites(item, map);
    return power;
  }

  // A power's `build_sites` (the build_sites rule's listed_sites): supply centres, each once.
  std::vector<ProvinceId> read_build_sites(const DocNode& item, const Map& map) {
    std::vector<ProvinceId> sites;
    for (const auto& centre : doc_.string_list(item, "build_sites")) {
      const auto p = map.find_province(normalize_name(centre));
      if (!p) doc_.error(item["build_sites"], "unknown build site '" + centre + "'");
      else if (!map.province(*p).supply_centre) doc_.error(item["build_sites"], "build site '" + centre + "' is not a supply centre");
      else if (std::find(sites.begin(), sites.end(), *p) != sites.end()) doc_.error(item["build_sites"], "build site '" + centre + "' is listed twice");
      else sites.push_back(*p);
    }
    return sites;
  }

  // `victory_centres`, or the map plugin's number; more than the map's centres could never be won.
  // `artwork:` names an SVG file in the variant's folder (or below it): a picture may be read
  // from there only, never from elsewhere on the machine (docs/security.md). The file itself is
  // read when a picture is drawn (one missing or unreadable then is a warning, and the picture is
  // drawn without it).
  void read_artwork(Variant& variant) {
    const DocNode& node = root_["artwork"];
    if (!node) return;
    const std::string name = doc_.string(root_, "artwork");
    const std::filesystem::path relative = std::filesystem::path(name).lexically_normal();
    if (name.empty() || relative.is_absolute() || relative.begin() == relative.end() || *relative.begin() == "..") {
      doc_.error(node, "'artwork' must name an SVG file in the variant's folder, not '" + name + "'");
      return;
    }
    std::error_code ec;
    const std::filesystem::path folder = std::filesystem::weakly_canonical(std::filesystem::absolute(variant_file_, ec).parent_path(), ec);
    const std::filesystem::path file = std::filesystem::weakly_canonical(folder / relative, ec);
    const auto [end, unused] = std::mismatch(folder.begin(), folder.end(), file.begin(), file.end());
    if (ec || end != folder.end()) {
      doc_.error(node, "artwork '" + name + "' leads out of the variant's folder (a link?): it must be a file in it");
      return;
    }
    const Diagnostic where = doc_.diagnostic(node, "");
    variant.set_artwork(VariantArtwork{file.string(), where.file + ":" + std::to_string(where.line)});
  }

  void read_victory_centres(Variant& variant) {
    variant.set_victory_centres(root_["victory_centres"] ? doc_.integer(root_, "victory_centres") : board_.victory_centres);
    std::size_t centres = 0;
    for (std::size_t p = 0; p < variant.map().province_count(); ++p) centres += variant.map().province(static_cast<ProvinceId>(p)).supply_centre;
    if (variant.victory_centres() > static_cast<int>(centres))
      doc_.error(root_["victory_centres"], "'victory_centres' is " + std::to_string(variant.victory_centres()) + " but the map has only " +
                                               std::to_string(centres) + " supply centres: nobody could win");
  }

  // The first phase and position: `start:`, or the map plugin's units. The centres' owners are
  // `start: supply_centres`, or else the powers' home centres. Without a phase the game starts in
  // Spring 1901, or in the calendar's first phase when its years have no Spring 1901.
  std::pair<Phase, Position> read_start(const Variant& variant) {
    Position start(variant.map().province_count());
    Phase phase{};
    if (!variant.calendar().has(phase)) phase = variant.calendar().first_phase();
    if (const DocNode& s = root_["start"]) {
      doc_.check_keys(s, {"phase", "units", "supply_centres", "mobilize"});
      read_phase(doc_, s, "phase", variant.calendar(), phase);
      read_units(doc_, s["units"], variant, start);
      if (s["supply_centres"]) read_owners(doc_, s["supply_centres"], variant, start);
      if (s["mobilize"] && doc_.boolean(s, "mobilize")) check_mobilize(s["mobilize"], phase, start);
    } else {
      place_built_units(variant, start);
    }
    if (!root_["start"]["supply_centres"]) {
      for (std::size_t p = 0; p < variant.power_count(); ++p)
        for (ProvinceId centre : variant.power(static_cast<PowerId>(p)).home_centres) start.set_owner(centre, static_cast<PowerId>(p));
    }
    return {phase, std::move(start)};
  }

  // A mobilizing start is an adjustment phase on an empty board: every power's first unit is its
  // first build (Variant::start_mobilizes).
  void check_mobilize(const DocNode& at, const Phase& phase, const Position& start) {
    mobilize_ = true;
    if (phase.kind != PhaseKind::Adjustment) doc_.error(at, "a mobilizing start must be an adjustment phase (each power's first build)");
    for (std::size_t p = 0; p < start.province_count(); ++p)
      if (start.unit_in(static_cast<ProvinceId>(p)).present()) {
        doc_.error(at, "a mobilizing start has no units: each power's first unit is its first build");
        return;
      }
  }

  // A map plugin's own start: its units, each checked to be on the board and able to stand there.
  void place_built_units(const Variant& variant, Position& start) {
    const DocNode& map_plugin = root_["map_plugin"];
    for (const auto& unit : board_.units) {
      if (unit.power >= variant.power_count() || unit.province >= variant.map().province_count()) {
        doc_.error(map_plugin, "the map plugin placed a unit off its board");
        continue;
      }
      const LocationId where = unit.coast == kNoCoast ? variant.map().province(unit.province).location
                                                      : variant.map().coast_location(unit.province, unit.coast);
      if (!variant.map().can_hold(unit.type, where)) {
        doc_.error(map_plugin, "the map plugin placed a unit where it cannot stand");
        continue;
      }
      start.place(variant.map(), Unit{unit.type, static_cast<PowerId>(unit.power), where});
    }
  }

  // The plugins' options join the rulebook before the variant's own `rules:` are read, so a
  // variant (and every game of it) can set them like the core's.
  Rulebook read_rules(int victory_centres) {
    Rulebook rules;
    // The variant's `victory_centres:` is the rule's value, unless its `rules:` say otherwise.
    if (victory_centres > 0) {
      const std::string source = root_["victory_centres"] ? file_ + ":" + std::to_string(root_["victory_centres"].line()) : "the map plugin";
      rules.set_number(static_cast<std::size_t>(Rule::VictoryCentres), victory_centres, source);
    }
    for (const auto& named : plugins_) {
      for (RuleOption option : named.plugin->options()) {
        if (rules.find_option(option.key)) {
          doc_.error(root_["plugins"], "plugin '" + std::string(named.plugin->name()) + "' adds option '" + option.key + "', which exists already");
          continue;
        }
        rules.add_option(std::move(option));
      }
    }
    apply_rules(doc_, root_["rules"], rules);
    return rules;
  }

  // Each plugin's rules bound to the variant, the plugins' own reasons first (bind() looks them
  // up: Variant::find_reason).
  void bind_plugins(Variant& variant) {
    for (const auto& named : plugins_)
      if (!variant.add_reasons(named.plugin->reasons()))
        doc_.error_at(named.line, "plugin '" + std::string(named.plugin->name()) + "' adds more reasons than a variant has room for (127 in all)");
    for (const auto& named : plugins_) {
      const std::size_t known_errors = errors_.size();
      std::unique_ptr<RuleExtension> bound = named.plugin->bind(variant, named.in(file_), errors_);
      if (!bound) {
        if (errors_.size() == known_errors) doc_.error_at(named.line, "plugin '" + std::string(named.plugin->name()) + "' refused the variant");
        continue;
      }
      // The extension's code lives in the plugin's library: it keeps the plugin (and so the library) alive.
      std::shared_ptr<const RuleExtension> shared(bound.release(), [owner = named.plugin](const RuleExtension* e) { delete e; });
      variant.add_extension(VariantExtension{std::string(named.plugin->name()), std::move(shared)});
    }
  }

  const std::filesystem::path& variant_file_;
  const std::string file_;
  std::span<const std::filesystem::path> plugin_path_;
  std::span<const std::string> map_options_;
  std::vector<Diagnostic> errors_;
  DocumentReader doc_;
  bool mobilize_ = false;  // start: {mobilize: true}
  DocNode root_;
  std::string name_, title_, map_name_;
  std::vector<NamedPlugin> plugins_;
  BuiltBoard board_;  // what a map plugin built: the map, and perhaps powers, units and a victory count
};

}  // namespace

Expected<std::shared_ptr<const Variant>> read_variant_file(const std::filesystem::path& variant_file,
                                                           std::span<const std::filesystem::path> plugin_path,
                                                           std::span<const std::string> map_options) {
  return VariantFileReader(variant_file, plugin_path, map_options).read();
}

}  // namespace dipadj
