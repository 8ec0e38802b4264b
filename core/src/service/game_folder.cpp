#include "dipadj/service/game_folder.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>

#include "base/yaml_support.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/document.hpp"
#include "dipadj/draw/game_picture.hpp"
#include "dipadj/file_reading.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/formats/history.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/notation/order_text.hpp"
#include "dipadj/service/session.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

namespace {

using json = nlohmann::ordered_json;

template <class T>
FolderResult<T> refused(std::vector<Diagnostic> problems, bool conflict = false) {
  FolderResult<T> out;
  out.refusal.problems = std::move(problems);
  out.refusal.conflict = conflict;
  return out;
}

template <class T>
FolderResult<T> refused(const std::string& file, const std::string& message, bool conflict = false) {
  return refused<T>({Diagnostic{file, 0, message}}, conflict);
}

template <class T>
FolderResult<T> done(T value) {
  FolderResult<T> out;
  out.value = std::move(value);
  return out;
}

// The game file as JSON with its orders as written, per power, naming its variant as given.
json game_json(const GameFile& game, const std::string& variant_reference) {
  json out = game_file_json(*game.variant, variant_reference, game.state, game.rules);
  json orders = json::object();
  for (std::size_t i = 0; i < game.orders.size() && i < game.order_texts.size(); ++i)
    orders[game.variant->power(game.orders[i].power).name].push_back(game.order_texts[i]);
  out["orders"] = std::move(orders);
  return out;
}

// The phase as a session (service/session.hpp), for its legal orders and its orders' reading.
Expected<GameSession> session_of(const GameFile& game) { return GameSession::from_json(json_text(game_json(game, game.variant_name))); }

std::size_t phases_in(const std::filesystem::path& history) {
  std::error_code ec;
  if (!std::filesystem::exists(history, ec)) return 0;
  auto text = read_input_file(history);
  if (!text) return 0;
  const json parsed = json::parse(text.value(), nullptr, false);
  return parsed.is_object() && parsed.contains("phases") && parsed["phases"].is_array() ? parsed["phases"].size() : 0;
}

// How an uploaded file names its variant, made absolute for a path (as the served folders are
// named), or why it cannot be told; `file` is the name its problems carry.
Expected<std::string> uploaded_variant(const DocNode& root, const std::string& file, const std::filesystem::path& folder) {
  const DocNode& named = root.is_map() ? root["variant"] : root;
  if (!named || !named.is_scalar() || named.text().empty())
    return std::vector<Diagnostic>{Diagnostic{file, named ? named.line() : 0, "it names no variant ('variant:')"}};
  const std::string reference = resolve_variant_reference(named.text(), folder);
  if (is_plain_name(reference)) return reference;
  std::filesystem::path path = std::filesystem::absolute(reference).lexically_normal();
  if (path.filename().empty()) path = path.parent_path();
  if (path.filename() == "variant.yaml") path = path.parent_path();
  return path.string();
}

// Problems of a file read in the upload folder, named as the file the user gave.
std::vector<Diagnostic> named_as(std::vector<Diagnostic> problems, const std::filesystem::path& staged, const std::string& name) {
  for (Diagnostic& problem : problems)
    if (problem.file == staged.string()) problem.file = name;
  return problems;
}

// The uploaded texts in a folder of their own beside the game's, removed when done.
class UploadFolder {
 public:
  explicit UploadFolder(const std::filesystem::path& game_folder)
      : folder_(game_folder.parent_path() / ("." + game_folder.filename().string() + ".upload")) {
    std::error_code ec;
    std::filesystem::remove_all(folder_, ec);
    std::filesystem::create_directories(folder_, ec);
  }
  UploadFolder(const UploadFolder&) = delete;
  UploadFolder& operator=(const UploadFolder&) = delete;
  ~UploadFolder() {
    std::error_code ec;
    std::filesystem::remove_all(folder_, ec);
  }
  // The file written, or why not.
  [[nodiscard]] std::string put(const std::string& name, const std::string& text) const { return write_file_atomically(folder_ / name, text); }
  [[nodiscard]] std::filesystem::path path(const std::string& name) const { return folder_ / name; }

 private:
  std::filesystem::path folder_;
};

}  // namespace

std::vector<std::string> powers_without_orders(const GameFile& game) {
  auto session = session_of(game);
  std::vector<std::string> missing;
  if (!session) return missing;
  const auto legal = session->possible_orders(std::nullopt);
  if (!legal) return missing;
  for (const auto& [power, choices] : legal.value()["powers"].items()) {
    const bool has_choice = (choices.contains("units") && !choices["units"].empty()) || (choices.contains("builds") && !choices["builds"].empty());
    const auto id = game.variant->find_power(power);
    const bool ordered = id && std::any_of(game.orders.begin(), game.orders.end(), [&](const SubmittedOrder& o) { return o.power == *id; });
    if (has_choice && !ordered) missing.push_back(power);
  }
  return missing;
}

bool GameFolder::exists() const {
  std::error_code ec;
  return std::filesystem::exists(game_file(), ec);
}

FolderResult<json> GameFolder::create(const std::string& variant, const std::string& profile, const json& rules) const {
  if (exists()) return refused<json>(game_file().string(), "there is a game here already", true);
  auto session = GameSession::start(variant, {}, profile, rules);
  if (!session) return refused<json>(session.errors());
  std::error_code ec;
  std::filesystem::create_directories(folder_, ec);
  if (ec) return refused<json>(folder_.string(), "cannot make the game's folder: " + ec.message());
  json file = session->to_json();
  file["variant"] = variant_reference_for(variant, game_file());
  if (const std::string error = write_file_atomically(game_file(), yaml_text(file)); !error.empty()) return refused<json>(game_file().string(), error);
  return done(file);
}

FolderResult<json> GameFolder::upload(const std::string& game_text, const std::string& history_text,
                                      const std::function<bool(const std::string&)>& variant_served, VariantCache& variants) const {
  if (exists()) return refused<json>(game_file().string(), "there is a game here already", true);
  std::vector<Diagnostic> problems;
  DocNode game_root, history_root;
  if (!yaml::load_document_string(game_text, "game.yaml", game_root, problems)) return refused<json>(problems);
  if (!history_text.empty() && !parse_json_document(history_text, "history.json", history_root, problems)) return refused<json>(problems);
  for (const auto& [root, name] : {std::pair{&game_root, "game.yaml"}, std::pair{&history_root, "history.json"}}) {
    if (root == &history_root && history_text.empty()) continue;
    auto variant = uploaded_variant(*root, name, folder_);
    if (!variant) return refused<json>(variant.errors());
    if (!variant_served(variant.value())) return refused<json>(name, "variant '" + variant.value() + "' is not one this server shows");
  }
  const UploadFolder staged(folder_);
  for (const auto& [name, text] : {std::pair{"game.yaml", &game_text}, std::pair{"history.json", &history_text}})
    if (!text->empty())
      if (const std::string error = staged.put(name, *text); !error.empty()) return refused<json>(name, error);
  auto game = load_game_file(staged.path("game.yaml"), &variants);
  if (!game) return refused<json>(named_as(game.errors(), staged.path("game.yaml"), "game.yaml"));
  if (!history_text.empty()) {
    auto history = load_history(staged.path("history.json"), &variants);
    if (!history) return refused<json>(named_as(history.errors(), staged.path("history.json"), "history.json"));
    // The check an adjudication makes before it appends the phase: made now, not at the next phase.
    if (auto played = play_game_file(game.value(), "game.yaml"); played)
      if (auto appended = history_with_phase(staged.path("history.json"), game.value(), played.value()); !appended)
        return refused<json>(named_as(appended.errors(), staged.path("history.json"), "history.json"));
  }
  std::error_code ec;
  std::filesystem::create_directories(folder_, ec);
  if (ec) return refused<json>(folder_.string(), "cannot make the game's folder: " + ec.message());
  if (const std::string error = write_file_atomically(game_file(), game_text); !error.empty()) return refused<json>(game_file().string(), error);
  if (!history_text.empty())
    if (const std::string error = write_file_atomically(history_file(), history_text); !error.empty())
      return refused<json>(history_file().string(), error);
  return describe(variants);
}

FolderResult<std::string> GameFolder::file_text(const std::string& which, VariantCache& variants) const {
  std::error_code ec;
  if (which == "history.json" && !std::filesystem::exists(history_file(), ec)) {
    auto game = load_game_file(game_file(), &variants);
    if (!game) return refused<std::string>(game.errors());
    return done(history_text(new_history(*game->variant, variant_reference_for(game->variant_name, history_file()), game->rules)));
  }
  auto text = read_input_file(which == "history.json" ? history_file() : game_file());
  if (!text) return refused<std::string>(text.errors());
  return done(text.value());
}

FolderResult<json> GameFolder::describe(VariantCache& variants) const {
  auto game = load_game_file(game_file(), &variants);
  if (!game) return refused<json>(game.errors());
  json out = game_json(game.value(), variant_reference_for(game->variant_name, game_file()));
  out["history"] = phases_in(history_file());
  return done(out);
}

namespace {

// Why the judge would not follow `order` from `power` in this phase, as the results say it: ""
// when it would follow it, nothing when the phase cannot be played to tell.
std::optional<std::string> illegal_because(const GameFile& game, PowerId power, const Order& order) {
  GameFile alone = game;
  alone.orders = {SubmittedOrder{power, order}};
  alone.order_texts.clear();
  alone.reading_notes.clear();
  const auto played = play_game_file(alone, "<check>");
  if (!played || played->report.outcomes.empty()) return std::nullopt;
  const OrderOutcome& outcome = played->report.outcomes.front();
  return outcome.resolution == Resolution::Illegal ? reason_text(order, outcome, *game.variant) : std::string();
}

// The legal order nearest to what was typed, when one is near enough to be what was meant: of the
// same unit's when the order names one (`unit`, its text), else of all; "" when none is.
std::string nearest_legal(const std::vector<std::string>& legal, std::string_view typed, const std::string& unit) {
  std::string best;
  std::size_t best_distance = std::max<std::size_t>(3, typed.size() * 2 / 5) + 1;  // near: within 40 % of the text
  for (const std::string& order : legal) {
    if (!unit.empty() && !order.starts_with(unit + " ")) continue;
    const std::size_t distance = edit_distance(typed, order);
    if (distance < best_distance) {
      best_distance = distance;
      best = order;
    }
  }
  return best;
}

}  // namespace

FolderResult<json> GameFolder::check_orders(const std::string& power, const std::vector<std::string>& lines, VariantCache& variants) const {
  auto game = load_game_file(game_file(), &variants);
  if (!game) return refused<json>(game.errors());
  const Variant& variant = *game->variant;
  const auto power_id = variant.find_power(power);
  if (!power_id) return refused<json>("<orders>", "unknown power '" + power + "'");
  auto session = session_of(game.value());
  // The legal orders listed by subject ({"units": {"A Paris": [...]}, "builds": {...}}) or not ("other": [...]).
  std::vector<std::string> legal;
  const auto take = [&legal](const json& list) {
    for (const auto& text : list)
      if (text.is_string()) legal.push_back(text.get<std::string>());
  };
  if (session)
    if (auto listed = session->possible_orders(power); listed && listed.value()["powers"].contains(power))
      for (const auto& [kind, orders] : listed.value()["powers"][power].items()) {
        if (!orders.is_object()) take(orders);
        else
          for (const auto& [subject, list] : orders.items()) take(list);
      }
  const OrderParser parser(variant);
  json out = json::object();
  out["lines"] = json::array();
  for (const std::string& line : lines) {
    const ParsedOrder parsed = parser.parse(line, game->state.phase.kind == PhaseKind::Retreat);
    json entry = {{"text", line}};
    std::string near;
    if (parsed.order) {
      const std::string read = to_string(*parsed.order, variant);
      entry["read_as"] = read;
      entry["corrected"] = parsed.corrected;
      // Legal: listed, or not listed as written but followed by the judge ("A Mar - Spa(nc)": an
      // army's coast is left aside; any order, where house rules make every order legal).
      const bool listed = std::find(legal.begin(), legal.end(), read) != legal.end();
      const auto why = listed ? std::optional<std::string>("") : illegal_because(game.value(), *power_id, *parsed.order);
      entry["legal"] = why && why->empty();
      if (!listed) {
        entry["listed"] = false;
        if (why && !why->empty()) entry["reason"] = *why;
        // The unit as the legal orders name it, the one on the board there (none: all orders).
        const LocationId at = parsed.order->unit.location;
        const Unit& on_board = at == kNoLocation ? Unit{} : game->state.position.unit_in(variant.map().province_of(at));
        near = nearest_legal(legal, read, on_board.present() ? unit_text(variant.map(), on_board) : std::string());
      }
    } else if (parsed.readings.empty()) {
      entry["error"] = parsed.error;
      near = nearest_legal(legal, line, "");
    } else {
      std::string meanings;
      for (std::size_t k = 0; k < parsed.readings.size(); ++k)
        meanings += (k == 0 ? "" : k + 1 == parsed.readings.size() ? " or " : ", ") + to_string(parsed.readings[k], variant);
      entry["error"] = "unclear: it may mean " + meanings;
    }
    if (!near.empty()) entry["did_you_mean"] = near;
    out["lines"].push_back(std::move(entry));
  }
  return done(out);
}

FolderResult<json> GameFolder::legal_orders(const std::string& power, VariantCache& variants) const {
  auto game = load_game_file(game_file(), &variants);
  if (!game) return refused<json>(game.errors());
  auto session = session_of(game.value());
  if (!session) return refused<json>(session.errors());
  auto listed = session->possible_orders(power.empty() ? std::nullopt : std::optional<std::string>(power));
  if (!listed) return refused<json>(listed.errors());
  return done(listed.value());
}

FolderResult<json> GameFolder::set_orders(const std::string& power, const std::vector<std::string>& lines, const std::string& phase,
                                          VariantCache& variants) const {
  auto game = load_game_file(game_file(), &variants);
  if (!game) return refused<json>(game.errors());
  if (const std::string now = game->variant->phase_name(game->state.phase); !phase.empty() && phase != now)
    return refused<json>(game_file().string(), "the game is at " + now + ", not " + phase + ": the orders for " + phase + " are not saved", true);
  auto session = session_of(game.value());
  if (!session) return refused<json>(session.errors());
  if (auto problems = session->set_orders(power, lines); !problems.empty()) return refused<json>(std::move(problems));
  json file = session->to_json();
  file["variant"] = variant_reference_for(game->variant_name, game_file());
  if (const std::string error = write_file_atomically(game_file(), yaml_text(file)); !error.empty()) return refused<json>(game_file().string(), error);
  return done(file);
}

FolderResult<json> GameFolder::adjudicate(const std::string& phase, bool allow_missing, VariantCache& variants) const {
  auto game = load_game_file(game_file(), &variants);
  if (!game) return refused<json>(game.errors());
  const Variant& variant = *game->variant;
  const std::string now = variant.phase_name(game->state.phase);
  if (phase != now)
    return refused<json>(game_file().string(), "the game is at " + now + ", not " + phase + ": adjudicated already?", true);
  if (!allow_missing) {
    if (auto missing = powers_without_orders(game.value()); !missing.empty()) {
      auto out = refused<json>(game_file().string(), std::to_string(missing.size()) + " power(s) have given no orders", true);
      out.refusal.missing = std::move(missing);
      return out;
    }
  }
  auto adjudicated = adjudicate_game(game.value(), game_file().string(), game_file(), history_file());
  if (!adjudicated) return refused<json>(adjudicated.errors(), true);
  const json results = json(played_phase(game.value(), adjudicated->played));
  if (const std::string error = write_adjudicated_game(adjudicated.value(), game_file(), history_file()); !error.empty())
    return refused<json>(game_file().string(), error);
  return done(results);
}

FolderResult<json> GameFolder::undo(const std::string& phase, bool drop_entered_orders, VariantCache& variants) const {
  if (phase.empty()) return refused<json>(game_file().string(), "an undo names the phase the game is at ('phase')");
  auto undone = undo_last_phase(history_file(), game_file(), &variants, UndoChecks{phase, drop_entered_orders});
  if (!undone) return refused<json>(undone.errors(), true);
  if (const std::string error = write_file_atomically(game_file(), undone->game_text); !error.empty()) return refused<json>(game_file().string(), error);
  if (const std::string error = write_file_atomically(history_file(), undone->history_text); !error.empty())
    return refused<json>(history_file().string(), error);
  return done(json{{"phase", undone->phase}, {"history", undone->phases_left}});
}

FolderResult<json> GameFolder::history() const {
  std::error_code ec;
  if (!std::filesystem::exists(history_file(), ec)) return done(json{{"phases", json::array()}});
  auto text = read_input_file(history_file());
  if (!text) return refused<json>(text.errors());
  json parsed = json::parse(text.value(), nullptr, false);
  if (!parsed.is_object() || !parsed.contains("phases")) return refused<json>(history_file().string(), "not a dipadj history");
  return done(json{{"phases", parsed["phases"]}});
}

FolderResult<std::string> GameFolder::picture(std::optional<std::size_t> index, VariantCache& variants) const {
  if (!index) {
    auto game = load_game_file(game_file(), &variants);
    if (!game) return refused<std::string>(game.errors());
    return done(draw_state(*game->variant, game->state).svg);
  }
  auto loaded = load_history(history_file(), &variants);
  if (!loaded) return refused<std::string>(loaded.errors());
  if (*index >= loaded->phases.size()) return refused<std::string>(history_file().string(), "no phase " + std::to_string(*index) + " in the history");
  const GameFile& phase = loaded->phases[*index];
  auto played = play_game_file(phase, history_file().string());
  if (!played) return refused<std::string>(played.errors());
  return done(draw_phase(played_phase(phase, played.value())).svg);
}

}  // namespace dipadj
