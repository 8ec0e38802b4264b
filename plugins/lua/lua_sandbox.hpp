#pragma once
// A Lua 5.4 state in which a variant's script runs sandboxed: only the base, string, table, math
// and utf8 libraries, without the base functions that reach files or load code (dofile,
// loadfile, load, require, print), a memory limit for the whole state and an instruction limit
// per call, so that a script downloaded with a variant cannot touch the machine or hang the
// program. Every failure is a message naming the script and the line where Lua knows one.
#include <cstddef>
#include <string>

struct lua_State;
struct lua_Debug;

namespace dipadj::lua {

inline constexpr std::size_t kMemoryLimit = 16U << 20U;          // bytes, for the whole state
inline constexpr long kInstructionLimit = 10'000'000;            // per call, counted by thousands

class Sandbox {
 public:
  Sandbox();
  ~Sandbox();
  Sandbox(const Sandbox&) = delete;
  Sandbox& operator=(const Sandbox&) = delete;

  [[nodiscard]] bool usable() const { return state_ != nullptr; }
  [[nodiscard]] lua_State* state() const { return state_; }

  // Compiles and runs a script's text (its top level defines the hooks), named `chunk` in messages.
  // False, with the message ("rules.lua:3: ..."), when it does not compile or fails.
  bool run(const std::string& text, const std::string& chunk, std::string& error);
  // Calls the function on the stack below its `arguments` with the instruction limit, leaving
  // one result. False, with the message, when it fails (the stack is then as before the call).
  bool call(int arguments, std::string& error);
  // Runs `body` in protected mode with the instruction limit, `data` its only argument (a light
  // userdata): every push, call of the script and read of its results happens inside, so that
  // no error of Lua (a script's, a memory limit's) can reach C++ code outside a protected call.
  // False, with the message, when it fails; the stack is then as before.
  bool protect(int (*body)(lua_State*), void* data, std::string& error);

 private:
  static void* allocate(void* self, void* block, std::size_t old_size, std::size_t new_size);
  static void count_instructions(lua_State* state, lua_Debug* where);

  lua_State* state_ = nullptr;
  std::size_t used_ = 0;
  long instructions_left_ = 0;
};

}  // namespace dipadj::lua
