#include "line_reader.hpp"

#include <algorithm>
#include <cstring>

#include "dipadj/service/batch.hpp"

namespace dipadj {

LineReader::Got LineReader::next(std::string& text) {
  const std::size_t start = text.size();
  bool any = false, too_long = false;
  for (;;) {
    if (begin_ == end_) {
      begin_ = 0;
      end_ = source_.read(chunk_.data(), chunk_.size());
      if (end_ == 0) {
        const bool cut = !any || !source_.error().empty();
        if (cut) text.resize(start);
        return cut ? Got::End : too_long ? Got::TooLong : Got::Line;
      }
    }
    any = true;
    const char* from = chunk_.data() + begin_;
    const auto* newline = static_cast<const char*>(std::memchr(from, '\n', end_ - begin_));
    const std::size_t length = newline != nullptr ? static_cast<std::size_t>(newline - from) : end_ - begin_;
    if (!too_long && text.size() - start + length > kMaxBatchLineBytes) {
      too_long = true;
      text.resize(start);
      text.shrink_to_fit();  // what the long line took, given back now
    }
    if (!too_long) {
      // Grown by doubling; past a quarter of the limit, room for the longest line after those
      // before it at once (a buffer of the limit's size moved again would hold both copies):
      // the chunk's lines and a long line together hold no more than a long line alone did.
      if (text.size() + length > text.capacity()) {
        const std::size_t wanted = std::max(2 * text.capacity(), text.size() + length);
        text.reserve(wanted > kMaxBatchLineBytes / 4 ? start + kMaxBatchLineBytes : wanted);
      }
      text.append(from, length);
    }
    begin_ += length;
    if (newline != nullptr) {
      ++begin_;
      return too_long ? Got::TooLong : Got::Line;
    }
  }
}

}  // namespace dipadj
