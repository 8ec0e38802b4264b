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
#include "dipadj/geo/map_loader.hpp"
#include "dipadj/installation.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

// The plugins a variant names are looked for on plugin_search_path(), or on the path given.
Expected<std::shared_ptr<const Variant>> load_variant(const std::filesystem::path& variant_file);
Expected<std::shared_ptr<const Variant>> load_variant(const std::filesystem::path& variant_file,
                                                      std::span<const std::filesystem::path> plugin_path,
                                                      std::span<const std::string> map_options = {});

// A variant given by name ("standard": a plain name, dipadj/text.hpp), looked for on the search
// path only, never in the current directory; or by path to its directory or variant.yaml (anything
// that is not a plain name: "./mine", "../variants/amber", "/srv/v/variant.yaml").
// `map_options`: named options of the variant's map to apply (a game's choice).
Expected<std::shared_ptr<const Variant>> find_variant(const std::string& name_or_path,
                                                      std::span<const std::string> map_options = {});

// A variant folder (one with a variant.yaml) on the variant search path, in search-path order and
// by name within a directory. `hidden`: a folder of that name came earlier on the path, and
// find_variant(name) takes that one.
struct VariantFolder {
  std::filesystem::path directory;  // the search-path directory it is in
  std::filesystem::path folder;
  std::string name;
  bool hidden = false;
};
std::vector<VariantFolder> variant_folders();

// How a file refers to its variant, made right for use from anywhere: a name stays a name; a
// relative path is taken from `directory` (the directory of the file that wrote it), not from the
// current directory.
std::string resolve_variant_reference(const std::string& reference, const std::filesystem::path& directory);
// The reverse, for a file about to be written at `destination`: a name stays a name; a path (from
// the current directory) becomes a path from the destination's directory.
std::string variant_reference_for(const std::string& reference, const std::filesystem::path& destination);

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

// find_variant through `cache` when there is one (a reader given a cache uses it, else loads).
Expected<std::shared_ptr<const Variant>> find_variant(const std::string& name_or_path, std::span<const std::string> map_options,
                                                      VariantCache* cache);

}  // namespace dipadj
