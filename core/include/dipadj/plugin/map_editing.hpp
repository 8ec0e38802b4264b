#pragma once
// Capability of a plugin library (RulePlugin::map_editing): it edits the variant's map before the
// map is built. The core calls it once per variant loaded, after it has read the map file, its
// overlay and the chosen options, and before bind(); the map it then builds is the edited one.
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/plugin/settings.hpp"

namespace dipadj {

struct MapSpec;

class MapEditing {
 public:
  // Convoyable coasts become convoy waters, say. Every problem goes to `problems`; with any, the
  // variant is not loaded.
  virtual void edit_map(MapSpec& map, const PluginSettings& settings, std::vector<Diagnostic>& problems) const = 0;

 protected:
  ~MapEditing() = default;
};

}  // namespace dipadj
