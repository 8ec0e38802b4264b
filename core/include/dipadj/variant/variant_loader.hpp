#pragma once
// Loading maps and variants from YAML (docs/map-format.md). Every problem found is reported
// with its file and line; loading never throws.
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

Expected<std::shared_ptr<const Map>> load_map(const std::filesystem::path& file);
// With some of the map's named options applied (its `options:`; an unknown name is an error).
Expected<std::shared_ptr<const Map>> load_map(const std::filesystem::path& file, std::span<const std::string> options);
// The plugins a variant names are looked for on plugin_search_path(), or on the path given.
Expected<std::shared_ptr<const Variant>> load_variant(const std::filesystem::path& variant_file);
Expected<std::shared_ptr<const Variant>> load_variant(const std::filesystem::path& variant_file,
                                                      std::span<const std::filesystem::path> plugin_path,
                                                      std::span<const std::string> map_options = {});

// The directories searched for `<name>/variant.yaml`: $DIPADJ_VARIANT_PATH (colon separated),
// then the bundled variants (installation().variants: the installed ones, or the source tree's).
std::vector<std::filesystem::path> variant_search_path();
// A variant given by name ("standard") or by path to its directory or variant.yaml.
// `map_options`: named options of the variant's map to apply (a game's choice).
Expected<std::shared_ptr<const Variant>> find_variant(const std::string& name_or_path,
                                                      std::span<const std::string> map_options = {});

// Variants already loaded, by the name they were asked for (with the map options): for tools
// that read many files of one variant (a test suite, a session of the C API). Safe to use from
// several threads at once; a variant is loaded once.
class VariantCache {
 public:
  Expected<std::shared_ptr<const Variant>> find(const std::string& name_or_path,
                                                std::span<const std::string> map_options = {});

 private:
  std::mutex mutex_;
  std::map<std::string, std::shared_ptr<const Variant>> loaded_;
};

}  // namespace dipadj
