#pragma once
// An output stream buffer that counts what is written and keeps none of it: the benchmarks of the
// batch measure the batch, not the writing of its results.
#include <cstddef>
#include <streambuf>

namespace dipadj::bench {

class CountAndDrop : public std::streambuf {
 public:
  std::size_t bytes = 0;

 protected:
  int_type overflow(int_type c) override {
    ++bytes;
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char*, std::streamsize n) override {
    bytes += static_cast<std::size_t>(n);
    return n;
  }
};

}  // namespace dipadj::bench
