// A plugin's `settings:` reach it as the plugin interface hands them over, a yaml-cpp node, made by
// the core from the variant file's document (core/src/plugin/settings_bridge.cpp): every key and
// value must carry the line it has in the file, as when yaml-cpp parsed the file itself, so that
// the plugin's messages name the right line; what yaml-cpp throws at a careless plugin is a
// message with the line, not a crash.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

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

TEST(PluginSettings, EveryKeyAndValueHasTheLineYamlCppGivesIt) {
  const fs::path file = variant_ending_with("dipadj-echo-settings",
                                            "x_anchors:\n"
                                            "  first: &outside {a: 1, b: [2, 3]}\n"
                                            "  second: &word far\n"
                                            "plugins:\n"
                                            "  - name: echo-settings\n"
                                            "    settings:\n"
                                            "      count: 3\n"
                                            "      plain: text with spaces\n"
                                            "      quoted: \"a \\\"quoted\\\" \\\\ value\\twith tab\"\n"
                                            "      breaks: \"line\\Lseparator, next\\Nline, paragraph\\P, bom\\uFEFF.\"\n"
                                            "      \"key: with colon\": 1\n"
                                            "      \"\": empty key\n"
                                            "      ~: null key\n"
                                            "      ? [complex, key]\n"
                                            "      : complex\n"
                                            "      empty:\n"
                                            "      folded: >\n"
                                            "        two lines\n"
                                            "        folded\n"
                                            "      literal: |\n"
                                            "        kept\n"
                                            "        lines\n"
                                            "\n"
                                            "      # a comment\n"
                                            "      list:\n"
                                            "        - 1\n"
                                            "        - [x, y]\n"
                                            "        - {z: 1}\n"
                                            "        -\n"
                                            "        - *word\n"
                                            "      outside: *outside\n"
                                            "      inside: &inside {deep: {deeper: [1, 2]}}\n"
                                            "      again: *inside\n"
                                            "      flow: {a: [1,\n"
                                            "        2], b: {c: d}}\n"
                                            "      ? " + std::string(2000, 'k') + "\n"
                                            "      : long key\n"
                                            "      after: last\n");
  auto loaded = load_with_test_plugins(file);
  ASSERT_FALSE(loaded);
  // What the plugin would say of yaml-cpp's own parse of the file.
  const YAML::Node root = YAML::LoadFile(file.string());
  const YAML::Node entry = root["plugins"][0];
  const std::string name = file.string();
  const PluginSettings settings{entry["settings"], name, entry.Mark().line + 1, "echo-settings"};
  std::vector<Diagnostic> expected;
  echo_settings(settings, settings.node, expected);
  expected.push_back(settings.problem(settings.node["count"], "count 3"));
  ASSERT_GT(expected.size(), 60U);
  EXPECT_EQ(starting_with(loaded.errors(), "echo-settings: "), starting_with(expected, "echo-settings: ")) << all(loaded.errors());
  for (const auto& d : loaded.errors()) EXPECT_EQ(d.file, name) << all(loaded.errors());
}

TEST(PluginSettings, AnEntryWithoutSettingsGivesANullNodeAndTheEntrysLine) {
  const fs::path file = variant_ending_with("dipadj-echo-no-settings", "plugins:\n  - name: echo-settings\n");
  auto loaded = load_with_test_plugins(file);
  ASSERT_FALSE(loaded);
  // The entry is on line 7, which also names what yaml-cpp throws at `count` of a null node.
  EXPECT_EQ(starting_with(loaded.errors(), "echo-settings: "), std::vector<std::string>{"7: echo-settings: null"}) << all(loaded.errors());
  EXPECT_NE(all(loaded.errors()).find(file.string() + ":7: a value of the wrong kind here (invalid node"), std::string::npos)
      << all(loaded.errors());
}

TEST(PluginSettings, WhatYamlCppThrowsAtAPluginIsAnErrorWithTheLine) {
  {
    const fs::path file = variant_ending_with("dipadj-echo-scalar", "plugins:\n  - name: echo-settings\n    settings: oops\n");
    auto loaded = load_with_test_plugins(file);
    ASSERT_FALSE(loaded);
    const std::string text = all(loaded.errors());
    EXPECT_NE(text.find(file.string() + ":8: echo-settings: value 'oops'"), std::string::npos) << text;
    EXPECT_NE(text.find(file.string() + ":8: expected a mapping (with the key \"count\") here, found a single value"), std::string::npos)
        << text;
    EXPECT_EQ(text.find("refused the variant"), std::string::npos) << text;
  }
  {
    const fs::path file = variant_ending_with("dipadj-echo-list", "plugins:\n  - name: echo-settings\n    settings:\n      count:\n        - 3\n");
    auto loaded = load_with_test_plugins(file);
    ASSERT_FALSE(loaded);
    const std::string text = all(loaded.errors());
    EXPECT_NE(text.find(file.string() + ":10: expected a single value here, found a mapping or a list"), std::string::npos) << text;
  }
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
