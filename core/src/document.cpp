#include "document.hpp"

#include <algorithm>

#include "dipadj/text.hpp"

namespace dipadj {

const DocNode& DocNode::operator[](std::string_view key) const {
  static const DocNode missing;  // immutable: the one answer for every absent key
  if (kind_ != Kind::Map) return missing;
  for (const DocNode& value : items_)
    if (value.key_ == key) return value;
  return missing;
}

namespace doc {

std::string kind_of_format(const std::string& format) {
  static const std::pair<const char*, const char*> kinds[] = {
      {"dipadj-game/1", "game"},   {"dipadj-map/1", "map"},       {"dipadj-variant/1", "variant"},
      {"dipadj-cases/1", "case"}, {"dipadj-record/1", "game record"}, {"dipadj-rules/1", "rule profile"},
      {"dipadj-history/1", "history"}};
  for (const auto& [name, kind] : kinds)
    if (format == name) return kind;
  return "";
}

bool expect_map(const std::string& file, const DocNode& map, const char* key, std::vector<Diagnostic>& errors) {
  if (map.is_map()) return true;
  const char* found = map.is_sequence() ? "a list" : map.is_scalar() ? "a single value" : "nothing";
  errors.push_back(diagnostic(file, map, std::string("expected a mapping (with the key \"") + key + "\") here, found " + found));
  return false;
}

std::string wrong_format_message(const std::string* given, const std::string& expected) {
  const std::string kind = given != nullptr ? kind_of_format(*given) : std::string();
  const std::string wanted = kind_of_format(expected);
  if (!kind.empty() && !wanted.empty())
    return "this is a " + kind + " file (format " + *given + "), not a " + wanted + " file (" + expected + ")";
  return "format '" + (given != nullptr ? printable(*given, 40) : std::string("?")) + "' is not '" + expected + "'";
}

void check_keys(const std::string& file, const DocNode& map, std::initializer_list<const char*> allowed,
                std::vector<Diagnostic>& errors) {
  if (!map.is_map()) return;
  for (const DocNode& value : map.items()) {
    bool known = false;
    for (const char* a : allowed) known = known || value.key() == a;
    if (!known) {
      std::string list;
      for (const char* a : allowed) list += std::string(list.empty() ? "" : ", ") + a;
      errors.push_back(key_diagnostic(file, value, "unknown key '" + printable(value.key(), 60) + "' (expected one of: " + list + ")"));
    }
  }
}

bool check_format(const std::string& file, const DocNode& root, const std::string& expected, std::vector<Diagnostic>& errors) {
  const DocNode& format = root["format"];
  if (!format) {
    errors.push_back(diagnostic(file, root, "missing 'format: " + expected + "'"));
    return false;
  }
  if (!format.is_scalar() || format.text() != expected) {
    errors.push_back(diagnostic(file, format, wrong_format_message(format.is_scalar() ? &format.text() : nullptr, expected)));
    return false;
  }
  return true;
}

std::string get_string(const std::string& file, const DocNode& map, const char* key, std::vector<Diagnostic>& errors,
                       bool required) {
  if (!map.is_map() && (required || map)) {
    expect_map(file, map, key, errors);
    return {};
  }
  const DocNode& node = map[key];
  if (!node) {
    if (required) errors.push_back(diagnostic(file, map, std::string("missing '") + key + "'"));
    return {};
  }
  if (!node.is_scalar()) {
    errors.push_back(diagnostic(file, node, std::string("'") + key + "' must be a single value"));
    return {};
  }
  return node.text();
}

std::vector<std::string> get_string_list(const std::string& file, const DocNode& map, const char* key,
                                         std::vector<Diagnostic>& errors) {
  std::vector<std::string> out;
  const DocNode& node = map[key];
  if (!node) return out;
  if (!node.is_sequence()) {
    errors.push_back(diagnostic(file, node, std::string("'") + key + "' must be a list"));
    return out;
  }
  for (const DocNode& item : node.items()) {
    if (!item.is_scalar()) errors.push_back(diagnostic(file, item, std::string("entries of '") + key + "' must be text"));
    else out.push_back(item.text());
  }
  return out;
}

}  // namespace doc
}  // namespace dipadj
