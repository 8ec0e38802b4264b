// The Lua rule host (issue 29): a variant's rules written as a Lua 5.4 script, run sandboxed
// (lua_sandbox.hpp), instead of a C++ plugin. The variant names it with its script:
//
//   plugins:
//     - name: lua
//       settings: {script: rules.lua}     (in the variant's folder; no path out of it)
//
// The script defines the hooks it needs as plain functions (lua_rules.hpp lists them; the board
// and map it may read are in lua_view.hpp). A script that does not compile, fails at its top
// level, defines a hook that is no function or breaks a limit is refused at `dipadj validate`,
// with the script's file:line; at run time a hook that fails fails the phase with its file:line
// (RuleScriptError). Option `lua_rules`: on (a, default) / off (b: the variant's data alone).
#include <filesystem>
#include <fstream>
#include <sstream>

#include "dipadj/plugin/export.hpp"
#include "dipadj/variant/variant.hpp"
#include "lua_rules.hpp"

namespace {

using namespace dipadj;
namespace fs = std::filesystem;

constexpr const char* kNotAllowed = "not_allowed_by_the_script";

// The script named by the settings, inside the variant's folder; nothing and a problem otherwise.
std::optional<lua::Script> script_of(const PluginSettings& settings, std::vector<Diagnostic>& problems) {
  const DocNode& script_name = settings.node["script"];
  if (!settings.node.is_map() || !script_name.is_scalar() || script_name.text().empty()) {
    problems.push_back(settings.problem(settings.node, "settings must be {script: <a .lua file in the variant's folder>}"));
    return std::nullopt;
  }
  const std::string chunk = script_name.text();
  const fs::path folder = fs::path(settings.file).parent_path();
  const fs::path script = (folder / chunk).lexically_normal();
  const fs::path relative = script.lexically_relative(folder.lexically_normal());
  if (fs::path(chunk).is_absolute() || relative.empty() || *relative.begin() == "..") {
    problems.push_back(settings.problem(script_name, "the script '" + chunk + "' is not in the variant's folder"));
    return std::nullopt;
  }
  return lua::Script{script, chunk};
}

class LuaHostPlugin final : public RulePlugin {
 public:
  [[nodiscard]] std::string_view name() const override { return "lua"; }

  [[nodiscard]] std::vector<RuleOption> options() const override {
    return {on_off_option(lua::kOption, "variant", "The variant's rules written as a Lua script",
                          "the script's hooks answer for the variant", "the variant's data alone, as if it had no script")};
  }

  [[nodiscard]] std::vector<ReasonText> reasons() const override { return {{kNotAllowed, "the variant's rules (its script) do not allow this order"}}; }

  [[nodiscard]] std::unique_ptr<RuleExtension> bind(const Variant& variant, const PluginSettings& settings,
                                                    std::vector<Diagnostic>& problems) const override {
    auto script = script_of(settings, problems);
    if (!script) return nullptr;
    std::ifstream in(script->file, std::ios::binary);
    std::ostringstream text;
    if (!in || !(text << in.rdbuf())) {
      problems.push_back(settings.problem(settings.node["script"], "cannot read the script '" + script->file.string() + "'"));
      return nullptr;
    }
    auto sandbox = std::make_unique<lua::Sandbox>();
    if (!sandbox->usable()) {
      problems.push_back(settings.problem(settings.node["script"], "no Lua state could be made"));
      return nullptr;
    }
    const Reason not_allowed = variant.find_reason(kNotAllowed).value_or(Reason::NotThisPhase);
    auto rules = std::make_unique<lua::LuaRules>(variant, std::move(sandbox), *std::move(script), not_allowed);
    if (auto problem = rules->load(text.str())) {
      problems.push_back(*std::move(problem));
      return nullptr;
    }
    return rules;
  }
};

}  // namespace

DIPADJ_PLUGIN(LuaHostPlugin)
