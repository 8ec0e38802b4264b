#pragma once
// A game's history as JSON (docs/game-format.md, "Game histories"): every phase played, each with
// the state before it, the orders given and the results, after the saved games of MILA's
// `diplomacy` package and Meta's dipcc (a list of phases, each with its state, orders and results):
//
//   {"format": "dipadj-history/1", "variant": "standard", "map_options": [...]?, "rules": {...}?,
//    "phases": [{"phase": "Spring 1901 Movement",
//                "state": {"units": {...}, "supply_centres": {...}, "dislodged": {...}?, ...},
//                "orders": {"France": ["A Paris - Burgundy", ...]},
//                "results": {what `dipadj adjudicate --json` prints}}, ...]}
//
// `state` holds the position keys of a game file; with the history's variant, rules and the
// phase's name and orders it is that phase's game file, and reads back through the same reader.
// `dipadj adjudicate --history` and `dipadj play --history` write histories; `dipadj history`
// reads one back and replays it.
#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/game/played_phase.hpp"

namespace dipadj {

class Rulebook;
class Variant;
class VariantCache;

// A history with no phase yet, of a game of this variant (`variant_name` as the file will name
// it: variant_reference_for) under these rules (those that differ from the variant's are kept).
nlohmann::ordered_json new_history(const Variant& variant, const std::string& variant_name, const Rulebook& rules);
// Appends a phase played under `rules`.
void append_to_history(nlohmann::ordered_json& history, const PlayedPhase& played, const Rulebook& rules);
// The history as the files hold it: its keys on the first line, then one phase a line.
std::string history_text(const nlohmann::ordered_json& history);
// The text of the history file `file` with a game file's phase appended (a new history when the
// file is missing), to be written when everything else the phase writes is: an existing history
// must be of the game's variant, map options and rules, and the phase must follow its last one
// (the same phase again, or a phase its last one does not lead to, is refused).
Expected<std::string> history_with_phase(const std::filesystem::path& file, const GameFile& game, const GameFilePlayed& played);
// history_with_phase, written atomically. Returns why it could not be done, or "".
std::string append_to_history_file(const std::filesystem::path& file, const GameFile& game, const GameFilePlayed& played);

// A game file's phase adjudicated, ready to be written: the phase played, the next phase's game
// file (naming its variant as a file at `next_file` should) and the history with the phase
// appended (history_with_phase; when a history is kept). `dipadj adjudicate` and `dipadj serve`
// both adjudicate through it. `name` names the game file in messages.
struct AdjudicatedGame {
  explicit AdjudicatedGame(std::size_t provinces) : played(provinces) {}
  GameFilePlayed played;
  std::string next_game_text;
  std::optional<std::string> history_text;
};
Expected<AdjudicatedGame> adjudicate_game(const GameFile& game, const std::string& name, const std::filesystem::path& next_file,
                                          const std::optional<std::filesystem::path>& history_file);
// Writes the next game file (when `next_file`), then the history (when kept), each whole or not at
// all: a run stopped between the two leaves the history without the phase, so the same run again
// appends it once. Returns why it could not be done, or "".
std::string write_adjudicated_game(const AdjudicatedGame& adjudicated, const std::optional<std::filesystem::path>& next_file,
                                   const std::optional<std::filesystem::path>& history_file);

struct GameHistory {
  std::string path;
  std::vector<GameFile> phases;      // each phase as its game file: the state before it and its orders
  std::vector<std::string> results;  // each phase's results as recorded (compact JSON)
};

// Reads a history (strict JSON), each phase through the game-file reader: problems name the
// file and line.
Expected<GameHistory> load_history(const std::filesystem::path& file, VariantCache* variants = nullptr);

// The last phase of a history taken back (dipadj undo): the history's text without it, and the
// phase's game file again (its state and its orders as written, naming its variant as a file at
// `game_file` should), so that it can be adjudicated again. Nothing is written: the caller writes
// the game file first, then the history.
struct UndoneHistory {
  std::string history_text;
  std::string game_text;
  std::string phase;           // the phase taken back
  std::string next_phase;      // the phase it had led to ("" when the history does not say)
  std::string previous_phase;  // the history's last phase now ("" when none is left)
  std::size_t phases_left = 0;
};
// What undo_last_phase checks of the game file it is to replace, when there is one.
struct UndoChecks {
  // The phase the caller believes the game is at (a request's phase id: a repeated request is
  // refused once the game has gone back); "" to check nothing of the kind.
  std::string game_phase;
  // Replace a game file that has orders for its phase, which are then lost.
  bool drop_entered_orders = false;
};
// Refused when the history has no phase, or when the game file at `game_file` cannot be read, is
// not at the phase the history's last led to (another game's file), is not at `checks.game_phase`,
// or has orders entered for its phase (unless `checks.drop_entered_orders`). `dipadj undo` and
// `dipadj serve` both take phases back through it.
Expected<UndoneHistory> undo_last_phase(const std::filesystem::path& file, const std::filesystem::path& game_file,
                                        VariantCache* variants = nullptr, const UndoChecks& checks = {});

struct HistoryCheck {
  bool passed = true;
  std::vector<std::string> differences;  // "Fall 1901 Movement: ..." for each phase that differs
};
// Replays every phase: its results must be those recorded and its next state the next phase's.
HistoryCheck check_history(const GameHistory& history);

}  // namespace dipadj
