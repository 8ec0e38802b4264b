#include "position_reading.hpp"
#include "order_reading_memo.hpp"

#include <algorithm>
#include <optional>

#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

std::optional<Unit> read_unit(DocumentReader& doc, const DocNode& item, PowerId power, const Variant& variant,
                             OrderReadingMemo* memo = nullptr) {
  std::string error;
  const OrderParser parser(variant);
  auto ref = memo != nullptr ? memo->unit(parser, item.text(), error) : parser.parse_unit(item.text(), error);
  if (!ref) {
    doc.error(item, "unit '" + item.text() + "': " + error);
    return std::nullopt;
  }
  Unit unit{*ref->type, power, ref->location};
  const Map& map = variant.map();
  if (!map.can_hold(unit.type, unit.location)) {
    const ProvinceId p = map.province_of(unit.location);
    std::string why = unit.type == UnitType::Army ? "an army cannot stand in " + map.location_name(unit.location)
                      : map.has_coasts(p) && map.location(unit.location).coast == kNoCoast
                          ? "a fleet in " + map.province(p).name + " must name its coast"
                          : "a fleet cannot stand in " + map.location_name(unit.location);
    doc.error(item, std::string(power == kNeutral ? "neutral unit '" : "unit '") + item.text() + "': " + why);
    return std::nullopt;
  }
  return unit;
}

}  // namespace

void read_units(DocumentReader& doc, const DocNode& node, const Variant& variant, Position& position, OrderReadingMemo* memo) {
  for_each_power_entry(doc, node, variant, [&](PowerId power, const DocNode& item) {
    auto unit = read_unit(doc, item, power, variant, memo);
    if (!unit) return;
    const ProvinceId p = variant.map().province_of(unit->location);
    if (position.unit_in(p).present()) {
      doc.error(item, "unit '" + item.text() + "': " + variant.map().province(p).name + " already holds a unit");
      return;
    }
    position.place(variant.map(), *unit);
  }, /*neutral_allowed=*/true);
}

void read_unit_list(DocumentReader& doc, const DocNode& node, const Variant& variant, std::vector<Unit>& out) {
  for_each_power_entry(doc, node, variant, [&](PowerId power, const DocNode& item) {
    if (auto unit = read_unit(doc, item, power, variant)) out.push_back(*unit);
  }, /*neutral_allowed=*/true);
}

void read_phase(DocumentReader& doc, const DocNode& map, const char* key, const Calendar& calendar, Phase& phase, bool required,
                OrderReadingMemo* memo) {
  if (!map.is_map() && (required || map)) {
    doc.expect_map(map, key);
    return;
  }
  const DocNode& node = map[key];
  if (!node) {
    if (required) doc.error(map, std::string("missing '") + key + "'");
    return;
  }
  const std::string_view text = node.is_scalar() ? std::string_view(node.text()) : std::string_view();
  const auto parsed = memo != nullptr ? memo->phase(calendar, text) : calendar.read(text);
  if (!parsed) doc.error(node, "cannot read the phase (" + calendar.phase_name_help() + ")");
  else phase = *parsed;
}

void read_owners(DocumentReader& doc, const DocNode& node, const Variant& variant, Position& position) {
  const Map& map = variant.map();
  for_each_power_entry(doc, node, variant, [&](PowerId power, const DocNode& item) {
    auto p = map.find_province(NameKey(item.text()).view());
    if (!p) {
      doc.error(item, "unknown province '" + item.text() + "'");
    } else if (!map.province(*p).supply_centre) {
      doc.error(item, map.province(*p).name + " is not a supply centre");
    } else if (position.owner(*p) != kNoPower && position.owner(*p) != power) {
      doc.error(item, map.province(*p).name + " is already owned by " + variant.power(position.owner(*p)).name);
    } else {
      position.set_owner(*p, power);
    }
  });
}

}  // namespace dipadj
