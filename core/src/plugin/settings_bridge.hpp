#pragma once
// A plugin's `settings:` handed over as the plugin interface (version 6) wants them: as a yaml-cpp
// node, made here from the variant file's document. The core reads every file as a document
// (document.hpp); this bridge is the one place where it still makes yaml-cpp nodes to be read,
// kept so that the plugin interface and the plugins stay as they are. Issue 29 removes it: plugins
// get the document itself and the interface version goes up. Private to the core library.
#include <memory>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "base/document.hpp"

namespace dipadj {

class PluginSettingsBridge {
 public:
  // `settings`: the value of the entry's `settings:` (Missing when it has none: the plugin gets a
  // null node, and its problems the entry's line), in `file`, whose entry is on `entry_line`.
  PluginSettingsBridge(const DocNode& settings, std::string file, int entry_line, std::string plugin);
  PluginSettingsBridge(PluginSettingsBridge&&) noexcept;
  PluginSettingsBridge& operator=(PluginSettingsBridge&&) noexcept;
  ~PluginSettingsBridge();

  // The plugin's hooks that read its settings, called with them. Every value of the node carries
  // the line it has in the file, so that the plugin's messages (PluginSettings::problem) name it.
  // A yaml-cpp exception the plugin lets through (a value read as a kind it is not) becomes a
  // problem at that value's line, and the hook's result is none.
  bool build_map(const RulePlugin& plugin, BuiltBoard& board, std::vector<Diagnostic>& problems) const;
  void edit_map(const RulePlugin& plugin, MapSpec& map, std::vector<Diagnostic>& problems) const;
  [[nodiscard]] std::unique_ptr<RuleExtension> bind(const RulePlugin& plugin, const Variant& variant,
                                                    std::vector<Diagnostic>& problems) const;

 private:
  [[nodiscard]] PluginSettings settings() const;

  std::unique_ptr<YAML::Node> node_;
  std::string file_;
  int line_;
  std::string plugin_;
};

}  // namespace dipadj
