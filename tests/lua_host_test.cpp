// The Lua rule host (plugins/lua): a variant's rules as a sandboxed script. A script's hooks answer
// for the variant; a script that is wrong or that tries to leave its sandbox is refused with its
// file:line, and the program goes on.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "dipadj/installation.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/plugin/plugin_loader.hpp"
#include "dipadj/variant/variant.hpp"

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

}  // namespace
