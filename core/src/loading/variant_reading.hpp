#pragma once
// A variant file (docs/variant-format.md) read into a Variant: its map, powers, start, rules and
// plugins, every problem reported. Private to the core: load_variant guards it and finds the file.
#include <filesystem>
#include <memory>
#include <span>
#include <string>

#include "dipadj/diagnostic.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

// The variant of `variant_file` with the chosen `map_options`, its plugins found on `plugin_path`.
Expected<std::shared_ptr<const Variant>> read_variant_file(const std::filesystem::path& variant_file,
                                                           std::span<const std::filesystem::path> plugin_path,
                                                           std::span<const std::string> map_options);

}  // namespace dipadj
