#pragma once
// An ImportedBoard written as a dipadj variant: map.yaml and variant.yaml (docs/map-format.md),
// with YAML comments for the choices made. Private to the core.
#include <string>

#include "imported_board.hpp"

namespace dipadj::import {

struct VariantFiles {
  std::string map_yaml;
  std::string variant_yaml;
};

// Adds to board.notes what the variant leaves out (impassable provinces, one-way borders made
// two-way, names missing).
VariantFiles write_variant(ImportedBoard& board, const std::string& name, const std::string& source_name);

}  // namespace dipadj::import
