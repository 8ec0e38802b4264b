#pragma once
// One call of a script's hook (lua_rules.cpp, lua_state.cpp): what to push and how to read the
// answer, run inside the sandbox's protected call, so that a Lua error anywhere in it comes back
// as a message. Private to the Lua host.
#include <cstdlib>
#include <string_view>

#include <lua.hpp>

#include "dipadj/geo/map.hpp"
#include "dipadj/variant/variant.hpp"
#include "lua_rules.hpp"

namespace dipadj::lua {

// One call of a hook.
// Errors in the answer are raised with answer_error, at the line where the hook is defined.
class HookCall {
 public:
  HookCall(const LuaRules& rules, Hook hook) : rules_(rules), hook_(hook) {}
  virtual ~HookCall() = default;
  HookCall(const HookCall&) = delete;
  HookCall& operator=(const HookCall&) = delete;

  [[nodiscard]] Hook hook() const { return hook_; }
  // The body of the protected call: the call is its light userdata argument.
  static int run(lua_State* state) {
    auto& call = *static_cast<HookCall*>(lua_touserdata(state, 1));
    lua_settop(state, 0);
    lua_getglobal(state, kHookNames[static_cast<std::size_t>(call.hook_)]);
    const int arguments = call.push_arguments(state);
    lua_call(state, arguments, 1);
    call.read_answer(state);
    return 0;
  }

 protected:
  virtual int push_arguments(lua_State* state) = 0;
  // The answer is on top of the stack.
  virtual void read_answer(lua_State* state) = 0;

  [[noreturn]] void answer_error(lua_State* state, const char* what, const char* name = "") const {
    lua_pushfstring(state, "%s:%d: %s %s%s", rules_.script().chunk.c_str(), rules_.line_of(hook_),
                    kHookNames[static_cast<std::size_t>(hook_)], what, name);
    lua_error(state);
    std::abort();  // lua_error does not return
  }
  // The province a string value at `index` names; an error at the hook's line otherwise.
  ProvinceId province_at(lua_State* state, int index, const char* what) const {
    if (lua_type(state, index) != LUA_TSTRING) answer_error(state, what, " that is no province name");
    std::size_t size = 0;
    const char* name = lua_tolstring(state, index, &size);
    const auto province = find_province(rules_.variant().map(), std::string_view(name, size));
    if (!province) answer_error(state, what, lua_pushfstring(state, " '%s', which is no province of the map", name));
    return *province;
  }
  // `each()` for each item of the list on top of the stack, the item pushed above it meanwhile.
  template <class Each>
  static void for_each_item(lua_State* state, Each each) {
    const auto size = static_cast<lua_Integer>(lua_rawlen(state, -1));
    for (lua_Integer i = 1; i <= size; ++i) {
      lua_rawgeti(state, -1, i);
      each();
      lua_pop(state, 1);
    }
  }

  const LuaRules& rules_;

 private:
  Hook hook_;
};

}  // namespace dipadj::lua
