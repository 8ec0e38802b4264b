#include "json_writer.hpp"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdint>
#include <cstring>
#include <stdexcept>

namespace dipadj {

std::string quoted_json_text(std::string_view text) {
  return nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

void JsonWriter::too_deep() { throw std::logic_error("JsonWriter: nested too deep"); }

void JsonWriter::grow(std::size_t bytes) {
  constexpr std::size_t kFirstCapacity = 8192;  // a phase's results are about 5,000 bytes
  const std::size_t capacity = std::max({kFirstCapacity, 2 * capacity_, size_ + bytes});
  auto bigger = std::make_unique_for_overwrite<char[]>(capacity);
  if (size_ != 0) std::memcpy(bigger.get(), buffer_.get(), size_);
  buffer_ = std::move(bigger);
  capacity_ = capacity;
}

void JsonWriter::finish() {
  assert(out_ != nullptr);
  finish_into(*out_);
}

void JsonWriter::finish_into(std::string& out) {
  out.append(buffer_.get(), size_);
  clear();
}

void JsonWriter::escaped(std::string_view text) {
  const std::string quoted = quoted_json_text(text);
  std::memcpy(room(quoted.size()), quoted.data(), quoted.size());
}

void JsonWriter::discard() {
  size_ = kept_;
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
