#pragma once
// The walk of the echo-settings test plugin: each key and each value of a settings document as a
// problem at its line, so that a test can check the lines a plugin is handed with its settings.
#include <string>
#include <vector>

#include "dipadj/plugin/plugin.hpp"

inline void echo_settings(const dipadj::PluginSettings& settings, const dipadj::DocNode& node, std::vector<dipadj::Diagnostic>& out) {
  using Kind = dipadj::DocNode::Kind;
  switch (node.kind()) {
    case Kind::Map:
      out.push_back(settings.problem(node, "mapping"));
      for (const dipadj::DocNode& value : node.items()) {
        out.push_back(settings.key_problem(value, "key '" + value.key() + "'"));
        echo_settings(settings, value, out);
      }
      break;
    case Kind::Sequence:
      out.push_back(settings.problem(node, "list"));
      for (const dipadj::DocNode& item : node.items()) echo_settings(settings, item, out);
      break;
    case Kind::Scalar: out.push_back(settings.problem(node, "value '" + node.text() + "'")); break;
    case Kind::Null: out.push_back(settings.problem(node, "null")); break;
    case Kind::Missing: out.push_back(settings.problem(node, "missing")); break;
  }
}
