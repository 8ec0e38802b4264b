#pragma once
// Where this dipadj is, and so where it finds its bundled variants, plugins and DATC files. Found
// from the location of the core library itself, never from paths compiled in, so that an
// installed tree still works after it is moved. In the build tree it was built in, the library
// uses the source tree's variants and DATC files and the build tree's plugins.
//
// Search order (variant_search_path(), plugin_search_path()): $DIPADJ_VARIANT_PATH /
// $DIPADJ_PLUGIN_PATH first, then the directories below.
#include <filesystem>
#include <vector>

namespace dipadj {

struct Installation {
  std::filesystem::path library;   // the core library file in use; empty if it cannot be told
  bool build_tree = false;         // the library runs from the build tree it was built in
  std::filesystem::path variants;  // the bundled variants (and profiles/)
  std::filesystem::path plugins;   // the bundled plugins
  std::filesystem::path datc;      // the DATC case files
};

// Worked out once, on first use; the same for every thread afterwards.
[[nodiscard]] const Installation& installation();

// The directories searched for `<name>/variant.yaml`: $DIPADJ_VARIANT_PATH (colon separated),
// then the bundled variants (installation().variants: the installed ones, or the source tree's).
[[nodiscard]] std::vector<std::filesystem::path> variant_search_path();
// The directories searched for plugin libraries: $DIPADJ_PLUGIN_PATH (colon separated), then the
// bundled plugins (installation().plugins).
[[nodiscard]] std::vector<std::filesystem::path> plugin_search_path();

}  // namespace dipadj
