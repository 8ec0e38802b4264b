#include "order_reading_memo.hpp"

#include "dipadj/plugin/plugin.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

void OrderReadingMemo::use(const std::shared_ptr<const Variant>& variant) {
  if (variant == variant_) return;
  for (auto& table : orders_) table.clear();
  units_.clear();
  phases_.clear();
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

}  // namespace

const ParsedOrder& OrderReadingMemo::read_order(const OrderParser& parser, std::string_view text, bool retreat_phase,
                                                bool places_off_map) {
  if (!orders_remembered_ || !serves(parser)) {
    not_remembered_ = parser.parse(text, retreat_phase, places_off_map);
    return not_remembered_;
  }
  auto& table = orders_[(retreat_phase ? 1U : 0U) + (places_off_map ? 2U : 0U)];
  return remembered(table, kMostTexts, text, [&] { return parser.parse(text, retreat_phase, places_off_map); });
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

std::optional<Phase> OrderReadingMemo::phase(const Calendar& calendar, std::string_view text) {
  if (!variant_ || &calendar != &variant_->calendar()) return calendar.read(text);
  return remembered(phases_, kMostTexts, text, [&] { return calendar.read(text); });
}

}  // namespace dipadj
