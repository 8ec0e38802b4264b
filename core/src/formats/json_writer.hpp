#pragma once
// Compact JSON appended straight to a string, value by value. The results of a phase are written
// this way rather than built as an nlohmann tree and dumped: a batch writes tens of thousands of
// results a second, and the tree cost fifteen allocations per order. Strings that are plain
// printable ASCII are copied as they are; any other (quotes, control bytes, non-ASCII, invalid
// UTF-8 from a written order) is escaped by nlohmann/json's serializer, which replaces invalid
// bytes by U+FFFD. Private to the core library.
#include <array>
#include <cassert>
#include <cstddef>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "dipadj/formats/json_events.hpp"
#include "dipadj/text.hpp"
#include "formats/text_copy.hpp"

namespace dipadj {

// `text` as a JSON string, quotes included, escaped, invalid UTF-8 replaced by U+FFFD.
std::string quoted_json_text(std::string_view text);

// Final, and its methods defined here: a writer that knows it writes into a JsonWriter (the
// results of a phase, write_phase_json) calls them directly and inlined, not through the sink's
// table of virtual functions; a batch line's results are some 500 calls.
class JsonWriter final : public JsonSink {
 public:
  // Writes into a buffer of its own, made without filling it first (a string's resize() would
  // zero each piece before it is written); finish() appends it to `out`.
  explicit JsonWriter(std::string& out) : out_(&out) {}
  // A writer kept for many texts, its buffer reused: each appended to the string finish_into()
  // is given.
  JsonWriter() = default;
  // What was written, appended to the string given. Nothing reaches it before.
  void finish();
  // What was written, appended to `out`; the writer starts again empty for the next text.
  void finish_into(std::string& out);

  void begin_object() override { open('{'); }
  void end_object() override { close('}'); }
  void begin_array() override { open('['); }
  void end_array() override { close(']'); }
  [[gnu::always_inline]] void key(std::string_view name) override {
    before_value();
    char* at = room(name.size() + 3);
    *at = '"';
    copy_text(at + 1, name);
    std::memcpy(at + 1 + name.size(), "\":", 2);
    after_key_ = true;
  }
  void string(std::string_view value) override {
    before_value();
    if (is_plain_text(value)) quoted(value);
    else escaped(value);
  }
  [[gnu::always_inline]] void plain_string(std::string_view value) override {
    assert(is_plain_text(value));
    before_value();
    quoted(value);
  }
  [[gnu::always_inline]] void plain_member(std::string_view name, std::string_view value) override {
    assert(is_plain_text(value));
    before_value();
    // "name":"value" through one size check.
    char* at = room(name.size() + value.size() + 5);
    *at++ = '"';
    copy_text(at, name);
    at += name.size();
    std::memcpy(at, "\":\"", 3);
    at += 3;
    copy_text(at, value);
    at[value.size()] = '"';
  }
  // One string made of plain printable pieces, `size` bytes in all, through one size check.
  void plain_pieces(std::span<const std::string_view> pieces, std::size_t size) {
    before_value();
    char* at = room(size + 2);
    *at++ = '"';
    for (const std::string_view piece : pieces) {
      assert(is_plain_text(piece));
      copy_text(at, piece);
      at += piece.size();
    }
    *at = '"';
  }
  // A string kept with the writer for a value its caller makes before writing it (a phase's name,
  // an order's text): a writer kept for many texts keeps its memory too. Its caller's to change.
  [[nodiscard]] std::string& value_text() { return value_text_; }
  // Room for `bytes` of JSON, to be written at the pointer returned: a value, or in an object a
  // member (its key and value), made by the caller, the comma before it written here.
  [[gnu::always_inline]] char* raw(std::size_t bytes) {
    assert(!after_key_);
    before_value();
    return room(bytes);
  }
  // Members of the object being written, already JSON ("a":"x","b":"y"), copied as they are
  // (a comma first when the object has members): text a writer made once and reuses.
  void members(std::string_view json) {
    assert(depth_ > 0 && !after_key_);
    before_value();
    std::memcpy(room(json.size()), json.data(), json.size());
  }
  void null() override;
  void number(std::size_t value) override;
  // Forgets what was written since the last keep() (since the writer was made or finished, if none).
  void discard() override;

  // A writer that holds several texts, one after another (a batch's group of result lines, written
  // where they are sent from rather than copied there): what was written so far, and what it
  // keeps (a text after it that fails midway is forgotten by discard(), the texts before stay).
  [[nodiscard]] std::string_view written() const { return {buffer_.get(), size_}; }
  void keep() {
    assert(depth_ == 0 && !after_key_);
    kept_ = size_;
  }
  // Text between values (a line's end), copied as it is.
  void text(std::string_view plain) {
    assert(depth_ == 0 && !after_key_);
    if (!plain.empty()) std::memcpy(room(plain.size()), plain.data(), plain.size());
  }
  // Empty again, nothing kept; its memory stays.
  void clear() {
    kept_ = 0;
    discard();
  }

 private:
  static constexpr std::size_t kMaxDepth = 16;  // the results nest 4 deep
  [[gnu::always_inline]] void open(char bracket) {
    before_value();
    if (depth_ == kMaxDepth) too_deep();
    has_items_[depth_++] = false;
    put(bracket);
  }
  [[gnu::always_inline]] void close(char bracket) {
    --depth_;
    put(bracket);
  }
  [[gnu::always_inline]] void before_value() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (depth_ > 0) {
      if (has_items_[depth_ - 1]) put(',');
      has_items_[depth_ - 1] = true;
    }
  }
  // "plain", with no check.
  [[gnu::always_inline]] void quoted(std::string_view plain) {
    char* at = room(plain.size() + 2);
    *at = '"';
    copy_text(at + 1, plain);
    at[plain.size() + 1] = '"';
  }
  void escaped(std::string_view text);  // quoted_json_text(text)
  [[noreturn]] static void too_deep();
  // `bytes` more at the end of the buffer, to be written through the pointer returned: one size
  // check for a value's quotes and text, rather than one per piece.
  [[gnu::always_inline]] char* room(std::size_t bytes) {
    if (size_ + bytes > capacity_) grow(bytes);
    char* at = buffer_.get() + size_;
    size_ += bytes;
    return at;
  }
  void grow(std::size_t bytes);
  [[gnu::always_inline]] void put(char c) { *room(1) = c; }

  std::string* out_ = nullptr;
  std::string value_text_;
  std::unique_ptr<char[]> buffer_;
  std::size_t size_ = 0, capacity_ = 0;
  std::size_t kept_ = 0;  // keep()
  std::array<bool, kMaxDepth> has_items_{};  // per open container: whether it has an item yet
  std::size_t depth_ = 0;
  bool after_key_ = false;
};

}  // namespace dipadj
