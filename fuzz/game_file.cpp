// The game-file reader on any YAML text. A game it reads is played, and the game file written for
// the state it read reads back as the same state; so does the next phase's game file, as
// `adjudicate --next` writes it, as the state after the phase. The phase played is drawn (before
// with its orders, and after), and each picture is well-formed XML (expat).
#include <expat.h>

#include "dipadj/draw/game_picture.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/variant/variant.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace dipadj;
  fuzz::standard();
  static VariantCache variants;
  const auto file = fuzz::write_scratch("game.yaml", fuzz::as_text(data, size));
  const auto game = load_game_file(file, &variants);
  if (!game) return 0;
  const Variant& variant = *game->variant;
  const std::string written = game_file_text(variant, game->variant_name, game->state, game->rules);
  const auto again = load_game_file(fuzz::write_scratch("written.yaml", written), &variants);
  if (!again) fuzz::property_failed("the written game file does not read back:\n" + written + format_diagnostics(again.errors()));
  if (!(again->state == game->state)) fuzz::property_failed("the written game file reads back as another state:\n" + written);
  if (game->state.over()) return 0;
  const auto played = play_game_file(game.value(), file.string());
  if (!played) fuzz::property_failed("a game that is not over was not played:\n" + format_diagnostics(played.errors()));
  const std::string next = game_file_text(variant, game->variant_name, played->after, game->rules);
  const auto next_game = load_game_file(fuzz::write_scratch("next.yaml", next), &variants);
  if (!next_game) fuzz::property_failed("the next phase's game file does not read back:\n" + next + format_diagnostics(next_game.errors()));
  if (!(next_game->state == played->after)) fuzz::property_failed("the next phase's game file reads back as another state:\n" + next);
  const PlayedPhase phase = played_phase(game.value(), played.value());
  for (const Picture& picture : {draw_phase(phase), draw_after(phase)}) {
    XML_Parser parser = XML_ParserCreate("UTF-8");
    const bool well_formed = XML_Parse(parser, picture.svg.data(), static_cast<int>(picture.svg.size()), 1) == XML_STATUS_OK;
    const std::string error = well_formed ? "" : XML_ErrorString(XML_GetErrorCode(parser));
    const auto line = XML_GetCurrentLineNumber(parser);
    XML_ParserFree(parser);
    if (!well_formed) fuzz::property_failed("the picture is not well-formed XML (line " + std::to_string(line) + ": " + error + "):\n" + picture.svg);
  }
  return 0;
}
