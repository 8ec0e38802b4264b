// The JSON game reader (read_game_json, as the C interface and programs use it) on any text, the
// phase's results as JSON (always valid UTF-8 JSON), and the list of the phase's legal orders.
#include <nlohmann/json.hpp>

#include "dipadj/formats/game_file.hpp"
#include "dipadj/game/legal_orders.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/variant/variant.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace dipadj;
  fuzz::standard();
  static VariantCache variants;
  const auto game = read_game_json(fuzz::as_text(data, size), "<fuzz>", &variants);
  if (!game || game->state.over()) return 0;
  const Variant& variant = *game->variant;
  PhaseReport report(variant.map().province_count());
  const GameState next = play_phase(variant, game->rules, game->state, game->orders, report);
  const std::string result = phase_json_text({variant, game->state, game->orders, game->order_texts, report, next});
  if (!nlohmann::json::accept(result)) fuzz::property_failed("the results are not JSON: " + result);
  const std::string listed = json_text(legal_orders_json(variant, legal_orders(variant, game->rules, game->state)));
  if (!nlohmann::json::accept(listed)) fuzz::property_failed("the legal orders are not JSON: " + listed);
  return 0;
}
