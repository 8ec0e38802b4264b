#pragma once
// DPjudge's .map format and MILA's (its descendant) read into an ImportedBoard. Private to the
// core.
#include <filesystem>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "imported_board.hpp"

namespace dipadj::import {

// Reads `file` and every file it names with USE or MAP (relative to the naming file's folder);
// problems that stop the import go to `errors`, with file and line.
ImportedBoard read_dpjudge_map(const std::filesystem::path& file, std::vector<Diagnostic>& errors);

}  // namespace dipadj::import
