#pragma once
// Loading a map from YAML (docs/map-format.md). Every problem found is reported with its file and
// line; loading never throws.
#include <filesystem>
#include <memory>
#include <span>
#include <string>

#include "dipadj/diagnostic.hpp"
#include "dipadj/geo/map.hpp"

namespace dipadj {

Expected<std::shared_ptr<const Map>> load_map(const std::filesystem::path& file);
// With some of the map's named options applied (its `options:`; an unknown name is an error).
Expected<std::shared_ptr<const Map>> load_map(const std::filesystem::path& file, std::span<const std::string> options);

}  // namespace dipadj
