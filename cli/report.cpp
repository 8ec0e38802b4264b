#include "report.hpp"

#include <cstdio>

#include "dipadj/variant/variant.hpp"

namespace dipadj::cli {
namespace {

std::vector<std::string> units_of(const Variant& variant, const Position& position, PowerId power) {
  std::vector<std::string> out;
  const Map& map = variant.map();
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    const Unit& unit = position.unit_in(static_cast<ProvinceId>(p));
    if (unit.power == power) out.push_back(unit_text(map, unit));
  }
  return out;
}

std::vector<std::string> centres_of(const Variant& variant, const Position& position, PowerId power) {
  std::vector<std::string> out;
  const Map& map = variant.map();
  for (std::size_t p = 0; p < map.province_count(); ++p)
    if (position.owner(static_cast<ProvinceId>(p)) == power) out.push_back(map.province(static_cast<ProvinceId>(p)).name);
  return out;
}

std::string joined(const std::vector<std::string>& items, bool json) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + (json ? json_string(item) : item);
  return out;
}

}  // namespace

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out += buffer;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

void print_state_text(const Variant& variant, const GameState& state, std::ostream& out) {
  out << "Units\n";
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    const auto units = units_of(variant, state.position, static_cast<PowerId>(p));
    if (!units.empty()) out << "  " << variant.power(static_cast<PowerId>(p)).name << ": " << joined(units, false) << "\n";
  }
  if (!state.dislodged.empty()) {
    out << "Dislodged, to retreat\n";
    for (const auto& d : state.dislodged) {
      std::vector<std::string> places;
      for (LocationId loc : d.retreats) places.push_back(variant.map().location_name(loc));
      out << "  " << variant.power(d.unit.power).name << ": " << unit_text(variant.map(), d.unit) << " -> "
          << joined(places, false) << "\n";
    }
  }
  out << "Supply centres\n";
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    const auto centres = centres_of(variant, state.position, static_cast<PowerId>(p));
    if (!centres.empty())
      out << "  " << variant.power(static_cast<PowerId>(p)).name << " (" << centres.size() << "): " << joined(centres, false) << "\n";
  }
  if (state.over()) out << "The game is over: " << variant.power(state.winner).name << " wins.\n";
  else out << "Next phase: " << to_string(state.phase) << "\n";
}

void print_text(const PhaseView& view, std::ostream& out) {
  const Variant& variant = view.variant;
  const Map& map = variant.map();
  out << to_string(view.before.phase) << "\n";
  for (std::size_t i = 0; i < view.orders.size(); ++i) {
    // An unclear order is shown as written: it has no one meaning to print.
    const bool unclear = view.orders[i].set_aside == Reason::UnclearOrder && i < view.written.size();
    out << "  " << variant.power(view.orders[i].power).name << ": "
        << (unclear ? view.written[i] : to_string(view.orders[i].order, variant)) << "  -> "
        << describe(view.report.outcomes[i], variant, view.before.position) << "\n";
  }
  if (view.orders.empty()) out << "  (no orders)\n";
  for (const AddedOrder& added : view.report.added)
    out << "  " << variant.power(added.submitted.power).name << ": " << to_string(added.submitted.order, variant) << " ("
        << to_string(added.source) << ")  -> " << describe(added.outcome, variant, view.before.position) << "\n";
  for (const auto& d : view.report.movement.dislodged) {
    std::vector<std::string> places;
    for (LocationId loc : view.report.movement.retreats(d)) places.push_back(map.location_name(loc));
    out << "  dislodged: " << variant.power(d.unit.power).name << " " << unit_text(map, d.unit) << " (by the unit from "
        << map.province(d.attacker_from).name << "), may retreat to: " << (places.empty() ? "nowhere" : joined(places, false))
        << "\n";
  }
  for (const Unit& unit : view.report.disbanded)
    out << "  disbanded: " << variant.power(unit.power).name << " " << unit_text(map, unit) << "\n";
}

void print_json(const PhaseView& view, std::ostream& out, const std::string& indent) {
  const Variant& variant = view.variant;
  const Map& map = variant.map();
  const std::string in = indent + "  ";
  out << "{\n" << in << "\"phase\": " << json_string(to_string(view.before.phase)) << ",\n" << in << "\"orders\": [";
  for (std::size_t i = 0; i < view.orders.size(); ++i) {
    const OrderOutcome& o = view.report.outcomes[i];
    out << (i ? ",\n" : "\n") << in << "  {\"power\": " << json_string(variant.power(view.orders[i].power).name)
        << ", \"order\": "
        << (view.orders[i].set_aside == Reason::UnclearOrder ? std::string("null") : json_string(to_string(view.orders[i].order, variant)));
    if (i < view.written.size()) out << ", \"written\": " << json_string(view.written[i]);
    out << ", \"result\": " << json_string(to_string(o.resolution)) << ", \"reason\": " << json_string(describe(o.reason));
    if (o.by != kNoProvince) out << ", \"by\": " << json_string(map.province(o.by).name);
    out << "}";
  }
  out << (view.orders.empty() ? "],\n" : "\n" + in + "],\n");
  if (!view.report.added.empty()) {
    out << in << "\"added_orders\": [";
    for (std::size_t i = 0; i < view.report.added.size(); ++i) {
      const AddedOrder& added = view.report.added[i];
      const OrderOutcome& o = added.outcome;
      out << (i ? ",\n" : "\n") << in << "  {\"power\": " << json_string(variant.power(added.submitted.power).name)
          << ", \"order\": " << json_string(to_string(added.submitted.order, variant))
          << ", \"source\": " << json_string(to_string(added.source))
          << ", \"result\": " << json_string(to_string(o.resolution)) << ", \"reason\": " << json_string(describe(o.reason));
      if (o.by != kNoProvince) out << ", \"by\": " << json_string(map.province(o.by).name);
      out << "}";
    }
    out << "\n" << in << "],\n";
  }
  out << in << "\"dislodged\": [";
  for (std::size_t k = 0; k < view.report.movement.dislodged.size(); ++k) {
    const auto& d = view.report.movement.dislodged[k];
    std::vector<std::string> places;
    for (LocationId loc : view.report.movement.retreats(d)) places.push_back(map.location_name(loc));
    out << (k ? ",\n" : "\n") << in << "  {\"power\": " << json_string(variant.power(d.unit.power).name)
        << ", \"unit\": " << json_string(unit_text(map, d.unit)) << ", \"attacker_from\": "
        << json_string(map.province(d.attacker_from).name) << ", \"retreats\": [" << joined(places, true) << "]}";
  }
  out << (view.report.movement.dislodged.empty() ? "],\n" : "\n" + in + "],\n") << in << "\"disbanded\": [";
  for (std::size_t k = 0; k < view.report.disbanded.size(); ++k)
    out << (k ? ", " : "") << "{\"power\": " << json_string(variant.power(view.report.disbanded[k].power).name)
        << ", \"unit\": " << json_string(unit_text(map, view.report.disbanded[k])) << "}";
  out << "],\n" << in << "\"units\": {";
  bool first = true;
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    const auto units = units_of(variant, view.after.position, static_cast<PowerId>(p));
    if (units.empty()) continue;
    out << (first ? "\n" : ",\n") << in << "  " << json_string(variant.power(static_cast<PowerId>(p)).name) << ": ["
        << joined(units, true) << "]";
    first = false;
  }
  out << "\n" << in << "},\n" << in << "\"supply_centres\": {";
  first = true;
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    const auto centres = centres_of(variant, view.after.position, static_cast<PowerId>(p));
    if (centres.empty()) continue;
    out << (first ? "\n" : ",\n") << in << "  " << json_string(variant.power(static_cast<PowerId>(p)).name) << ": ["
        << joined(centres, true) << "]";
    first = false;
  }
  out << "\n" << in << "},\n" << in << "\"next_phase\": " << json_string(to_string(view.after.phase));
  if (view.after.over()) out << ",\n" << in << "\"winner\": " << json_string(variant.power(view.after.winner).name);
  out << "\n" << indent << "}";
}

}  // namespace dipadj::cli
