#include "dipadj/diagnostic.hpp"

namespace dipadj {

std::string Diagnostic::to_string() const {
  std::string out = file.empty() ? std::string("<input>") : file;
  if (line > 0) out += ":" + std::to_string(line);
  out += ": ";
  out += message;
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
