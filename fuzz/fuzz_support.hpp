#pragma once
// What the fuzz targets share: the Standard variant loaded once, and a scratch file or directory
// per process for the readers that take a path.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/plugin/plugin_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace dipadj::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Every plugin on the plugin path, loaded once and kept: the plugins are instrumented too, and a
// plugin library unloaded after a run (a variant that failed to load drops its plugins) would
// leave libFuzzer reading the coverage counters of a library no longer mapped.
inline void keep_plugins_loaded() {
  static const std::vector<std::shared_ptr<const RulePlugin>> plugins = [] {
    std::vector<std::shared_ptr<const RulePlugin>> loaded;
    for (const auto& directory : plugin_search_path()) {
      std::error_code ec;
      for (const auto& entry : std::filesystem::directory_iterator(directory, ec)) {
        const std::string name = entry.path().filename().string();
        if (!name.starts_with("libdipadj-") || !name.ends_with(".so")) continue;
        if (auto plugin = load_plugin_file(entry.path())) loaded.push_back(plugin.value());
      }
    }
    return loaded;
  }();
}

// The bundled Standard variant; a fuzz target cannot run without it.
inline const Variant& standard() {
  static const std::shared_ptr<const Variant> variant = [] {
    keep_plugins_loaded();
    auto loaded = find_variant("standard");
    if (!loaded) {
      std::fputs(format_diagnostics(loaded.errors()).c_str(), stderr);
      std::abort();
    }
    return loaded.value();
  }();
  return *variant;
}

// A directory of this process's own under the temporary directory.
inline const std::filesystem::path& scratch_directory() {
  static const std::filesystem::path directory = [] {
    auto path = std::filesystem::temp_directory_path() / ("dipadj-fuzz-" + std::to_string(::getpid()));
    std::filesystem::create_directories(path);
    return path;
  }();
  return directory;
}

inline std::filesystem::path write_scratch(const std::string& name, std::string_view text) {
  const auto file = scratch_directory() / name;
  std::ofstream(file, std::ios::binary | std::ios::trunc).write(text.data(), static_cast<std::streamsize>(text.size()));
  return file;
}

// Stops the target with a message libFuzzer reports as a crash: a property that must hold did not.
[[noreturn]] inline void property_failed(const std::string& what) {
  std::fprintf(stderr, "property failed: %s\n", what.c_str());
  std::abort();
}

}  // namespace dipadj::fuzz
