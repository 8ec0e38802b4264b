#include "game_state_reading.hpp"

#include <algorithm>
#include <optional>

#include "dipadj/judge/submission.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "../document.hpp"

namespace dipadj {

void read_civil_disorder(const std::string& file, const DocNode& node, const Variant& variant,
                         std::vector<PowerId>& out, std::vector<Diagnostic>& errors) {
  out.clear();
  if (!node || node.is_null()) return;
  if (!node.is_sequence()) {
    errors.push_back(doc::diagnostic(file, node, "'civil_disorder' is a list of powers"));
    return;
  }
  for (const DocNode& item : node.items()) {
    auto power = item.is_scalar() ? variant.find_power(item.text()) : std::nullopt;
    if (!power) {
      errors.push_back(doc::diagnostic(file, item, "unknown power '" + (item.is_scalar() ? item.text() : std::string()) + "'"));
      continue;
    }
    if (std::find(out.begin(), out.end(), *power) != out.end()) {
      errors.push_back(doc::diagnostic(file, item, "power '" + item.text() + "' is listed twice"));
      continue;
    }
    out.push_back(*power);
  }
  std::sort(out.begin(), out.end());
}

namespace {

// Whether the rules in force allow what `node` holds (the judge says: judge/submission.hpp); if
// not, says why with the line.
bool rules_allow(const std::string& file, const DocNode& node, const std::string& refusal, std::vector<Diagnostic>& errors) {
  if (refusal.empty()) return true;
  errors.push_back(doc::diagnostic(file, node, refusal));
  return false;
}

}  // namespace

void read_perpetual_orders(const std::string& file, const DocNode& node, const Variant& variant,
                           const Rulebook& rules, std::vector<SubmittedOrder>& out, std::vector<Diagnostic>& errors) {
  out.clear();
  if (!node || node.is_null()) return;
  if (!rules_allow(file, node, perpetual_orders_refused(rules), errors)) return;
  const OrderParser parser(variant);
  for_each_power_entry(file, node, variant, errors, [&](PowerId power, const DocNode& item) {
    ParsedOrder parsed = parser.parse(item.text(), false, reads_places_off_the_map(rules));
    if (!parsed.order) {
      errors.push_back(doc::diagnostic(file, item, "perpetual order '" + item.text() + "': " + parsed.error));
      return;
    }
    const OrderKind kind = parsed.order->kind;
    if (kind != OrderKind::Hold && kind != OrderKind::Move && kind != OrderKind::Support && kind != OrderKind::Convoy) {
      errors.push_back(doc::diagnostic(file, item, "perpetual order '" + item.text() + "': only movement orders repeat"));
      return;
    }
    out.push_back(SubmittedOrder{power, std::move(*parsed.order)});
  });
}

void read_proxies(const std::string& file, const DocNode& node, const Variant& variant, const Rulebook& rules,
                  const Position& position, std::vector<ProxyGrant>& out, std::vector<Diagnostic>& errors) {
  out.clear();
  if (!node || node.is_null()) return;
  if (!rules_allow(file, node, notified_proxies_refused(rules), errors)) return;
  if (!node.is_sequence()) {
    errors.push_back(doc::diagnostic(file, node, "'proxies' is a list of {unit, to}"));
    return;
  }
  const OrderParser parser(variant);
  const Map& map = variant.map();
  for (const DocNode& item : node.items()) {
    doc::check_keys(file, item, {"unit", "to"}, errors);
    const std::string text = doc::get_string(file, item, "unit", errors, true);
    const std::string holder_name = doc::get_string(file, item, "to", errors, true);
    if (text.empty() || holder_name.empty()) continue;
    std::string why;
    auto ref = parser.parse_unit(text, why);
    if (!ref) {
      errors.push_back(doc::diagnostic(file, item, "proxy unit '" + text + "': " + why));
      continue;
    }
    const ProvinceId at = map.province_of(ref->location);
    const Unit& unit = position.unit_in(at);
    if (!unit.present() || unit.type != *ref->type) {
      errors.push_back(doc::diagnostic(file, item, "proxy unit '" + text + "' is not on the board"));
      continue;
    }
    auto holder = variant.find_power(holder_name);
    if (!holder) {
      errors.push_back(doc::diagnostic(file, item, "unknown power '" + holder_name + "'"));
      continue;
    }
    if (*holder == unit.power) {
      errors.push_back(doc::diagnostic(file, item, "proxy unit '" + text + "' already belongs to " + holder_name));
      continue;
    }
    if (std::any_of(out.begin(), out.end(), [&](const ProxyGrant& g) { return g.unit == at; })) {
      errors.push_back(doc::diagnostic(file, item, "proxy unit '" + text + "' is listed twice"));
      continue;
    }
    out.push_back(ProxyGrant{at, *holder});
  }
}

namespace {

// "A Kiel (dislodged)" names a dislodged unit in the lists that may hold one: takes the mark off.
bool strip_dislodged_mark(std::string& text) {
  const std::string mark = "(dislodged)";
  if (text.size() <= mark.size() || text.compare(text.size() - mark.size(), mark.size(), mark) != 0) return false;
  text.resize(text.size() - mark.size());
  return true;
}

// A unit a list names: "A Kiel" on the board, "A Kiel (dislodged)" among the dislodged units.
struct NamedUnit {
  ProvinceId at;
  bool dislodged;
  Unit unit;
};
std::optional<NamedUnit> named_unit(const std::string& file, const DocNode& item, const OrderParser& parser,
                                    const Map& map, const GameState& state, const std::string& what,
                                    std::vector<Diagnostic>& errors) {
  std::string text = item.is_scalar() ? item.text() : std::string();
  const bool dislodged = strip_dislodged_mark(text);
  std::string why;
  auto ref = parser.parse_unit(text, why);
  if (!ref) {
    errors.push_back(doc::diagnostic(file, item, what + " '" + text + "': " + why));
    return std::nullopt;
  }
  const ProvinceId at = map.province_of(ref->location);
  Unit unit;
  if (dislodged) {
    for (const DislodgedUnit& d : state.dislodged)
      if (map.province_of(d.unit.location) == at) unit = d.unit;
  } else {
    unit = state.position.unit_in(at);
  }
  if (!unit.present() || unit.type != *ref->type) {
    errors.push_back(doc::diagnostic(file, item, what + " '" + item.text() + "' is not " +
                                                      (dislodged ? "among the dislodged units" : "on the board")));
    return std::nullopt;
  }
  return NamedUnit{at, dislodged, unit};
}

}  // namespace

void read_build_history(const std::string& file, const DocNode& node, const Variant& variant, GameState& state,
                        std::vector<Diagnostic>& errors) {
  if (!node || node.is_null()) return;
  if (!node.is_sequence()) {
    errors.push_back(doc::diagnostic(file, node, "'built' is a list of units, the least recently built first"));
    return;
  }
  const OrderParser parser(variant);
  const Map& map = variant.map();
  std::uint32_t rank = 0;
  for (const DocNode& item : node.items()) {
    const auto named = named_unit(file, item, parser, map, state, "built unit", errors);
    if (!named) continue;
    ++rank;
    std::uint32_t* built = &state.built[named->at];
    if (named->dislodged)
      for (DislodgedUnit& d : state.dislodged)
        if (map.province_of(d.unit.location) == named->at) built = &d.built;
    if (*built != 0) errors.push_back(doc::diagnostic(file, item, "built unit '" + item.text() + "' is listed twice"));
    *built = rank;
  }
}

void read_flying_dutchmen(const std::string& file, const DocNode& node, const Variant& variant, GameState& state,
                          std::vector<Diagnostic>& errors) {
  state.flying_dutchmen.clear();
  if (!node || node.is_null()) return;
  if (!node.is_sequence()) {
    errors.push_back(doc::diagnostic(file, node, "'flying_dutchmen' is a list of units or {power, among, count}"));
    return;
  }
  const OrderParser parser(variant);
  const Map& map = variant.map();
  // One unit of a group: on the board, or (marked) among the dislodged units; its owner.
  auto place = [&](const DocNode& item, FlyingDutchmen& group) -> bool {
    const auto named = named_unit(file, item, parser, map, state, "flying dutchman", errors);
    if (!named) return false;
    if (group.power == kNoPower) group.power = named->unit.power;
    if (named->unit.power != group.power) {
      errors.push_back(doc::diagnostic(file, item, "flying dutchman '" + item.text() + "' is not " + variant.power(group.power).name + "'s"));
      return false;
    }
    (named->dislodged ? group.among_dislodged : group.among).push_back(named->at);
    return true;
  };
  for (const DocNode& item : node.items()) {
    FlyingDutchmen group;
    if (item.is_scalar()) {
      if (place(item, group)) state.flying_dutchmen.push_back(std::move(group));
      continue;
    }
    if (!item.is_map()) {
      errors.push_back(doc::diagnostic(file, item, "a flying dutchman is a unit or {power, among, count}"));
      continue;
    }
    doc::check_keys(file, item, {"power", "among", "count"}, errors);
    auto power = variant.find_power(doc::get_string(file, item, "power", errors, true));
    if (!power) {
      errors.push_back(doc::diagnostic(file, item, "a group of flying dutchmen names its power"));
      continue;
    }
    group.power = *power;
    const DocNode& among = item["among"];
    if (!among || !among.is_sequence() || among.size() == 0) {
      errors.push_back(doc::diagnostic(file, item, "'among' lists the units that could be the flying dutchmen"));
      continue;
    }
    bool ok = true;
    for (const DocNode& unit : among.items()) ok = place(unit, group) && ok;
    const std::size_t candidates = group.among.size() + group.among_dislodged.size();
    if (item["count"]) {
      const std::string count = item["count"].text();
      const bool number = !count.empty() && std::all_of(count.begin(), count.end(), [](char c) { return c >= '0' && c <= '9'; });
      if (!number || count.size() > 4 || std::stoul(count) == 0 || std::stoul(count) > candidates) {
        errors.push_back(doc::diagnostic(file, item["count"], "'count' is a number from 1 to the number of units in 'among'"));
        ok = false;
      } else {
        group.count = static_cast<std::uint32_t>(std::stoul(count));
      }
    }
    if (ok) state.flying_dutchmen.push_back(std::move(group));
  }
}

}  // namespace dipadj
