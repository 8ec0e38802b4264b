#include "order_reading_memo.hpp"

#include "dipadj/notation/order_text.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

void OrderReadingMemo::use(const std::shared_ptr<const Variant>& variant) {
  if (variant == variant_) {
    // Room left for a game's orders, so that a table seldom passes its most (its slots would
    // double).
    constexpr std::size_t kRoomForAGame = 1024;
    for (auto& table : orders_)
      if (table.size() + kRoomForAGame >= kMostTexts) table.clear();
    if (phase_names_.size() >= kMostTexts) phase_names_.clear();
    return;
  }
  phase_names_.clear();
  for (auto& table : orders_) table.clear();
  units_.clear();
  phases_.clear();
  provinces_.clear();
  variant_ = variant;
  orders_remembered_ = false;
  if (!variant_) return;
  orders_remembered_ = true;
  for (const auto& extension : variant_->extensions())
    if (extension.rules->order_syntax() != nullptr) orders_remembered_ = false;
}

namespace {

// The reading of `key` in `table`, read by `read()` and remembered when it is not there; a table
// that holds its most starts again empty.
template <class Reading, class Read>
const Reading& remembered(TextTable<Reading>& table, std::size_t most, std::string_view key, Read read) {
  const std::uint64_t hash = TextTable<Reading>::hash_of(key);
  if (const Reading* known = table.find(key, hash)) return *known;
  Reading reading = read();
  if (table.size() >= most) table.clear();
  return table.add(key, hash, std::move(reading));
}

// The text results print for `order`, made of the core's words and the variant's names, when
// those are plain text (the variant's names_are_plain: its names and its powers' adjectives); empty
// otherwise.
void shown_text(const Order& order, const Variant& variant, std::string& shown) {
  shown.clear();
  OrderTextPieces pieces;
  if (!variant.names_are_plain() || !order.off_map_place.empty() || !order_text_pieces(order, variant, pieces)) return;
  shown.reserve(pieces.size);
  for (std::size_t k = 0; k < pieces.count; ++k) shown += pieces.pieces[k];
}

}  // namespace

const MemoOrder& OrderReadingMemo::read_order(const OrderParser& parser, std::string_view text, std::uint64_t hash, bool retreat_phase,
                                              bool places_off_map) {
  if (!orders_remembered_ || !serves(parser)) {
    not_remembered_.parsed = parser.parse(text, retreat_phase, places_off_map);
    not_remembered_.shown.clear();
    return not_remembered_;
  }
  // A full table starts again when the next game starts (use()): the game being read may keep
  // views of its orders' readings. Only a game with more texts than a table holds (a game file
  // the full reader reads; a plain line has too few) makes it start again here.
  auto& table = orders_[(retreat_phase ? 1U : 0U) + (places_off_map ? 2U : 0U)];
  if (table.size() >= 2 * kMostTexts) table.clear();
  // Read into the entry itself: an entry of a cleared table keeps its strings' memory.
  MemoOrder& reading = table.next_entry(text, hash);
  reading.parsed = parser.parse(text, retreat_phase, places_off_map);
  if (reading.parsed.order) shown_text(*reading.parsed.order, *variant_, reading.shown);
  else reading.shown.clear();
  return table.keep_next();
}

std::optional<UnitRef> OrderReadingMemo::read_unit(const OrderParser& parser, std::string_view text, std::string& error) {
  if (!serves(parser)) return parser.parse_unit(text, error);
  const UnitReading& known = remembered(units_, kMostTexts, text, [&] {
    UnitReading reading;
    reading.unit = parser.parse_unit(text, reading.error);
    return reading;
  });
  if (!known.unit) error = known.error;
  return known.unit;
}

bool OrderReadingMemo::serves(const Map& map) const { return variant_ && &map == &variant_->map(); }
bool OrderReadingMemo::serves(const Calendar& calendar) const { return variant_ && &calendar == &variant_->calendar(); }

std::optional<ProvinceId> OrderReadingMemo::read_province(const Map& map, std::string_view text) {
  const auto find = [&] { return map.find_province(NameKey(text).view()); };
  if (!serves(map)) return find();
  return remembered(provinces_, kMostTexts, text, find);
}

std::string_view OrderReadingMemo::phase_name(const Calendar& calendar, const Phase& phase) {
  if (!serves(calendar)) return {};
  // A phase as one number: its year (a calendar's years fit 32 bits), its season and its kind.
  const std::uint64_t key = (static_cast<std::uint64_t>(static_cast<std::uint32_t>(phase.year)) << 16U) |
                            (static_cast<std::uint64_t>(phase.season) << 8U) | static_cast<std::uint64_t>(phase.kind);
  const auto [at, added] = phase_names_.try_emplace(key);
  if (added) calendar.write_into(at->second, phase);
  return at->second;
}

std::optional<Phase> OrderReadingMemo::phase(const Calendar& calendar, std::string_view text) {
  if (!serves(calendar)) return calendar.read(text);
  return remembered(phases_, kMostTexts, text, [&] { return calendar.read(text); });
}

}  // namespace dipadj
