#include "dipadj/service/session.hpp"

#include <nlohmann/json.hpp>

#include "dipadj/formats/game_file.hpp"
#include "dipadj/formats/history.hpp"
#include "dipadj/game/legal_orders.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

using json = nlohmann::ordered_json;

struct GameSession::State {
  VariantCache variants;  // the game's variant, loaded once for every read of the session
  GameFile game{0};       // the variant, rules and state of the phase (its own orders unused)
  std::vector<std::vector<std::string>> orders;  // per power, the orders given so far
  json results;
  json history;

  // The phase's game file with `orders` (per power), read back as dipadj reads game files.
  [[nodiscard]] Expected<GameFile> read_with(const std::vector<std::vector<std::string>>& given) {
    json file = game_file_json(*game.variant, game.variant_name, game.state, game.rules);
    json by_power = json::object();
    for (std::size_t p = 0; p < given.size(); ++p)
      if (!given[p].empty()) by_power[game.variant->power(static_cast<PowerId>(p)).name] = given[p];
    file["orders"] = std::move(by_power);
    return read_game_json(json_text(file), "<game>", &variants);
  }
};

GameSession::GameSession(std::unique_ptr<State> state) : state_(std::move(state)) {}
GameSession::GameSession(GameSession&&) noexcept = default;
GameSession& GameSession::operator=(GameSession&&) noexcept = default;
GameSession::~GameSession() = default;

Expected<GameSession> GameSession::from_json(std::string_view game_file) {
  auto state = std::make_unique<State>();
  auto read = read_game_json(game_file, "<game>", &state->variants);
  if (!read) return read.errors();
  GameFile& game = read.value();
  state->orders.assign(game.variant->power_count(), {});
  for (std::size_t i = 0; i < game.orders.size(); ++i)
    state->orders[game.orders[i].power].push_back(i < game.order_texts.size() ? game.order_texts[i] : std::string());
  state->history = new_history(*game.variant, game.variant_name, game.rules);
  state->game = std::move(game);
  return GameSession(std::move(state));
}

Expected<GameSession> GameSession::start(const std::string& variant, const std::vector<std::string>& map_options,
                                         const std::string& profile, const json& rules) {
  json file = json::object();
  file["format"] = "dipadj-game/1";
  file["variant"] = variant;
  if (!map_options.empty()) file["map_options"] = map_options;
  if (!profile.empty()) file["profile"] = profile;
  if (!rules.is_null()) file["rules"] = rules;
  return from_json(json_text(file));
}

const Variant& GameSession::variant() const { return *state_->game.variant; }
const Rulebook& GameSession::rules() const { return state_->game.rules; }
const GameState& GameSession::state() const { return state_->game.state; }

json GameSession::to_json() const {
  const GameFile& game = state_->game;
  json file = game_file_json(*game.variant, game.variant_name, game.state, game.rules);
  file["orders"] = orders();
  return file;
}

std::vector<Diagnostic> GameSession::set_orders(const std::string& power, const std::vector<std::string>& texts) {
  const auto id = variant().find_power(power);
  if (!id) return {Diagnostic{"<orders>", 0, "unknown power '" + power + "'"}};
  std::vector<std::vector<std::string>> only(variant().power_count());
  only[*id] = texts;
  auto read = state_->read_with(only);
  if (!read) return read.errors();
  state_->orders[*id] = texts;
  return {};
}

json GameSession::orders() const {
  json out = json::object();
  for (std::size_t p = 0; p < state_->orders.size(); ++p)
    if (!state_->orders[p].empty()) out[variant().power(static_cast<PowerId>(p)).name] = state_->orders[p];
  return out;
}

Expected<json> GameSession::process() {
  auto read = state_->read_with(state_->orders);
  if (!read) return read.errors();
  const GameFile& game = read.value();
  auto played = play_game_file(game, "<game>");
  if (!played) return played.errors();
  const PlayedPhase view = played_phase(game, played.value());
  state_->results = view;
  append_to_history(state_->history, view, game.rules);
  state_->game.state = played->after;
  for (auto& given : state_->orders) given.clear();
  return state_->results;
}

const json& GameSession::results() const { return state_->results; }
const json& GameSession::history() const { return state_->history; }

Expected<json> GameSession::possible_orders(const std::optional<std::string>& power) const {
  std::optional<PowerId> id;
  if (power) {
    id = variant().find_power(*power);
    if (!id) return std::vector<Diagnostic>{Diagnostic{"<orders>", 0, "unknown power '" + *power + "'"}};
  }
  return legal_orders_json(variant(), legal_orders(variant(), rules(), state(), id));
}

}  // namespace dipadj
