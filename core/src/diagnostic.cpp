#include "dipadj/diagnostic.hpp"

#include "dipadj/text.hpp"

namespace dipadj {
namespace {
// The most of the input one part of a message (the file, the text) quotes.
constexpr std::size_t kMaxQuoted = 2000;
}  // namespace

std::string Diagnostic::to_string() const {
  // Both parts quote the input: the file is often a path the input wrote (a game's `variant:`),
  // the text quotes its lines. Neither may pass a control byte to the terminal that shows it or
  // come back a megabyte long, so both follow the one rule.
  std::string out = file.empty() ? std::string("<input>") : printable(file, kMaxQuoted);
  if (line > 0) out += ":" + std::to_string(line);
  out += ": ";
  out += printable_message();
  return out;
}

std::string Diagnostic::printable_message() const { return printable(message, kMaxQuoted); }

std::string format_diagnostics(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const auto& d : diagnostics) {
    out += d.to_string();
    out += '\n';
  }
  return out;
}

void keep_first_reported(std::vector<Diagnostic>& diagnostics, const std::string& file) {
  if (diagnostics.size() <= kMaxReported) return;
  const std::size_t left_out = diagnostics.size() - kMaxReported;
  diagnostics.resize(kMaxReported);
  diagnostics.push_back(Diagnostic{file, 0, std::to_string(left_out) + " more problems, left out (the first " + std::to_string(kMaxReported) +
                                                " are above)"});
}

}  // namespace dipadj
