#pragma once
// A game given as one plain JSON line (a batch line, the C API's and Python's games) read straight
// from its values (LineValues: simdjson's On-Demand pass) into a GameFile, with no document tree
// of ours in between: for a reader of many games, the tree (a node made for each of a line's
// hundred-odd values, and looked up again by key) cost as much as the judge. It reads only the plain shape of a game in play: `format`,
// `variant`, `phase`, `units`, `supply_centres` and `orders`, each at most once, texts where texts
// go, and nothing wrong with any of it. Anything else (another key, a key twice, an escape, a
// number, a name it does not know, a unit that cannot be there, an order that is no order or may
// mean several) it leaves to the full reader, which reads the line again and names the file, line
// and cause: this reader never reports, so there is one reader of the format that says what is
// wrong, and one meaning of a game. Whatever it reads, the full reader reads into the same
// GameFile (tests/game_line_reading_test.cpp, fuzz/game_line.cpp). One reader's: not shared
// between threads. Private to the core library.
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "dipadj/formats/game_file.hpp"

namespace dipadj {

struct GameFileContext;

class GameLineReader {
 public:
  GameLineReader();
  ~GameLineReader();
  GameLineReader(GameLineReader&&) noexcept;
  GameLineReader& operator=(GameLineReader&&) noexcept;

  // The game on the line, read with `context`'s variants and memo (its directory, default
  // variant and overrides too) into `game`: the game kept there from the line before (when there
  // is one, of the same variant) is made the line's in place, its memory reused. False when the
  // full reader must read the line: `game` then holds nothing to use.
  bool read_into(std::string_view line, const GameFileContext& context, std::optional<GameFile>& game);
  // Beside the orders of the game read last (read_into true), the text results print for each
  // (MemoOrder::shown): views of the context's memo's, good until it starts its next game; empty
  // for an order that has none, and all empty when the game was read with no memo.
  [[nodiscard]] std::span<const std::string_view> shown_orders() const;

 private:
  struct Parser;
  std::unique_ptr<Parser> parser_;
};

}  // namespace dipadj
