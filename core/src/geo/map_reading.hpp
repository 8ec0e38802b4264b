#pragma once
// Reading a map file into a MapSpec, with an overlay from a variant file (`map_overlay:`,
// docs/map-format.md). Private to the core library: the overlay is a node of the variant file's
// document.
#include <filesystem>
#include <memory>
#include <span>
#include <string>

#include "dipadj/diagnostic.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/document.hpp"

namespace dipadj {

// The map file's MapSpec with the chosen options, and with an overlay (`map_overlay:` of the
// variant file `overlay_file`) when one is given: what plugins may still edit before the Map is built.
// With problems, `partial` receives what could be read without them.
Expected<MapSpec> read_map_spec(const std::filesystem::path& file, std::span<const std::string> options,
                                const DocNode* overlay, const std::string& overlay_file, MapSpec* partial = nullptr);

}  // namespace dipadj
