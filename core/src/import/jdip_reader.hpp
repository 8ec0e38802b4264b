#pragma once
// jDip's variants read into an ImportedBoard: a variants.xml (powers, supply centres, first units,
// starting time, victory conditions, rule options) and the adjacency XML file its MAP element
// names (provinces, coasts, borders). Private to the core.
#include <filesystem>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "imported_board.hpp"

namespace dipadj::import {

// Reads the VARIANT of `variants_xml` named `variant` (its name or one of its aliases, in any
// case); an empty `variant` takes the file's default variant, or its only one. Problems that stop
// the import go to `errors`, with file and line.
ImportedBoard read_jdip_variant(const std::filesystem::path& variants_xml, const std::string& variant, std::vector<Diagnostic>& errors);

}  // namespace dipadj::import
