#pragma once
// What a script keeps from one phase to the next (coring's years held): a table of strings,
// numbers, booleans and tables of them, which the core carries in the board as JSON text
// (Position::plugin_state, the game file's `plugin_state: {lua: ...}`). The script reads it with
// board.state() in any hook given the board, and writes it as the answer of after_ownership.
#include <nlohmann/json.hpp>

#include <string>

struct lua_State;

namespace dipadj::lua {

// The plugin's name, under which the board keeps the script's state.
inline constexpr const char* kStateKey = "lua";
// A kept table nested deeper, or written longer, is the script's mistake (a Lua error).
inline constexpr int kDeepestState = 16;
inline constexpr std::size_t kLargestState = 64U * 1024U;

// Pushes a kept value as Lua: objects and arrays as fresh tables. Runs inside a protected call; no
// object with a destructor is made, so a Lua error (memory) may jump out of it.
void push_state(lua_State* state, const nlohmann::ordered_json& value);
// Appends the Lua value at `index` to `out` as JSON text, or raises a Lua error naming what JSON
// cannot hold (a function, a table whose keys are neither 1..n nor strings, a number that is not
// finite, nesting past kDeepestState, text past kLargestState). Keys come in Lua's order, which
// varies from run to run: normalize the text (state_text) before keeping it.
void write_state(lua_State* state, int index, std::string& out);
// The written text with its keys sorted (the same state is the same text in every run), or "" when
// it is not JSON (text that is not UTF-8).
std::string state_text(const std::string& written);

}  // namespace dipadj::lua
