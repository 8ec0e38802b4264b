#pragma once
// Compact JSON appended straight to a string, value by value. The results of a phase are written
// this way rather than built as an nlohmann tree and dumped: a batch writes tens of thousands of
// results a second, and the tree cost fifteen allocations per order. Strings that are plain
// printable ASCII are copied as they are; any other (quotes, control bytes, non-ASCII, invalid
// UTF-8 from a written order) is escaped by nlohmann/json's serializer, which replaces invalid
// bytes by U+FFFD. Private to the core library.
#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

#include "dipadj/formats/json_events.hpp"

namespace dipadj {

// Whether `text` goes into JSON as it is, between quotes: printable ASCII, no quote or backslash.
bool plain_json_text(std::string_view text);
// `text` as a JSON string, quotes included, escaped, invalid UTF-8 replaced by U+FFFD.
std::string quoted_json_text(std::string_view text);

class JsonWriter final : public JsonSink {
 public:
  // Writes into a buffer of its own, made without filling it first (a string's resize() would
  // zero each piece before it is written); finish() appends it to `out`.
  explicit JsonWriter(std::string& out) : out_(out) {}
  // What was written, appended to the string given. Nothing reaches it before.
  void finish();

  void begin_object() override { open('{'); }
  void end_object() override { close('}'); }
  void begin_array() override { open('['); }
  void end_array() override { close(']'); }
  void key(std::string_view name) override;
  void string(std::string_view value) override;
  void null() override;
  void number(std::size_t value) override;
  void discard() override;

 private:
  static constexpr std::size_t kMaxDepth = 16;  // the results nest 4 deep
  void open(char bracket);
  void close(char bracket);
  void before_value();
  // `bytes` more at the end of the buffer, to be written through the pointer returned: one size
  // check for a value's quotes and text, rather than one per piece.
  char* room(std::size_t bytes) {
    if (size_ + bytes > capacity_) grow(bytes);
    char* at = buffer_.get() + size_;
    size_ += bytes;
    return at;
  }
  void grow(std::size_t bytes);
  void put(char c) { *room(1) = c; }

  std::string& out_;
  std::unique_ptr<char[]> buffer_;
  std::size_t size_ = 0, capacity_ = 0;
  std::array<bool, kMaxDepth> has_items_{};  // per open container: whether it has an item yet
  std::size_t depth_ = 0;
  bool after_key_ = false;
};

}  // namespace dipadj
