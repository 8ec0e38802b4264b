#pragma once
// What one reader of many game lines keeps between them (a batch thread, Python's adjudicate_many
// threads, a C API call): its readers of game lines and of JSON lines, the orders and units it
// read, the movement adjudicator it played with, and the writer of its result lines. One thread's
// at a time.
// Private to the core library.
#include "base/document_json_line.hpp"
#include "dipadj/game/phase_workspace.hpp"
#include "formats/game_file_reading.hpp"
#include "formats/game_line_reading.hpp"
#include "formats/json_writer.hpp"
#include "notation/order_reading_memo.hpp"

namespace dipadj {

struct LineMemory {
  GameLineReader game_lines;
  JsonLineParser json_lines;
  OrderReadingMemo reading;
  PhaseWorkspace playing;
  JsonWriter results;  // its buffer reused from line to line

  // The reading's part lent to a game's reader.
  void lend_reading(GameFileContext& context) {
    context.game_lines = &game_lines;
    context.json_lines = &json_lines;
    context.memo = &reading;
  }
};

}  // namespace dipadj
