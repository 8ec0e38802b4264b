#include "dipadj/notation/order_text.hpp"
#include "dipadj/formats/game_file.hpp"

#include <algorithm>
#include <memory>

#include "base/emplace_aggregate.hpp"
#include "game_file_reading.hpp"
#include "game_line_reading.hpp"
#include "game_state_reading.hpp"
#include "dipadj/document_reader.hpp"
#include "rules/rules_reading.hpp"
#include "base/document_json_line.hpp"
#include "base/yaml_support.hpp"
#include "dipadj/game/phase_workspace.hpp"
#include "dipadj/judge/retreat.hpp"
#include "dipadj/judge/submission.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/plugin/rule_script_error.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "notation/order_reading_memo.hpp"

namespace dipadj {
namespace {

// `standoffs`: provinces a standoff left empty in the movement phase, where no unit may retreat.
std::vector<ProvinceId> read_standoffs(DocumentReader& doc, const DocNode& root, const Map& map) {
  std::vector<ProvinceId> out;
  for (const auto& name : doc.string_list(root, "standoffs")) {
    if (auto p = map.find_province(normalize_name(name))) out.push_back(*p);
    else doc.error(root["standoffs"], "standoff in unknown province '" + name + "'");
  }
  return out;
}

// Each dislodged unit with its retreat options: as listed (`retreats`), or, when the file gives
// none, worked out from the map, the position, `attacker_from` and the standoffs.
void read_dislodged(DocumentReader& doc, const DocNode& node, const Variant& variant, const Rulebook& rules,
                    std::span<const ProvinceId> standoffs, GameState& state) {
  const Map& map = variant.map();
  const OrderParser parser(variant);
  if (!node.is_map()) {
    doc.error(node, "'dislodged' maps powers to lists of {unit, retreats}");
    return;
  }
  for (const DocNode& entry : node.items()) {
    auto power = variant.find_power(entry.key());
    if (!power) {
      doc.key_error(entry, "unknown power '" + entry.key() + "'");
      continue;
    }
    if (!entry.is_sequence()) {
      doc.error(entry, "expected a list of {unit, retreats}");
      continue;
    }
    for (const DocNode& item : entry.items()) {
      doc.check_keys(item, {"unit", "attacker_from", "retreats"});
      std::string why;
      const std::string text = doc.string(item, "unit", true);
      if (text.empty()) continue;
      auto ref = parser.parse_unit(text, why);
      if (!ref) {
        doc.error(item, "dislodged unit '" + text + "': " + why);
        continue;
      }
      DislodgedUnit d{Unit{*ref->type, *power, ref->location}, kNoProvince, {}};
      if (!map.can_hold(d.unit.type, d.unit.location)) {
        doc.error(item, "dislodged unit '" + text + "' cannot stand there");
        continue;
      }
      const ProvinceId at = map.province_of(d.unit.location);
      for (const auto& other : state.dislodged)
        if (map.province_of(other.unit.location) == at)
          doc.error(item, "two dislodged units in " + map.province(at).name);
      if (item["attacker_from"] && !item["attacker_from"].is_null()) {
        auto from = map.find_province(normalize_name(doc.string(item, "attacker_from")));
        if (!from) doc.error(item["attacker_from"], "unknown province");
        else d.attacker_from = *from;
      }
      if (!item["retreats"]) {
        // Never a silent disband: without its options the unit's attacker must be known.
        if (d.attacker_from == kNoProvince)
          doc.error(item, "dislodged unit '" + text + "': give its 'retreats' (the places it may "
                          "retreat to, [] for none) or 'attacker_from' (the province its attacker "
                          "came from: the options are then worked out from the map)");
        else
          d.retreats = retreat_options(variant, rules, state.phase.season, state.position, d.unit, d.attacker_from, standoffs);
        state.dislodged.push_back(std::move(d));
        continue;
      }
      for (const auto& place : doc.string_list(item, "retreats")) {
        auto where = parser.parse_unit(std::string(1, unit_letter(d.unit.type)) + " " + place, why);
        if (!where) {
          doc.error(item["retreats"], "retreat '" + place + "': " + why);
          continue;
        }
        const LocationId loc = where->location;
        const bool reachable = d.unit.type == UnitType::Army ? map.army_adjacent(at, map.province_of(loc)) && map.can_hold(d.unit.type, loc)
                                                             : map.fleet_adjacent(d.unit.location, loc);
        if (!reachable) doc.error(item["retreats"], text + " cannot retreat to " + place);
        else if (state.position.unit_in(map.province_of(loc)).present())
          doc.error(item["retreats"], text + " cannot retreat to " + place + ": it is occupied");
        else d.retreats.push_back(loc);
      }
      state.dislodged.push_back(std::move(d));
    }
  }
}

// Several order sets from one power (4.D.1, 4.D.2), earliest first:
//   order_sets_sequence: known | unknown     (known: the list order is the order they came in)
//   order_sets: {France: [[A Par - Bur], {orders: [A Par - Pic], says: replaces}]}
// `says` is what a set itself makes clear: that it replaces the earlier sets, or adds to them.
// Recorded as written; which sets count is the judge's (judge/submission.hpp).
template <class AddOrder>
void read_order_sets(DocumentReader& doc, const DocNode& root, const std::vector<PowerId>& with_orders, const Variant& v,
                     Submission& submission, AddOrder& add_order) {
  const DocNode& sets = root["order_sets"];
  if (const DocNode& sequence = root["order_sets_sequence"]) {
    if (sequence.is_scalar() && (sequence.text() == "known" || sequence.text() == "unknown"))
      submission.sequence_known = sequence.text() == "known";
    else
      doc.error(sequence, "'order_sets_sequence' is 'known' or 'unknown'");
  }
  if (!sets || sets.is_null()) return;
  if (!sets.is_map()) {
    doc.error(sets, "'order_sets' maps powers to lists of order sets");
    return;
  }
  for (const DocNode& entry : sets.items()) {
    auto power = v.find_power(entry.key());
    if (!power) {
      doc.key_error(entry, "unknown power '" + entry.key() + "'");
      continue;
    }
    if (std::find(with_orders.begin(), with_orders.end(), *power) != with_orders.end()) {
      doc.key_error(entry, entry.key() + " has both 'orders' and 'order_sets'");
      continue;
    }
    if (!entry.is_sequence() || entry.size() == 0) {
      doc.error(entry, "the order sets of " + entry.key() + " must be a list of sets");
      continue;
    }
    OrderSetsOfPower of_power{*power, {}};
    for (const DocNode& set : entry.items()) {
      const DocNode* orders = &set;
      SetSays says = SetSays::Nothing;
      if (!set.is_sequence()) {
        if (!set.is_map()) {
          doc.error(set, "an order set is a list of orders or {orders, says}");
          continue;
        }
        doc.check_keys(set, {"orders", "says"});
        const std::string written_says = set["says"] ? set["says"].text() : std::string();
        if (written_says == "replaces") says = SetSays::Replaces;
        else if (written_says == "adds") says = SetSays::Adds;
        else if (!written_says.empty()) doc.error(set["says"], "'says' is 'replaces' or 'adds'");
        if (!set["orders"] || !set["orders"].is_sequence()) {
          doc.error(set, "an order set needs 'orders', a list");
          continue;
        }
        orders = &set["orders"];
      }
      const auto index = static_cast<std::uint16_t>(of_power.sets.size());
      of_power.sets.push_back(says);
      for (const DocNode& item : orders->items()) add_order(item, *power, index);
    }
    if (!of_power.sets.empty()) submission.order_sets.push_back(std::move(of_power));
  }
}

// The game's variant: the one `variant:` names (a path is taken from the file's folder), or the
// context's default, with the map options the game chooses; its name as `variant_name`. Null,
// with the problems in `doc`'s list, when it cannot be loaded.
std::shared_ptr<const Variant> load_game_variant(DocumentReader& doc, const DocNode& root, const GameFileContext& context,
                                                 std::string& variant_name) {
  std::vector<Diagnostic>& errors = doc.errors();
  const bool named = root["variant"] || context.default_variant.empty();
  const std::string written_variant = named ? doc.string(root, "variant", true) : context.default_variant;
  variant_name = resolve_variant_reference(written_variant, context.directory);
  // Named options of the variant's map the game plays with (docs/map-format.md).
  const std::vector<std::string> map_options = doc.string_list(root, "map_options");
  if (!errors.empty()) return nullptr;
  auto variant = find_variant(variant_name, map_options, context.variants);
  if (!variant) {
    errors = variant.errors();
    doc.error(named ? root["variant"] : root, "cannot load variant '" + written_variant + "'");
    return nullptr;
  }
  return variant.value();
}

// The units and the owners of the centres: as given, or without `units` (`supply_centres`) the
// variant's start (never a silent empty board: an empty one is written `units: {}`; a game file
// written at the start need not repeat the owners).
void read_board(DocumentReader& doc, const DocNode& root, const Variant& v, Position& position, OrderReadingMemo* memo) {
  if (root["units"]) read_units(doc, root["units"], v, position, memo);
  else place_start_units(v, position);
  if (root["supply_centres"]) read_owners(doc, root["supply_centres"], v, position);
  else set_start_owners(v, position);
}

// The dislodged units with their retreats, which a retreat phase needs and no other phase has.
void read_retreat_state(DocumentReader& doc, const DocNode& root, const Variant& v, const Rulebook& rules, GameState& state) {
  const std::vector<ProvinceId> standoffs = read_standoffs(doc, root, v.map());
  if (root["dislodged"]) read_dislodged(doc, root["dislodged"], v, rules, standoffs, state);
  if (root["standoffs"] && !root["dislodged"])
    doc.error(root["standoffs"], "standoffs are given for a retreat phase's dislodged units only");
  const bool retreats = state.phase.kind == PhaseKind::Retreat;
  if (retreats && state.dislodged.empty())
    doc.error(root["phase"] ? root["phase"] : root, "a retreat phase needs its dislodged units");
  if (!retreats && !state.dislodged.empty())
    doc.error(root["dislodged"], "dislodged units belong to a retreat phase only");
}

// What the game file keeps beyond the board: powers in civil disorder, the build history, Flying
// Dutchmen, perpetual orders, proxies, the winner.
void read_game_extras(DocumentReader& doc, const DocNode& root, const Variant& v, const Rulebook& rules, GameState& state) {
  read_civil_disorder(doc, root["civil_disorder"], v, state.civil_disorder);
  read_build_history(doc, root["built"], v, state);
  read_flying_dutchmen(doc, root["flying_dutchmen"], v, state);
  read_perpetual_orders(doc, root["perpetual_orders"], v, rules, state.perpetual_orders);
  read_proxies(doc, root["proxies"], v, rules, state.position, state.proxies);
  read_plugin_state(doc, root["plugin_state"], state.position);
  if (root["winner"]) {
    auto winner = v.find_power(doc.string(root, "winner"));
    if (!winner) doc.error(root["winner"], "unknown power");
    else state.winner = *winner;
  }
  // A game at a mobilizing variant's first phase mobilizes unless its file says otherwise.
  state.mobilizing = v.mobilizes_in(state.phase);
  if (root["mobilizing"]) state.mobilizing = doc.boolean(root, "mobilizing");
  if (state.mobilizing && state.phase.kind != PhaseKind::Adjustment)
    doc.error(root["mobilizing"], "a mobilizing phase is an adjustment phase (each power's first build)");
  if (root["ended_by"]) {
    const auto end = parse_game_end(doc.string(root, "ended_by"));
    if (!end) doc.error(root["ended_by"], "'ended_by' is one of victory, last_year_leader, last_year_draw");
    else if (*end != GameEnd::LastYearDraw && state.winner == kNoPower) doc.error(root["ended_by"], "a game won needs its 'winner'");
    else state.ended_by = *end;
  }
}

// Reads each order as written into the submission, keeping its text for the game file.
class WrittenOrderReader {
 public:
  WrittenOrderReader(DocumentReader& doc, const Variant& v, GameFile& game, Submission& submission, OrderReadingMemo* memo)
      : doc_(doc), parser_(v), game_(game), submission_(submission), memo_(memo), retreats_(game.state.phase.kind == PhaseKind::Retreat),
        off_map_(reads_places_off_the_map(game.rules)) {}

  // One order as written, for `power`, in its order set `set` (0 when the power sent one).
  void operator()(const DocNode& item, PowerId power, std::uint16_t set) {
    if (!item.is_scalar()) {
      doc_.error(item, "an order must be text such as 'A Par - Bur'");
      return;
    }
    if (memo_ != nullptr) add(item, memo_->order(parser_, item.text(), retreats_, off_map_).parsed, power, set);
    else add(item, parser_.parse(item.text(), retreats_, off_map_), power, set);
  }

 private:
  void add(const DocNode& item, const ParsedOrder& parsed, PowerId power, std::uint16_t set) {
    if (!parsed.order && parsed.readings.empty()) {
      doc_.error(item, "order '" + item.text() + "': " + parsed.error);
      return;
    }
    keep_written_order(parsed, power, set, item.text(), submission_, game_);
  }

  DocumentReader& doc_;
  const OrderParser parser_;
  GameFile& game_;
  Submission& submission_;
  OrderReadingMemo* memo_;
  const bool retreats_;
  const bool off_map_;  // the rules read places off the map (4.E.1 a)
};

// `orders`: each power's list of orders. Returns the powers listed there.
std::vector<PowerId> read_orders_of_powers(DocumentReader& doc, const DocNode& orders, const Variant& v, WrittenOrderReader& add_order) {
  std::vector<PowerId> with_orders;
  with_orders.reserve(v.power_count());  // one block, not one more for each power doubling it
  if (orders && !orders.is_null() && !orders.is_map())
    doc.error(orders, "'orders' must map powers to lists of orders");
  if (!orders || !orders.is_map()) return with_orders;
  for (const DocNode& entry : orders.items()) {
    auto power = v.find_power(entry.key());
    if (!power) {
      doc.key_error(entry, "unknown power '" + entry.key() + "'");
      continue;
    }
    with_orders.push_back(*power);
    if (entry.is_null()) continue;
    if (!entry.is_sequence()) {
      doc.error(entry, "the orders of " + entry.key() + " must be a list");
      continue;
    }
    for (const DocNode& item : entry.items()) add_order(item, *power, 0);
  }
  return with_orders;
}

// The orders as written (`orders`, `order_sets`), and those that count by the rules.
void read_game_orders(DocumentReader& doc, const DocNode& root, const Variant& v, GameFile& game, OrderReadingMemo* memo) {
  Submission submission;
  // Room for every order of `orders` at once (order sets, rare, may add more).
  std::size_t written = 0;
  const DocNode& orders = root["orders"];
  if (orders.is_map())
    for (const DocNode& entry : orders.items()) written += entry.is_sequence() ? entry.size() : 0;
  submission.orders.reserve(written);
  game.order_texts.reserve(written);
  WrittenOrderReader add_order(doc, v, game, submission, memo);
  const std::vector<PowerId> with_orders = read_orders_of_powers(doc, orders, v, add_order);
  read_order_sets(doc, root, with_orders, v, submission, add_order);
  game.orders = submit(v.map(), game.rules, game.state.position, game.state.phase, submission, &game.reading_notes);
}

Expected<GameFile> read_game_root(const std::string& file, const DocNode& root, const GameFileContext& context) {
  std::vector<Diagnostic> errors;
  DocumentReader doc(file, errors);
  if (!root.is_map()) return std::vector<Diagnostic>{doc.diagnostic(root, "a game file must be a mapping")};
  // A file of another kind (a map given as a game) is told so, and nothing else about it.
  if (!doc.check_format(root, "dipadj-game/1")) return errors;
  doc.check_keys(root, {"format", "variant", "map_options", "profile", "rules", "phase", "units", "dislodged", "standoffs", "supply_centres", "winner", "ended_by", "mobilizing", "civil_disorder", "perpetual_orders", "proxies", "built", "flying_dutchmen", "plugin_state", "orders", "order_sets", "order_sets_sequence"});
  std::string variant_name;
  std::shared_ptr<const Variant> variant = load_game_variant(doc, root, context, variant_name);
  if (!variant) return errors;
  GameFile out = start_game_file(std::move(variant), std::move(variant_name), context.memo);
  const Variant& v = *out.variant;
  apply_profile_and_rules(doc, root, out.rules);
  if (context.overrides)
    for (auto& problem : context.overrides(out.rules)) errors.push_back(std::move(problem));
  read_phase(doc, root, "phase", v.calendar(), out.state.phase, /*required=*/false, context.memo);
  read_board(doc, root, v, out.state.position, context.memo);
  read_retreat_state(doc, root, v, out.rules, out.state);
  read_game_extras(doc, root, v, out.rules, out.state);
  read_game_orders(doc, root, v, out, context.memo);
  if (!errors.empty()) return errors;
  return out;
}

}  // namespace

GameFile start_game_file(std::shared_ptr<const Variant> variant, std::string variant_name, OrderReadingMemo* memo) {
  if (memo != nullptr) memo->use(variant);
  GameFile game(variant->map().province_count(), variant->rules());
  game.state.phase = variant->start_phase();
  game.variant_name = std::move(variant_name);
  game.variant = std::move(variant);
  return game;
}

void place_start_units(const Variant& variant, Position& position) {
  const Map& map = variant.map();
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    const Unit& unit = variant.start_position().unit_in(static_cast<ProvinceId>(p));
    if (unit.present()) position.place(map, unit);
  }
}

void set_start_owners(const Variant& variant, Position& position) { position.set_owners_as(variant.start_position()); }

void keep_written_order(const ParsedOrder& parsed, PowerId power, std::uint16_t set, std::string_view text, Submission& submission,
                        GameFile& game) {
  // Unclear (several readings): the rules of 4.E.2 read it when the submission is judged.
  if (parsed.order) emplace_aggregate(submission.orders, power, *parsed.order, std::vector<Order>{}, set, parsed.corrected);
  else submission.orders.push_back(WrittenOrder::with_readings(power, parsed.readings, set, parsed.corrected));
  game.order_texts.emplace_back(text);
}

Expected<GameFile> read_game_file(const std::string& file, const DocNode& root, const GameFileContext& context) {
  // Only the file system can still throw (a variant path that cannot be used), and a rule of the
  // variant that reads orders (its script) and fails.
  try {
    return yaml::guarded<GameFile>(file, [&] { return read_game_root(file, root, context); });
  } catch (const RuleScriptError& e) {
    return std::vector<Diagnostic>{e.where(), Diagnostic{file, 0, "the game is not read: a rule of the variant failed"}};
  }
}

Expected<GameFile> read_game_json_with(std::string_view text, const std::string& name, const GameFileContext& context) {
  // A game given in memory (the C API, Python, a batch line) has the limit of a game file.
  if (text.size() > yaml::kMaxFileSize)
    return std::vector<Diagnostic>{Diagnostic{name, 0, "the game JSON is over " + std::to_string(yaml::kMaxFileSize >> 20U) +
                                                           " MB, the most a game file may have; it was not read"}};
  const DocNode* line = context.json_lines != nullptr ? context.json_lines->read(text) : nullptr;
  if (line != nullptr) return read_game_file(name, *line, context);
  // Not read by the line reader (or none kept): the full reader reads it, or names what is wrong.
  std::vector<Diagnostic> errors;
  DocNode root;
  const bool parsed = context.json_lines != nullptr ? read_json_with_events(text, name, root, errors) : parse_json_document(text, name, root, errors);
  if (!parsed) return errors;
  return read_game_file(name, root, context);
}

Expected<GameFile> read_game_json(std::string_view text, const std::string& name, VariantCache* variants) {
  return read_game_json_with(text, name, GameFileContext{variants, {}, {}, {}});
}

Expected<GameFile> load_game_file(const std::filesystem::path& path, VariantCache* variants, const RuleOverrides& overrides) {
  const std::string file = path.string();
  const GameFileContext context{variants, path.parent_path(), {}, overrides};
  if (path.extension() == ".json") {
    std::vector<Diagnostic> errors;
    std::string text;
    if (!yaml::read_text_file(path, text, errors)) return errors;
    return read_game_json_with(text, file, context);
  }
  std::vector<Diagnostic> errors;
  DocNode root;
  if (!yaml::load_document(file, root, errors)) return errors;
  return read_game_file(file, root, context);
}

std::vector<Diagnostic> play_game_file_into(const GameFile& game, const std::string& name, PhaseWorkspace* workspace,
                                            GameFilePlayed& played) {
  const Variant& variant = *game.variant;
  if (game.state.over())
    return std::vector<Diagnostic>{Diagnostic{name, 0, "the game is over: " + describe_end(variant, game.state)}};
  try {
    MovementAdjudicator* movement = workspace != nullptr && game.state.phase.kind == PhaseKind::Movement
                                        ? &workspace->movement(game.variant, game.rules)
                                        : nullptr;
    play_phase_into(variant, game.rules, game.state, game.orders, played.report, played.after, movement);
  } catch (const RuleScriptError& e) {  // a rule of the variant failed (its script): the phase is not played
    return std::vector<Diagnostic>{e.where(), Diagnostic{name, 0, variant.phase_name(game.state.phase) +
                                                                      " is not adjudicated: a rule of the variant failed"}};
  }
  // A game file past the last year could not be read back: the game stops before, whatever the
  // caller meant to write (a next file, a history, a session's next phase).
  if (played.after.phase.year > kMaxYear)
    return std::vector<Diagnostic>{Diagnostic{name, 0, variant.phase_name(game.state.phase) + " is not played: the game would go on to " +
                                                           variant.phase_name(played.after.phase) + ", past the last year a game can have (" +
                                                           std::to_string(kMaxYear) + ")"}};
  return {};
}

Expected<GameFilePlayed> play_game_file(const GameFile& game, const std::string& name, PhaseWorkspace* workspace) {
  GameFilePlayed played(game.variant->map().province_count());
  if (auto errors = play_game_file_into(game, name, workspace, played); !errors.empty()) return errors;
  return played;
}

PlayedPhase played_phase(const GameFile& game, const GameFilePlayed& played) {
  return PlayedPhase{*game.variant, game.state,   game.orders,        game.order_texts, played.report,
                     played.after,  game.reading_notes, game.order_texts_json_ready};
}

}  // namespace dipadj
