#pragma once
// Problems as the page's API and its case lists give them: [{file, line, message}]. Private to
// the core library.
#include <nlohmann/json.hpp>

#include <vector>

#include "dipadj/diagnostic.hpp"

namespace dipadj {

inline nlohmann::ordered_json problems_json(const std::vector<Diagnostic>& problems) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const Diagnostic& d : problems) out.push_back({{"file", d.file}, {"line", d.line}, {"message", d.message}});
  return out;
}

}  // namespace dipadj
