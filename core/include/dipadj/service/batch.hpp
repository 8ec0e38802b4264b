#pragma once
// Many games at once: JSON lines in (one game file as JSON per line), one result line out per game
// in input order, each exactly what `dipadj adjudicate --json` prints (compact), or
// {"line": N, "error": "..."} for a line that is no game dipadj can play. The work is spread over
// threads in chunks (of lines, and of bytes: see kMaxBatchLineBytes), so memory stays bounded
// however long the input and its lines are. `dipadj batch` and the bindings use it.
#include <cstddef>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>

namespace dipadj {

class JsonSink;
struct LineMemory;
class VariantCache;

// The longest line a batch reads, the size limit of an input file (64 MB): a longer line is
// answered with an error line, without being held, and the lines after it go on.
inline constexpr std::size_t kMaxBatchLineBytes = std::size_t{64} << 20;

struct BatchOptions {
  unsigned threads = 0;      // 0: one per core
  // Lines read, adjudicated and written together. 0: 256 lines, or 64 lines a thread with more
  // than 4 threads (a chunk's groups of 16 lines shared out at least four to a thread).
  std::size_t chunk = 0;
  std::string source;        // names the input in error lines ("games.jsonl"); empty: none
  // Each result also holds "next_game": the game file of the phase that follows (what
  // `adjudicate --next` writes, as JSON), so that games go on in bulk from the output alone.
  bool with_next_game = false;
};

struct BatchTotals {
  std::size_t games = 0;   // lines read (blank lines are skipped and not counted)
  std::size_t failed = 0;  // lines answered with an error
  std::size_t not_json = 0;  // of them, lines that are no JSON text (a game written over several lines, say)
  std::string read_error;  // why the input was not read to its end, as its error line says; "" when it was
};

// The answer for one game line written to `out`: the results (phase_json.hpp), or the error object.
// `number`: the line's number in its input, for the error object.
// `with_next_game`: as BatchOptions says.
void adjudicate_json_game(std::string_view line, std::size_t number, const std::string& source, VariantCache& variants, JsonSink& out,
                          bool with_next_game = false);
// The result line for one game line (no newline): the compact results, or the error object.
// `number`: the line's number in its input, for the error object.
std::string adjudicate_json_line(std::string_view line, std::size_t number, const std::string& source, VariantCache& variants,
                                 bool with_next_game = false);

// The same answers for one thread that reads many game lines in a row: it remembers the orders
// and units it has read (a batch's repeat: 96 % of the orders of random phases, more in real
// games), and reads them again from memory, and keeps its movement adjudicator from game to game
// of a variant. One thread's at a time; a thread each.
class GameLineAdjudicator {
 public:
  GameLineAdjudicator();
  ~GameLineAdjudicator();
  GameLineAdjudicator(GameLineAdjudicator&&) noexcept;
  GameLineAdjudicator& operator=(GameLineAdjudicator&&) noexcept;

  // As adjudicate_json_game and adjudicate_json_line, the same bytes.
  void game(std::string_view line, std::size_t number, const std::string& source, VariantCache& variants, JsonSink& out,
            bool with_next_game = false);
  std::string line(std::string_view line, std::size_t number, const std::string& source, VariantCache& variants,
                   bool with_next_game = false);
  // line(), appended to `out` (a string kept from line to line: no allocation for the result).
  void append_line(std::string& out, std::string_view line, std::size_t number, const std::string& source, VariantCache& variants,
                   bool with_next_game = false);

 private:
  std::unique_ptr<LineMemory> memory_;
};

// Reads `in` to its end, writing a line to `out` for each game line. A read error ends the input
// with an error line for the line it cut ("cannot read the input past line N: ...", counted as
// failed) and sets `read_error`: never taken for the end.
BatchTotals adjudicate_json_lines(std::istream& in, std::ostream& out, VariantCache& variants, const BatchOptions& options = {});

}  // namespace dipadj
