// A library whose dipadj symbols are not what DIPADJ_PLUGIN exports (a plain C function or a
// variable under the version's name, a factory as a plain function) is refused with a message
// naming the library, before anything of it is called (plugin-plain-symbol-segv).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>

#include "cli_run.hpp"
#include "scratch_directory.hpp"
#include "dipadj/plugin/plugin_loader.hpp"

namespace {

namespace fs = std::filesystem;
using dipadj::testing::run_cli;
using dipadj::testing::ScratchDirectory;

fs::path test_plugin(const char* name) { return fs::path(DIPADJ_TEST_PLUGIN_DIR) / dipadj::plugin_file_name(name); }

std::string refusal(const char* name) {
  auto loaded = dipadj::load_plugin_file(test_plugin(name));
  EXPECT_FALSE(loaded) << name << " was loaded";
  return loaded ? std::string() : dipadj::format_diagnostics(loaded.errors());
}

TEST(PluginSymbols, AVersionThatIsAPlainFunctionIsRefused) {
  const std::string text = refusal("plain-function");
  EXPECT_NE(text.find("libdipadj-plain-function.so: 'dipadj_plugin_interface_version' is a function"), std::string::npos) << text;
  EXPECT_NE(text.find("DIPADJ_PLUGIN"), std::string::npos) << text;
}

// AddressSanitizer pads a C variable with a red zone that the symbol's size counts (4 bytes are 32
// in the sanitizer build of these test plugins), so the size is not matched exactly.
bool sanitized_build() {
#if defined(__SANITIZE_ADDRESS__)
  return true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
  return true;
#endif
#endif
  return false;
}

TEST(PluginSymbols, AVersionThatIsAVariableOfAnotherTypeIsRefused) {
  const std::string text = refusal("plain-variable");
  const std::string size = sanitized_build() ? "" : "4 bytes";
  EXPECT_NE(text.find("libdipadj-plain-variable.so: 'dipadj_plugin_interface_version' is a variable of " + size), std::string::npos)
      << text;
}

TEST(PluginSymbols, AVersionThatPointsToNoCodeOfTheLibraryIsRefused) {
  const std::string text = refusal("null-pointer");
  // Under the sanitizer the pointer's red zone makes it a variable of 32 bytes: refused as that.
  const std::string why = sanitized_build() ? "is a variable of 32 bytes" : "points to no code of the library";
  EXPECT_NE(text.find("libdipadj-null-pointer.so: 'dipadj_plugin_interface_version' " + why), std::string::npos) << text;
}

TEST(PluginSymbols, AFactoryThatIsAPlainFunctionIsRefused) {
  const std::string text = refusal("plain-factory");
  EXPECT_NE(text.find("libdipadj-plain-factory.so: 'dipadj_create_plugin' is a function"), std::string::npos) << text;
}

TEST(PluginSymbols, APluginMadeWithTheMacroPassesTheChecks) {
  auto loaded = dipadj::load_plugin_file(test_plugin("misnamed"));  // DIPADJ_PLUGIN, another name: loads as a file
  ASSERT_TRUE(loaded) << dipadj::format_diagnostics(loaded.errors());
  EXPECT_EQ(loaded.value()->name(), "something-else");
  // The version alone made with Boost.DLL's alias, as DIPADJ_PLUGIN makes it: read, then refused for its value.
  EXPECT_NE(refusal("wrong-version").find("built for plugin interface version 999"), std::string::npos);
}

// DIPADJ_PLUGIN_PATH set for the programs the test runs, and as it was again at its end.
class PluginPathSet {
 public:
  explicit PluginPathSet(const char* directory) {
    if (const char* old = std::getenv("DIPADJ_PLUGIN_PATH")) old_ = old;
    ::setenv("DIPADJ_PLUGIN_PATH", directory, 1);
  }
  PluginPathSet(const PluginPathSet&) = delete;
  PluginPathSet& operator=(const PluginPathSet&) = delete;
  ~PluginPathSet() {
    if (old_) ::setenv("DIPADJ_PLUGIN_PATH", old_->c_str(), 1);
    else ::unsetenv("DIPADJ_PLUGIN_PATH");
  }

 private:
  std::optional<std::string> old_;
};

// As a user meets it: `dipadj validate` of a variant that names such a plugin ends in a message,
// not a segfault.
TEST(PluginSymbols, ValidateNamesTheLibraryInsteadOfCrashing) {
  const ScratchDirectory scratch;
  const PluginPathSet plugin_path(DIPADJ_TEST_PLUGIN_DIR);
  const fs::path standard_map = fs::path(DIPADJ_VARIANTS_DIR) / "standard" / "map.yaml";
  for (const char* name : {"plain-function", "plain-variable", "null-pointer", "plain-factory"}) {
    std::ofstream(scratch.path / "variant.yaml") << "format: dipadj-variant/1\nname: v\ntitle: v\nmap: " << standard_map.string()
                                                 << "\npowers:\n  - {name: P, adjective: P, home_centres: [par]}\n"
                                                 << "plugins:\n  - name: " << name << "\n";
    const auto run = run_cli("validate '" + scratch.path.string() + "'");
    EXPECT_EQ(run.exit_code, 1) << name << ": " << run.output;
    EXPECT_NE(run.output.find("variant.yaml:8: plugin '" + std::string(name) + "' could not be used:"), std::string::npos)
        << run.output;
    EXPECT_NE(run.output.find("libdipadj-" + std::string(name) + ".so: '"), std::string::npos) << run.output;
  }
}

}  // namespace
