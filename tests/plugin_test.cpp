// Plugins: the loader's errors (no crash, a message naming the file and the cause), the variant
// loader's handling of the `plugins:` list, and the Standard game with no plugin to be found.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "dipadj/game/game.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/plugin/plugin_loader.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace {

namespace fs = std::filesystem;
using namespace dipadj;

std::string messages(const std::vector<Diagnostic>& errors) { return format_diagnostics(errors); }

fs::path test_plugin(const char* name) { return fs::path(DIPADJ_TEST_PLUGIN_DIR) / plugin_file_name(name); }

TEST(PluginLoader, RefusesALibraryBuiltForAnotherInterfaceVersion) {
  auto loaded = load_plugin_file(test_plugin("wrong-version"));
  ASSERT_FALSE(loaded);
  const std::string text = messages(loaded.errors());
  EXPECT_NE(text.find("libdipadj-wrong-version"), std::string::npos) << text;
  EXPECT_NE(text.find("built for plugin interface version 999"), std::string::npos) << text;
  EXPECT_NE(text.find("version " + std::to_string(kPluginInterfaceVersion)), std::string::npos) << text;
}

TEST(PluginLoader, RefusesALibraryWithoutTheFactory) {
  auto loaded = load_plugin_file(test_plugin("no-factory"));
  ASSERT_FALSE(loaded);
  EXPECT_NE(messages(loaded.errors()).find("exports no 'dipadj_create_plugin'"), std::string::npos)
      << messages(loaded.errors());
}

TEST(PluginLoader, RefusesALibraryThatIsNoPlugin) {
  auto loaded = load_plugin_file(test_plugin("not-a-plugin"));
  ASSERT_FALSE(loaded);
  EXPECT_NE(messages(loaded.errors()).find("exports no 'dipadj_plugin_interface_version'"), std::string::npos)
      << messages(loaded.errors());
}

TEST(PluginLoader, RefusesAFileThatIsNoLibrary) {
  const fs::path file = fs::temp_directory_path() / plugin_file_name("garbage");
  std::ofstream(file) << "this is not a shared library\n";
  auto loaded = load_plugin_file(file);
  fs::remove(file);
  ASSERT_FALSE(loaded);
  EXPECT_NE(messages(loaded.errors()).find("cannot load the plugin library"), std::string::npos)
      << messages(loaded.errors());
}

TEST(PluginLoader, RefusesALibraryWhosePluginHasAnotherName) {
  const std::vector<fs::path> path{DIPADJ_TEST_PLUGIN_DIR};
  auto loaded = load_plugin("misnamed", path, Diagnostic{"variant.yaml", 7, ""});
  ASSERT_FALSE(loaded);
  EXPECT_NE(messages(loaded.errors()).find("holds a plugin named 'something-else'"), std::string::npos)
      << messages(loaded.errors());
}

TEST(PluginLoader, AMissingPluginNamesTheFileTheLineAndTheSearchPath) {
  const std::vector<fs::path> path{"/nonexistent/one", "/nonexistent/two"};
  auto loaded = load_plugin("no-such-rule", path, Diagnostic{"variant.yaml", 7, ""});
  ASSERT_FALSE(loaded);
  const std::string text = messages(loaded.errors());
  EXPECT_NE(text.find("variant.yaml:7"), std::string::npos) << text;
  EXPECT_NE(text.find("plugin 'no-such-rule' not found"), std::string::npos) << text;
  EXPECT_NE(text.find("/nonexistent/one, /nonexistent/two"), std::string::npos) << text;
}

TEST(PluginLoader, LoadsTheBundledPlugins) {
  const auto path = plugin_search_path();
  for (const char* name : {"hong-kong", "suez-canal"}) {
    auto loaded = load_plugin(name, path, Diagnostic{"test", 0, ""});
    ASSERT_TRUE(loaded) << messages(loaded.errors());
    EXPECT_EQ(loaded.value()->name(), name);
    EXPECT_FALSE(loaded.value()->options().empty());
  }
}

// A variant directory with the Standard map and a plugins: list, written for the test.
fs::path variant_with_plugins(const std::string& dir_name, const std::string& plugins_yaml) {
  const fs::path dir = fs::temp_directory_path() / dir_name;
  fs::create_directories(dir);
  fs::copy_file(fs::path(DIPADJ_VARIANTS_DIR) / "standard" / "map.yaml", dir / "map.yaml",
                fs::copy_options::overwrite_existing);
  std::ifstream in(fs::path(DIPADJ_VARIANTS_DIR) / "standard" / "variant.yaml");
  std::ofstream out(dir / "variant.yaml");
  out << in.rdbuf() << "\n" << plugins_yaml;
  return dir / "variant.yaml";
}

TEST(VariantPlugins, AMissingPluginIsAnErrorWithTheVariantFileAndLine) {
  const fs::path file = variant_with_plugins("dipadj-missing-plugin", "plugins:\n  - name: no-such-rule\n");
  auto loaded = load_variant(file);
  ASSERT_FALSE(loaded);
  const std::string text = messages(loaded.errors());
  EXPECT_NE(text.find(file.string() + ":"), std::string::npos) << text;
  EXPECT_NE(text.find("plugin 'no-such-rule' not found"), std::string::npos) << text;
}

TEST(VariantPlugins, BadSettingsAreReportedWithTheirLine) {
  const fs::path file = variant_with_plugins(
      "dipadj-bad-settings", "plugins:\n  - name: suez-canal\n    settings: {canal: [nth, atlantis], keeper: bel}\n");
  auto loaded = load_variant(file);
  ASSERT_FALSE(loaded);
  const std::string text = messages(loaded.errors());
  EXPECT_NE(text.find("suez-canal: unknown province 'atlantis'"), std::string::npos) << text;
}

TEST(VariantPlugins, AnEntryWithoutSettingsIsAnErrorWithItsLineNotACrash) {
  const fs::path file = variant_with_plugins("dipadj-no-settings", "plugins:\n  - name: hong-kong\n");
  auto loaded = load_variant(file);
  ASSERT_FALSE(loaded);
  const std::string text = messages(loaded.errors());
  EXPECT_NE(text.find("hong-kong: settings must be {centre: <province>, not_for: <power>}"), std::string::npos) << text;
  EXPECT_EQ(text.find(file.string() + ":0:"), std::string::npos) << text;  // the entry's line, not none
}

TEST(VariantPlugins, ACanalNeedsABorderOnTheMap) {
  const fs::path file = variant_with_plugins(
      "dipadj-no-border", "plugins:\n  - name: suez-canal\n    settings: {canal: [nth, bla], keeper: con}\n");
  auto loaded = load_variant(file);
  ASSERT_FALSE(loaded);
  EXPECT_NE(messages(loaded.errors()).find("the map has no fleet border between 'North Sea' and 'Black Sea'"),
            std::string::npos)
      << messages(loaded.errors());
}

TEST(VariantPlugins, PluginOptionsJoinTheRulebookAndTheVariantCanSetThem) {
  const fs::path file = variant_with_plugins(
      "dipadj-plugin-options",
      "plugins:\n  - name: hong-kong\n    settings: {centre: lon, not_for: France}\n");
  std::ofstream(file, std::ios::app) << "rules: {hong_kong: off}\n";
  auto loaded = load_variant(file);
  ASSERT_TRUE(loaded) << messages(loaded.errors());
  const Rulebook& rules = loaded.value()->rules();
  const auto option = rules.find_option("hong_kong");
  ASSERT_TRUE(option);
  EXPECT_EQ(rules.option(*option).choices[rules.choice(*option)].name, "off");
  ASSERT_EQ(loaded.value()->extensions().size(), 1U);
  EXPECT_EQ(loaded.value()->extensions().front().plugin, "hong-kong");
}

// A plugin's reasons are its own: registered by the variant, shared by code between plugins, and
// printed by the variant's text; a variant without the plugin has none of them.
TEST(VariantPlugins, PluginsRegisterTheirOwnReasons) {
  auto colonial = find_variant("colonial");
  ASSERT_TRUE(colonial) << messages(colonial.errors());
  const Variant& v = *colonial.value();
  const auto not_for_this_power = v.find_reason("not_for_this_power");  // the canal's and the railroad's
  ASSERT_TRUE(not_for_this_power);
  EXPECT_TRUE(is_variant_reason(*not_for_this_power));
  EXPECT_EQ(v.reason_text(*not_for_this_power), "only other powers may give this order");
  for (const char* code : {"permission_for_no_passage", "permission_not_used", "one_unit_at_a_time", "stopped_short"})
    EXPECT_TRUE(v.find_reason(code)) << code;
  EXPECT_FALSE(v.find_reason("frozen"));
  EXPECT_EQ(v.reason_text(Reason::Bounced), describe(Reason::Bounced));
  auto loeb9 = find_variant("loeb9");
  ASSERT_TRUE(loeb9) << messages(loeb9.errors());
  const auto frozen = loeb9.value()->find_reason("frozen");
  ASSERT_TRUE(frozen);
  EXPECT_EQ(loeb9.value()->reason_text(*frozen), "the way is frozen this season: the unit holds");
  auto standard = find_variant("standard");
  ASSERT_TRUE(standard);
  EXPECT_FALSE(standard.value()->find_reason("frozen"));
  EXPECT_EQ(standard.value()->reason_text(static_cast<Reason>(kFirstVariantReason)), "?");
  // Codes for programs: the core's are distinct snake_case names, the plugins' their own.
  EXPECT_EQ(v.reason_code(*not_for_this_power), "not_for_this_power");
  EXPECT_EQ(v.reason_code(Reason::NoConvoyPath), "no_convoy_path");
  EXPECT_EQ(reason_code(Reason::None), "");
  std::set<std::string> codes;
  for (int r = 1; r <= static_cast<int>(Reason::NeutralUnit); ++r) {
    const std::string code(reason_code(static_cast<Reason>(r)));
    EXPECT_FALSE(code.empty()) << r;
    EXPECT_EQ(code.find_first_not_of("abcdefghijklmnopqrstuvwxyz_"), std::string::npos) << code;
    EXPECT_TRUE(codes.insert(code).second) << code << " twice";
    const std::string text(describe(static_cast<Reason>(r)));
    EXPECT_FALSE(text.empty() || text == "?") << code;
  }
  // Past the core's reasons, before the plugins': no code, no text.
  EXPECT_EQ(reason_code(static_cast<Reason>(static_cast<int>(Reason::NeutralUnit) + 1)), "");
  EXPECT_EQ(describe(static_cast<Reason>(static_cast<int>(Reason::NeutralUnit) + 1)), "?");
}

// The Standard game names no plugin: it loads and plays with an empty plugin search path.
TEST(VariantPlugins, TheStandardGameNeedsNoPlugin) {
  const std::vector<fs::path> nowhere;
  auto loaded = load_variant(fs::path(DIPADJ_VARIANTS_DIR) / "standard" / "variant.yaml", nowhere);
  ASSERT_TRUE(loaded) << messages(loaded.errors());
  const Variant& standard = *loaded.value();
  EXPECT_TRUE(standard.extensions().empty());
  GameState state = initial_state(standard);
  PhaseReport report(standard.map().province_count());
  const OrderParser parser(standard);
  std::vector<SubmittedOrder> orders{{*standard.find_power("France"), *parser.parse("A Par - Bur").order}};
  state = play_phase(standard, standard.rules(), state, orders, report);
  EXPECT_EQ(state.phase.season, Season::Fall);
  EXPECT_TRUE(state.position.unit_in(*standard.map().find_province("bur")).present());
}

}  // namespace
