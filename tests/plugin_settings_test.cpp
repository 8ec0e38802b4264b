// A plugin's `settings:` reach it as the variant file's own document (dipadj/plugin/settings.hpp):
// every key and value carries the line it has in the file, so that the plugin's messages name the
// right line, and a careless read is the empty text, not an exception.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "dipadj/loading/variant_loader.hpp"
#include "plugins/echo_settings.hpp"

namespace {

namespace fs = std::filesystem;
using namespace dipadj;

// A variant of the Standard map (named by its path) whose text ends with `tail`.
fs::path variant_ending_with(const std::string& dir_name, const std::string& tail) {
  const fs::path dir = fs::temp_directory_path() / dir_name;
  fs::create_directories(dir);
  const fs::path file = dir / "variant.yaml";
  std::ofstream(file) << "format: dipadj-variant/1\n"
                         "name: echo\n"
                         "map: "
                      << (fs::path(DIPADJ_VARIANTS_DIR) / "standard" / "map.yaml").string()
                      << "\n"
                         "powers:\n"
                         "  - {name: England, home_centres: [lon]}\n"
                      << tail;
  return file;
}

Expected<std::shared_ptr<const Variant>> load_with_test_plugins(const fs::path& file) {
  const std::vector<fs::path> path{DIPADJ_TEST_PLUGIN_DIR};
  return load_variant(file, path);
}

// The problems whose message starts with `prefix`, as "line: message".
std::vector<std::string> starting_with(const std::vector<Diagnostic>& problems, const std::string& prefix) {
  std::vector<std::string> out;
  for (const auto& d : problems)
    if (d.message.starts_with(prefix)) out.push_back(std::to_string(d.line) + ": " + d.message);
  return out;
}

std::string all(const std::vector<Diagnostic>& problems) { return format_diagnostics(problems); }

TEST(PluginSettings, EveryKeyAndValueHasItsLineInTheFile) {
  const fs::path file = variant_ending_with("dipadj-echo-settings",
                                            "plugins:\n"                  // 6
                                            "  - name: echo-settings\n"   // 7
                                            "    settings:\n"             // 8
                                            "      count: 3\n"            // 9
                                            "      plain: text with spaces\n"
                                            "      list:\n"               // 11
                                            "        - 1\n"
                                            "        - [x, y]\n"          // 13
                                            "      empty:\n"
                                            "\n"
                                            "      # a comment\n"
                                            "      after: last\n");       // 17
  auto loaded = load_with_test_plugins(file);
  ASSERT_FALSE(loaded);
  const std::vector<std::string> echoed = starting_with(loaded.errors(), "echo-settings: ");
  for (const char* expected : {"9: echo-settings: key 'count'", "9: echo-settings: value '3'", "10: echo-settings: value 'text with spaces'",
                               "11: echo-settings: key 'list'", "12: echo-settings: value '1'", "13: echo-settings: value 'y'",
                               "14: echo-settings: key 'empty'", "17: echo-settings: key 'after'", "17: echo-settings: value 'last'",
                               "9: echo-settings: count '3'"})
    EXPECT_NE(std::find(echoed.begin(), echoed.end(), expected), echoed.end()) << expected << "\n" << all(loaded.errors());
  for (const auto& d : loaded.errors()) EXPECT_EQ(d.file, file.string()) << all(loaded.errors());
}

TEST(PluginSettings, AnEntryWithoutSettingsGivesAMissingNodeAndTheEntrysLine) {
  const fs::path file = variant_ending_with("dipadj-echo-no-settings", "plugins:\n  - name: echo-settings\n");
  auto loaded = load_with_test_plugins(file);
  ASSERT_FALSE(loaded);
  EXPECT_EQ(starting_with(loaded.errors(), "echo-settings: "),
            (std::vector<std::string>{"7: echo-settings: missing", "7: echo-settings: count ''"}))
      << all(loaded.errors());
}

// A plugin that reads a value as a kind it is not gets the empty text, never an exception: its
// own messages say what is wrong, at the lines of the values.
TEST(PluginSettings, AValueOfTheWrongKindIsNoExceptionButTheEmptyText) {
  const fs::path file = variant_ending_with("dipadj-echo-scalar", "plugins:\n  - name: echo-settings\n    settings: oops\n");
  auto loaded = load_with_test_plugins(file);
  ASSERT_FALSE(loaded);
  EXPECT_EQ(starting_with(loaded.errors(), "echo-settings: "),
            (std::vector<std::string>{"8: echo-settings: value 'oops'", "7: echo-settings: count ''"}))
      << all(loaded.errors());
  EXPECT_EQ(all(loaded.errors()).find("refused the variant"), std::string::npos) << all(loaded.errors());
}

// The settings of a map plugin reach it the same way (random-map's messages, with their lines).
TEST(PluginSettings, AMapPluginsMessagesNameTheLinesOfItsSettings) {
  const fs::path dir = fs::temp_directory_path() / "dipadj-random-map-lines";
  fs::create_directories(dir);
  std::ofstream(dir / "variant.yaml") << "format: dipadj-variant/1\n"
                                          "name: random\n"
                                          "title: &big 5000\n"
                                          "map_plugin:\n"
                                          "  name: random-map\n"
                                          "  settings:\n"
                                          "    seed: 7\n"
                                          "    colour: blue\n"
                                          "    powers:\n"
                                          "      - 3\n"
                                          "    seas: \"0.9\"\n"
                                          "    provinces: *big\n";
  auto loaded = load_variant(dir / "variant.yaml");
  ASSERT_FALSE(loaded);
  EXPECT_EQ(starting_with(loaded.errors(), "random-map: "),
            (std::vector<std::string>{"8: random-map: unknown setting 'colour' (expected seed, provinces, powers, seas, centres, two_coasts)",
                                      "3: random-map: 'provinces' must be a number from 8 to 400",
                                      "10: random-map: 'powers' must be a number from 2 to 20",
                                      "11: random-map: 'seas' must be a number from 0.05 to 0.7"}))
      << all(loaded.errors());
}

}  // namespace
