// A script's kept state between Lua and JSON (lua_state.hpp), and the hook that writes it
// (after_ownership) with the cache that board.state() reads from. Both directions run inside the
// sandbox's protected call and may raise a Lua error, which jumps back with longjmp: nothing there
// makes an object with a destructor (the JSON is walked through references and plain iterators,
// the text appended to a string that lives outside the call).
#include "lua_state.hpp"

#include <array>
#include <cmath>
#include <cstdio>

#include <lua.hpp>

#include "dipadj/board/position.hpp"
#include "dipadj/plugin/rule_script_error.hpp"
#include "lua_hook_call.hpp"

namespace dipadj::lua {

namespace {

using json = nlohmann::ordered_json;

void push_value(lua_State* state, const json& value) {
  luaL_checkstack(state, 3, "the kept state is nested too deep");
  if (value.is_object()) {
    const auto& object = value.get_ref<const json::object_t&>();
    lua_createtable(state, 0, static_cast<int>(object.size()));
    for (const auto& entry : object) {
      push_value(state, entry.second);
      lua_setfield(state, -2, entry.first.c_str());
    }
  } else if (value.is_array()) {
    const auto& array = value.get_ref<const json::array_t&>();
    lua_createtable(state, static_cast<int>(array.size()), 0);
    lua_Integer i = 0;
    for (const auto& item : array) {
      push_value(state, item);
      lua_rawseti(state, -2, ++i);
    }
  } else if (value.is_string()) {
    const auto& text = value.get_ref<const std::string&>();
    lua_pushlstring(state, text.data(), text.size());
  } else if (value.is_boolean()) {
    lua_pushboolean(state, value.get<bool>() ? 1 : 0);
  } else if (value.is_number_integer()) {
    lua_pushinteger(state, value.is_number_unsigned() ? static_cast<lua_Integer>(value.get<std::uint64_t>()) : value.get<std::int64_t>());
  } else if (value.is_number()) {
    lua_pushnumber(state, value.get<double>());
  } else {
    lua_pushnil(state);
  }
}

void append_string(lua_State* state, int index, std::string& out) {
  std::size_t size = 0;
  const char* text = lua_tolstring(state, index, &size);
  out += '"';
  for (std::size_t i = 0; i < size; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      std::array<char, 8> escaped{};
      std::snprintf(escaped.data(), escaped.size(), "\\u%04x", static_cast<unsigned>(c));
      out += escaped.data();
    } else {
      out += static_cast<char>(c);
    }
  }
  out += '"';
}

void append_number(lua_State* state, int index, std::string& out) {
  std::array<char, 32> number{};
  if (lua_isinteger(state, index)) {
    std::snprintf(number.data(), number.size(), "%lld", static_cast<long long>(lua_tointeger(state, index)));
  } else {
    const double value = lua_tonumber(state, index);
    if (!std::isfinite(value)) luaL_error(state, "the state to keep holds a number that is not finite");
    std::snprintf(number.data(), number.size(), "%.17g", value);
  }
  out += number.data();
}

// Whether the table at `index` is a list (keys 1..n, n >= 1), an object (string keys), or neither (an error).
bool is_list(lua_State* state, int index) {
  const lua_Unsigned length = lua_rawlen(state, index);
  lua_Unsigned keys = 0;
  bool strings = true;
  lua_pushnil(state);
  while (lua_next(state, index) != 0) {
    ++keys;
    if (lua_type(state, -2) != LUA_TSTRING) strings = false;
    lua_pop(state, 1);
  }
  if (length > 0 && keys == length) return true;
  if (!strings) luaL_error(state, "the state to keep holds a table whose keys are neither 1..n nor all strings");
  return false;
}

void write_value(lua_State* state, int index, std::string& out, int depth);

void write_table(lua_State* state, int index, std::string& out, int depth) {
  if (depth > kDeepestState) luaL_error(state, "the state to keep is nested more than %d deep", kDeepestState);
  luaL_checkstack(state, 4, "the state to keep is nested too deep");
  if (is_list(state, index)) {
    const lua_Integer length = static_cast<lua_Integer>(lua_rawlen(state, index));
    out += '[';
    for (lua_Integer i = 1; i <= length; ++i) {
      if (i > 1) out += ',';
      lua_rawgeti(state, index, i);
      write_value(state, lua_gettop(state), out, depth + 1);
      lua_pop(state, 1);
    }
    out += ']';
    return;
  }
  out += '{';
  bool first = true;
  lua_pushnil(state);
  while (lua_next(state, index) != 0) {
    if (!first) out += ',';
    first = false;
    append_string(state, -2, out);  // a string key (is_list checked): lua_tolstring leaves it a string
    out += ':';
    write_value(state, lua_gettop(state), out, depth + 1);
    lua_pop(state, 1);
  }
  out += '}';
}

void write_value(lua_State* state, int index, std::string& out, int depth) {
  switch (lua_type(state, index)) {
    case LUA_TNIL: out += "null"; break;
    case LUA_TBOOLEAN: out += lua_toboolean(state, index) != 0 ? "true" : "false"; break;
    case LUA_TNUMBER: append_number(state, index, out); break;
    case LUA_TSTRING: append_string(state, index, out); break;
    case LUA_TTABLE: write_table(state, index, out, depth); break;
    default: luaL_error(state, "the state to keep holds a %s, which is no string, number, boolean or table", luaL_typename(state, index));
  }
  if (out.size() > kLargestState) luaL_error(state, "the state to keep is larger than %d KiB", static_cast<int>(kLargestState / 1024U));
}

// after_ownership(board): the table to keep, as JSON text (lua_state.hpp), or nothing (nil).
class AfterOwnershipCall final : public HookCall {
 public:
  explicit AfterOwnershipCall(const LuaRules& rules) : HookCall(rules, Hook::AfterOwnership) {}
  bool answered = false;
  std::string written;

 private:
  int push_arguments(lua_State* state) override {
    push_board(state);
    return 1;
  }
  void read_answer(lua_State* state) override {
    if (lua_isnil(state, -1)) return;
    if (!lua_istable(state, -1)) answer_error(state, "returned ", "neither nil nor a table to keep");
    answered = true;
    write_state(state, -1, written);
  }
};

}  // namespace

void push_state(lua_State* state, const nlohmann::ordered_json& value) { push_value(state, value); }

void write_state(lua_State* state, int index, std::string& out) { write_value(state, lua_absindex(state, index), out, 0); }

std::string state_text(const std::string& written) {
  // nlohmann::json (not ordered_json) keeps an object's keys sorted.
  const nlohmann::json value = nlohmann::json::parse(written, nullptr, /*allow_exceptions=*/false);
  if (value.is_discarded()) return {};
  return value.dump();
}

void LuaRules::remember_kept(const std::string& text) const {
  if (text == kept_text_) return;
  kept_text_ = text;
  kept_ = text.empty() ? nlohmann::ordered_json::object() : nlohmann::ordered_json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!kept_.is_object() && !kept_.is_array()) kept_ = nlohmann::ordered_json::object();  // not the script's: it keeps a table
}

void LuaRules::after_ownership(const Variant& /*variant*/, const Rulebook& rules, const Phase& phase, Position& position) const {
  if (!defines(Hook::AfterOwnership) || !is_on(rules, kOption)) return;
  AfterOwnershipCall call(*this);
  run(call, &position, &phase);
  if (!call.answered) return;
  std::string text = state_text(call.written);
  if (text.empty())
    throw RuleScriptError(Diagnostic{script_.file.string(), line_of(Hook::AfterOwnership), "lua: after_ownership returned text that is not UTF-8 to keep"});
  position.set_plugin_state(kStateKey, text == "{}" || text == "[]" ? std::string() : std::move(text));
}

}  // namespace dipadj::lua
