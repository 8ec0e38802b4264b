// The Lua rule host (plugins/lua): a variant's rules as a sandboxed script. A script's hooks answer
// for the variant; a script that is wrong or that tries to leave its sandbox is refused with its
// file:line, and the program goes on.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "dipadj/formats/game_file.hpp"
#include "dipadj/game/legal_orders.hpp"
#include "dipadj/installation.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/plugin/plugin_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "cli_run.hpp"

namespace {

namespace fs = std::filesystem;
using namespace dipadj;

bool lua_host_built() {
  for (const fs::path& dir : plugin_search_path())
    if (fs::exists(dir / plugin_file_name("lua"))) return true;
  return false;
}

// A variant of the Standard map in a folder of its own, with `script` as its rules.lua.
fs::path variant_with_script(const std::string& dir_name, const std::string& script, const std::string& settings = "{script: rules.lua}") {
  const fs::path dir = fs::temp_directory_path() / dir_name;
  fs::remove_all(dir);
  fs::create_directories(dir);
  std::ofstream(dir / "rules.lua") << script;
  std::ofstream(dir / "variant.yaml") << "format: dipadj-variant/1\n"
                                          "name: scripted\n"
                                          "map: "
                                       << (fs::path(DIPADJ_VARIANTS_DIR) / "standard" / "map.yaml").string()
                                       << "\n"
                                          "powers:\n"
                                          "  - {name: England, home_centres: [lon, edi, lvp]}\n"
                                          "  - {name: France, home_centres: [par, bre, mar]}\n"
                                          "plugins:\n"
                                          "  - name: lua\n"
                                          "    settings: "
                                       << settings << "\n";
  return dir / "variant.yaml";
}

std::string refusal(const std::string& dir_name, const std::string& script) {
  auto loaded = load_variant(variant_with_script(dir_name, script));
  EXPECT_FALSE(loaded);
  return loaded ? std::string() : format_diagnostics(loaded.errors());
}

TEST(LuaHost, AScriptsHooksAnswerForTheVariant) {
  if (!lua_host_built()) GTEST_SKIP() << "the Lua host is not built (liblua5.4-dev)";
  auto loaded = load_variant(variant_with_script("dipadj-lua-hooks",
                                                 "-- London counts for nobody; every owned centre is home\n"
                                                 "function centre_counts(centre, owner) return centre ~= 'lon' end\n"
                                                 "function home_centre(centre, power, board) return board.owner(centre) == power end\n"));
  ASSERT_TRUE(loaded) << format_diagnostics(loaded.errors());
  const Variant& variant = *loaded.value();
  const Map& map = variant.map();
  const ProvinceId lon = *map.find_province("lon"), edi = *map.find_province("edi"), par = *map.find_province("par");
  const PowerId england = *variant.find_power("England"), france = *variant.find_power("France");
  const Rulebook rules = variant.rules();
  EXPECT_FALSE(variant.centre_counts(lon, england, rules));
  EXPECT_TRUE(variant.centre_counts(edi, england, rules));
  Position position(map.province_count());
  position.set_owner(par, england);
  EXPECT_TRUE(variant.is_home_centre(par, england, position, rules));   // owned: home
  EXPECT_FALSE(variant.is_home_centre(par, france, position, rules));   // no longer owned
  EXPECT_FALSE(variant.is_home_centre(edi, england, position, rules));  // not owned
}

TEST(LuaHost, ABadScriptIsRefusedWithItsFileAndLine) {
  if (!lua_host_built()) GTEST_SKIP() << "the Lua host is not built (liblua5.4-dev)";
  const std::string script = (fs::temp_directory_path() / "dipadj-lua-syntax" / "rules.lua").string();
  std::string text = refusal("dipadj-lua-syntax", "function centre_counts(c, o)\n  return c ==\nend\n");
  EXPECT_NE(text.find(script + ":3: lua: unexpected symbol near 'end'"), std::string::npos) << text;
  text = refusal("dipadj-lua-io", "local f = io.open('/etc/passwd')\n");
  EXPECT_NE(text.find(":1: lua: attempt to index a nil value (global 'io')"), std::string::npos) << text;
  text = refusal("dipadj-lua-os", "\nos.execute('true')\n");
  EXPECT_NE(text.find(":2: lua: attempt to index a nil value (global 'os')"), std::string::npos) << text;
  text = refusal("dipadj-lua-load", "loadfile('/etc/passwd')\n");
  EXPECT_NE(text.find(":1: lua: attempt to call a nil value (global 'loadfile')"), std::string::npos) << text;
  text = refusal("dipadj-lua-loop", "local n = 0\nwhile true do\n  n = n + 1\nend\n");
  EXPECT_NE(text.find("the script ran over its limit of 10 million instructions"), std::string::npos) << text;
  text = refusal("dipadj-lua-memory", "local t = {}\nfor i = 1, 1e9 do t[i] = tostring(i) end\n");
  EXPECT_NE(text.find("lua: not enough memory"), std::string::npos) << text;
  text = refusal("dipadj-lua-both", "function home_centre() end\nfunction build_sites() end\n");
  EXPECT_NE(text.find("lua: define home_centre or build_sites, not both"), std::string::npos) << text;
  text = refusal("dipadj-lua-hook", "home_centre = 3\n");
  EXPECT_NE(text.find(script.substr(0, script.find("dipadj-lua-syntax")) + "dipadj-lua-hook/rules.lua: lua: 'home_centre' must be a function"),
            std::string::npos)
      << text;
}

TEST(LuaHost, AScriptOutsideTheVariantsFolderIsRefused) {
  if (!lua_host_built()) GTEST_SKIP() << "the Lua host is not built (liblua5.4-dev)";
  auto loaded = load_variant(variant_with_script("dipadj-lua-outside", "", "{script: ../../etc/rules.lua}"));
  ASSERT_FALSE(loaded);
  EXPECT_NE(format_diagnostics(loaded.errors()).find("lua: the script '../../etc/rules.lua' is not in the variant's folder"),
            std::string::npos)
      << format_diagnostics(loaded.errors());
}

// A game of the scripted variant in Spring 1901, written beside it; its path.
fs::path game_of(const fs::path& variant) {
  const fs::path game = variant.parent_path() / "game.yaml";
  std::ofstream(game) << "format: dipadj-game/1\nvariant: " << variant.string()
                      << "\nphase: Spring 1901 Movement\nunits:\n  England: [F London, A Wales]\n  France: [F Brest]\n"
                         "orders:\n  England: [F London - English Channel, A Wales S F London - English Channel]\n";
  return game;
}

// `dipadj adjudicate` of a game whose script fails at run time: exit 1, the script's file:line
// and message, and the phase named as not adjudicated; no crash.
void expect_phase_fails(const std::string& dir_name, const std::string& script, const std::string& message) {
  const fs::path variant = variant_with_script(dir_name, script);
  const auto run = dipadj::testing::run_cli("adjudicate '" + game_of(variant).string() + "'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find((variant.parent_path() / "rules.lua").string() + message), std::string::npos) << message << "\n" << run.output;
  EXPECT_NE(run.output.find("Spring 1901 Movement is not adjudicated: a rule of the variant failed"), std::string::npos) << run.output;
}

TEST(LuaHost, AScriptThatFailsAtRunTimeFailsThePhaseWithItsFileAndLine) {
  if (!lua_host_built()) GTEST_SKIP() << "the Lua host is not built (liblua5.4-dev)";
  expect_phase_fails("dipadj-lua-run-error", "function after_movement(board, orders)\n  local none = nil\n  return none.field\nend\n",
                     ":3: lua: attempt to index a nil value (local 'none')");
  expect_phase_fails("dipadj-lua-run-raise", "function after_movement(board, orders)\n\n  error('the rule says no')\nend\n",
                     ":3: lua: the rule says no");
  expect_phase_fails("dipadj-lua-run-type", "\nfunction after_movement(board, orders)\n  return 5\nend\n",
                     ":2: lua: after_movement returned neither nil nor a list of changes");
  expect_phase_fails("dipadj-lua-run-province", "function after_movement(board, orders)\n  return {{province = 'atlantis', type = 'F'}}\nend\n",
                     ":1: lua: after_movement changed 'atlantis', which is no province of the map");
  expect_phase_fails("dipadj-lua-run-board", "function after_movement(board, orders)\n  return board.owner('atlantis')\nend\n",
                     ":2: lua: no province 'atlantis' on this map");
  expect_phase_fails("dipadj-lua-run-loop", "function after_movement(board, orders)\n  while true do\n  end\nend\n",
                     ":2: lua: the script ran over its limit of 10 million instructions in one call");
  expect_phase_fails("dipadj-lua-run-memory",
                     "function after_movement(board, orders)\n  local t = {}\n  for i = 1, 1e9 do t[i] = tostring(i) end\nend\n",
                     ":1: lua: not enough memory");
  expect_phase_fails("dipadj-lua-run-io", "function after_movement(board, orders)\n  io.open('/etc/passwd')\nend\n",
                     ":2: lua: attempt to index a nil value (global 'io')");
  expect_phase_fails("dipadj-lua-run-os", "function after_movement(board, orders)\n  os.execute('true')\nend\n",
                     ":2: lua: attempt to index a nil value (global 'os')");
  expect_phase_fails("dipadj-lua-run-support", "function forbids(order)\n  return order.nothing.at_all\nend\n",
                     ":2: lua: attempt to index a nil value (field 'nothing')");
}

// A board kept in a global by one hook and read in another call is refused (the position it showed
// is gone), never read from freed memory.
TEST(LuaHost, ABoardKeptPastItsCallCannotBeRead) {
  if (!lua_host_built()) GTEST_SKIP() << "the Lua host is not built (liblua5.4-dev)";
  const fs::path variant = variant_with_script("dipadj-lua-kept-board",
                                               "local kept\n"
                                               "function parse_order(text) if text == 'F London keep' then return {kind = 'keep', at = 'lon'} end end\n"
                                               "function validate_order(order, board) kept = board return true end\n"
                                               "function forbids(order)\n  if kept then return kept.owner('lon') end\nend\n");
  const fs::path game = variant.parent_path() / "game.yaml";
  std::ofstream(game) << "format: dipadj-game/1\nvariant: " << variant.string()
                      << "\nphase: Spring 1901 Movement\nunits:\n  England: [F London, A Wales]\n"
                         "orders:\n  England: [F London keep, A Wales S F London]\n";
  const auto run = dipadj::testing::run_cli("adjudicate '" + game.string() + "'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("rules.lua:5: lua: the board is read only during the call that was given it"), std::string::npos) << run.output;
}

// The C++ plugin build-anywhere's own cases (tests/data/build-anywhere/cases.yaml, unchanged on
// disk) against the same rule as a Lua script (examples/lua-variants/build-anywhere): the variant,
// the plugin named and the option switching the rule off are the only words put in their place.
TEST(LuaHost, BuildAnywhereAsAScriptPassesThePluginsCases) {
  if (!lua_host_built()) GTEST_SKIP() << "the Lua host is not built (liblua5.4-dev)";
  std::ifstream in(fs::path(DIPADJ_DATC_DIR).parent_path() / "tests" / "data" / "build-anywhere" / "cases.yaml");
  std::stringstream text;
  text << in.rdbuf();
  std::string cases = text.str();
  const auto replace = [&](const std::string& from, const std::string& to) {
    const auto at = cases.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    cases.replace(at, from.size(), to);
  };
  replace("variant: variant.yaml", "variant: " + (fs::path(DIPADJ_DATC_DIR).parent_path() / "examples" / "lua-variants" /
                                                   "build-anywhere" / "variant.yaml").string());
  replace("plugins: [build-anywhere]", "plugins: [lua]");
  replace("rules: {build_anywhere: off}", "rules: {lua_rules: off}");
  const fs::path file = fs::temp_directory_path() / "dipadj-lua-build-anywhere-cases.yaml";
  std::ofstream(file) << cases;
  const auto run = dipadj::testing::run_cli("datc '" + file.string() + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("3 passed, 0 failed"), std::string::npos) << run.output;
}

// Coring (examples/lua-variants/coring) counts in the state the board keeps: a centre lost starts
// again at one year for its new owner, a centre kept goes on (up to the two years the rule needs),
// and the count is written into the next game file and read back unchanged, in YAML and JSON.
TEST(LuaHost, CoringKeepsItsCountInTheGameFile) {
  if (!lua_host_built()) GTEST_SKIP() << "the Lua host is not built (liblua5.4-dev)";
  const fs::path dir = fs::temp_directory_path() / "dipadj-lua-coring-state";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const fs::path variant = fs::path(DIPADJ_DATC_DIR).parent_path() / "examples" / "lua-variants" / "coring" / "variant.yaml";
  std::ofstream(dir / "game.yaml") << "format: dipadj-game/1\nvariant: " << variant.string()
                                   << "\nphase: Fall 1902 Movement\nunits:\n  France: [A Paris]\n  Germany: [A Ruhr]\n"
                                      "supply_centres:\n  France: [Paris, Belgium]\n  Germany: [Berlin]\n"
                                      "plugin_state:\n  lua:\n    held:\n      bel: {power: France, years: 1}\n"
                                      "      par: {power: France, years: 2}\n"
                                      "orders:\n  Germany: [A Ruhr - Belgium]\n";
  auto game = load_game_file(dir / "game.yaml");
  ASSERT_TRUE(game) << format_diagnostics(game.errors());
  EXPECT_EQ(game.value().state.position.plugin_state("lua"),
            R"({"held":{"bel":{"power":"France","years":1},"par":{"power":"France","years":2}}})");
  auto played = play_game_file(game.value(), "game.yaml");
  ASSERT_TRUE(played) << format_diagnostics(played.errors());
  const std::string kept = played.value().after.position.plugin_state("lua");
  EXPECT_EQ(kept, R"({"held":{"bel":{"power":"Germany","years":1},"ber":{"power":"Germany","years":1},)"
                  R"("par":{"power":"France","years":2}}})");

  const GameFile& before = game.value();
  std::ofstream(dir / "next.yaml") << game_file_text(*before.variant, variant.string(), played.value().after, before.rules);
  auto next = load_game_file(dir / "next.yaml");
  ASSERT_TRUE(next) << format_diagnostics(next.errors());
  EXPECT_EQ(next.value().state.position.plugin_state("lua"), kept);
  const auto json = game_file_json(*before.variant, variant.string(), played.value().after, before.rules);
  auto from_json = read_game_json(json.dump());
  ASSERT_TRUE(from_json) << format_diagnostics(from_json.errors());
  EXPECT_EQ(from_json.value().state.position.plugin_state("lua"), kept);
  EXPECT_EQ(from_json.value().state, next.value().state);
}

// What cannot be kept (a function) fails the phase with the script's file:line; a plugin state
// that is no mapping of plugins is refused with the game file's line.
TEST(LuaHost, AStateThatCannotBeKeptIsAnError) {
  if (!lua_host_built()) GTEST_SKIP() << "the Lua host is not built (liblua5.4-dev)";
  const fs::path variant = variant_with_script("dipadj-lua-bad-state", "function after_ownership(board)\n  return {f = print or type}\nend\n");
  const fs::path game = variant.parent_path() / "game.yaml";
  std::ofstream(game) << "format: dipadj-game/1\nvariant: " << variant.string() << "\nphase: Fall 1901 Movement\nunits:\n  France: [A Paris]\n";
  auto run = dipadj::testing::run_cli("adjudicate '" + game.string() + "'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("rules.lua:1: lua: the state to keep holds a function"), std::string::npos) << run.output;
  std::ofstream(game) << "format: dipadj-game/1\nvariant: " << variant.string()
                      << "\nphase: Fall 1901 Movement\nunits:\n  France: [A Paris]\nplugin_state: [lua]\n";
  run = dipadj::testing::run_cli("adjudicate '" + game.string() + "'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("game.yaml:6"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("'plugin_state' maps each plugin's name to what it keeps"), std::string::npos) << run.output;
}

// The transform example's propose_orders puts the script's order in the list of legal orders: for
// a unit on a coastal centre, not for one inland.
TEST(LuaHost, ScriptOrdersAreAmongTheLegalOrders) {
  if (!lua_host_built()) GTEST_SKIP() << "the Lua host is not built (liblua5.4-dev)";
  auto loaded = load_variant(fs::path(DIPADJ_DATC_DIR).parent_path() / "examples" / "lua-variants" / "transform" / "variant.yaml");
  ASSERT_TRUE(loaded) << format_diagnostics(loaded.errors());
  const Variant& variant = *loaded.value();
  const std::string text = legal_orders_text(variant, legal_orders(variant, variant.rules(), initial_state(variant), variant.find_power("France")));
  EXPECT_NE(text.find("F Brest transform"), std::string::npos) << text;
  EXPECT_NE(text.find("A Marseilles transform"), std::string::npos) << text;
  EXPECT_EQ(text.find("A Paris transform"), std::string::npos) << text;
}

}  // namespace
