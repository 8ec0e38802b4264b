#include "dipadj/installation.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <system_error>

#include "dipadj/version.hpp"

// Set by core/CMakeLists.txt: where the library lies in its build tree and what the build tree
// uses, and the installed layout relative to the installed library's directory.
#if !defined(DIPADJ_BUILD_LIBRARY_DIR) || !defined(DIPADJ_SOURCE_VARIANTS_DIR) || !defined(DIPADJ_SOURCE_DATC_DIR) || \
    !defined(DIPADJ_BUILD_PLUGIN_DIR) || !defined(DIPADJ_INSTALLED_VARIANTS) || !defined(DIPADJ_INSTALLED_PLUGINS) ||   \
    !defined(DIPADJ_INSTALLED_DATC)
#error "core/CMakeLists.txt defines the installation layout"
#endif

namespace dipadj {
namespace {

// Any object of the library: its address tells the dynamic loader which file it came from.
const char kAnchor = 0;

std::filesystem::path library_file() {
  Dl_info info{};
  if (::dladdr(&kAnchor, &info) == 0 || info.dli_fname == nullptr) return {};
  std::error_code ec;
  std::filesystem::path file = std::filesystem::canonical(info.dli_fname, ec);
  return ec ? std::filesystem::path(info.dli_fname) : file;
}

bool same_directory(const std::filesystem::path& a, const std::filesystem::path& b) {
  std::error_code ec;
  return std::filesystem::equivalent(a, b, ec) && !ec;
}

Installation find_installation() {
  Installation out;
  out.library = library_file();
  const std::filesystem::path dir = out.library.parent_path();
  out.build_tree = !dir.empty() && same_directory(dir, DIPADJ_BUILD_LIBRARY_DIR);
  if (out.build_tree) {
    out.variants = DIPADJ_SOURCE_VARIANTS_DIR;
    out.plugins = DIPADJ_BUILD_PLUGIN_DIR;
    out.datc = DIPADJ_SOURCE_DATC_DIR;
  } else {
    out.variants = (dir / DIPADJ_INSTALLED_VARIANTS).lexically_normal();
    out.plugins = (dir / DIPADJ_INSTALLED_PLUGINS).lexically_normal();
    out.datc = (dir / DIPADJ_INSTALLED_DATC).lexically_normal();
  }
  return out;
}

}  // namespace

const char* version() { return DIPADJ_VERSION_STRING; }

const Installation& installation() {
  static const Installation found = find_installation();
  return found;
}

namespace {

// The directories a colon-separated environment variable names, in order; none when it is unset.
std::vector<std::filesystem::path> directories_from_environment(const char* variable) {
  std::vector<std::filesystem::path> out;
  if (const char* value = std::getenv(variable)) {
    std::stringstream in(value);
    std::string dir;
    while (std::getline(in, dir, ':'))
      if (!dir.empty()) out.emplace_back(dir);
  }
  return out;
}

}  // namespace

std::vector<std::filesystem::path> variant_search_path() {
  std::vector<std::filesystem::path> out = directories_from_environment("DIPADJ_VARIANT_PATH");
  out.push_back(installation().variants);
  return out;
}

std::vector<std::filesystem::path> plugin_search_path() {
  std::vector<std::filesystem::path> out = directories_from_environment("DIPADJ_PLUGIN_PATH");
  out.push_back(installation().plugins);
  return out;
}

}  // namespace dipadj
