#include "dipadj/text.hpp"

#include <cctype>

namespace dipadj {

std::string normalize_name(std::string_view name) {
  std::string out;
  out.reserve(name.size());
  bool pending_space = false;
  for (char raw : name) {
    const auto c = static_cast<unsigned char>(raw);
    if (c == '.') continue;
    if (std::isspace(c) || c == '-' || c == '_') {
      pending_space = !out.empty();
      continue;
    }
    if (pending_space) out += ' ';
    pending_space = false;
    out += static_cast<char>(std::tolower(c));
  }
  return out;
}

}  // namespace dipadj
