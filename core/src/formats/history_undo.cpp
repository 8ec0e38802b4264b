// Taking back the last phase of a history (dipadj undo): the history is the source of truth, so
// the phase's game file (its state and its orders as written) is made again from it.
#include <nlohmann/json.hpp>

#include "base/yaml_support.hpp"
#include "dipadj/formats/history.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

Expected<UndoneHistory> undo_last_phase(const std::filesystem::path& file, const std::filesystem::path& game_file, VariantCache* variants) {
  using json = nlohmann::ordered_json;
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
  return out;
}

}  // namespace dipadj
