#include "line_memory.hpp"

#include <utility>

#include "dipadj/variant/variant.hpp"

namespace dipadj {

Expected<LineMemory::PlayedLine> LineMemory::play(std::string_view line, const std::string& name, GameFileContext& context) {
  lend_reading(context);
  const GameFile* game = nullptr;
  std::span<const std::string_view> shown;
  if (game_lines.read_into(line, context, plain_game)) {
    game = &*plain_game;
    shown = game_lines.shown_orders();
  } else {
    auto full = read_game_json_with(line, name, context);  // the full reader reads it, or says what is wrong
    if (!full) return full.errors();
    game = &full_game.emplace(std::move(full.value()));
  }
  // A played phase of another map is made again: its report's board has that map's size.
  const std::size_t provinces = game->variant->map().province_count();
  if (!played || played->report.movement.after.province_count() != provinces) played.emplace(provinces);
  if (auto errors = play_game_file_into(*game, name, &playing, *played); !errors.empty()) return errors;
  const Calendar& calendar = game->variant->calendar();
  result_texts.use(game->variant);
  return PlayedLine{game,
                    &*played,
                    shown,
                    reading.phase_name(calendar, game->state.phase),
                    reading.phase_name(calendar, played->after.phase),
                    &result_texts};
}

PlayedPhase LineMemory::PlayedLine::phase() const {
  PlayedPhase phase = played_phase(*game, *played);
  phase.shown = shown;
  phase.phase_name = phase_name;
  phase.next_phase_name = next_phase_name;
  return phase;
}

}  // namespace dipadj
