#pragma once
// Reading an input without taking a read error for its end. Private to the core.
//
// A std::filebuf reports an input/output error (EIO from a failing disk or a network file
// system) by throwing std::ios_base::failure from its read, and the stream operators swallow it:
// `out << in.rdbuf()` sets failbit on `out`, not on `in`, and std::getline sets badbit and stops
// as it would at the end. Standard input read through C stdio (std::cin while it is synchronised
// with stdio, the default) shows its errors to std::ferror only. So every reader of the core
// reads through an InputSource, which turns each of these into a message.
#include <cstddef>
#include <cstdio>
#include <streambuf>
#include <string>

namespace dipadj {

class InputSource {
 public:
  explicit InputSource(std::streambuf& buffer);

  // Up to `size` bytes into `to`; 0 at the end, or once reading has failed (then always). The
  // bytes read before an error are given first, with error() already set.
  std::size_t read(char* to, std::size_t size);
  // Why reading failed ("Input/output error"), or "" while it has not.
  [[nodiscard]] const std::string& error() const { return error_; }

 private:
  std::streambuf* buffer_;
  std::FILE* stdio_ = nullptr;  // the C stream behind `buffer_` when it is std::cin's
  std::string error_;
};

}  // namespace dipadj
