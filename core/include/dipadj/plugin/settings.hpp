#pragma once
// A plugin's entry in the variant file: `- name: suez-canal` with its `settings:` mapping, as the
// core hands it to the hooks that read settings (RulePlugin::bind, MapEditing, MapBuilding): the
// variant file's own document (dipadj/document.hpp), read-only, each node with its line, so that
// a plugin links libdipadj only and says every problem at its file:line.
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/document.hpp"

namespace dipadj {

struct PluginSettings {
  const DocNode& node;      // the `settings:` value; a Missing node (false in a condition) when there is none
  const std::string& file;  // the variant file, for diagnostics
  int line = 0;             // the plugin's entry in it
  std::string_view plugin;  // the plugin's name

  // A problem with part of the settings: the file, that part's line (or the entry's, when the
  // part has none, as a missing `settings:` or a missing key), and the message after the plugin's name.
  [[nodiscard]] Diagnostic problem(const DocNode& at, const std::string& message) const;
  // A problem with the key of a mapping's value (an unknown setting), at the key's line.
  [[nodiscard]] Diagnostic key_problem(const DocNode& value, const std::string& message) const;
  // For a plugin that takes no settings: true when there are none (no `settings:`, a null, or an
  // empty mapping); otherwise false, with the problem "takes no settings".
  [[nodiscard]] bool expect_none(std::vector<Diagnostic>& problems) const;
};

}  // namespace dipadj
