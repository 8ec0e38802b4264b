// Taking back the last phase of a history (dipadj undo): the history is the source of truth, so
// the phase's game file (its state and its orders as written) is made again from it.
#include <nlohmann/json.hpp>

#include "base/yaml_support.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/formats/history.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

namespace {

using json = nlohmann::ordered_json;

// Why the game file may not be replaced by the phase taken back, or "": it must be the phase that
// phase led to (the game it was adjudicated into), the phase the caller believes it is, and have
// no orders yet, which would be lost.
std::string why_not_replace(const std::filesystem::path& game_path, const UndoneHistory& undone, const UndoChecks& checks,
                            VariantCache* variants, std::vector<Diagnostic>& problems) {
  std::error_code ec;
  if (!std::filesystem::exists(game_path, ec)) return "";
  auto game = load_game_file(game_path, variants);
  if (!game) {
    problems = game.errors();
    return "undo replaces the game file: mend or remove it first";
  }
  const std::string phase = game->variant->phase_name(game->state.phase);
  if (!checks.game_phase.empty() && phase != checks.game_phase)
    return "the game is at " + phase + ", not " + checks.game_phase + ": taken back already?";
  if (!undone.next_phase.empty() && phase != undone.next_phase)
    return "the game is at " + phase + ", not the phase " + undone.phase + " led to (" + undone.next_phase +
           "): undo would replace another game's file; nothing changed";
  if (!game->order_texts.empty() && !checks.drop_entered_orders)
    return "the game has " + std::to_string(game->order_texts.size()) + " order(s) for " + phase +
           ": undo would lose them; nothing changed (forced, it takes the phase back anyway)";
  return "";
}

}  // namespace

Expected<UndoneHistory> undo_last_phase(const std::filesystem::path& file, const std::filesystem::path& game_file, VariantCache* variants,
                                        const UndoChecks& checks) {
  auto loaded = load_history(file, variants);
  if (!loaded) return loaded.errors();
  const GameHistory& history = loaded.value();
  if (history.phases.empty()) return std::vector<Diagnostic>{Diagnostic{file.string(), 0, "no phase to undo: the history has none"}};
  // load_history read the same strict JSON, and read it whole.
  std::vector<Diagnostic> problems;
  std::string text;
  if (!yaml::read_text_file(file, text, problems)) return problems;
  json values = json::parse(text);
  json& phases = values["phases"];
  const json last = phases.back();
  phases.erase(phases.size() - 1);

  const GameFile& phase = history.phases.back();
  json game = game_file_json(*phase.variant, variant_reference_for(phase.variant_name, game_file), phase.state, phase.rules);
  if (last.contains("orders")) game["orders"] = last["orders"];  // as they were written
  UndoneHistory out;
  out.history_text = history_text(values);
  out.game_text = yaml_text(game);
  out.phase = phase.variant->phase_name(phase.state.phase);
  const json& results = last.value("results", json::object());
  if (results.is_object() && results.contains("next_phase") && results["next_phase"].is_string()) out.next_phase = results["next_phase"];
  out.phases_left = history.phases.size() - 1;
  if (out.phases_left > 0) out.previous_phase = phase.variant->phase_name(history.phases[out.phases_left - 1].state.phase);
  std::vector<Diagnostic> game_problems;
  if (const std::string why = why_not_replace(game_file, out, checks, variants, game_problems); !why.empty()) {
    game_problems.push_back(Diagnostic{game_file.string(), 0, why});
    return game_problems;
  }
  return out;
}

}  // namespace dipadj
