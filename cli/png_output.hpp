#pragma once
// Pictures as PNG: the SVG the core draws, rendered by librsvg's rsvg-convert (Debian's
// librsvg2-bin) run as a program, so that dipadj needs no image library to build and a system
// without rsvg-convert still draws SVG.
#include <filesystem>
#include <string>

namespace dipadj::cli {

constexpr int kDefaultPngWidth = 1600;

// Writes `svg` as a PNG `width` pixels wide (the height keeps the picture's proportions) to
// `file`. Returns why it could not (rsvg-convert missing or failing), or "".
std::string write_png(const std::string& svg, const std::filesystem::path& file, int width);

}  // namespace dipadj::cli
