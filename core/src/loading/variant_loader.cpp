#include "dipadj/loading/variant_loader.hpp"

#include <algorithm>
#include <unordered_map>

#include "base/document_reader.hpp"
#include "geo/map_reading.hpp"
#include "notation/position_reading.hpp"
#include "plugin/settings_bridge.hpp"
#include "rules/rules_reading.hpp"
#include "base/yaml_support.hpp"
#include "dipadj/installation.hpp"
#include "dipadj/plugin/built_board.hpp"
#include "dipadj/plugin/plugin_loader.hpp"
#include "dipadj/text.hpp"

namespace dipadj {

namespace {

// A variant's powers and plugins have ids of one byte, one value of which means none.
constexpr std::size_t kMaxPowers = kNoPower;
constexpr std::size_t kMaxPlugins = 255;

struct NamedPlugin {
  std::shared_ptr<const RulePlugin> plugin;
  PluginSettingsBridge settings;
  int line = 0;  // the entry's line
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
    PluginSettingsBridge settings(item["settings"], doc.file(), item.line(), std::string(plugin.value()->name()));
    out.push_back(NamedPlugin{plugin.value(), std::move(settings), item.line()});
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
  const PluginSettingsBridge settings(entry["settings"], file, entry.line(), std::string(plugin.value()->name()));
  if (!settings.build_map(*plugin.value(), board, errors)) {
    for (auto& e : errors)
      if (e.file.empty()) e = Diagnostic{file, entry.line(), e.message};
    if (errors.empty()) doc.error(entry, "plugin '" + name + "' built no map");
    return errors;
  }
  return board.map;
}

}  // namespace

Expected<std::shared_ptr<const Variant>> load_variant(const std::filesystem::path& variant_file) {
  const auto search_path = plugin_search_path();
  return load_variant(variant_file, search_path);
}

namespace {

Expected<std::shared_ptr<const Variant>> read_variant(const std::filesystem::path& variant_file,
                                                      std::span<const std::filesystem::path> plugin_path,
                                                      std::span<const std::string> map_options) {
  const std::string file = variant_file.string();
  std::vector<Diagnostic> errors;
  DocumentReader doc(file, errors);
  DocNode root;
  if (!yaml::load_document(file, root, errors)) return errors;
  if (!root.is_map()) return std::vector<Diagnostic>{doc.diagnostic(root, "a variant file must be a YAML mapping")};
  // A game file's `variant:` may name any file: until it says it is a variant, nothing of it is
  // quoted.
  if (!doc.check_format(root, "dipadj-variant/1")) return errors;
  doc.check_keys(root, {"format", "name", "title", "map", "map_plugin", "map_overlay", "victory_centres", "powers", "start", "rules", "plugins"});
  const std::string name = doc.string(root, "name", true);
  const std::string title = doc.string(root, "title");
  // The map: a map file (`map:`), or a map plugin that builds it in code (`map_plugin:`).
  const DocNode& map_plugin = root["map_plugin"];
  const std::string map_name = doc.string(root, "map", !map_plugin);
  if (map_plugin && root["map"]) doc.error(map_plugin, "a variant has 'map' or 'map_plugin', not both");
  if (map_plugin && (root["map_overlay"] || !map_options.empty()))
    doc.error(map_plugin, "a map built by a plugin takes no overlay and no map options");
  // From here on, every stage is checked even when an earlier one had problems (`dipadj validate`
  // reports them all); only without any map at all does loading stop.
  if (map_name.empty() && !map_plugin) return errors;

  // The plugins first: they may edit the map before it is built.
  const std::vector<NamedPlugin> plugins = load_plugins(doc, root["plugins"], plugin_path);

  // A variant may use another variant's map with changes of its own (an overlay), not a copy.
  const DocNode& overlay = root["map_overlay"];
  BuiltBoard board;
  MapSpec partial;
  Expected<MapSpec> spec = map_plugin ? build_board(file, map_plugin, plugin_path, board)
                                      : read_map_spec(variant_file.parent_path() / map_name, map_options,
                                                      overlay ? &overlay : nullptr, file, &partial);
  if (!spec) {
    for (const auto& e : spec.errors()) errors.push_back(e);
    // The map had problems: go on with what could be read of it, to check the rest of the file.
    if (partial.provinces.empty()) return errors;
    spec = std::move(partial);
  }
  for (const auto& named : plugins) named.settings.edit_map(*named.plugin, spec.value(), errors);
  if (spec.value().place_count() > kMaxPlaces) {
    // Only a plugin can get here (the map reader stops at the limit).
    doc.error(map_plugin ? map_plugin : root, "the map has " + std::to_string(spec.value().place_count()) +
                                                  " provinces and coasts; at most " + std::to_string(kMaxPlaces) + " can be told apart");
    return errors;
  }
  Expected<std::shared_ptr<const Map>> map = std::shared_ptr<const Map>(std::make_shared<Map>(spec.value()));

  std::vector<Power> powers;
  const DocNode& power_list = root["powers"];
  const bool built_powers = !power_list && !board.powers.empty();
  for (const auto& built : board.powers)
    if (built_powers) powers.push_back(Power{built.name, built.name, {}, built.home_centres});
  if (powers.size() >= kMaxPowers) {
    doc.error(map_plugin, "the map plugin made " + std::to_string(powers.size()) + " powers: a variant has at most " +
                              std::to_string(kMaxPowers - 1));
    powers.resize(kMaxPowers - 1);
  }
  const bool powers_listed = power_list.is_sequence() && power_list.size() != 0;
  if (!built_powers && !powers_listed) doc.error(power_list ? power_list : root, "'powers' must be a non-empty list");
  // Counted first: a list of thousands of powers is refused without reading past the most a
  // variant can have. Each check below is a look-up, not a comparison with every earlier power.
  if (powers_listed && power_list.size() >= kMaxPowers)
    doc.error(power_list, std::to_string(power_list.size()) + " powers: a variant has at most " + std::to_string(kMaxPowers - 1) +
                              "; the rest are not read");
  std::unordered_map<std::string, int> power_named_on;              // normalized name -> the line of its first power
  std::vector<std::size_t> home_of(map.value()->province_count(), kMaxPowers);  // province -> the power it is home to
  const std::vector<DocNode> no_powers;
  for (const DocNode& item : built_powers || !powers_listed ? no_powers : power_list.items()) {
    if (powers.size() + 1 >= kMaxPowers) break;
    if (!item.is_map()) {
      doc.error(item, "a power must be a mapping (name, adjective, home_centres)");
      continue;
    }
    doc.check_keys(item, {"name", "adjective", "aliases", "home_centres"});
    Power power;
    power.name = doc.string(item, "name", true);
    power.adjective = doc.string(item, "adjective");
    power.aliases = doc.string_list(item, "aliases");
    if (const auto [first, added] = power_named_on.emplace(normalize_name(power.name), item.line()); !added)
      doc.error(item, "duplicate power '" + power.name + "' (first on line " + std::to_string(first->second) + ")");
    for (const auto& centre : doc.string_list(item, "home_centres")) {
      auto p = map.value()->find_province(normalize_name(centre));
      if (!p) doc.error(item["home_centres"], "unknown home centre '" + centre + "'");
      else if (!map.value()->province(*p).supply_centre) doc.error(item["home_centres"], "home centre '" + centre + "' is not a supply centre");
      else {
        if (home_of[*p] == kMaxPowers) home_of[*p] = powers.size();
        else if (home_of[*p] != powers.size())
          doc.error(item["home_centres"], "home centre '" + centre + "' is already a home centre of " + powers[home_of[*p]].name);
        power.home_centres.push_back(*p);
      }
    }
    powers.push_back(std::move(power));
  }

  auto variant = std::make_shared<Variant>(name, title, map.value(), std::move(powers));
  variant->set_victory_centres(root["victory_centres"] ? doc.integer(root, "victory_centres") : board.victory_centres);
  {
    std::size_t centres = 0;
    for (std::size_t p = 0; p < variant->map().province_count(); ++p) centres += variant->map().province(static_cast<ProvinceId>(p)).supply_centre;
    if (variant->victory_centres() > static_cast<int>(centres))
      doc.error(root["victory_centres"], "'victory_centres' is " + std::to_string(variant->victory_centres()) + " but the map has only " +
                                             std::to_string(centres) + " supply centres: nobody could win");
  }

  Position start(variant->map().province_count());
  Phase phase{};
  if (const DocNode& s = root["start"]) {
    doc.check_keys(s, {"phase", "units", "supply_centres"});
    read_phase(doc, s, "phase", phase);
    read_units(doc, s["units"], *variant, start);
    if (s["supply_centres"]) read_owners(doc, s["supply_centres"], *variant, start);
  } else {
    // A map plugin's own start: its units (owners: the home centres, below).
    for (const auto& unit : board.units) {
      if (unit.power >= variant->power_count() || unit.province >= variant->map().province_count()) {
        doc.error(map_plugin, "the map plugin placed a unit off its board");
        continue;
      }
      const LocationId where = unit.coast == kNoCoast ? variant->map().province(unit.province).location
                                                      : variant->map().coast_location(unit.province, unit.coast);
      if (where == kNoLocation || !variant->map().can_hold(unit.type, where)) {
        doc.error(map_plugin, "the map plugin placed a unit where it cannot stand");
        continue;
      }
      start.place(variant->map(), Unit{unit.type, static_cast<PowerId>(unit.power), where});
    }
  }
  if (!root["start"]["supply_centres"]) {
    for (std::size_t p = 0; p < variant->power_count(); ++p)
      for (ProvinceId centre : variant->power(static_cast<PowerId>(p)).home_centres) start.set_owner(centre, static_cast<PowerId>(p));
  }
  // The plugins' options join the rulebook before the variant's own `rules:` are read, so a
  // variant (and every game of it) can set them like the core's.
  Rulebook rules;
  for (const auto& named : plugins) {
    for (RuleOption option : named.plugin->options()) {
      if (rules.find_option(option.key)) {
        doc.error(root["plugins"], "plugin '" + std::string(named.plugin->name()) + "' adds option '" + option.key + "', which exists already");
        continue;
      }
      rules.add_option(std::move(option));
    }
  }
  apply_rules(doc, root["rules"], rules);
  variant->set_rules(std::move(rules));
  variant->set_start(phase, std::move(start));
  // The plugins' own reasons first: bind() looks them up (Variant::find_reason).
  for (const auto& named : plugins)
    if (!variant->add_reasons(named.plugin->reasons()))
      doc.error_at(named.line, "plugin '" + std::string(named.plugin->name()) + "' adds more reasons than a variant has room for (127 in all)");
  for (const auto& named : plugins) {
    const std::size_t known_errors = errors.size();
    std::unique_ptr<RuleExtension> bound = named.settings.bind(*named.plugin, *variant, errors);
    if (!bound) {
      if (errors.size() == known_errors) doc.error_at(named.line, "plugin '" + std::string(named.plugin->name()) + "' refused the variant");
      continue;
    }
    // The extension's code lives in the plugin's library: it keeps the plugin (and so the library) alive.
    std::shared_ptr<const RuleExtension> shared(bound.release(), [owner = named.plugin](const RuleExtension* e) { delete e; });
    variant->add_extension(VariantExtension{std::string(named.plugin->name()), std::move(shared)});
  }
  if (!errors.empty()) return errors;
  return std::shared_ptr<const Variant>(variant);
}

}  // namespace

Expected<std::shared_ptr<const Variant>> load_variant(const std::filesystem::path& variant_file,
                                                      std::span<const std::filesystem::path> plugin_path,
                                                      std::span<const std::string> map_options) {
  auto loaded = yaml::guarded<std::shared_ptr<const Variant>>(variant_file.string(),
                                                               [&] { return read_variant(variant_file, plugin_path, map_options); });
  if (loaded) return loaded;
  std::vector<Diagnostic> errors = loaded.errors();
  keep_first_reported(errors, variant_file.string());
  return errors;
}

Expected<std::shared_ptr<const Variant>> VariantCache::find(const std::string& name_or_path,
                                                            std::span<const std::string> map_options) {
  std::string key = name_or_path;
  for (const auto& option : map_options) key += "+" + option;
  const std::lock_guard lock(mutex_);
  if (auto it = loaded_.find(key); it != loaded_.end()) return it->second;
  auto variant = find_variant(name_or_path, map_options);
  if (variant) loaded_.emplace(key, variant.value());
  return variant;
}

std::vector<VariantFolder> variant_folders() {
  std::vector<VariantFolder> out;
  std::vector<std::string> seen;
  for (const auto& directory : variant_search_path()) {
    std::error_code ec;
    std::vector<std::filesystem::path> folders;
    for (const auto& entry : std::filesystem::directory_iterator(directory, ec))
      if (std::filesystem::is_regular_file(entry.path() / "variant.yaml", ec)) folders.push_back(entry.path());
    std::sort(folders.begin(), folders.end());
    for (const auto& folder : folders) {
      std::string name = folder.filename().string();
      const bool hidden = std::find(seen.begin(), seen.end(), name) != seen.end();
      if (!hidden) seen.push_back(name);
      out.push_back(VariantFolder{directory, folder, std::move(name), hidden});
    }
  }
  return out;
}

Expected<std::shared_ptr<const Variant>> find_variant(const std::string& name_or_path,
                                                      std::span<const std::string> map_options) {
  std::error_code ec;
  const auto plugins = plugin_search_path();
  if (!is_plain_name(name_or_path)) {
    const std::filesystem::path given(name_or_path);
    if (std::filesystem::is_directory(given, ec)) return load_variant(given / "variant.yaml", plugins, map_options);
    return load_variant(given, plugins, map_options);
  }
  std::string searched;
  for (const auto& dir : variant_search_path()) {
    const auto file = dir / name_or_path / "variant.yaml";
    if (std::filesystem::exists(file, ec)) return load_variant(file, plugins, map_options);
    searched += (searched.empty() ? "" : ", ") + dir.string();
  }
  return std::vector<Diagnostic>{Diagnostic{name_or_path, 0, "no variant of that name (searched: " + searched +
                                                                 "; a variant directory elsewhere is given as a path, e.g. ./" +
                                                                 name_or_path + ")"}};
}

Expected<std::shared_ptr<const Variant>> find_variant(const std::string& name_or_path, std::span<const std::string> map_options,
                                                      VariantCache* cache) {
  return cache != nullptr ? cache->find(name_or_path, map_options) : find_variant(name_or_path, map_options);
}

std::string resolve_variant_reference(const std::string& reference, const std::filesystem::path& directory) {
  if (is_plain_name(reference)) return reference;
  const std::filesystem::path path(reference);
  if (path.is_absolute() || directory.empty()) return reference;
  return (directory / path).lexically_normal().string();
}

std::string variant_reference_for(const std::string& reference, const std::filesystem::path& destination) {
  if (is_plain_name(reference)) return reference;
  std::error_code ec;
  const std::filesystem::path target = std::filesystem::absolute(reference, ec);
  const std::filesystem::path from = std::filesystem::absolute(destination, ec).parent_path();
  if (ec) return reference;
  const std::filesystem::path relative = target.lexically_normal().lexically_relative(from.lexically_normal());
  if (relative.empty()) return target.lexically_normal().string();
  // "amber" alone would read as a name: a path from here starts with "./".
  const std::string text = relative.string();
  return is_plain_name(text) ? "./" + text : text;
}

}  // namespace dipadj
