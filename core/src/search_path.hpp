#pragma once
// The directories a colon-separated environment variable names (DIPADJ_VARIANT_PATH,
// DIPADJ_PLUGIN_PATH), in order; none when it is unset. Private to the core library.
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

namespace dipadj {

inline std::vector<std::filesystem::path> directories_from_environment(const char* variable) {
  std::vector<std::filesystem::path> out;
  if (const char* value = std::getenv(variable)) {
    std::stringstream in(value);
    std::string dir;
    while (std::getline(in, dir, ':'))
      if (!dir.empty()) out.emplace_back(dir);
  }
  return out;
}

}  // namespace dipadj
