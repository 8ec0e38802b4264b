#pragma once
// A game played by a program, phase after phase: the state, the orders given for the phase so
// far, the results of the last phase and the history of every phase played. What the Python
// module's `Game` wraps. Every order and state goes through the game-file reader and writer
// (game_file.hpp), so a session plays exactly as `dipadj adjudicate` does.
// Not to be shared between threads: one session per thread (the variant it plays is immutable and
// may be shared).
#include <nlohmann/json_fwd.hpp>

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/diagnostic.hpp"

namespace dipadj {

class Rulebook;
class Variant;
struct GameState;

class GameSession {
 public:
  // A new game of `variant` (a name on the search path, or a path) at its start, with the map
  // options, under the variant's rules, then the `profile` (if not empty), then `rules` (a JSON
  // object of option keys to choice names, or null).
  static Expected<GameSession> start(const std::string& variant, const std::vector<std::string>& map_options,
                                     const std::string& profile, const nlohmann::ordered_json& rules);
  // A game file as JSON text (docs/game-format.md); its orders are the orders given so far.
  static Expected<GameSession> from_json(std::string_view game_file);

  GameSession(GameSession&&) noexcept;
  GameSession& operator=(GameSession&&) noexcept;
  ~GameSession();

  [[nodiscard]] const Variant& variant() const;
  [[nodiscard]] const Rulebook& rules() const;
  [[nodiscard]] const GameState& state() const;

  // The game file of the phase, with the orders given so far.
  [[nodiscard]] nlohmann::ordered_json to_json() const;
  // Sets a power's orders for the phase, replacing those it gave before. Every text must read as
  // an order (an order that cannot be carried out is fine: the results say it is illegal);
  // otherwise the problems, and nothing changes.
  std::vector<Diagnostic> set_orders(const std::string& power, const std::vector<std::string>& orders);
  // The orders given so far: {power: [order, ...]}.
  [[nodiscard]] nlohmann::ordered_json orders() const;
  // Adjudicates the phase with the orders given and goes on to the next phase with something to
  // do; returns the results (what `dipadj adjudicate --json` prints), kept as results() and in
  // the history. A game that is over cannot go on.
  Expected<nlohmann::ordered_json> process();
  // The results of the last phase processed; null before the first.
  [[nodiscard]] const nlohmann::ordered_json& results() const;
  // Every phase processed, as a game history (formats/history.hpp).
  [[nodiscard]] const nlohmann::ordered_json& history() const;
  // The legal orders of the phase (legal_orders_json), of one power or of all.
  [[nodiscard]] Expected<nlohmann::ordered_json> possible_orders(const std::optional<std::string>& power) const;

 private:
  struct State;
  explicit GameSession(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace dipadj
