#include "dipadj/loading/variant_loader.hpp"

#include <algorithm>

#include "base/yaml_support.hpp"
#include "dipadj/installation.hpp"
#include "dipadj/text.hpp"
#include "variant_reading.hpp"

namespace dipadj {

Expected<std::shared_ptr<const Variant>> load_variant(const std::filesystem::path& variant_file) {
  const auto search_path = plugin_search_path();
  return load_variant(variant_file, search_path);
}

Expected<std::shared_ptr<const Variant>> load_variant(const std::filesystem::path& variant_file,
                                                      std::span<const std::filesystem::path> plugin_path,
                                                      std::span<const std::string> map_options) {
  auto loaded = yaml::guarded<std::shared_ptr<const Variant>>(variant_file.string(),
                                                               [&] { return read_variant_file(variant_file, plugin_path, map_options); });
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
