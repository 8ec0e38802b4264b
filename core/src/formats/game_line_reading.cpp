#include "game_line_reading.hpp"

#include <algorithm>
#include <cstdint>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/judge/submission.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "formats/text_copy.hpp"
#include "game_file_reading.hpp"
#include "line_values.hpp"
#include "notation/order_reading_memo.hpp"

namespace dipadj {
// Named, not anonymous: GameLineReader::Parser (of external linkage) holds one.
namespace game_line_reading {

// The variant the reader found last, with what it was found by: a batch's lines name the same
// variant, and the shared cache (its lock, and its map of names) cost a thousand instructions a
// line. A cache never forgets a variant it found, so the same cache, text and folder find it again.
// (The cache is known by its address: a reader is kept with a cache that outlives it, as
// LineMemory's are: a batch's, a C API session's, the Python module's.)
struct LastVariant {
  const VariantCache* cache = nullptr;
  std::string written, directory, name;
  std::shared_ptr<const Variant> variant;
  // Its map's empty board, copied over a kept game's (a copy of plain bytes, where clearing each
  // province's unit and owner was a store each).
  Position empty_board{0};
};

}  // namespace game_line_reading

namespace {

// A line longer than this is no plain game in play (a Standard game's line is about 1,000 bytes;
// the largest map's, some 10,000); the full reader takes it, and this reader's parser never
// keeps the memory of a huge line.
constexpr std::size_t kMostLineBytes = std::size_t{64} << 10;
// So a line's orders (each at least 3 bytes: "x",) never fill the memo's table in one game: the
// views of their texts (shown_orders) stay good while the line is played and written.
static_assert(kMostLineBytes / 3 < OrderReadingMemo::kMostTexts, "a plain line's orders fit in the memo's table");

// Each power's list of texts in {Power: [text, ...]}, as `each(power, text)`; false where the full
// reader would say something: an unknown power, a power twice (by any spelling), a list that is
// none (null included: the full reader skips it, and a game in play lists what it has), an item
// that is no text, or `each` finding its text wrong. With `neutral_allowed`, `Neutral` (when no
// power has that name) gives kNeutral.
template <class Each>
bool for_each_power_list(const LineValues& line, LineKey key, const Variant& variant, bool neutral_allowed, Each each) {
  std::uint64_t seen = 0;  // the powers listed, a bit each (the neutral one last)
  std::size_t likely = 0;  // the power after the last found: lists go in the variant's order of powers
  for (const LineValues::PowerList& list : line.lists(key)) {
    auto power = variant.find_power(list.power, likely);
    likely = power && *power + std::size_t{1} < variant.power_count() ? *power + std::size_t{1} : 0;
    if (!power && neutral_allowed && normalize_name(list.power) == "neutral") power = kNeutral;
    if (!power) return false;
    const unsigned bit = *power == kNeutral ? 63U : *power;
    if (bit >= 64 || (seen & (std::uint64_t{1} << bit)) != 0) return false;
    seen |= std::uint64_t{1} << bit;
    for (const std::string_view text : line.items(list))
      if (!each(*power, text)) return false;
  }
  return true;
}

// As read_units: each unit placed where its type can stand, one a province.
bool read_line_units(const LineValues& line, const Variant& variant, OrderReadingMemo* memo, Position& position) {
  const OrderParser parser(variant);
  const Map& map = variant.map();
  std::string error;
  return for_each_power_list(line, LineKey::Units, variant, /*neutral_allowed=*/true, [&](PowerId power, std::string_view text) {
    const auto ref = memo != nullptr ? memo->unit(parser, text, error) : parser.parse_unit(text, error);
    // As place() places it, its steps inline: refused where its type cannot stand, or in a
    // province that holds one.
    return ref && map.can_hold(*ref->type, ref->location) &&
           position.place_in(map.province_of(ref->location), Unit{*ref->type, power, ref->location});
  });
}

// As read_owners: each a supply centre, owned by one power.
bool read_line_owners(const LineValues& line, const Variant& variant, OrderReadingMemo* memo, Position& position) {
  const Map& map = variant.map();
  return for_each_power_list(line, LineKey::SupplyCentres, variant, /*neutral_allowed=*/false, [&](PowerId power, std::string_view text) {
    const auto p = memo != nullptr ? memo->province(map, text) : map.find_province(NameKey(text).view());
    if (!p || !map.province(*p).supply_centre || (position.owner(*p) != kNoPower && position.owner(*p) != power)) return false;
    position.set_owner(*p, power);
    return true;
  });
}

// `to = text`, copied inline when `to` has the room (a kept order's string, as it mostly has):
// assign() is a call, for a text of a dozen bytes.
[[gnu::always_inline]] inline void assign_text(std::string& to, std::string_view text) {
  if (text.size() > to.capacity()) {
    to.assign(text);
    return;
  }
  to.resize(text.size());
  copy_text(to.data(), text);
}

// As read_game_orders for a game that gives `orders` (or none) and no order sets, each order
// with one reading: each order read, kept with its text and submitted as it is (submit() gives
// no other meaning to orders with one reading). An order with several readings (unclear, for the
// rules of 4.E.2 to read knowing the others) is left to the full reader, as an order that is none.
// `shown`: beside each order, the text the memo keeps for results to print (MemoOrder::shown).
bool read_line_orders(const LineValues& line, const Variant& variant, OrderReadingMemo* memo, GameFile& game,
                      std::vector<std::string_view>& shown) {
  const OrderParser parser(variant);
  const bool retreats = game.state.phase.kind == PhaseKind::Retreat;
  const bool off_map = reads_places_off_the_map(game.rules);
  // No room made first for the line's orders (counting them was a pass over the powers' lists):
  // the game is kept from line to line, and its lists have the room the longest line before needed.
  shown.clear();
  // A game kept from the line before has its orders, notes and texts (as many of each, unless a
  // line cut short made one more): each written over (as submit_clear_order makes them), its
  // strings' and lists' memory kept.
  const std::size_t kept = std::min({game.orders.size(), game.reading_notes.size(), game.order_texts.size()});
  game.orders.resize(kept);
  game.reading_notes.resize(kept);
  game.order_texts.resize(kept);
  std::size_t texts = 0;
  // Inline in the loop over orders: the compiler made it a function, called for each order.
  const auto submit_reading = [&](const ParsedOrder& parsed, PowerId power, std::string_view text) __attribute__((always_inline)) {
    if (!parsed.order) return false;
    if (texts < game.order_texts.size()) {
      SubmittedOrder& submitted = game.orders[texts];
      submitted.power = power;
      assign_order(submitted.order, *parsed.order);
      submitted.set_aside = Reason::None;
      ReadingNote& note = game.reading_notes[texts];
      note.corrected = parsed.corrected;
      note.readings.clear();
      assign_text(game.order_texts[texts], text);
    } else {
      submit_clear_order(power, *parsed.order, parsed.corrected, game.orders, game.reading_notes);
      game.order_texts.emplace_back(text);
    }
    ++texts;
    return true;
  };
  // The memo's reading as it is (a conditional expression choosing it or a new reading would copy it).
  const auto submit_text = [&](PowerId power, std::string_view text) __attribute__((always_inline)) {
    if (memo == nullptr) return submit_reading(parser.parse(text, retreats, off_map), power, text);
    const MemoOrder& read = memo->order(parser, text, retreats, off_map);
    if (!submit_reading(read.parsed, power, text)) return false;
    shown.push_back(read.shown);
    // Its text is read again when the results are written, after the judge: asked for now, while
    // the reading's memory is being read anyway (the memo's entries lie far apart).
    __builtin_prefetch(read.shown.data());
    return true;
  };
  if (line.has(LineKey::Orders) && !for_each_power_list(line, LineKey::Orders, variant, /*neutral_allowed=*/false, submit_text)) return false;
  game.orders.resize(texts);
  game.reading_notes.resize(texts);
  game.order_texts.resize(texts);
  return true;
}

using game_line_reading::LastVariant;

// The game's variant, as load_game_variant finds it for a game with no map options, and its name
// as the game file keeps it, made `last`'s; false when the full reader must say why there is none.
bool find_line_variant(const LineValues& line, const GameFileContext& context, LastVariant& last) {
  const std::string_view written = line.has(LineKey::Variant) ? line.text(LineKey::Variant) : std::string_view(context.default_variant);
  if (written.empty()) return false;
  if (last.variant && last.cache == context.variants && last.written == written && last.directory == context.directory.native())
    return true;
  std::string name = resolve_variant_reference(std::string(written), context.directory);
  auto variant = find_variant(name, {}, context.variants);
  if (!variant) return false;
  const std::size_t provinces = variant.value()->map().province_count();
  last = LastVariant{context.variants, std::string(written), context.directory.native(), std::move(name), std::move(variant.value()),
                     Position(provinces)};
  // A reader with no cache loads each game's variant anew, as the full reader does: no text kept
  // to find it by (a variant's text is never empty).
  if (context.variants == nullptr) last.written.clear();
  return true;
}

// The phase, units and owners as read_phase and read_board read them; false where the full
// reader must.
bool read_line_board(const LineValues& line, const Variant& variant, OrderReadingMemo* memo, GameState& state) {
  if (line.has(LineKey::Phase)) {
    const std::string_view text = line.text(LineKey::Phase);
    const auto phase = memo != nullptr ? memo->phase(variant.calendar(), text) : variant.calendar().read(text);
    if (!phase) return false;
    state.phase = *phase;
  }
  if (!line.has(LineKey::Units)) place_start_units(variant, state.position);
  else if (!read_line_units(line, variant, memo, state.position)) return false;
  if (!line.has(LineKey::SupplyCentres)) set_start_owners(variant, state.position);
  else if (!read_line_owners(line, variant, memo, state.position)) return false;
  return true;
}

// `kept` made a game of `variant` at its start, as start_game_file makes one: the game kept from
// the line before made so again in place when it is of the same variant (its vectors' memory and
// its order texts' strings kept: a line's game cost a dozen allocations made anew), else a new one.
// Each member of the game this reader writes is set again here, the others (never written here)
// set again too: the game is the new one whatever its last line left.
GameFile& start_line_game(std::optional<GameFile>& kept, const LastVariant& found, OrderReadingMemo* memo) {
  if (!kept || kept->variant != found.variant) return kept.emplace(start_game_file(found.variant, found.name, memo));
  if (memo != nullptr) memo->use(kept->variant);
  GameFile& game = *kept;
  const Variant& v = *game.variant;
  game.variant_name = found.name;
  game.rules = v.rules();
  GameState& state = game.state;
  state.phase = v.start_phase();
  state.position = found.empty_board;
  state.dislodged.clear();
  state.winner = kNoPower;
  state.ended_by = GameEnd::NotOver;
  state.mobilizing = false;
  state.civil_disorder.clear();
  state.perpetual_orders.clear();
  std::fill(state.built.begin(), state.built.end(), 0);
  state.flying_dutchmen.clear();
  state.proxies.clear();
  game.order_texts_json_ready = false;
  return game;  // its orders, reading notes and order texts written over by read_line_orders
}

// The game on the line as read_game_root reads it, into `kept`; false when the full reader must
// read it (`kept` then holds nothing to use).
bool read_plain_game(const LineValues& line, const GameFileContext& context, LastVariant& last, std::optional<GameFile>& kept,
                     std::vector<std::string_view>& shown) {
  if (!line.has(LineKey::Format) || line.text(LineKey::Format) != "dipadj-game/1") return false;
  if (!find_line_variant(line, context, last)) return false;
  GameFile& game = start_line_game(kept, last, context.memo);
  const Variant& v = *game.variant;
  if (context.overrides && !context.overrides(game.rules).empty()) return false;
  if (!read_line_board(line, v, context.memo, game.state)) return false;
  // A retreat phase needs its dislodged units, and a mobilizing phase is an adjustment phase: the
  // full reader reads the one and refuses the other.
  if (game.state.phase.kind == PhaseKind::Retreat) return false;
  game.state.mobilizing = v.mobilizes_in(game.state.phase);
  if (game.state.mobilizing && game.state.phase.kind != PhaseKind::Adjustment) return false;
  if (!read_line_orders(line, v, context.memo, game, shown)) return false;
  // The texts are JSON strings with no escape (the line has no backslash) that simdjson found
  // valid UTF-8 with no control byte: between quotes they are JSON as they are.
  game.order_texts_json_ready = true;
  return true;
}

}  // namespace

struct GameLineReader::Parser {
  LineValues values;
  LastVariant last;
  std::vector<std::string_view> shown;  // shown_orders()
};

GameLineReader::GameLineReader() : parser_(std::make_unique<Parser>()) {}
GameLineReader::~GameLineReader() = default;
GameLineReader::GameLineReader(GameLineReader&&) noexcept = default;
GameLineReader& GameLineReader::operator=(GameLineReader&&) noexcept = default;

bool GameLineReader::read_into(std::string_view line, const GameFileContext& context, std::optional<GameFile>& game) {
  // A line LineValues refuses (one with an escape among them: the full reader's rules for
  // surrogates decide) is the full reader's.
  if (line.size() > kMostLineBytes || !parser_->values.read(line)) return false;
  try {
    return read_plain_game(parser_->values, context, parser_->last, game, parser_->shown);
  } catch (const std::exception&) {
    // A rule of the variant that failed (its script reading an order), or memory short: the full
    // reader reads the line again and says so.
    return false;
  }
}

std::span<const std::string_view> GameLineReader::shown_orders() const { return parser_->shown; }

}  // namespace dipadj
