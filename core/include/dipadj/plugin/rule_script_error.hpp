#pragma once
// What a plugin throws when its rule cannot answer a hook at run time: a variant's script that
// fails, answers the wrong type, names a province the map lacks or breaks a limit while a phase
// is played. The variant's own answer would then be a silent lie, so the phase is not
// adjudicated: play_game_file and read_game_file (formats/game_file.hpp) and the case runner
// catch it and report `where` (the script's file:line and message) as the phase's error, like any
// other error of adjudication; the caller keeps its data and goes on. Nothing else may leave a
// plugin's hook as an exception.
#include <stdexcept>
#include <utility>

#include "dipadj/diagnostic.hpp"

namespace dipadj {

class RuleScriptError : public std::runtime_error {
 public:
  explicit RuleScriptError(Diagnostic where) : std::runtime_error(where.to_string()), where_(std::move(where)) {}
  [[nodiscard]] const Diagnostic& where() const noexcept { return where_; }

 private:
  Diagnostic where_;
};

}  // namespace dipadj
