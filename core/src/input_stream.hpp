#pragma once
// An input read as a stream, for the readers that hold only a part of it at a time (case files
// of any length): a file or standard input ("-"), with its first lines looked at before the
// reader starts (which format it is) and then read again by the reader. Private to the core.
#include <array>
#include <filesystem>
#include <fstream>
#include <istream>
#include <optional>
#include <streambuf>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "input_source.hpp"

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
  // Whether reading failed (an input/output error, not the end), and why.
  [[nodiscard]] bool failed() const { return !buffer_.error().empty(); }
  [[nodiscard]] std::string error() const { return buffer_.error(); }

 private:
  // The characters looked at first, then the rest of the source.
  class Buffer final : public std::streambuf {
   public:
    void set_source(std::streambuf& source) { source_.emplace(source); }
    // The next line of the source (without its '\n'), also kept to be read again; false at the end.
    bool look_at_line(std::string& line);
    [[nodiscard]] std::string error() const { return source_ ? source_->error() : std::string(); }

   protected:
    int_type underflow() override;

   private:
    std::optional<InputSource> source_;
    std::string looked_at_;       // what was read to look at its lines, served first
    std::size_t lines_end_ = 0;   // where the lines looked at end in it
    bool serving_looked_at_ = false;
    std::array<char, 1 << 16> chunk_{};
  };

  std::ifstream file_;
  Buffer buffer_;
  std::istream in_;
};

}  // namespace dipadj
