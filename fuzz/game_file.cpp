// The game-file reader on any YAML text. A game it reads is played, and the game file written for
// the state it read reads back as the same state.
#include "dipadj/game/game_file.hpp"
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
  if (!game->state.over()) {
    PhaseReport report(variant.map().province_count());
    play_phase(variant, game->rules, game->state, game->orders, report);
  }
  return 0;
}
