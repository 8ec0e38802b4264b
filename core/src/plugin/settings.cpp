#include "dipadj/plugin/settings.hpp"

namespace dipadj {

Diagnostic PluginSettings::problem(const DocNode& at, const std::string& message) const {
  return Diagnostic{file, at.line() > 0 ? at.line() : line, std::string(plugin) + ": " + message};
}

Diagnostic PluginSettings::key_problem(const DocNode& value, const std::string& message) const {
  return Diagnostic{file, value.key_line() > 0 ? value.key_line() : line, std::string(plugin) + ": " + message};
}

bool PluginSettings::expect_none(std::vector<Diagnostic>& problems) const {
  if (!node || node.is_null() || (node.is_map() && node.size() == 0)) return true;
  problems.push_back(problem(node, "takes no settings"));
  return false;
}

}  // namespace dipadj
