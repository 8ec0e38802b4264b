#pragma once
// A map drawn as an SVG picture made a board (`dipadj import --from svg`, docs/importing-maps.md):
// the provinces its shapes name, their borders where the shapes touch (within a tolerance),
// land, coastal and sea kinds, army and fleet borders, coasts, supply centres, powers from
// colours, and each province's point. Private to the core.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "imported_board.hpp"

namespace dipadj::import {

struct DrawingBoard {
  ImportedBoard board;
  std::vector<std::string> report;  // what was found, a line each: counts, the tolerance, gaps, overlaps
};

// How far apart two outlines may lie and still share a border: in the drawing's units, or as a
// share of its diagonal; by default a 500th of the diagonal.
struct DrawingTolerance {
  std::optional<double> units, share;
};

// Reads the drawing. Errors (not an SVG, over the reader's limits, no province, a tolerance that
// is no distance) stop it; what is left out is a note with file:line.
std::optional<DrawingBoard> read_drawing_board(const std::filesystem::path& file, const DrawingTolerance& tolerance,
                                               std::vector<Diagnostic>& errors);

}  // namespace dipadj::import
