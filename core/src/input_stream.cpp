#include "input_stream.hpp"

#include <iostream>

#include "yaml_support.hpp"

namespace dipadj {

bool InputStream::open(const std::filesystem::path& file, std::vector<Diagnostic>& errors) {
  if (file == "-") {
    buffer_.set_source(*std::cin.rdbuf());
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
  buffer_.set_source(*file_.rdbuf());
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
  if (!source_) return false;
  for (;;) {
    if (const auto end = looked_at_.find('\n', lines_end_); end != std::string::npos) {
      line.assign(looked_at_, lines_end_, end - lines_end_);
      lines_end_ = end + 1;
      return true;
    }
    const std::size_t got = source_->read(chunk_.data(), chunk_.size());
    if (got == 0) {
      // The end (or a read error, which failed() reports): the last line has no '\n'.
      if (lines_end_ == looked_at_.size()) return false;
      line.assign(looked_at_, lines_end_);
      lines_end_ = looked_at_.size();
      return true;
    }
    looked_at_.append(chunk_.data(), got);
  }
}

std::streambuf::int_type InputStream::Buffer::underflow() {
  if (gptr() != nullptr && gptr() < egptr()) return traits_type::to_int_type(*gptr());
  if (!serving_looked_at_ && !looked_at_.empty()) {
    // Everything read to look at lines, also what was read past the last of them.
    serving_looked_at_ = true;
    setg(looked_at_.data(), looked_at_.data(), looked_at_.data() + looked_at_.size());
    return traits_type::to_int_type(*gptr());
  }
  if (serving_looked_at_) {
    // Done with what was looked at: the memory goes back.
    setg(nullptr, nullptr, nullptr);
    std::string().swap(looked_at_);
    lines_end_ = 0;
    serving_looked_at_ = false;
  }
  if (!source_) return traits_type::eof();
  const std::size_t got = source_->read(chunk_.data(), chunk_.size());
  if (got == 0) return traits_type::eof();
  setg(chunk_.data(), chunk_.data(), chunk_.data() + got);
  return traits_type::to_int_type(*gptr());
}

}  // namespace dipadj
