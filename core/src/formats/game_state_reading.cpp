#include "game_state_reading.hpp"

#include <algorithm>
#include <optional>

#include "dipadj/judge/submission.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

void read_civil_disorder(DocumentReader& doc, const DocNode& node, const Variant& variant, std::vector<PowerId>& out) {
  out.clear();
  if (!node || node.is_null()) return;
  if (!node.is_sequence()) {
    doc.error(node, "'civil_disorder' is a list of powers");
    return;
  }
  for (const DocNode& item : node.items()) {
    auto power = item.is_scalar() ? variant.find_power(item.text()) : std::nullopt;
    if (!power) {
      doc.error(item, "unknown power '" + (item.is_scalar() ? item.text() : std::string()) + "'");
      continue;
    }
    if (std::find(out.begin(), out.end(), *power) != out.end()) {
      doc.error(item, "power '" + item.text() + "' is listed twice");
      continue;
    }
    out.push_back(*power);
  }
  std::sort(out.begin(), out.end());
}

namespace {

// Whether the rules in force allow what `node` holds (the judge says: judge/submission.hpp); if
// not, says why with the line.
bool rules_allow(DocumentReader& doc, const DocNode& node, const std::string& refusal) {
  if (refusal.empty()) return true;
  doc.error(node, refusal);
  return false;
}

}  // namespace

void read_perpetual_orders(DocumentReader& doc, const DocNode& node, const Variant& variant,
                           const Rulebook& rules, std::vector<SubmittedOrder>& out) {
  out.clear();
  if (!node || node.is_null()) return;
  if (!rules_allow(doc, node, perpetual_orders_refused(rules))) return;
  const OrderParser parser(variant);
  for_each_power_entry(doc, node, variant, [&](PowerId power, const DocNode& item) {
    ParsedOrder parsed = parser.parse(item.text(), false, reads_places_off_the_map(rules));
    if (!parsed.order) {
      doc.error(item, "perpetual order '" + item.text() + "': " + parsed.error);
      return;
    }
    const OrderKind kind = parsed.order->kind;
    if (kind != OrderKind::Hold && kind != OrderKind::Move && kind != OrderKind::Support && kind != OrderKind::Convoy) {
      doc.error(item, "perpetual order '" + item.text() + "': only movement orders repeat");
      return;
    }
    out.push_back(SubmittedOrder{power, std::move(*parsed.order)});
  });
}

void read_proxies(DocumentReader& doc, const DocNode& node, const Variant& variant, const Rulebook& rules,
                  const Position& position, std::vector<ProxyGrant>& out) {
  out.clear();
  if (!node || node.is_null()) return;
  if (!rules_allow(doc, node, notified_proxies_refused(rules))) return;
  if (!node.is_sequence()) {
    doc.error(node, "'proxies' is a list of {unit, to}");
    return;
  }
  const OrderParser parser(variant);
  const Map& map = variant.map();
  for (const DocNode& item : node.items()) {
    doc.check_keys(item, {"unit", "to"});
    const std::string text = doc.string(item, "unit", true);
    const std::string holder_name = doc.string(item, "to", true);
    if (text.empty() || holder_name.empty()) continue;
    std::string why;
    auto ref = parser.parse_unit(text, why);
    if (!ref) {
      doc.error(item, "proxy unit '" + text + "': " + why);
      continue;
    }
    const ProvinceId at = map.province_of(ref->location);
    const Unit& unit = position.unit_in(at);
    if (!unit.present() || unit.type != *ref->type) {
      doc.error(item, "proxy unit '" + text + "' is not on the board");
      continue;
    }
    if (unit.power == kNeutral) {
      doc.error(item, "proxy unit '" + text + "' is neutral: nobody orders it, so nobody can hand it on");
      continue;
    }
    auto holder = variant.find_power(holder_name);
    if (!holder) {
      doc.error(item, "unknown power '" + holder_name + "'");
      continue;
    }
    if (*holder == unit.power) {
      doc.error(item, "proxy unit '" + text + "' already belongs to " + holder_name);
      continue;
    }
    if (std::any_of(out.begin(), out.end(), [&](const ProxyGrant& g) { return g.unit == at; })) {
      doc.error(item, "proxy unit '" + text + "' is listed twice");
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
std::optional<NamedUnit> named_unit(DocumentReader& doc, const DocNode& item, const OrderParser& parser, const Map& map,
                                    const GameState& state, const std::string& what) {
  std::string text = item.is_scalar() ? item.text() : std::string();
  const bool dislodged = strip_dislodged_mark(text);
  std::string why;
  auto ref = parser.parse_unit(text, why);
  if (!ref) {
    doc.error(item, what + " '" + text + "': " + why);
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
    doc.error(item, what + " '" + item.text() + "' is not " + (dislodged ? "among the dislodged units" : "on the board"));
    return std::nullopt;
  }
  return NamedUnit{at, dislodged, unit};
}

}  // namespace

void read_build_history(DocumentReader& doc, const DocNode& node, const Variant& variant, GameState& state) {
  if (!node || node.is_null()) return;
  if (!node.is_sequence()) {
    doc.error(node, "'built' is a list of units, the least recently built first");
    return;
  }
  const OrderParser parser(variant);
  const Map& map = variant.map();
  std::uint32_t rank = 0;
  for (const DocNode& item : node.items()) {
    const auto named = named_unit(doc, item, parser, map, state, "built unit");
    if (!named) continue;
    ++rank;
    std::uint32_t* built = &state.built[named->at];
    if (named->dislodged)
      for (DislodgedUnit& d : state.dislodged)
        if (map.province_of(d.unit.location) == named->at) built = &d.built;
    if (*built != 0) doc.error(item, "built unit '" + item.text() + "' is listed twice");
    *built = rank;
  }
}

void read_flying_dutchmen(DocumentReader& doc, const DocNode& node, const Variant& variant, GameState& state) {
  state.flying_dutchmen.clear();
  if (!node || node.is_null()) return;
  if (!node.is_sequence()) {
    doc.error(node, "'flying_dutchmen' is a list of units or {power, among, count}");
    return;
  }
  const OrderParser parser(variant);
  const Map& map = variant.map();
  // One unit of a group: on the board, or (marked) among the dislodged units; its owner.
  auto place = [&](const DocNode& item, FlyingDutchmen& group) -> bool {
    const auto named = named_unit(doc, item, parser, map, state, "flying dutchman");
    if (!named) return false;
    // The 4.E.6 removals follow a power's civil-disorder rules, which a neutral unit has none of.
    if (named->unit.power == kNeutral) {
      doc.error(item, "flying dutchman '" + item.text() + "' is neutral: leave it out of 'units' instead");
      return false;
    }
    if (group.power == kNoPower) group.power = named->unit.power;
    if (named->unit.power != group.power) {
      doc.error(item, "flying dutchman '" + item.text() + "' is not " + variant.power(group.power).name + "'s");
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
      doc.error(item, "a flying dutchman is a unit or {power, among, count}");
      continue;
    }
    doc.check_keys(item, {"power", "among", "count"});
    auto power = variant.find_power(doc.string(item, "power", true));
    if (!power) {
      doc.error(item, "a group of flying dutchmen names its power");
      continue;
    }
    group.power = *power;
    const DocNode& among = item["among"];
    if (!among || !among.is_sequence() || among.size() == 0) {
      doc.error(item, "'among' lists the units that could be the flying dutchmen");
      continue;
    }
    bool ok = true;
    for (const DocNode& unit : among.items()) ok = place(unit, group) && ok;
    const std::size_t candidates = group.among.size() + group.among_dislodged.size();
    if (item["count"]) {
      const std::string count = item["count"].text();
      const bool number = !count.empty() && std::all_of(count.begin(), count.end(), [](char c) { return c >= '0' && c <= '9'; });
      if (!number || count.size() > 4 || std::stoul(count) == 0 || std::stoul(count) > candidates) {
        doc.error(item["count"], "'count' is a number from 1 to the number of units in 'among'");
        ok = false;
      } else {
        group.count = static_cast<std::uint32_t>(std::stoul(count));
      }
    }
    if (ok) state.flying_dutchmen.push_back(std::move(group));
  }
}

}  // namespace dipadj
