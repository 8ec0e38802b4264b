// The reader of plain game lines (simdjson's elements straight into a GameFile) against the full
// reader on any text: what the line reader reads, the full reader must read into the same game.
#include "dipadj/variant/variant.hpp"
#include "formats/game_file_reading.hpp"
#include "formats/game_line_reading.hpp"
#include "fuzz_support.hpp"
#include "notation/order_reading_memo.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace dipadj;
  fuzz::standard();
  static VariantCache variants;
  static OrderReadingMemo memo;  // kept from input to input, as a batch reader keeps it
  static GameLineReader lines;
  static std::optional<GameFile> kept;  // the game read last, made the next input's in place, as a batch reader does
  const std::string_view text = fuzz::as_text(data, size);
  GameFileContext plain_context{&variants, {}, {}, {}};
  plain_context.memo = &memo;
  if (!lines.read_into(text, plain_context, kept)) return 0;
  const std::optional<GameFile>& plain = kept;
  const auto full = read_game_json_with(text, "<fuzz>", GameFileContext{&variants, {}, {}, {}});
  if (!full) fuzz::property_failed("the line reader read what the full reader refuses: " + full.errors().front().message);
  const GameFile& game = full.value();
  if (plain->variant != game.variant || plain->variant_name != game.variant_name || !(plain->rules == game.rules) ||
      !(plain->state == game.state) || plain->orders != game.orders || plain->order_texts != game.order_texts ||
      plain->reading_notes != game.reading_notes)
    fuzz::property_failed("the two readers read different games");
  return 0;
}
