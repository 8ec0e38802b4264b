#include "dipadj/loading/variant_loader.hpp"

#include <algorithm>
#include <unordered_map>

#include "../notation/position_reading.hpp"
#include "../geo/map_reading.hpp"
#include "../rules/rules_reading.hpp"
#include "../yaml_support.hpp"
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
  YAML::Node settings;  // a null node when the entry has none
  int line = 0;         // the entry's line
};

// The variant's `plugins:` list: each plugin found on the search path and loaded.
std::vector<NamedPlugin> load_plugins(const std::string& file, const YAML::Node& list,
                                      std::span<const std::filesystem::path> search_path, std::vector<Diagnostic>& errors) {
  std::vector<NamedPlugin> out;
  if (!list) return out;
  if (!list.IsSequence()) {
    errors.push_back(yaml::diagnostic(file, list, "'plugins' must be a list of {name, settings}"));
    return out;
  }
  // Counted first, so that a list of a million entries costs no more than its first ones.
  if (list.size() >= kMaxPlugins)
    errors.push_back(yaml::diagnostic(file, list, std::to_string(list.size()) + " plugins: a variant has at most " +
                                                      std::to_string(kMaxPlugins - 1) + "; the rest are not read"));
  std::unordered_map<std::string, int> named_on;  // each plugin's name -> the line of its first entry
  std::size_t read = 0;
  for (const auto& item : list) {
    if (++read >= kMaxPlugins) break;
    if (!item.IsMap()) {
      errors.push_back(yaml::diagnostic(file, item, "a plugin entry must be a mapping {name, settings}"));
      continue;
    }
    yaml::check_keys(file, item, {"name", "settings"}, errors);
    const std::string name = yaml::get_string(file, item, "name", errors, true);
    if (name.empty()) continue;
    if (const auto [first, added] = named_on.emplace(name, yaml::line_of(item)); !added) {
      errors.push_back(yaml::diagnostic(file, item, "plugin '" + name + "' named twice (first on line " + std::to_string(first->second) + ")"));
      continue;
    }
    auto plugin = load_plugin(name, search_path, yaml::diagnostic(file, item, ""));
    if (!plugin) {
      for (const auto& e : plugin.errors()) errors.push_back(e);
      continue;
    }
    // An absent key gives yaml-cpp's invalid node, which throws when touched: hand over a null one.
    const YAML::Node settings = item["settings"] ? item["settings"] : YAML::Node(YAML::NodeType::Null);
    out.push_back(NamedPlugin{plugin.value(), settings, yaml::line_of(item)});
  }
  return out;
}

// `map_plugin: {name, settings}`: the map plugin builds the board in code.
Expected<MapSpec> build_board(const std::string& file, const YAML::Node& entry,
                              std::span<const std::filesystem::path> search_path, BuiltBoard& board) {
  std::vector<Diagnostic> errors;
  if (!entry.IsMap()) return std::vector<Diagnostic>{yaml::diagnostic(file, entry, "'map_plugin' must be a mapping {name, settings}")};
  yaml::check_keys(file, entry, {"name", "settings"}, errors);
  const std::string name = yaml::get_string(file, entry, "name", errors, true);
  if (!errors.empty()) return errors;
  auto plugin = load_plugin(name, search_path, yaml::diagnostic(file, entry, ""));
  if (!plugin) return plugin.errors();
  const YAML::Node settings = entry["settings"] ? entry["settings"] : YAML::Node(YAML::NodeType::Null);
  const PluginSettings given{settings, file, yaml::line_of(entry), plugin.value()->name()};
  if (!plugin.value()->build_map(given, board, errors)) {
    for (auto& e : errors)
      if (e.file.empty()) e = Diagnostic{file, yaml::line_of(entry), e.message};
    if (errors.empty()) errors.push_back(yaml::diagnostic(file, entry, "plugin '" + name + "' built no map"));
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
  YAML::Node root;
  if (!yaml::load_file(file, root, errors)) return errors;
  if (!root.IsMap()) return std::vector<Diagnostic>{yaml::diagnostic(file, root, "a variant file must be a YAML mapping")};
  // A game file's `variant:` may name any file: until it says it is a variant, nothing of it is
  // quoted.
  if (!yaml::check_format(file, root, "dipadj-variant/1", errors)) return errors;
  yaml::check_keys(file, root, {"format", "name", "title", "map", "map_plugin", "map_overlay", "victory_centres", "powers", "start", "rules", "plugins"}, errors);
  const std::string name = yaml::get_string(file, root, "name", errors, true);
  const std::string title = yaml::get_string(file, root, "title", errors);
  // The map: a map file (`map:`), or a map plugin that builds it in code (`map_plugin:`).
  const YAML::Node map_plugin = root["map_plugin"];
  const std::string map_name = yaml::get_string(file, root, "map", errors, !map_plugin);
  if (map_plugin && root["map"]) errors.push_back(yaml::diagnostic(file, map_plugin, "a variant has 'map' or 'map_plugin', not both"));
  if (map_plugin && (root["map_overlay"] || !map_options.empty()))
    errors.push_back(yaml::diagnostic(file, map_plugin, "a map built by a plugin takes no overlay and no map options"));
  // From here on, every stage is checked even when an earlier one had problems (`dipadj validate`
  // reports them all); only without any map at all does loading stop.
  if (map_name.empty() && !map_plugin) return errors;

  // The plugins first: they may edit the map before it is built.
  const std::vector<NamedPlugin> plugins = load_plugins(file, root["plugins"], plugin_path, errors);

  // A variant may use another variant's map with changes of its own (an overlay), not a copy.
  const YAML::Node overlay = root["map_overlay"];
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
  for (const auto& named : plugins) {
    const PluginSettings settings{named.settings, file, named.line, named.plugin->name()};
    named.plugin->edit_map(spec.value(), settings, errors);
  }
  if (spec.value().place_count() > kMaxPlaces) {
    // Only a plugin can get here (the map reader stops at the limit).
    errors.push_back(yaml::diagnostic(file, map_plugin ? map_plugin : root, "the map has " +
                                      std::to_string(spec.value().place_count()) + " provinces and coasts; at most " +
                                      std::to_string(kMaxPlaces) + " can be told apart"));
    return errors;
  }
  Expected<std::shared_ptr<const Map>> map = std::shared_ptr<const Map>(std::make_shared<Map>(spec.value()));

  std::vector<Power> powers;
  const YAML::Node power_list = root["powers"];
  const bool built_powers = !power_list && !board.powers.empty();
  for (const auto& built : board.powers)
    if (built_powers) powers.push_back(Power{built.name, built.name, {}, built.home_centres});
  if (powers.size() >= kMaxPowers) {
    errors.push_back(yaml::diagnostic(file, map_plugin, "the map plugin made " + std::to_string(powers.size()) +
                                                            " powers: a variant has at most " + std::to_string(kMaxPowers - 1)));
    powers.resize(kMaxPowers - 1);
  }
  const bool powers_listed = power_list && power_list.IsSequence() && power_list.size() != 0;
  if (!built_powers && !powers_listed)
    errors.push_back(yaml::diagnostic(file, power_list ? power_list : root, "'powers' must be a non-empty list"));
  // Counted first: a list of thousands of powers is refused without reading past the most a
  // variant can have. Each check below is a look-up, not a comparison with every earlier power.
  if (powers_listed && power_list.size() >= kMaxPowers)
    errors.push_back(yaml::diagnostic(file, power_list, std::to_string(power_list.size()) + " powers: a variant has at most " +
                                                            std::to_string(kMaxPowers - 1) + "; the rest are not read"));
  std::unordered_map<std::string, int> power_named_on;              // normalized name -> the line of its first power
  std::vector<std::size_t> home_of(map.value()->province_count(), kMaxPowers);  // province -> the power it is home to
  for (const auto& item : built_powers || !powers_listed ? YAML::Node() : power_list) {
    if (powers.size() + 1 >= kMaxPowers) break;
    if (!item.IsMap()) {
      errors.push_back(yaml::diagnostic(file, item, "a power must be a mapping (name, adjective, home_centres)"));
      continue;
    }
    yaml::check_keys(file, item, {"name", "adjective", "aliases", "home_centres"}, errors);
    Power power;
    power.name = yaml::get_string(file, item, "name", errors, true);
    power.adjective = yaml::get_string(file, item, "adjective", errors);
    power.aliases = yaml::get_string_list(file, item, "aliases", errors);
    if (const auto [first, added] = power_named_on.emplace(normalize_name(power.name), yaml::line_of(item)); !added)
      errors.push_back(yaml::diagnostic(file, item, "duplicate power '" + power.name + "' (first on line " + std::to_string(first->second) + ")"));
    for (const auto& centre : yaml::get_string_list(file, item, "home_centres", errors)) {
      auto p = map.value()->find_province(normalize_name(centre));
      if (!p) errors.push_back(yaml::diagnostic(file, item["home_centres"], "unknown home centre '" + centre + "'"));
      else if (!map.value()->province(*p).supply_centre)
        errors.push_back(yaml::diagnostic(file, item["home_centres"], "home centre '" + centre + "' is not a supply centre"));
      else {
        if (home_of[*p] == kMaxPowers) home_of[*p] = powers.size();
        else if (home_of[*p] != powers.size())
          errors.push_back(yaml::diagnostic(file, item["home_centres"], "home centre '" + centre + "' is already a home centre of " +
                                                                            powers[home_of[*p]].name));
        power.home_centres.push_back(*p);
      }
    }
    powers.push_back(std::move(power));
  }

  auto variant = std::make_shared<Variant>(name, title, map.value(), std::move(powers));
  variant->set_victory_centres(root["victory_centres"] ? yaml::get_int(file, root, "victory_centres", errors)
                                                      : board.victory_centres);
  {
    std::size_t centres = 0;
    for (std::size_t p = 0; p < variant->map().province_count(); ++p) centres += variant->map().province(static_cast<ProvinceId>(p)).supply_centre;
    if (variant->victory_centres() > static_cast<int>(centres))
      errors.push_back(yaml::diagnostic(file, root["victory_centres"], "'victory_centres' is " + std::to_string(variant->victory_centres()) +
                                                                           " but the map has only " + std::to_string(centres) +
                                                                           " supply centres: nobody could win"));
  }

  Position start(variant->map().province_count());
  Phase phase{};
  if (const YAML::Node s = root["start"]) {
    yaml::check_keys(file, s, {"phase", "units", "supply_centres"}, errors);
    const DocNode start_document = yaml::to_document(s);
    read_phase(file, start_document, "phase", phase, errors);
    read_units(file, start_document["units"], *variant, start, errors);
    if (start_document["supply_centres"]) {
      read_owners(file, start_document["supply_centres"], *variant, start, errors);
    }
  } else {
    // A map plugin's own start: its units (owners: the home centres, below).
    for (const auto& unit : board.units) {
      if (unit.power >= variant->power_count() || unit.province >= variant->map().province_count()) {
        errors.push_back(yaml::diagnostic(file, map_plugin, "the map plugin placed a unit off its board"));
        continue;
      }
      const LocationId where = unit.coast == kNoCoast ? variant->map().province(unit.province).location
                                                      : variant->map().coast_location(unit.province, unit.coast);
      if (where == kNoLocation || !variant->map().can_hold(unit.type, where)) {
        errors.push_back(yaml::diagnostic(file, map_plugin, "the map plugin placed a unit where it cannot stand"));
        continue;
      }
      start.place(variant->map(), Unit{unit.type, static_cast<PowerId>(unit.power), where});
    }
  }
  if (!root["start"] || !root["start"]["supply_centres"]) {
    for (std::size_t p = 0; p < variant->power_count(); ++p)
      for (ProvinceId centre : variant->power(static_cast<PowerId>(p)).home_centres) start.set_owner(centre, static_cast<PowerId>(p));
  }
  // The plugins' options join the rulebook before the variant's own `rules:` are read, so a
  // variant (and every game of it) can set them like the core's.
  Rulebook rules;
  for (const auto& named : plugins) {
    for (RuleOption option : named.plugin->options()) {
      if (rules.find_option(option.key)) {
        errors.push_back(yaml::diagnostic(file, root["plugins"], "plugin '" + std::string(named.plugin->name()) +
                                                                     "' adds option '" + option.key + "', which exists already"));
        continue;
      }
      rules.add_option(std::move(option));
    }
  }
  apply_rules(file, yaml::to_document(root["rules"]), rules, errors);
  variant->set_rules(std::move(rules));
  variant->set_start(phase, std::move(start));
  // The plugins' own reasons first: bind() looks them up (Variant::find_reason).
  for (const auto& named : plugins)
    if (!variant->add_reasons(named.plugin->reasons()))
      errors.push_back(Diagnostic{file, named.line, "plugin '" + std::string(named.plugin->name()) +
                                                        "' adds more reasons than a variant has room for (127 in all)"});
  for (const auto& named : plugins) {
    const PluginSettings settings{named.settings, file, named.line, named.plugin->name()};
    const std::size_t known_errors = errors.size();
    std::unique_ptr<RuleExtension> bound = named.plugin->bind(*variant, settings, errors);
    if (!bound) {
      if (errors.size() == known_errors)
        errors.push_back(Diagnostic{file, named.line, "plugin '" + std::string(named.plugin->name()) + "' refused the variant"});
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
