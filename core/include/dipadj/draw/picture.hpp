#pragma once
// A picture drawn by the draw layer: the SVG text, and what the drawing had to mend on the way.
#include <string>
#include <vector>

namespace dipadj {

struct Picture {
  std::string svg;
  std::vector<std::string> warnings;  // from the layout: positions missing or on top of each other
};

}  // namespace dipadj
