#pragma once
// A game kept in a folder, as `dipadj serve` keeps its games: `game.yaml`, the game file of the
// phase being played (with the orders entered so far), and `history.json`, every phase played
// (formats/history.hpp), the source of truth. Every step reads and writes those two files through
// the same readers and writers as `dipadj adjudicate --history` and `dipadj undo`, each file
// written whole or not at all, the game file first and the history last.
// Not safe to use on one folder from two threads at once: the caller serializes (WebApi does).
#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"

namespace dipadj {

class VariantCache;
struct GameFile;

// The powers that have something to order in the game file's phase (a unit to move or retreat, a
// build or a removal) and gave no order: what `dipadj serve` asks about before adjudicating, and
// `dipadj adjudicate --in-place` refuses when it is every power that has something to order.
std::vector<std::string> powers_without_orders(const GameFile& game);

// Why a step was refused: `conflict` when the game is not where the request thinks it is (a phase
// already adjudicated, a repeated request) or orders are missing, else the input is at fault.
struct FolderRefusal {
  bool conflict = false;
  std::vector<Diagnostic> problems;
  std::vector<std::string> missing;  // the powers with nothing ordered, when that is the refusal
};

template <class T>
struct FolderResult {
  std::optional<T> value;
  FolderRefusal refusal;
  [[nodiscard]] explicit operator bool() const { return value.has_value(); }
};

class GameFolder {
 public:
  explicit GameFolder(std::filesystem::path folder) : folder_(std::move(folder)) {}

  [[nodiscard]] std::filesystem::path game_file() const { return folder_ / "game.yaml"; }
  [[nodiscard]] std::filesystem::path history_file() const { return folder_ / "history.json"; }
  [[nodiscard]] bool exists() const;

  // A new game of `variant` (a name on the search path, or a path) under the profile and rules
  // (a JSON object of option keys to choice names, or null); refused when the folder has a game.
  [[nodiscard]] FolderResult<nlohmann::ordered_json> create(const std::string& variant, const std::string& profile,
                                                            const nlohmann::ordered_json& rules) const;
  // A game made from uploaded files, given as their texts: the game file and, when not empty, its
  // history, each read through the reader of the folder's own files (in a folder beside this one,
  // removed afterwards: nothing is written here unless both read). The history must be one the
  // game's next phase can be appended to (its variant, map options and rules; its last phase
  // leading to the game's). `variant_served` says whether the server may read a variant, as a
  // name or an absolute path: a file naming another is refused before any variant is loaded.
  // Problems name the files "game.yaml" and "history.json".
  [[nodiscard]] FolderResult<nlohmann::ordered_json> upload(const std::string& game_text, const std::string& history_text,
                                                            const std::function<bool(const std::string&)>& variant_served,
                                                            VariantCache& variants) const;
  // The text of `game.yaml` or `history.json` (`which`) to download; a game with no phase played
  // yet has a history with none.
  [[nodiscard]] FolderResult<std::string> file_text(const std::string& which, VariantCache& variants) const;
  // The game file of the phase being played, as JSON (docs/game-format.md), with "history": the
  // number of phases played.
  [[nodiscard]] FolderResult<nlohmann::ordered_json> describe(VariantCache& variants) const;
  // How each line reads for the power: {"lines": [{"text", "read_as", "corrected", "legal", "error"}]},
  // legal meaning the order is among the phase's legal orders.
  [[nodiscard]] FolderResult<nlohmann::ordered_json> check_orders(const std::string& power, const std::vector<std::string>& lines,
                                                                  VariantCache& variants) const;
  // The phase's legal orders (legal_orders_json), of one power or, with "", of all.
  [[nodiscard]] FolderResult<nlohmann::ordered_json> legal_orders(const std::string& power, VariantCache& variants) const;
  // Replaces the power's orders for the phase; every line must read as an order. A `phase` named
  // must be the game's: orders written for a phase the game has left (a page's late save racing an
  // undo or an adjudication) are refused, not put into another phase. "" names none.
  [[nodiscard]] FolderResult<nlohmann::ordered_json> set_orders(const std::string& power, const std::vector<std::string>& lines,
                                                                const std::string& phase, VariantCache& variants) const;
  // Adjudicates the phase named (which must be the game's phase: a repeated request is refused)
  // and goes on to the next phase; powers with something to order and no order refuse it unless
  // `allow_missing`. Returns the results (what `dipadj adjudicate --json` prints).
  [[nodiscard]] FolderResult<nlohmann::ordered_json> adjudicate(const std::string& phase, bool allow_missing, VariantCache& variants) const;
  // Takes back the last phase played, when the game is at `phase` (the phase it led to) and, unless
  // `drop_entered_orders`, has no orders entered for it (undo_last_phase's checks).
  [[nodiscard]] FolderResult<nlohmann::ordered_json> undo(const std::string& phase, bool drop_entered_orders, VariantCache& variants) const;
  // The history as written: {"phases": [{"phase", "state", "orders", "results"}, ...]}.
  [[nodiscard]] FolderResult<nlohmann::ordered_json> history() const;
  // A picture of the phase being played (its orders not yet adjudicated), or of history phase
  // `index` with its orders and results.
  [[nodiscard]] FolderResult<std::string> picture(std::optional<std::size_t> index, VariantCache& variants) const;

 private:
  std::filesystem::path folder_;
};

}  // namespace dipadj
