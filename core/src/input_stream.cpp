#include "input_stream.hpp"

#include <iostream>

#include "yaml_support.hpp"

namespace dipadj {

bool InputStream::open(const std::filesystem::path& file, std::vector<Diagnostic>& errors) {
  if (file == "-") {
    buffer_.set_source(std::cin.rdbuf());
    return true;
  }
  std::string why = yaml::unreadable_reason(file, false);
  if (why.empty()) {
    file_.open(file, std::ios::binary);
    if (!file_) why = "cannot open the file";
  }
  if (!why.empty()) {
    errors.push_back(Diagnostic{file.string(), 0, why});
    return false;
  }
  buffer_.set_source(file_.rdbuf());
  return true;
}

std::string InputStream::first_meaningful_line() {
  std::string line;
  while (buffer_.look_at_line(line)) {
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos) continue;
    const auto last = line.find_last_not_of(" \t\r");
    return line.substr(first, last - first + 1);
  }
  return {};
}

bool InputStream::Buffer::look_at_line(std::string& line) {
  line.clear();
  if (source_ == nullptr) return false;
  bool any = false;
  for (;;) {
    const int_type c = source_->sbumpc();
    if (traits_type::eq_int_type(c, traits_type::eof())) return any;
    any = true;
    looked_at_.push_back(traits_type::to_char_type(c));
    if (traits_type::to_char_type(c) == '\n') return true;
    line.push_back(traits_type::to_char_type(c));
  }
}

std::streambuf::int_type InputStream::Buffer::underflow() {
  if (gptr() != nullptr && gptr() < egptr()) return traits_type::to_int_type(*gptr());
  if (!serving_looked_at_ && !looked_at_.empty()) {
    serving_looked_at_ = true;
    setg(looked_at_.data(), looked_at_.data(), looked_at_.data() + looked_at_.size());
    return traits_type::to_int_type(*gptr());
  }
  if (serving_looked_at_) {
    // Done with what was looked at: the memory goes back.
    setg(nullptr, nullptr, nullptr);
    std::string().swap(looked_at_);
    serving_looked_at_ = false;
  }
  if (source_ == nullptr) return traits_type::eof();
  std::streamsize got = 0;
  try {
    got = source_->sgetn(chunk_.data(), static_cast<std::streamsize>(chunk_.size()));
  } catch (...) {
    failed_ = true;
    return traits_type::eof();
  }
  if (got <= 0) return traits_type::eof();
  setg(chunk_.data(), chunk_.data(), chunk_.data() + got);
  return traits_type::to_int_type(*gptr());
}

}  // namespace dipadj
