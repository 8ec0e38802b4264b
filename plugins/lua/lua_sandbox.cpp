#include "lua_sandbox.hpp"

#include <lua.hpp>

#include <cstdlib>

namespace dipadj::lua {

namespace {

constexpr int kHookEvery = 1000;  // instructions between two calls of the count hook

// The libraries a script gets; io, os, package, debug and coroutine are not among them.
void open_safe_libraries(lua_State* state) {
  const luaL_Reg libraries[] = {{LUA_GNAME, luaopen_base},       {LUA_TABLIBNAME, luaopen_table},
                                {LUA_STRLIBNAME, luaopen_string}, {LUA_MATHLIBNAME, luaopen_math},
                                {LUA_UTF8LIBNAME, luaopen_utf8}};
  for (const luaL_Reg& library : libraries) {
    luaL_requiref(state, library.name, library.func, 1);
    lua_pop(state, 1);
  }
  for (const char* unsafe : {"dofile", "loadfile", "load", "require", "print", "collectgarbage"}) {
    lua_pushnil(state);
    lua_setglobal(state, unsafe);
  }
}

}  // namespace

Sandbox::Sandbox() {
  state_ = lua_newstate(&Sandbox::allocate, this);
  if (state_ == nullptr) return;
  *static_cast<Sandbox**>(lua_getextraspace(state_)) = this;
  open_safe_libraries(state_);
  lua_sethook(state_, &Sandbox::count_instructions, LUA_MASKCOUNT, kHookEvery);
}

Sandbox::~Sandbox() {
  if (state_ != nullptr) lua_close(state_);
}

void* Sandbox::allocate(void* self, void* block, std::size_t old_size, std::size_t new_size) {
  auto& sandbox = *static_cast<Sandbox*>(self);
  const std::size_t before = block != nullptr ? old_size : 0;
  if (new_size == 0) {
    std::free(block);
    sandbox.used_ -= before;
    return nullptr;
  }
  if (new_size > before && sandbox.used_ - before + new_size > kMemoryLimit) return nullptr;  // Lua: "not enough memory"
  void* grown = std::realloc(block, new_size);
  if (grown != nullptr) sandbox.used_ = sandbox.used_ - before + new_size;
  return grown;
}

void Sandbox::count_instructions(lua_State* state, lua_Debug* where) {
  Sandbox& sandbox = **static_cast<Sandbox**>(lua_getextraspace(state));
  sandbox.instructions_left_ -= kHookEvery;
  if (sandbox.instructions_left_ > 0) return;
  lua_getinfo(state, "Sl", where);
  lua_pushfstring(state, "%s:%d: the script ran over its limit of %d million instructions in one call", where->short_src,
                  where->currentline, static_cast<int>(kInstructionLimit / 1'000'000));
  lua_error(state);
}

bool Sandbox::run(const std::string& text, const std::string& chunk, std::string& error) {
  const std::string name = "@" + chunk;
  // Text only ("t"): a precompiled chunk could break the virtual machine.
  if (luaL_loadbufferx(state_, text.data(), text.size(), name.c_str(), "t") != LUA_OK) {
    error = lua_tostring(state_, -1) != nullptr ? lua_tostring(state_, -1) : "the script could not be read";
    lua_pop(state_, 1);
    return false;
  }
  if (!call(0, error)) return false;
  lua_pop(state_, 1);
  return true;
}

bool Sandbox::call(int arguments, std::string& error) {
  instructions_left_ = kInstructionLimit;
  if (lua_pcall(state_, arguments, 1, 0) == LUA_OK) return true;
  const char* message = lua_tostring(state_, -1);
  error = message != nullptr ? message : "the script failed (its error is no text)";
  lua_pop(state_, 1);
  return false;
}

bool Sandbox::protect(int (*body)(lua_State*), void* data, std::string& error) {
  // A light C function and a light userdata allocate nothing, so these pushes cannot fail.
  lua_pushcfunction(state_, body);
  lua_pushlightuserdata(state_, data);
  instructions_left_ = kInstructionLimit;
  if (lua_pcall(state_, 1, 0, 0) == LUA_OK) return true;
  const char* message = lua_tostring(state_, -1);
  error = message != nullptr ? message : "the script failed (its error is no text)";
  lua_pop(state_, 1);
  return false;
}

}  // namespace dipadj::lua
