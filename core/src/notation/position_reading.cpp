#include "position_reading.hpp"

#include <algorithm>
#include <optional>

#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

std::optional<Unit> read_unit(const std::string& file, const DocNode& item, PowerId power, const Variant& variant,
                              std::vector<Diagnostic>& errors) {
  std::string error;
  auto ref = OrderParser(variant).parse_unit(item.text(), error);
  if (!ref) {
    errors.push_back(doc::diagnostic(file, item, "unit '" + item.text() + "': " + error));
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
    errors.push_back(doc::diagnostic(file, item, "unit '" + item.text() + "': " + why));
    return std::nullopt;
  }
  return unit;
}

}  // namespace

void read_units(const std::string& file, const DocNode& node, const Variant& variant, Position& position,
                std::vector<Diagnostic>& errors) {
  for_each_power_entry(file, node, variant, errors, [&](PowerId power, const DocNode& item) {
    auto unit = read_unit(file, item, power, variant, errors);
    if (!unit) return;
    const ProvinceId p = variant.map().province_of(unit->location);
    if (position.unit_in(p).present()) {
      errors.push_back(doc::diagnostic(file, item, "unit '" + item.text() + "': " + variant.map().province(p).name +
                                                        " already holds a unit"));
      return;
    }
    position.place(variant.map(), *unit);
  });
}

void read_unit_list(const std::string& file, const DocNode& node, const Variant& variant, std::vector<Unit>& out,
                    std::vector<Diagnostic>& errors) {
  for_each_power_entry(file, node, variant, errors, [&](PowerId power, const DocNode& item) {
    if (auto unit = read_unit(file, item, power, variant, errors)) out.push_back(*unit);
  });
}

void read_phase(const std::string& file, const DocNode& map, const char* key, Phase& phase,
                std::vector<Diagnostic>& errors, bool required) {
  if (!map.is_map() && (required || map)) {
    doc::expect_map(file, map, key, errors);
    return;
  }
  const DocNode& node = map[key];
  if (!node) {
    if (required) errors.push_back(doc::diagnostic(file, map, std::string("missing '") + key + "'"));
    return;
  }
  auto parsed = parse_phase(node.is_scalar() ? node.text() : std::string());
  if (!parsed) errors.push_back(doc::diagnostic(file, node, "cannot read the phase (e.g. 'Spring 1901 Movement', 'Fall 1901 Retreats'; years from 1 to " +
                                                               std::to_string(kMaxYear) + ")"));
  else phase = *parsed;
}

void read_owners(const std::string& file, const DocNode& node, const Variant& variant, Position& position,
                 std::vector<Diagnostic>& errors) {
  const Map& map = variant.map();
  for_each_power_entry(file, node, variant, errors, [&](PowerId power, const DocNode& item) {
    auto p = map.find_province(normalize_name(item.text()));
    if (!p) {
      errors.push_back(doc::diagnostic(file, item, "unknown province '" + item.text() + "'"));
    } else if (!map.province(*p).supply_centre) {
      errors.push_back(doc::diagnostic(file, item, map.province(*p).name + " is not a supply centre"));
    } else if (position.owner(*p) != kNoPower && position.owner(*p) != power) {
      errors.push_back(doc::diagnostic(file, item, map.province(*p).name + " is already owned by " +
                                                        variant.power(position.owner(*p)).name));
    } else {
      position.set_owner(*p, power);
    }
  });
}

}  // namespace dipadj
