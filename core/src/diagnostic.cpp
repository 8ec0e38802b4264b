#include "dipadj/diagnostic.hpp"

#include "dipadj/text.hpp"

namespace dipadj {
namespace {
constexpr std::size_t kMaxMessage = 2000;
}  // namespace

std::string Diagnostic::to_string() const {
  std::string out = file.empty() ? std::string("<input>") : file;
  if (line > 0) out += ":" + std::to_string(line);
  out += ": ";
  // A message quotes the input: its control bytes must not reach a terminal, and a line of
  // megabytes must not come back whole.
  out += printable(message, kMaxMessage);
  return out;
}

std::string format_diagnostics(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) {
    out += d.to_string();
    out += '\n';
  }
  return out;
}

}  // namespace dipadj
