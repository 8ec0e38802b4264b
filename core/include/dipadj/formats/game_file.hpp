#pragma once
// A game as a YAML or JSON file (docs/game-format.md): the variant, the phase, the units, the dislodged
// units with their retreat options, the supply-centre owners, the winner if there is one, and
// the orders of the phase. `dipadj adjudicate` reads one and writes the next.
#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/game/game.hpp"
#include "dipadj/game/played_phase.hpp"
#include "dipadj/judge/movement.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/rules/rules_loader.hpp"

namespace dipadj {

class Variant;
class PhaseWorkspace;
class VariantCache;

struct GameFile {
  explicit GameFile(std::size_t provinces) : state(provinces) {}
  // With the rules to start from (the variant's): no default rulebook made first to be replaced.
  GameFile(std::size_t provinces, Rulebook start_rules) : rules(std::move(start_rules)), state(provinces) {}

  // How the file names its variant: a name, or a path made usable from the current directory
  // (resolve_variant_reference); variant_reference_for() gives what to write into another file.
  std::string variant_name;
  std::shared_ptr<const Variant> variant;
  Rulebook rules;  // the variant's, then the file's `profile:` and `rules:`
  GameState state;
  std::vector<SubmittedOrder> orders;
  std::vector<std::string> order_texts;  // as written, beside `orders`
  // Whether each of `order_texts` goes into JSON as it is, between quotes (valid UTF-8 with no
  // control byte, quote or backslash): so for a game read from a JSON line with no escape in it,
  // whose strings simdjson checked. Results then copy the texts without checking them again.
  bool order_texts_json_ready = false;
  std::vector<ReadingNote> reading_notes;  // how each was read, beside `orders`
};

// Refuses, with the file, line and cause, anything that cannot be: malformed YAML, unknown
// names, a unit where it cannot stand, two units in one province, a coast that does not exist,
// dislodged units outside a retreat phase (or a retreat phase without them), retreat options a
// unit could never take, a build for a power that has nothing to build, text that is no order.
// Orders that are orders but cannot be carried out are kept: they are reported illegal.
// A file named *.json must be strict JSON (checked first, as read_game_json does); any other is
// read as YAML, of which JSON is a part. `variants`: loaded variants to reuse (optional).
// `overrides`: rules on top of the file's (the CLI's --profile and --rule).
Expected<GameFile> load_game_file(const std::filesystem::path& file, VariantCache* variants = nullptr,
                                  const RuleOverrides& overrides = {});
// A game file given as JSON text (a program's message, say): strict JSON, at most 64 MB (as a
// game file), nested at most 64 deep, with the keys of the YAML game file. `name` names it in
// messages; a relative variant path is taken from the current directory.
Expected<GameFile> read_game_json(std::string_view text, const std::string& name = "<game JSON>",
                                  VariantCache* variants = nullptr);

// A game file's phase played: what the judge made of its orders, and the state after.
struct GameFilePlayed {
  // `after` starts empty (no board): play_game_file puts the phase's result there.
  explicit GameFilePlayed(std::size_t provinces) : report(provinces), after(0) {}
  PhaseReport report;
  GameState after;
};
// Plays the phase of a game file (play_phase with its variant, rules, state and orders). A game
// already won is an error naming `name` ("game.yaml: the game is over (France won)").
// `workspace`: what a thread playing many games keeps between them (game/phase_workspace.hpp).
Expected<GameFilePlayed> play_game_file(const GameFile& game, const std::string& name, PhaseWorkspace* workspace = nullptr);
// The same into `played`, whose memory is reused (a reader of many games keeps one: its report's
// and state's vectors are not made again each game); what is wrong, or nothing. `played` is
// whole only when nothing is wrong: its report of an earlier phase may be left in part.
std::vector<Diagnostic> play_game_file_into(const GameFile& game, const std::string& name, PhaseWorkspace* workspace,
                                            GameFilePlayed& played);
// The phase as reports and JSON show it (formats/phase_json.hpp); refers to both arguments.
PlayedPhase played_phase(const GameFile& game, const GameFilePlayed& played);

// The YAML text of a game state, with an empty list of orders to fill in.
// `rules`: the game's rules; those that differ from the variant's are written as a `rules:` block,
// so the next phase is played under the same house rules.
std::string game_file_text(const Variant& variant, const std::string& variant_name, const GameState& state,
                           const Rulebook& rules);
// The same game file as a JSON object (the keys of docs/game-format.md); game_file_text is this
// object written as YAML.
nlohmann::ordered_json game_file_json(const Variant& variant, const std::string& variant_name, const GameState& state,
                                      const Rulebook& rules);
// Any value of the JSON model as YAML, written by yaml-cpp's emitter: mappings in block style,
// lists of plain values in flow style ([A Paris, A Brest]), each text quoted where YAML needs it.
std::string yaml_text(const nlohmann::ordered_json& value);

}  // namespace dipadj
