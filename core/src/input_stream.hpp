#pragma once
// An input read as a stream, for the readers that hold only a part of it at a time (case files
// of any length): a file or standard input ("-"), with its first lines looked at before the
// reader starts (which format it is) and then read again by the reader. Private to the core.
#include <array>
#include <filesystem>
#include <fstream>
#include <istream>
#include <streambuf>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"

namespace dipadj {

class InputStream {
 public:
  InputStream() : in_(&buffer_) {}
  InputStream(const InputStream&) = delete;
  InputStream& operator=(const InputStream&) = delete;

  // Opens `file` ("-": standard input); false, with a diagnostic naming it, when it cannot be read
  // (missing, a directory, a FIFO or device). No size limit: the reader decides what it holds.
  bool open(const std::filesystem::path& file, std::vector<Diagnostic>& errors);

  // The first line that is neither blank nor a comment (from '#'), trimmed; "" when there is none.
  // What it read is read again by stream().
  std::string first_meaningful_line();

  std::istream& stream() { return in_; }
  // Whether reading failed (an input/output error, not the end).
  [[nodiscard]] bool failed() const { return buffer_.failed(); }

 private:
  // The characters looked at first, then the rest of the source.
  class Buffer final : public std::streambuf {
   public:
    void set_source(std::streambuf* source) { source_ = source; }
    // The next line of the source (without its '\n'), also kept to be read again; false at the end.
    bool look_at_line(std::string& line);
    [[nodiscard]] bool failed() const { return failed_; }

   protected:
    int_type underflow() override;

   private:
    std::streambuf* source_ = nullptr;
    std::string looked_at_;
    bool serving_looked_at_ = false;
    bool failed_ = false;
    std::array<char, 1 << 16> chunk_{};
  };

  std::ifstream file_;
  Buffer buffer_;
  std::istream in_;
};

}  // namespace dipadj
