#pragma once
// The lines of a batch's input, read a block at a time from a stream buffer (batch.cpp). Private
// to the core library.
#include <cstddef>
#include <streambuf>
#include <string>
#include <vector>

#include "base/input_source.hpp"

namespace dipadj {

// The lines of a batch input, each at most kMaxBatchLineBytes long: a longer line is read to its
// end without being kept, so that memory stays bounded whatever the input.
class LineReader {
 public:
  enum class Got { Line, TooLong, End };

  explicit LineReader(std::streambuf& source) : source_(source), chunk_(1 << 16) {}

  // The next line, without its '\n', appended to `text`. End at the end of the input, or when
  // reading failed (error() says why; a line cut by the failure is not given, nor kept in `text`).
  // A line over the limit is given as TooLong with nothing of it kept.
  Got next(std::string& text);

  [[nodiscard]] const std::string& error() const { return source_.error(); }

 private:
  InputSource source_;
  std::vector<char> chunk_;
  std::size_t begin_ = 0, end_ = 0;  // what of the chunk is not given yet
};

}  // namespace dipadj
