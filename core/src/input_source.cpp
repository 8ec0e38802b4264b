#include "input_source.hpp"

#include <cerrno>
#include <exception>
#include <ios>
#include <iostream>
#include <system_error>

namespace dipadj {
namespace {

using Traits = std::streambuf::traits_type;

// The cause a stream's exception names: the system's words for its error number when it has one
// ("Input/output error"), else its own text.
std::string cause_of(const std::ios_base::failure& failure) {
  const std::error_category& category = failure.code().category();
  if (category == std::system_category() || category == std::generic_category()) return failure.code().message();
  return failure.what();
}

}  // namespace

InputSource::InputSource(std::streambuf& buffer) : buffer_(&buffer) {
  if (&buffer == std::cin.rdbuf()) {
    stdio_ = stdin;
    // An error of an earlier read is not this one's.
    std::clearerr(stdio_);
  }
}

std::size_t InputSource::read(char* to, std::size_t size) {
  if (!error_.empty() || size == 0) return 0;
  errno = 0;
  std::size_t given = 0;
  bool failed = false;
  std::string cause;
  try {
    // Only sgetc() asks the source for more (and may throw): what it buffered is then taken as it
    // stands, so that no byte read before an error is lost with it. A source without a buffer of
    // its own (C stdio's) is asked for the whole size.
    if (!Traits::eq_int_type(buffer_->sgetc(), Traits::eof())) {
      const std::streamsize ready = buffer_->in_avail();
      const auto wanted = static_cast<std::streamsize>(size);
      const std::streamsize got = buffer_->sgetn(to, ready > 0 && ready < wanted ? ready : wanted);
      given = got > 0 ? static_cast<std::size_t>(got) : 0;
    }
  } catch (const std::ios_base::failure& failure) {
    failed = true;
    cause = cause_of(failure);
  } catch (const std::exception& failure) {
    failed = true;
    cause = failure.what();
  }
  if (!failed && given < size && stdio_ != nullptr && std::ferror(stdio_)) {
    failed = true;
    if (errno != 0) cause = std::system_category().message(errno);
  }
  // The bytes before an error are given; the next read gives nothing.
  if (failed) error_ = cause.empty() ? "a read error" : cause;
  return given;
}

}  // namespace dipadj
