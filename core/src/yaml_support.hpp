#pragma once
// Small helpers for reading our YAML files with yaml-cpp while collecting diagnostics instead of
// throwing. Private to the core library.
#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"

namespace dipadj::yaml {

inline int line_of(const YAML::Node& node) { return node.Mark().line >= 0 ? node.Mark().line + 1 : 0; }

inline Diagnostic diagnostic(const std::string& file, const YAML::Node& node, std::string message) {
  return Diagnostic{file, line_of(node), std::move(message)};
}

// Parses a file or a string; a syntax error becomes a diagnostic with its line.
bool load_file(const std::string& file, YAML::Node& out, std::vector<Diagnostic>& errors);
bool load_string(const std::string& text, const std::string& name, YAML::Node& out, std::vector<Diagnostic>& errors);

void check_keys(const std::string& file, const YAML::Node& map, std::initializer_list<const char*> allowed,
                std::vector<Diagnostic>& errors);
void check_format(const std::string& file, const YAML::Node& root, const std::string& expected,
                  std::vector<Diagnostic>& errors);
std::string get_string(const std::string& file, const YAML::Node& map, const char* key, std::vector<Diagnostic>& errors,
                       bool required = false);
std::vector<std::string> get_string_list(const std::string& file, const YAML::Node& map, const char* key,
                                         std::vector<Diagnostic>& errors);
bool get_bool(const std::string& file, const YAML::Node& map, const char* key, std::vector<Diagnostic>& errors);
int get_int(const std::string& file, const YAML::Node& map, const char* key, std::vector<Diagnostic>& errors);

}  // namespace dipadj::yaml
