#pragma once
// A parsed input document, whatever its syntax: what the readers of game files, rules and
// positions walk. YAML files come through yaml-cpp (yaml::to_document, yaml_support.hpp), JSON
// text through nlohmann/json's event parser (parse_json_document) without building a JSON tree
// first: a batch reads tens of thousands of JSON games a second, and one reader serves both
// syntaxes with the same messages and lines. Private to the core library.
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/diagnostic.hpp"

namespace dipadj {

class DocNode {
 public:
  // Missing: what a look-up of an absent key gives (false in a condition), so that reads can be
  // chained as yaml-cpp's are: node["start"]["units"].
  enum class Kind : std::uint8_t { Missing, Null, Scalar, Sequence, Map };

  DocNode() = default;
  DocNode(Kind kind, int line) : kind_(kind), line_(line) {}

  explicit operator bool() const { return kind_ != Kind::Missing; }
  [[nodiscard]] Kind kind() const { return kind_; }
  [[nodiscard]] bool is_null() const { return kind_ == Kind::Null; }
  [[nodiscard]] bool is_scalar() const { return kind_ == Kind::Scalar; }
  [[nodiscard]] bool is_sequence() const { return kind_ == Kind::Sequence; }
  [[nodiscard]] bool is_map() const { return kind_ == Kind::Map; }
  // The line the node starts on, from 1; 0 when unknown.
  [[nodiscard]] int line() const { return line_; }
  // A scalar's text as written (JSON numbers and booleans as their text); "" for other kinds.
  [[nodiscard]] const std::string& text() const { return text_; }

  // A sequence's items, or a mapping's values in the order written (each knows its key).
  [[nodiscard]] const std::vector<DocNode>& items() const { return items_; }
  [[nodiscard]] std::size_t size() const { return items_.size(); }
  // For a value in a mapping: its key, and the line of the key.
  [[nodiscard]] const std::string& key() const { return key_; }
  [[nodiscard]] int key_line() const { return key_line_; }
  // The value under `key` in a mapping; a Missing node when there is none or this is no mapping.
  [[nodiscard]] const DocNode& operator[](std::string_view key) const;

  // For the parsers that build documents.
  void set_text(std::string text) { text_ = std::move(text); }
  void set_key(std::string key, int line) {
    key_ = std::move(key);
    key_line_ = line;
  }
  DocNode& add(DocNode item) { return items_.emplace_back(std::move(item)); }
  void reserve(std::size_t items) { items_.reserve(items); }

 private:
  Kind kind_ = Kind::Missing;
  int line_ = 0;
  int key_line_ = 0;
  std::string text_;
  std::string key_;
  std::vector<DocNode> items_;
};

// JSON text as a document: strict JSON, nested at most kMaxDocumentDepth deep, no key twice in
// an object (as the YAML reader refuses). False, with a diagnostic naming `name`, the line and the
// cause, when the text is none of that.
constexpr std::size_t kMaxDocumentDepth = 64;
bool parse_json_document(std::string_view text, const std::string& name, DocNode& out, std::vector<Diagnostic>& errors);

namespace doc {

// What a format names, for telling a file of one kind given for another: "dipadj-map/1" -> "map".
std::string kind_of_format(const std::string& format);
// Why a file whose `format:` is `given` (null: not a single value) is not of the `expected` one:
// "this is a map file (...), not a game file (...)" when both are ours, else the two values.
std::string wrong_format_message(const std::string* given, const std::string& expected);

inline Diagnostic diagnostic(const std::string& file, const DocNode& node, std::string message) {
  return Diagnostic{file, node.line(), std::move(message)};
}
// The diagnostic for a mapping's key (an unknown key, an unknown power as a key).
inline Diagnostic key_diagnostic(const std::string& file, const DocNode& value, std::string message) {
  return Diagnostic{file, value.key_line(), std::move(message)};
}

// Whether `map` is a mapping in which to look up `key`; if it is something else, says so (a
// single value or a list where a mapping with that key was expected).
bool expect_map(const std::string& file, const DocNode& map, const char* key, std::vector<Diagnostic>& errors);

// What yaml_support.hpp's helpers of the same names do, for documents.
void check_keys(const std::string& file, const DocNode& map, std::initializer_list<const char*> allowed,
                std::vector<Diagnostic>& errors);
bool check_format(const std::string& file, const DocNode& root, const std::string& expected, std::vector<Diagnostic>& errors);
std::string get_string(const std::string& file, const DocNode& map, const char* key, std::vector<Diagnostic>& errors,
                       bool required = false);
std::vector<std::string> get_string_list(const std::string& file, const DocNode& map, const char* key,
                                         std::vector<Diagnostic>& errors);

}  // namespace doc
}  // namespace dipadj
