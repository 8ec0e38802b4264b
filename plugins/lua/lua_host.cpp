// The Lua rule host (issue 29; a start): a variant's rules written as a Lua 5.4 script, run
// sandboxed (lua_sandbox.hpp), instead of a C++ plugin. The variant names it with its script:
//
//   plugins:
//     - name: lua
//       settings: {script: rules.lua}     (in the variant's folder; no path out of it)
//
// The script defines the hooks it needs as plain functions; so far the centre rules:
//   home_centre(centre, power, board) -> true / false, or nil for the variant's list
//   centre_counts(centre, owner)      -> true / false
// Provinces are their short names ("lon"), powers their names ("England"); board.owner(province)
// gives the owner of a centre (nil for none). A script that does not compile, fails at its top
// level, defines a hook that is no function or breaks a limit is refused at `dipadj validate`,
// with the script's file:line. At run time a hook that fails or answers something other than a
// truth value gives the variant's own answer (the core has no way yet to fail a phase with the
// script's message: left for the rest of issue 29).
#include <cctype>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>

#include <lua.hpp>

#include "dipadj/board/position.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/plugin/export.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "lua_sandbox.hpp"

namespace {

using namespace dipadj;
namespace fs = std::filesystem;

// "rules.lua:3: message" as a diagnostic of the script's file at line 3 (Lua names the chunk by
// the name the settings give, which `chunk` is).
Diagnostic script_problem(const fs::path& script, const std::string& chunk, const std::string& message) {
  int line = 0;
  std::string text = message;
  if (message.starts_with(chunk + ":")) {
    std::size_t end = chunk.size() + 1;
    while (end < message.size() && std::isdigit(static_cast<unsigned char>(message[end]))) ++end;
    if (end > chunk.size() + 1 && end < message.size() && message[end] == ':') {
      line = std::stoi(message.substr(chunk.size() + 1, end - chunk.size() - 1));
      text = message.substr(end + 1);
      if (text.starts_with(" ")) text.erase(0, 1);
    }
  }
  return Diagnostic{script.string(), line, "lua: " + text};
}

class LuaRules final : public RulesWith<CentreRules> {
 public:
  LuaRules(const Variant& variant, std::unique_ptr<lua::Sandbox> sandbox)
      : variant_(variant), sandbox_(std::move(sandbox)) {
    has_home_centre_ = is_function("home_centre");
    has_centre_counts_ = is_function("centre_counts");
  }

  [[nodiscard]] std::optional<bool> home_centre(ProvinceId centre, PowerId power, const Position& position,
                                                const Rulebook& /*rules*/) const override {
    if (!has_home_centre_) return std::nullopt;
    const std::lock_guard lock(mutex_);
    lua_State* state = sandbox_->state();
    lua_getglobal(state, "home_centre");
    lua_pushstring(state, variant_.map().province(centre).id.c_str());
    lua_pushstring(state, variant_.power(power).name.c_str());
    push_board(state, position);
    return answer(3);
  }

  [[nodiscard]] bool centre_counts(ProvinceId centre, PowerId owner, const Rulebook& /*rules*/) const override {
    if (!has_centre_counts_) return true;
    const std::lock_guard lock(mutex_);
    lua_State* state = sandbox_->state();
    lua_getglobal(state, "centre_counts");
    lua_pushstring(state, variant_.map().province(centre).id.c_str());
    lua_pushstring(state, variant_.power(owner).name.c_str());
    return answer(2).value_or(true);
  }

  // A hook the script defines as something other than a function ("home_centre = 3").
  [[nodiscard]] std::string misdefined_hook() const {
    for (const char* hook : {"home_centre", "centre_counts"}) {
      lua_getglobal(sandbox_->state(), hook);
      const bool wrong = !lua_isnil(sandbox_->state(), -1) && !lua_isfunction(sandbox_->state(), -1);
      lua_pop(sandbox_->state(), 1);
      if (wrong) return hook;
    }
    return {};
  }

 private:
  bool is_function(const char* name) const {
    lua_getglobal(sandbox_->state(), name);
    const bool function = lua_isfunction(sandbox_->state(), -1);
    lua_pop(sandbox_->state(), 1);
    return function;
  }

  // board.owner(province): the owner's name, or nil. The position lives for the call only.
  void push_board(lua_State* state, const Position& position) const {
    lua_createtable(state, 0, 1);
    lua_pushlightuserdata(state, const_cast<Position*>(&position));
    lua_pushlightuserdata(state, const_cast<Variant*>(&variant_));
    lua_pushcclosure(state, &LuaRules::owner, 2);
    lua_setfield(state, -2, "owner");
  }

  static int owner(lua_State* state) {
    const auto& position = *static_cast<const Position*>(lua_touserdata(state, lua_upvalueindex(1)));
    const auto& variant = *static_cast<const Variant*>(lua_touserdata(state, lua_upvalueindex(2)));
    const char* name = luaL_checkstring(state, 1);
    const auto province = variant.map().find_province(normalize_name(name));
    if (!province) return luaL_error(state, "no province '%s' on this map", name);
    const PowerId owner = position.owner(*province);
    if (owner == kNoPower || owner >= variant.power_count()) {
      lua_pushnil(state);
    } else {
      lua_pushstring(state, variant.power(owner).name.c_str());
    }
    return 1;
  }

  // The hook's result: a truth value, or nothing (nil, or a failure: the variant's own answer).
  std::optional<bool> answer(int arguments) const {
    lua_State* state = sandbox_->state();
    std::string error;
    if (!sandbox_->call(arguments, error)) return std::nullopt;
    std::optional<bool> result;
    if (lua_isboolean(state, -1)) result = lua_toboolean(state, -1) != 0;
    lua_pop(state, 1);
    return result;
  }

  const Variant& variant_;
  std::unique_ptr<lua::Sandbox> sandbox_;
  mutable std::mutex mutex_;  // a Lua state serves one call at a time; the rules serve every game
  bool has_home_centre_ = false;
  bool has_centre_counts_ = false;
};

class LuaHostPlugin final : public RulePlugin {
 public:
  [[nodiscard]] std::string_view name() const override { return "lua"; }

  [[nodiscard]] std::unique_ptr<RuleExtension> bind(const Variant& variant, const PluginSettings& settings,
                                                    std::vector<Diagnostic>& problems) const override {
    const DocNode& script_name = settings.node["script"];
    if (!settings.node.is_map() || !script_name.is_scalar() || script_name.text().empty()) {
      problems.push_back(settings.problem(settings.node, "settings must be {script: <a .lua file in the variant's folder>}"));
      return nullptr;
    }
    const std::string chunk = script_name.text();
    const fs::path folder = fs::path(settings.file).parent_path();
    const fs::path script = (folder / chunk).lexically_normal();
    const fs::path relative = script.lexically_relative(folder.lexically_normal());
    if (fs::path(chunk).is_absolute() || relative.empty() || *relative.begin() == "..") {
      problems.push_back(settings.problem(script_name, "the script '" + chunk + "' is not in the variant's folder"));
      return nullptr;
    }
    std::ifstream in(script, std::ios::binary);
    std::ostringstream text;
    if (!in || !(text << in.rdbuf())) {
      problems.push_back(settings.problem(script_name, "cannot read the script '" + script.string() + "'"));
      return nullptr;
    }
    auto sandbox = std::make_unique<lua::Sandbox>();
    std::string error;
    if (!sandbox->usable()) {
      problems.push_back(settings.problem(script_name, "no Lua state could be made"));
      return nullptr;
    }
    if (!sandbox->run(text.str(), chunk, error)) {
      problems.push_back(script_problem(script, chunk, error));
      return nullptr;
    }
    auto rules = std::make_unique<LuaRules>(variant, std::move(sandbox));
    if (const std::string hook = rules->misdefined_hook(); !hook.empty()) {
      problems.push_back(Diagnostic{script.string(), 0, "lua: '" + hook + "' must be a function"});
      return nullptr;
    }
    return rules;
  }
};

}  // namespace

DIPADJ_PLUGIN(LuaHostPlugin)
