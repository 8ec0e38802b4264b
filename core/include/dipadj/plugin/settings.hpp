#pragma once
// A plugin's entry in the variant file: `- name: suez-canal` with its `settings:` mapping, as the
// core hands it to the hooks that read settings (RulePlugin::bind, MapEditing, MapBuilding).
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/diagnostic.hpp"

namespace YAML {
class Node;
}

namespace dipadj {

struct PluginSettings {
  const YAML::Node& node;   // the `settings:` value; a null node (never an invalid one) when there is none
  const std::string& file;  // the variant file, for diagnostics
  int line = 0;             // the plugin's entry in it
  std::string_view plugin;  // the plugin's name

  // A problem with part of the settings: the file, that part's line (or the entry's, when the
  // part has none, as a missing `settings:`), and the message after the plugin's name.
  [[nodiscard]] Diagnostic problem(const YAML::Node& at, const std::string& message) const;
  // For a plugin that takes no settings: true when there are none (no `settings:`, or an empty
  // mapping); otherwise false, with the problem "takes no settings".
  [[nodiscard]] bool expect_none(std::vector<Diagnostic>& problems) const;
};

}  // namespace dipadj
