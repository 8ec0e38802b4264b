#pragma once
// Finding and loading plugin libraries (Boost.DLL). A plugin named "suez-canal" is the file
// libdipadj-suez-canal.so (the platform's prefix and suffix), looked for in each directory of
// the search path in turn. Every failure is a diagnostic, never a crash: no such file, not a
// library, not a dipadj plugin (a symbol missing), built for another interface version, or a
// library whose plugin calls itself by another name.
#include <filesystem>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/installation.hpp"
#include "dipadj/plugin/plugin.hpp"

namespace dipadj {

// "suez-canal" -> "libdipadj-suez-canal.so" (on this platform).
std::string plugin_file_name(std::string_view name);

// Loads the library of a plugin and makes the plugin; the library stays loaded as long as the
// plugin (or anything made from it) lives. `requested_by` names the file that asked, for the
// diagnostics.
Expected<std::shared_ptr<const RulePlugin>> load_plugin(std::string_view name,
                                                        std::span<const std::filesystem::path> search_path,
                                                        const Diagnostic& requested_by);
// Loads one library file.
Expected<std::shared_ptr<const RulePlugin>> load_plugin_file(const std::filesystem::path& file);

}  // namespace dipadj
