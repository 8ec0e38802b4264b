#pragma once
// What one reader of many game lines keeps between them (a batch thread, Python's adjudicate_many
// threads, a C API call): its readers of game lines and of JSON lines, the orders and units it
// read, the movement adjudicator it played with, the last line's game and played phase (their
// memory reused for the next), and the writer of its result lines. One thread's at a time.
// Private to the core library.
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "base/document_json_line.hpp"
#include "dipadj/diagnostic.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/game/phase_workspace.hpp"
#include "formats/game_file_reading.hpp"
#include "formats/game_line_reading.hpp"
#include "formats/json_writer.hpp"
#include "formats/result_texts.hpp"
#include "notation/order_reading_memo.hpp"

namespace dipadj {

// In cache lines of its own: the readers of a batch's threads are made one after another, and two
// side by side shared a line at their ends.
struct alignas(64) LineMemory {
  GameLineReader game_lines;
  JsonLineParser json_lines;
  OrderReadingMemo reading;
  PhaseWorkspace playing;
  JsonWriter results;  // its buffer reused from line to line
  ResultTexts result_texts;  // the last line's variant's
  std::optional<GameFile> plain_game;  // the plain reader's (GameLineReader::read_into)
  std::optional<GameFile> full_game;   // the full reader's, for a line the plain reader leaves
  std::optional<GameFilePlayed> played;

  // A game line's game and its phase played: this memory's, good until its next line.
  struct PlayedLine {
    const GameFile* game;
    const GameFilePlayed* played;
    // Beside the game's orders, the text results print for each, when the plain reader read it
    // (GameLineReader::shown_orders); empty otherwise.
    std::span<const std::string_view> shown;
    // The names of the phase and of the next, from the memory of names (OrderReadingMemo::phase_name).
    std::string_view phase_name, next_phase_name;
    // What results copy for the game's variant (ResultTexts), made before.
    const ResultTexts* texts;

    // The phase as results write it: the game's, played, with its orders' texts and its names made
    // before.
    [[nodiscard]] PlayedPhase phase() const;
  };
  // The game on `line` (named `name` in messages) read with `context` and this memory's readers
  // (lent to `context`), and its phase played; what is wrong otherwise, as read_game_json_with and
  // play_game_file say.
  Expected<PlayedLine> play(std::string_view line, const std::string& name, GameFileContext& context);

  // The reading's part lent to a game's reader.
  void lend_reading(GameFileContext& context) {
    context.json_lines = &json_lines;
    context.memo = &reading;
  }
};

}  // namespace dipadj
