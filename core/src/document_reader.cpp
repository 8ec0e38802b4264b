#include "dipadj/document_reader.hpp"

#include <algorithm>
#include <limits>
#include <sstream>

#include "dipadj/text.hpp"

namespace dipadj {
namespace {

// What a format names, for telling a file of one kind given for another: "dipadj-map/1" -> "map".
std::string kind_of_format(const std::string& format) {
  static const std::pair<const char*, const char*> kinds[] = {
      {"dipadj-game/1", "game"},   {"dipadj-map/1", "map"},       {"dipadj-variant/1", "variant"},
      {"dipadj-cases/1", "case"}, {"dipadj-record/1", "game record"}, {"dipadj-rules/1", "rule profile"},
      {"dipadj-history/1", "history"}};
  for (const auto& [name, kind] : kinds)
    if (format == name) return kind;
  return "";
}

// Why a file whose `format:` is `given` (null: not a single value) is not of the `expected` one:
// "this is a map file (...), not a game file (...)" when both are ours, else the two values.
std::string wrong_format_message(const std::string* given, const std::string& expected) {
  const std::string kind = given != nullptr ? kind_of_format(*given) : std::string();
  const std::string wanted = kind_of_format(expected);
  if (!kind.empty() && !wanted.empty())
    return "this is a " + kind + " file (format " + *given + "), not a " + wanted + " file (" + expected + ")";
  return "format '" + (given != nullptr ? printable(*given, 40) : std::string("?")) + "' is not '" + expected + "'";
}

// A number as yaml-cpp's stream conversion reads one: the base from the text (0x.., 0..), the
// whole text read, white space after it allowed.
template <class Number>
std::optional<Number> streamed_number(const std::string& text) {
  std::stringstream stream(text);
  stream.unsetf(std::ios::dec);
  Number value{};
  if ((stream >> std::noskipws >> value) && (stream >> std::ws).eof()) return value;
  return std::nullopt;
}

bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }

}  // namespace

Diagnostic DocumentReader::diagnostic(const DocNode& at, std::string message) const {
  return Diagnostic{file_, at.line(), std::move(message)};
}

void DocumentReader::error(const DocNode& at, std::string message) { errors_->push_back(diagnostic(at, std::move(message))); }

void DocumentReader::key_error(const DocNode& value, std::string message) {
  errors_->push_back(Diagnostic{file_, value.key_line(), std::move(message)});
}

void DocumentReader::error_at(int line, std::string message) { errors_->push_back(Diagnostic{file_, line, std::move(message)}); }

bool DocumentReader::expect_map(const DocNode& map, const char* key) {
  if (map.is_map()) return true;
  const char* found = map.is_sequence() ? "a list" : map.is_scalar() ? "a single value" : "nothing";
  error(map, std::string("expected a mapping (with the key \"") + key + "\") here, found " + found);
  return false;
}

void DocumentReader::check_keys(const DocNode& map, std::initializer_list<std::string_view> allowed) {
  if (!map.is_map()) return;
  for (const DocNode& value : map.items()) {
    const bool known = std::any_of(allowed.begin(), allowed.end(), [&](std::string_view key) { return value.key() == key; });
    if (known) continue;
    std::string list;
    for (std::string_view key : allowed) (list += list.empty() ? "" : ", ") += key;
    key_error(value, "unknown key '" + printable(value.key(), 60) + "' (expected one of: " + list + ")");
  }
}

bool DocumentReader::check_format(const DocNode& root, const std::string& expected) {
  const DocNode& format = root["format"];
  if (!format) {
    error(root, "missing 'format: " + expected + "'");
    return false;
  }
  if (!format.is_scalar() || format.text() != expected) {
    error(format, wrong_format_message(format.is_scalar() ? &format.text() : nullptr, expected));
    return false;
  }
  return true;
}

bool DocumentReader::key_is_single_value(const DocNode& value) {
  if (value.key_kind() != DocNode::Kind::Map && value.key_kind() != DocNode::Kind::Sequence) return true;
  key_error(value, "expected a single value here, found a mapping or a list");
  return false;
}

std::string DocumentReader::string(const DocNode& map, const char* key, bool required) {
  if (!map.is_map() && (required || map)) {
    expect_map(map, key);
    return {};
  }
  const DocNode& node = map[key];
  if (!node) {
    if (required) error(map, std::string("missing '") + key + "'");
    return {};
  }
  if (!node.is_scalar()) {
    error(node, std::string("'") + key + "' must be a single value");
    return {};
  }
  return node.text();
}

std::vector<std::string> DocumentReader::string_list(const DocNode& map, const char* key) {
  std::vector<std::string> out;
  const DocNode& node = map[key];
  if (!node) return out;
  if (!node.is_sequence()) {
    error(node, std::string("'") + key + "' must be a list");
    return out;
  }
  for (const DocNode& item : node.items()) {
    if (!item.is_scalar()) error(item, std::string("entries of '") + key + "' must be text");
    else out.push_back(item.text());
  }
  return out;
}

bool DocumentReader::boolean(const DocNode& map, const char* key) {
  const DocNode& node = map[key];
  if (!node) return false;
  const std::optional<bool> value = truth_value(node);
  if (!value) error(node, std::string("'") + key + "' must be true or false");
  return value.value_or(false);
}

int DocumentReader::integer(const DocNode& map, const char* key) {
  const DocNode& node = map[key];
  if (!node) return 0;
  const std::optional<int> value = integer_value(node);
  if (!value) error(node, std::string("'") + key + "' must be a whole number");
  return value.value_or(0);
}

std::optional<int> integer_value(const DocNode& node) {
  if (!node.is_scalar()) return std::nullopt;
  return streamed_number<int>(node.text());
}

std::optional<double> number_value(const DocNode& node) {
  if (!node.is_scalar()) return std::nullopt;
  const std::string& text = node.text();
  if (auto value = streamed_number<double>(text)) return value;
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  if (text == ".inf" || text == ".Inf" || text == ".INF" || text == "+.inf" || text == "+.Inf" || text == "+.INF") return kInfinity;
  if (text == "-.inf" || text == "-.Inf" || text == "-.INF") return -kInfinity;
  if (text == ".nan" || text == ".NaN" || text == ".NAN") return std::numeric_limits<double>::quiet_NaN();
  return std::nullopt;
}

std::optional<bool> truth_value(const DocNode& node) {
  if (!node.is_scalar()) return std::nullopt;
  const std::string& text = node.text();
  // One case throughout, or a capital first: "yes", "YES", "Yes", not "yEs".
  const auto all = [&](std::size_t from, bool (*test)(char)) { return std::all_of(text.begin() + static_cast<std::ptrdiff_t>(from), text.end(), test); };
  const bool flexible_case = text.empty() || all(0, is_lower) || (is_upper(text[0]) && (all(1, is_lower) || all(1, is_upper)));
  if (!flexible_case) return std::nullopt;
  std::string lower = text;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](char c) { return is_upper(c) ? static_cast<char>(c - 'A' + 'a') : c; });
  for (const char* yes : {"y", "yes", "true", "on"})
    if (lower == yes) return true;
  for (const char* no : {"n", "no", "false", "off"})
    if (lower == no) return false;
  return std::nullopt;
}

}  // namespace dipadj
