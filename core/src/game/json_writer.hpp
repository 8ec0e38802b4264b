#pragma once
// Compact JSON written straight into a string, value by value. The results of a phase are written
// this way rather than built as an nlohmann tree and dumped: a batch writes tens of thousands of
// results a second, and the tree cost fifteen allocations per order. Strings that are plain
// printable ASCII are copied as they are; any other (quotes, control bytes, non-ASCII, invalid
// UTF-8 from a written order) is escaped by nlohmann/json's serializer, which replaces invalid
// bytes by U+FFFD. Private to the core library.
#include <array>
#include <cstddef>
#include <string>
#include <string_view>

namespace dipadj {

class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }
  // A key of the object being written: our own names, plain ASCII.
  void key(std::string_view name);
  void string(std::string_view value);
  void null();
  void number(std::size_t value);

 private:
  static constexpr std::size_t kMaxDepth = 16;  // the results nest 4 deep
  void open(char bracket);
  void close(char bracket);
  void before_value();

  std::string& out_;
  std::array<bool, kMaxDepth> has_items_{};  // per open container: whether it has an item yet
  std::size_t depth_ = 0;
  bool after_key_ = false;
};

}  // namespace dipadj
