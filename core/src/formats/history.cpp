#include "dipadj/formats/history.hpp"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

#include "dipadj/document_reader.hpp"
#include "base/yaml_support.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/notation/order_text.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/variant/variant.hpp"
#include "game_file_reading.hpp"

namespace dipadj {
namespace {

using json = nlohmann::ordered_json;

constexpr const char* kFormat = "dipadj-history/1";
// The keys of a game file that are the history's (the same for every phase) or the phase's own.
constexpr std::initializer_list<const char*> kNotState = {"format", "variant", "map_options", "rules", "profile", "phase", "orders"};

}  // namespace

json new_history(const Variant& variant, const std::string& variant_name, const Rulebook& rules) {
  const json game = game_file_json(variant, variant_name, GameState(variant.map().province_count()), rules);
  json out = json::object();
  out["format"] = kFormat;
  out["variant"] = variant_name;
  if (game.contains("map_options")) out["map_options"] = game["map_options"];
  if (game.contains("rules")) out["rules"] = game["rules"];
  out["phases"] = json::array();
  return out;
}

namespace {

// A phase as a history holds it: the phase, the state before it (the keys of a game file that are
// the phase's own), the orders as written and the results.
json history_entry(const PlayedPhase& played, const Rulebook& rules) {
  const Variant& variant = played.variant;
  json state = game_file_json(variant, "", played.before, rules);
  for (const char* key : kNotState) state.erase(key);
  json orders = json::object();
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    json texts = json::array();
    for (std::size_t i = 0; i < played.orders.size(); ++i)
      if (played.orders[i].power == p)
        texts.push_back(played.written.size() == played.orders.size() ? played.written[i] : to_string(played.orders[i].order, variant));
    if (!texts.empty()) orders[variant.power(static_cast<PowerId>(p)).name] = std::move(texts);
  }
  json entry = json::object();
  entry["phase"] = variant.phase_name(played.before.phase);
  entry["state"] = std::move(state);
  entry["orders"] = std::move(orders);
  entry["results"] = played;
  return entry;
}

// Why `entry` cannot follow the history's last phase, or "": it is that phase again (a run that
// wrote the history, failed later and was run again), or it is not the phase that one led to.
std::string why_not_next(const json& phases, const json& entry) {
  if (phases.empty()) return "";
  const json& last = phases.back();
  const std::string phase = entry["phase"].get<std::string>();
  if (last.is_object() && last.value("phase", json()) == entry["phase"] && last.value("state", json()) == entry["state"])
    return phase + " (in the same position) is already the history's last phase: a phase is appended once (was it appended by an "
                   "earlier run?)";
  const json& results = last.is_object() ? last.value("results", json()) : json();
  if (results.is_object() && results.contains("next_phase") && results["next_phase"] != entry["phase"])
    return "the history's last phase, " + last.value("phase", json("?")).dump() + ", leads to " + results["next_phase"].dump() +
           ", not to " + phase + ": a phase is appended after the one before it";
  return "";
}

}  // namespace

void append_to_history(json& history, const PlayedPhase& played, const Rulebook& rules) {
  history["phases"].push_back(history_entry(played, rules));
}

Expected<std::string> history_with_phase(const std::filesystem::path& file, const GameFile& game, const GameFilePlayed& played) {
  const std::string name = file.string();
  auto problem = [&](const std::string& message) { return std::vector<Diagnostic>{Diagnostic{name, 0, message}}; };
  const std::string reference = variant_reference_for(game.variant_name, file);
  json fresh = new_history(*game.variant, reference, game.rules);
  json history = fresh;
  std::error_code ec;
  if (std::filesystem::exists(file, ec)) {
    std::vector<Diagnostic> problems;
    std::string text;
    if (!yaml::read_text_file(file, text, problems)) return problems;
    try {
      history = json::parse(text);
    } catch (const json::exception& e) {
      return problem(std::string("not a history (not JSON: ") + e.what() + ")");
    }
    if (!history.is_object() || history.value("format", "") != kFormat || !history.contains("phases") || !history["phases"].is_array())
      return problem(std::string("not a dipadj history (format ") + kFormat + ")");
    for (const char* key : {"variant", "map_options", "rules"})
      if (history.value(key, json()) != fresh.value(key, json()))
        return problem(std::string("the history's ") + key + " (" + history.value(key, json()).dump() + ") is not the game's (" +
                       fresh.value(key, json()).dump() + ")");
  }
  json entry = history_entry(played_phase(game, played), game.rules);
  if (const std::string why = why_not_next(history["phases"], entry); !why.empty()) return problem(why + "; nothing appended");
  history["phases"].push_back(std::move(entry));
  return history_text(history);
}

std::string append_to_history_file(const std::filesystem::path& file, const GameFile& game, const GameFilePlayed& played) {
  const auto text = history_with_phase(file, game, played);
  if (!text) return format_diagnostics(text.errors());
  return write_file_atomically(file, text.value());
}

std::string history_text(const json& history) {
  // One phase a line: the file stays valid JSON, readable line by line and quick to append to.
  json head = history;
  head.erase("phases");
  std::string out = json_text(head);
  out.pop_back();  // the closing brace
  out += std::string(head.empty() ? "" : ",") + "\"phases\":[";
  const json& phases = history.contains("phases") ? history["phases"] : json::array();
  for (std::size_t k = 0; k < phases.size(); ++k) out += (k == 0 ? "\n" : ",\n") + json_text(phases[k]);
  out += "\n]}\n";
  return out;
}

Expected<GameHistory> load_history(const std::filesystem::path& path, VariantCache* variants) {
  const std::string file = path.string();
  std::vector<Diagnostic> errors;
  DocumentReader doc(file, errors);
  std::string text;
  if (!yaml::read_text_file(path, text, errors)) return errors;
  DocNode root;
  if (!parse_json_document(text, file, root, errors)) return errors;
  if (!root.is_map()) return std::vector<Diagnostic>{doc.diagnostic(root, "a history is a JSON object")};
  if (!doc.check_format(root, kFormat)) return errors;
  doc.check_keys(root, {"format", "variant", "map_options", "rules", "phases"});
  const DocNode& phases = root["phases"];
  if (!phases.is_sequence()) doc.error(phases ? phases : root, "'phases' must be a list");
  if (!errors.empty()) return errors;
  const json values = json::parse(text);  // the same strict JSON, for the recorded results' values
  VariantCache own_cache;
  const GameFileContext context{variants != nullptr ? variants : &own_cache, path.parent_path(), {}, {}};
  GameHistory out;
  out.path = file;
  for (std::size_t k = 0; k < phases.size(); ++k) {
    const DocNode& entry = phases.items()[k];
    if (!doc.expect_map(entry, "phase")) continue;
    doc.check_keys(entry, {"phase", "state", "orders", "results"});
    const DocNode& state = entry["state"];
    if (!state.is_map()) {
      doc.error(state ? state : entry, "each phase has its 'state', a mapping");
      continue;
    }
    for (const DocNode& item : state.items())
      for (const char* key : kNotState)
        if (item.key() == key) doc.key_error(item, "'" + item.key() + "' does not belong in a phase's state");
    // The phase's game file: the history's variant and rules, the phase, its state and orders.
    DocNode game(DocNode::Kind::Map, entry.line());
    DocNode format(DocNode::Kind::Scalar, entry.line());
    format.set_text("dipadj-game/1");
    format.set_key("format", entry.line());
    game.add(std::move(format));
    for (const char* key : {"variant", "map_options", "rules"})
      if (const DocNode& value = root[key]) game.add(value);
    if (const DocNode& phase = entry["phase"]) game.add(phase);
    for (const DocNode& item : state.items()) game.add(item);
    if (const DocNode& orders = entry["orders"]) game.add(orders);
    auto read = read_game_file(file, game, context);
    if (!read) {
      for (const auto& problem : read.errors()) errors.push_back(problem);
      continue;
    }
    out.phases.push_back(std::move(read.value()));
    const json& results = values["phases"][k];
    out.results.push_back(results.contains("results") ? results["results"].dump() : std::string());
  }
  if (!errors.empty()) return errors;
  return out;
}

HistoryCheck check_history(const GameHistory& history) {
  HistoryCheck out;
  for (std::size_t k = 0; k < history.phases.size(); ++k) {
    const GameFile& game = history.phases[k];
    const std::string phase = game.variant->phase_name(game.state.phase);
    auto played = play_game_file(game, history.path);
    if (!played) {
      out.differences.push_back(phase + ": " + format_diagnostics(played.errors()));
      continue;
    }
    if (!history.results[k].empty() && json::parse(history.results[k]) != json(played_phase(game, played.value())))
      out.differences.push_back(phase + ": the results are not those the phase gives");
    if (k + 1 < history.phases.size()) {
      const GameFile& next = history.phases[k + 1];
      if (game_file_json(*game.variant, "", played->after, game.rules) != game_file_json(*next.variant, "", next.state, next.rules))
        out.differences.push_back(phase + ": the next phase's state (" + next.variant->phase_name(next.state.phase) +
                                  ") is not the one this phase leads to");
    }
  }
  out.passed = out.differences.empty();
  return out;
}

Expected<AdjudicatedGame> adjudicate_game(const GameFile& game, const std::string& name, const std::filesystem::path& next_file,
                                          const std::optional<std::filesystem::path>& history_file) {
  auto played = play_game_file(game, name);
  if (!played) return played.errors();
  AdjudicatedGame out(game.variant->map().province_count());
  // The history is checked before anything is written: a phase that is already its last, or one
  // its last does not lead to, is refused here.
  if (history_file) {
    auto text = history_with_phase(*history_file, game, played.value());
    if (!text) return text.errors();
    out.history_text = std::move(text.value());
  }
  out.next_game_text = game_file_text(*game.variant, variant_reference_for(game.variant_name, next_file), played->after, game.rules);
  out.played = std::move(played.value());
  return out;
}

std::string write_adjudicated_game(const AdjudicatedGame& adjudicated, const std::optional<std::filesystem::path>& next_file,
                                   const std::optional<std::filesystem::path>& history_file) {
  if (next_file)
    if (const std::string error = write_file_atomically(*next_file, adjudicated.next_game_text); !error.empty()) return error;
  if (history_file && adjudicated.history_text)
    if (const std::string error = write_file_atomically(*history_file, *adjudicated.history_text); !error.empty())
      return error + (next_file ? "\n(the next game file was written; the history does not have this phase)" : "");
  return "";
}

}  // namespace dipadj
