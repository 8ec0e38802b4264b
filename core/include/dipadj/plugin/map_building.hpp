#pragma once
// Capability of a plugin library (RulePlugin::map_building): a map plugin, named under
// `map_plugin:` in a variant file instead of `map:`, builds the whole board in code from its
// settings (a random map). The core calls it once per variant loaded, before anything else of
// the variant is read; the powers and start the variant file gives replace the plugin's.
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/plugin/built_board.hpp"
#include "dipadj/plugin/settings.hpp"

namespace dipadj {

class MapBuilding {
 public:
  // Returns false, with the problems, when it cannot build the board from these settings.
  virtual bool build_map(const PluginSettings& settings, BuiltBoard& board, std::vector<Diagnostic>& problems) const = 0;

 protected:
  ~MapBuilding() = default;
};

}  // namespace dipadj
