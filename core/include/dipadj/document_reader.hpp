#pragma once
// Reading one input document (document.hpp) of our formats: a DocumentReader carries the file's
// name and the list its problems go to, so that the readers of maps, variants, rule profiles,
// games, records, case files and histories hand one object down instead of a file name and a
// list beside every node, and say each problem with the file and the line of the node it
// concerns. Public so that a plugin may read its settings with the same checks and messages.
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/document.hpp"

namespace dipadj {

class DocumentReader {
 public:
  // Problems go to `errors`, which outlives the reader; readers may share one list (the map
  // reader's for the map file and for the variant file's overlay, say).
  DocumentReader(std::string file, std::vector<Diagnostic>& errors) : file_(std::move(file)), errors_(&errors) {}

  [[nodiscard]] const std::string& file() const { return file_; }
  // Every problem so far, this reader's and those of the readers sharing its list.
  [[nodiscard]] std::vector<Diagnostic>& errors() { return *errors_; }
  [[nodiscard]] std::size_t error_count() const { return errors_->size(); }

  // A problem at the line `at` starts on (0 for a missing node), or at the line of the key of a
  // mapping's value (an unknown key, an unknown power as a key), or at a line.
  [[nodiscard]] Diagnostic diagnostic(const DocNode& at, std::string message) const;
  void error(const DocNode& at, std::string message);
  void key_error(const DocNode& value, std::string message);
  void error_at(int line, std::string message);

  // Whether `map` is a mapping in which to look up `key`; if it is something else, says so (a
  // single value or a list where a mapping with that key was expected).
  bool expect_map(const DocNode& map, const char* key);
  // Each key of `map` that is not `allowed` is an error at its line that lists those allowed.
  void check_keys(const DocNode& map, std::initializer_list<std::string_view> allowed);
  // Whether the file says it is of the expected format (`format: dipadj-map/1`); if not, says so,
  // naming the kind of file it is when it is another of ours.
  bool check_format(const DocNode& root, const std::string& expected);
  // Whether the key of a mapping's value is a single value; if YAML made it a list or a
  // mapping, says so at the key's line.
  bool key_is_single_value(const DocNode& value);

  // The value under `key` in `map`, which must be of the kind each reads; a missing key gives
  // the empty value (an error if `required`), a value of another kind an error and the empty value.
  std::string string(const DocNode& map, const char* key, bool required = false);
  std::vector<std::string> string_list(const DocNode& map, const char* key);
  bool boolean(const DocNode& map, const char* key);
  int integer(const DocNode& map, const char* key);

 private:
  std::string file_;
  std::vector<Diagnostic>* errors_;
};

// A single value read as a number or a truth value, nothing when it is none (or no single value).
// Each reads what yaml-cpp's conversions read, which our map and variant readers used before
// they read documents, so that no file reads differently: integers in decimal, or in hex and
// octal as C writes them (0x1f, 017), white space after the number allowed; truth values
// true/false, yes/no, y/n and on/off, in small letters, capitals or capitalized.
std::optional<int> integer_value(const DocNode& node);
std::optional<double> number_value(const DocNode& node);
std::optional<bool> truth_value(const DocNode& node);

}  // namespace dipadj
