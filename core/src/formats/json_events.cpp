#include "dipadj/formats/json_events.hpp"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cstdint>
#include <functional>
#include <stdexcept>

#include "json_writer.hpp"

namespace dipadj {
namespace {

std::uint32_t checked_size(std::size_t size) {
  if (size > UINT32_MAX) throw std::length_error("JsonEvents: 4 GiB or more");
  return static_cast<std::uint32_t>(size);
}

bool is_ascii(std::string_view text) {
  bool ascii = true;
  for (const char c : text) ascii &= static_cast<unsigned char>(c) < 0x80;
  return ascii;
}

}  // namespace

std::uint32_t JsonEvents::text_hash(std::string_view text) {
  const std::size_t hash = std::hash<std::string_view>{}(text);
  return static_cast<std::uint32_t>(hash ^ (hash >> 32));
}

void JsonEvents::count_item() {
  if (!open_.empty()) ++events_[open_.back()].size;
}

void JsonEvents::begin(Kind kind) {
  if (events_.empty() && open_.empty()) {
    events_.reserve(256);
    texts_.reserve(4096);
  }
  count_item();
  open_.push_back(events_.size());
  events_.push_back({kind, 0, 0, 0});
}

void JsonEvents::end(Kind kind) {
  open_.pop_back();
  events_.push_back({kind, 0, 0, 0});
}

void JsonEvents::add_text(Kind kind, std::string_view text) {
  if (kind != Kind::Key) count_item();
  events_.push_back({kind, checked_size(text.size()), checked_size(texts_.size()), kind == Kind::Number ? 0 : text_hash(text)});
  texts_.append(text.data(), text.size());
}

void JsonEvents::string(std::string_view value) {
  if (is_ascii(value)) {
    add_text(Kind::String, value);
    return;
  }
  // The text exactly as a reader of the compact text gets it: invalid bytes replaced as the
  // writer replaces them.
  add_text(Kind::String, nlohmann::json::parse(quoted_json_text(value)).get_ref<const std::string&>());
}

void JsonEvents::null() {
  count_item();
  events_.push_back({Kind::Null, 0, 0, 0});
}

void JsonEvents::number(std::size_t value) {
  char digits[24];
  const auto written = std::to_chars(digits, digits + sizeof digits, value);
  add_text(Kind::Number, std::string_view(digits, static_cast<std::size_t>(written.ptr - digits)));
}

void JsonEvents::discard() {
  events_.clear();
  texts_.clear();
  open_.clear();
}

}  // namespace dipadj
