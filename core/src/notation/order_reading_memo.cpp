#include "order_reading_memo.hpp"

#include "dipadj/plugin/plugin.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

void OrderReadingMemo::use(std::shared_ptr<const Variant> variant) {
  if (variant == variant_) return;
  orders_.clear();
  units_.clear();
  phases_.clear();
  variant_ = std::move(variant);
  orders_remembered_ = false;
  if (!variant_) return;
  orders_remembered_ = true;
  for (const auto& extension : variant_->extensions())
    if (extension.rules->order_syntax() != nullptr) orders_remembered_ = false;
}

bool OrderReadingMemo::serves(const OrderParser& parser) const { return variant_ && &parser.variant() == variant_.get(); }

const ParsedOrder& OrderReadingMemo::order(const OrderParser& parser, std::string_view text, bool retreat_phase,
                                           bool places_off_map) {
  if (!orders_remembered_ || !serves(parser)) {
    not_remembered_ = parser.parse(text, retreat_phase, places_off_map);
    return not_remembered_;
  }
  key_.assign(1, static_cast<char>('0' + (retreat_phase ? 1 : 0) + (places_off_map ? 2 : 0)));
  key_.append(text);
  if (auto known = orders_.find(key_); known != orders_.end()) return known->second;
  ParsedOrder parsed = parser.parse(text, retreat_phase, places_off_map);
  if (orders_.size() >= kMostTexts) orders_.clear();
  return orders_.emplace(key_, std::move(parsed)).first->second;
}

std::optional<UnitRef> OrderReadingMemo::unit(const OrderParser& parser, std::string_view text, std::string& error) {
  if (!serves(parser)) return parser.parse_unit(text, error);
  auto known = units_.find(text);
  if (known == units_.end()) {
    if (units_.size() >= kMostTexts) units_.clear();
    UnitReading reading;
    reading.unit = parser.parse_unit(text, reading.error);
    known = units_.emplace(std::string(text), std::move(reading)).first;
  }
  if (!known->second.unit) error = known->second.error;
  return known->second.unit;
}

std::optional<Phase> OrderReadingMemo::phase(const Calendar& calendar, std::string_view text) {
  if (!variant_ || &calendar != &variant_->calendar()) return calendar.read(text);
  auto known = phases_.find(text);
  if (known == phases_.end()) {
    if (phases_.size() >= kMostTexts) phases_.clear();
    known = phases_.emplace(std::string(text), calendar.read(text)).first;
  }
  return known->second;
}

}  // namespace dipadj
