#define BOOST_DLL_USE_STD_FS
#include "dipadj/plugin/plugin_loader.hpp"

#include <boost/dll/shared_library.hpp>

#if !defined(_WIN32)
#include <dlfcn.h>
#endif

#include "dipadj/installation.hpp"
#include "dipadj/text.hpp"

namespace dipadj {

namespace {

using VersionFunction = std::uint32_t();
using CreateFunction = std::unique_ptr<RulePlugin>();

constexpr const char* kVersionSymbol = "dipadj_plugin_interface_version";
constexpr const char* kCreateSymbol = "dipadj_create_plugin";

}  // namespace

std::string plugin_file_name(std::string_view name) {
#if defined(_WIN32)
  const std::string prefix;
#else
  const std::string prefix = "lib";
#endif
  return prefix + "dipadj-" + std::string(name) + boost::dll::shared_library::suffix().string();
}

Expected<std::shared_ptr<const RulePlugin>> load_plugin_file(const std::filesystem::path& file) {
  const std::string where = file.string();
  auto fail = [&](std::string message) {
    return std::vector<Diagnostic>{Diagnostic{where, 0, std::move(message)}};
  };
  boost::dll::shared_library library;
  std::error_code ec;
  library.load(file, ec, boost::dll::load_mode::default_mode);
  if (ec) {
    // The dynamic loader says why (not an ELF file, a missing dependency, an undefined symbol);
    // Boost.DLL's error code only says that it failed.
    std::string why = ec.message();
#if !defined(_WIN32)
    if (const char* text = ::dlerror()) why = text;
#endif
    return fail("cannot load the plugin library: " + why);
  }
  if (!library.has(kVersionSymbol))
    return fail(std::string("not a dipadj plugin: the library exports no '") + kVersionSymbol + "'");
  // Checked before any other symbol is used: a plugin built against another interface has other
  // class layouts, and calling into it would be undefined.
  const std::uint32_t version = (*library.get_alias<VersionFunction>(kVersionSymbol))();
  if (version != kPluginInterfaceVersion)
    return fail("built for plugin interface version " + std::to_string(version) + ", but this dipadj has version " +
                std::to_string(kPluginInterfaceVersion) + "; rebuild the plugin against this dipadj");
  if (!library.has(kCreateSymbol))
    return fail(std::string("not a dipadj plugin: the library exports no '") + kCreateSymbol + "'");
  std::unique_ptr<RulePlugin> made = (*library.get_alias<CreateFunction>(kCreateSymbol))();
  if (!made) return fail("the plugin library made no plugin");
  // The library must outlive the plugin and everything the plugin makes: the deleter keeps it.
  RulePlugin* raw = made.release();
  return std::shared_ptr<const RulePlugin>(raw, [library](const RulePlugin* plugin) { delete plugin; });
}

Expected<std::shared_ptr<const RulePlugin>> load_plugin(std::string_view name,
                                                        std::span<const std::filesystem::path> search_path,
                                                        const Diagnostic& requested_by) {
  // The name becomes part of a file name: only a plain name may, so that no name reaches a
  // library outside the plugin directories ("../x", "a/b", NUL).
  if (!is_plain_name(name))
    return std::vector<Diagnostic>{Diagnostic{requested_by.file, requested_by.line,
                                              "plugin name '" + printable(name) +
                                                  "' refused: a plugin name has only letters, digits, '-' and '_'"}};
  const std::string file_name = plugin_file_name(name);
  std::string searched;
  std::error_code ec;
  for (const auto& dir : search_path) {
    const auto file = dir / file_name;
    if (std::filesystem::is_regular_file(file, ec)) {
      auto plugin = load_plugin_file(file);
      if (!plugin) {
        std::vector<Diagnostic> errors{Diagnostic{requested_by.file, requested_by.line,
                                                  "plugin '" + std::string(name) + "' could not be used:"}};
        for (const auto& e : plugin.errors()) errors.push_back(e);
        return errors;
      }
      if (plugin.value()->name() != name)
        return std::vector<Diagnostic>{Diagnostic{requested_by.file, requested_by.line,
                                                  "plugin '" + std::string(name) + "' could not be used: its library " +
                                                      file.string() + " holds a plugin named '" +
                                                      std::string(plugin.value()->name()) + "'"}};
      return plugin;
    }
    searched += (searched.empty() ? "" : ", ") + dir.string();
  }
  return std::vector<Diagnostic>{Diagnostic{requested_by.file, requested_by.line,
                                            "plugin '" + std::string(name) + "' not found: no " + file_name +
                                                " in " + (searched.empty() ? "an empty search path" : searched) +
                                                " (set DIPADJ_PLUGIN_PATH to the directory that holds it)"}};
}

}  // namespace dipadj
