#define BOOST_DLL_USE_STD_FS
#include "dipadj/plugin/plugin_loader.hpp"

#include <boost/dll/shared_library.hpp>

#if !defined(_WIN32)
#include <dlfcn.h>
#endif
#if defined(__GLIBC__)
#include <link.h>
#endif

#include "dipadj/installation.hpp"
#include "dipadj/text.hpp"

namespace dipadj {

namespace {

using VersionFunction = std::uint32_t();
using CreateFunction = std::unique_ptr<RulePlugin>();

constexpr const char* kVersionSymbol = "dipadj_plugin_interface_version";
constexpr const char* kCreateSymbol = "dipadj_create_plugin";

#if defined(__GLIBC__)
// Whether `code` lies in an executable segment of the loaded object that also holds `symbol`.
bool is_code_beside(const void* code, const void* symbol) {
  struct Search {
    std::uintptr_t code, symbol;
    bool found = false;
  } search{reinterpret_cast<std::uintptr_t>(code), reinterpret_cast<std::uintptr_t>(symbol)};
  ::dl_iterate_phdr(
      [](dl_phdr_info* object, std::size_t, void* context) {
        auto& wanted = *static_cast<Search*>(context);
        bool holds_symbol = false, holds_code = false;
        for (ElfW(Half) i = 0; i < object->dlpi_phnum; ++i) {
          const ElfW(Phdr)& segment = object->dlpi_phdr[i];
          if (segment.p_type != PT_LOAD) continue;
          const std::uintptr_t start = object->dlpi_addr + segment.p_vaddr;
          const auto inside = [&](std::uintptr_t address) { return address >= start && address - start < segment.p_memsz; };
          holds_symbol |= inside(wanted.symbol);
          holds_code |= (segment.p_flags & PF_X) != 0 && inside(wanted.code);
        }
        wanted.found = holds_symbol && holds_code;
        return holds_symbol ? 1 : 0;  // the object of the symbol has been looked at: stop
      },
      &search);
  return search.found;
}
#endif

// Why the library's `name`, found at `address`, is not what DIPADJ_PLUGIN exports, or "" when it
// is. DIPADJ_PLUGIN exports Boost.DLL aliases: variables holding a pointer to a function of the
// library, which the loader calls. A plain C function or a variable of another type under that
// name would have its code or its value taken for such a pointer and called (a segfault before
// any message), so the dynamic loader's record of the symbol (its ELF entry: kind and size) is
// checked first, then where the pointer leads. Plugins are trusted code (docs/security.md): this
// guards against a plugin written wrongly, not against one written to deceive.
std::string export_problem([[maybe_unused]] const void* address, [[maybe_unused]] const char* name) {
#if defined(__GLIBC__)
  const std::string quoted = std::string("'") + name + "'";
  const std::string remedy = "; DIPADJ_PLUGIN (dipadj/plugin/export.hpp) exports a pointer to the function (a Boost.DLL alias): "
                             "build the plugin with it";
  Dl_info info{};
  void* record = nullptr;  // dladdr1 gives the symbol's ELF entry here
  if (::dladdr1(address, &info, &record, RTLD_DL_SYMENT) == 0 || record == nullptr ||
      info.dli_saddr != address)
    return quoted + " cannot be told apart: the dynamic loader has no record of it" + remedy;
  const auto* entry = static_cast<const ElfW(Sym)*>(record);
  const unsigned kind = ELF64_ST_TYPE(entry->st_info);  // the same bits in ELF32
  if (kind == STT_FUNC || kind == STT_GNU_IFUNC) return quoted + " is a function" + remedy;
  if (kind != STT_OBJECT) return quoted + " is no variable (ELF symbol type " + std::to_string(kind) + ")" + remedy;
  if (entry->st_size != sizeof(void*) || reinterpret_cast<std::uintptr_t>(address) % alignof(void*) != 0)
    return quoted + " is a variable of " + std::to_string(entry->st_size) + " bytes, not a pointer" + remedy;
  if (!is_code_beside(*static_cast<const void* const*>(address), address))
    return quoted + " points to no code of the library" + remedy;
#endif
  // Elsewhere the loader's record of a symbol is not read: the library is trusted to be built with
  // DIPADJ_PLUGIN.
  return "";
}

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
  // Both symbols are checked to be what DIPADJ_PLUGIN exports before either is called.
  for (const char* symbol : {kVersionSymbol, kCreateSymbol})
    if (library.has(symbol))
      // Its address only, taken as bytes: a pointer bound to code or a misaligned place would be
      // undefined behaviour before any check could run.
      if (std::string problem = export_problem(static_cast<const void*>(&library.get<const char>(symbol)), symbol); !problem.empty())
        return fail(problem);
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
