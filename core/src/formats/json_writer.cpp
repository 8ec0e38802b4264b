#include "json_writer.hpp"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace dipadj {
namespace {

constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

// Whether a byte of `word` is zero (exact as a yes or no: the bit trick of Mycroft).
constexpr bool has_zero_byte(std::uint64_t word) { return ((word - kOnes) & ~word & kHighBits) != 0; }

// Whether any of the 8 bytes of `word` keeps the text from being copied as it is: below 0x20,
// 0x7f or above, a quote or a backslash. Eight bytes at once: the results of a batch line are
// about 3,000 bytes of such text, checked a byte at a time they cost more than the judge.
constexpr bool has_special_byte(std::uint64_t word) {
  const bool control = ((word - kOnes * 0x20) & ~word & kHighBits) != 0;
  const bool high = (((word + kOnes) | word) & kHighBits) != 0;  // 0x7f (its +1 sets the high bit) or above
  return control || high || has_zero_byte(word ^ (kOnes * '"')) || has_zero_byte(word ^ (kOnes * '\\'));
}

}  // namespace

bool plain_json_text(std::string_view text) {
  const std::size_t size = text.size();
  if (size == 0) return true;  // (an empty view's data may be null: no memcpy from it)
  if (size < 8) {
    // Most texts written are short ("fails", "Paris"): one word, the rest of it spaces.
    std::uint64_t word = kOnes * ' ';
    std::memcpy(&word, text.data(), size);
    return !has_special_byte(word);
  }
  std::uint64_t word = 0;
  for (std::size_t i = 0; i + 8 <= size; i += 8) {
    std::memcpy(&word, text.data() + i, 8);
    if (has_special_byte(word)) return false;
  }
  // The last 8 bytes, overlapping those checked: no byte-by-byte tail.
  std::memcpy(&word, text.data() + size - 8, 8);
  return !has_special_byte(word);
}

std::string quoted_json_text(std::string_view text) {
  return nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void JsonWriter::before_value() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (depth_ > 0) {
    if (has_items_[depth_ - 1]) put(',');
    has_items_[depth_ - 1] = true;
  }
}

void JsonWriter::open(char bracket) {
  before_value();
  if (depth_ == kMaxDepth) throw std::logic_error("JsonWriter: nested too deep");
  has_items_[depth_++] = false;
  put(bracket);
}

void JsonWriter::close(char bracket) {
  --depth_;
  put(bracket);
}

void JsonWriter::grow(std::size_t bytes) {
  constexpr std::size_t kFirstCapacity = 8192;  // a phase's results are about 5,000 bytes
  const std::size_t capacity = std::max({kFirstCapacity, 2 * capacity_, size_ + bytes});
  auto bigger = std::make_unique_for_overwrite<char[]>(capacity);
  if (size_ != 0) std::memcpy(bigger.get(), buffer_.get(), size_);
  buffer_ = std::move(bigger);
  capacity_ = capacity;
}

void JsonWriter::finish() {
  out_.append(buffer_.get(), size_);
  size_ = 0;
}

void JsonWriter::key(std::string_view name) {
  before_value();
  char* at = room(name.size() + 3);
  *at = '"';
  std::memcpy(at + 1, name.data(), name.size());
  std::memcpy(at + 1 + name.size(), "\":", 2);
  after_key_ = true;
}

void JsonWriter::string(std::string_view value) {
  before_value();
  if (!plain_json_text(value)) {
    const std::string quoted = quoted_json_text(value);
    std::memcpy(room(quoted.size()), quoted.data(), quoted.size());
    return;
  }
  char* at = room(value.size() + 2);
  *at = '"';
  std::memcpy(at + 1, value.data(), value.size());
  at[value.size() + 1] = '"';
}

void JsonWriter::discard() {
  size_ = 0;
  depth_ = 0;
  after_key_ = false;
}

void JsonWriter::null() {
  before_value();
  std::memcpy(room(4), "null", 4);
}

void JsonWriter::number(std::size_t value) {
  before_value();
  char digits[20];  // the most a 64-bit count has
  const auto end = std::to_chars(digits, digits + sizeof digits, value).ptr;
  const auto length = static_cast<std::size_t>(end - digits);
  std::memcpy(room(length), digits, length);
}

}  // namespace dipadj
