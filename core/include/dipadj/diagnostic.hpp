#pragma once
// Errors at the library's boundaries are values: a loader or parser returns what it made, or the
// list of problems it found, each naming the file, the line and the cause.
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace dipadj {

struct Diagnostic {
  std::string file;
  int line = 0;  // 1-based; 0 when the problem has no line (a missing file, say)
  std::string message;

  [[nodiscard]] std::string to_string() const;
  // The message as to_string shows it: control bytes of the input written \xNN, a message past
  // 2,000 bytes cut in the middle. What every program that shows a message shows (batch lines,
  // Python's and the C API's errors).
  [[nodiscard]] std::string printable_message() const;
};

// Either a value or the diagnostics explaining why there is none.
template <class T>
class Expected {
 public:
  Expected(T value) : value_(std::move(value)) {}  // NOLINT(google-explicit-constructor)
  Expected(std::vector<Diagnostic> errors) : errors_(std::move(errors)) {}  // NOLINT

  [[nodiscard]] bool has_value() const { return value_.has_value(); }
  explicit operator bool() const { return has_value(); }
  T& value() { return *value_; }
  const T& value() const { return *value_; }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  [[nodiscard]] const std::vector<Diagnostic>& errors() const { return errors_; }

 private:
  std::optional<T> value_;
  std::vector<Diagnostic> errors_;
};

// All diagnostics, one per line.
std::string format_diagnostics(const std::vector<Diagnostic>& diagnostics);

// The most problems (or notes) one loader reports: past it a list says how many more there were
// instead of listing them, so that a file of a million bad lines gives a screenful, not gigabytes.
inline constexpr std::size_t kMaxReported = 100;

// Cuts `diagnostics` to its first kMaxReported and adds one, naming `file`, that says how many
// more were left out; a shorter list stays as it is.
void keep_first_reported(std::vector<Diagnostic>& diagnostics, const std::string& file);

}  // namespace dipadj
