#pragma once
// The walk of the echo-settings test plugin, shared with the test that runs it over yaml-cpp's own
// parse of the same file: each key and each value of a settings node as a problem at its line.
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "dipadj/plugin/plugin.hpp"

inline void echo_settings(const dipadj::PluginSettings& settings, const YAML::Node& node, std::vector<dipadj::Diagnostic>& out) {
  switch (node.Type()) {
    case YAML::NodeType::Map:
      out.push_back(settings.problem(node, "mapping"));
      for (const auto& entry : node) {
        out.push_back(settings.problem(entry.first, "key '" + entry.first.as<std::string>("") + "'"));
        echo_settings(settings, entry.second, out);
      }
      break;
    case YAML::NodeType::Sequence:
      out.push_back(settings.problem(node, "list"));
      for (const auto& item : node) echo_settings(settings, item, out);
      break;
    case YAML::NodeType::Scalar: out.push_back(settings.problem(node, "value '" + node.Scalar() + "'")); break;
    case YAML::NodeType::Null: out.push_back(settings.problem(node, "null")); break;
    case YAML::NodeType::Undefined: out.push_back(settings.problem(node, "undefined")); break;
  }
}
