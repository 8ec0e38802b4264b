#include "json_writer.hpp"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace dipadj {

bool plain_json_text(std::string_view text) {
  bool ok = true;
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    ok &= byte >= 0x20 && byte < 0x7f && c != '"' && c != '\\';
  }
  return ok;
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
    if (has_items_[depth_ - 1]) out_ += ',';
    has_items_[depth_ - 1] = true;
  }
}

void JsonWriter::open(char bracket) {
  before_value();
  if (depth_ == kMaxDepth) throw std::logic_error("JsonWriter: nested too deep");
  has_items_[depth_++] = false;
  out_ += bracket;
}

void JsonWriter::close(char bracket) {
  --depth_;
  out_ += bracket;
}

void JsonWriter::key(std::string_view name) {
  before_value();
  out_ += '"';
  out_.append(name.data(), name.size());
  out_.append("\":", 2);
  after_key_ = true;
}

void JsonWriter::string(std::string_view value) {
  before_value();
  if (plain_json_text(value)) {
    out_ += '"';
    out_.append(value.data(), value.size());
    out_ += '"';
    return;
  }
  out_ += quoted_json_text(value);
}

void JsonWriter::discard() {
  out_.resize(start_);
  depth_ = 0;
  after_key_ = false;
}

void JsonWriter::null() {
  before_value();
  out_ += "null";
}

void JsonWriter::number(std::size_t value) {
  before_value();
  out_ += std::to_string(value);
}

}  // namespace dipadj
