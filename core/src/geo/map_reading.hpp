#pragma once
// Reading a map with an overlay from a variant file (`map_overlay:`, docs/map-format.md).
// Private to the core library: the overlay is a YAML node of the variant file.
#include <yaml-cpp/yaml.h>

#include <filesystem>
#include <memory>
#include <span>
#include <string>

#include "dipadj/diagnostic.hpp"
#include "dipadj/geo/map.hpp"

namespace dipadj {

Expected<std::shared_ptr<const Map>> load_map_with_overlay(const std::filesystem::path& file,
                                                           std::span<const std::string> options, const YAML::Node& overlay,
                                                           const std::string& overlay_file);

}  // namespace dipadj
