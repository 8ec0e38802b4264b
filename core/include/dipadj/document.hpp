#pragma once
// A parsed input document, whatever its syntax: what every reader of our formats walks (maps,
// variants, rule profiles, games, records, case files, histories), through a DocumentReader
// (document_reader.hpp). YAML text comes through yaml-cpp's event parser (yaml_document.hpp), JSON
// text through nlohmann/json's (parse_json_document), neither building a tree of its own first: a
// batch reads tens of thousands of JSON games a second, and one reader serves both syntaxes with
// the same messages and lines. Public because a plugin reads its settings as a document
// (dipadj/plugin/settings.hpp), through a const reference: what it is handed it cannot change.
#include <cstdint>
#include <span>
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
  [[nodiscard]] std::span<const DocNode> items() const { return {items_.data(), size_}; }
  [[nodiscard]] std::size_t size() const { return size_; }
  // For a value in a mapping: its key, and the line of the key. A key that is no single value
  // (YAML allows a list or a mapping as a key) reads as "", its kind telling it from `"": ...`.
  [[nodiscard]] const std::string& key() const { return key_; }
  [[nodiscard]] int key_line() const { return key_line_; }
  [[nodiscard]] Kind key_kind() const { return key_kind_; }
  // Whether its key is `key`. Keys of one size often differ in their first byte ("France",
  // "Russia"): told apart without a call to compare the rest.
  [[nodiscard]] bool key_is(std::string_view key) const {
    return key_.size() == key.size() && (key.empty() || key_.front() == key.front()) && key_ == key;
  }
  // The value under `key` in a mapping; a Missing node when there is none or this is no mapping.
  [[nodiscard]] const DocNode& operator[](std::string_view key) const;

  // For the parsers that build documents.
  void set_text(std::string text) { text_ = std::move(text); }
  void assign_text(std::string_view text) { text_.assign(text); }
  void set_key(std::string key, int line, Kind kind = Kind::Scalar) {
    key_ = std::move(key);
    key_line_ = line;
    key_kind_ = kind;
  }
  DocNode& add(DocNode item) {
    if (size_ < items_.size()) return items_[size_++] = std::move(item);
    DocNode& added = items_.emplace_back(std::move(item));
    ++size_;  // once it is there: a failed allocation leaves the node as it was
    return added;
  }
  DocNode& add(Kind kind, int line) { return add(DocNode(kind, line)); }
  void reserve(std::size_t items) { items_.reserve(items); }
  // For a parser that reads many documents into one tree, keeping the memory of its texts and
  // items from one to the next: the node made anew as DocNode(kind, line) but for its items,
  // which `item(i, ...)` makes anew one by one and `keep_items(n)` cuts to the n made (those past
  // them are kept out of sight, their memory for the next document).
  void renew(Kind kind, int line) {
    kind_ = kind;
    line_ = line;
    key_kind_ = Kind::Missing;
    key_line_ = 0;
    text_.clear();
    key_.clear();
  }
  void assign_key(std::string_view key, int line) {
    key_.assign(key);
    key_line_ = line;
    key_kind_ = Kind::Scalar;
  }
  DocNode& item(std::size_t index, Kind kind, int line) {
    if (index < items_.size()) {
      items_[index].renew(kind, line);
      return items_[index];
    }
    return items_.emplace_back(kind, line);
  }
  void keep_items(std::size_t count) { size_ = static_cast<std::uint32_t>(count); }

  // Same kind, text, key, lines and items, all the way down.
  bool operator==(const DocNode& other) const;

 private:
  Kind kind_ = Kind::Missing;
  Kind key_kind_ = Kind::Missing;
  int line_ = 0;
  int key_line_ = 0;
  std::uint32_t size_ = 0;  // the items in use: items_ may keep more, out of sight (keep_items)
  std::string text_;
  std::string key_;
  std::vector<DocNode> items_;
};

// JSON text as a document: strict JSON, nested at most kMaxDocumentDepth deep, no key twice in
// an object (as the YAML reader refuses). False, with a diagnostic naming `name`, the line and the
// cause, when the text is none of that.
constexpr std::size_t kMaxDocumentDepth = 64;
bool parse_json_document(std::string_view text, const std::string& name, DocNode& out, std::vector<Diagnostic>& errors);

}  // namespace dipadj
