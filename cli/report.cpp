#include "report.hpp"

#include "dipadj/notation/order_text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj::cli {
namespace {

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

}  // namespace

void print_state_text(const Variant& variant, const GameState& state, std::ostream& out) {
  out << "Units\n";
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    const auto units = unit_texts(variant.map(), state.position, static_cast<PowerId>(p));
    if (!units.empty()) out << "  " << variant.power(static_cast<PowerId>(p)).name << ": " << joined(units) << "\n";
  }
  if (const auto neutral = unit_texts(variant.map(), state.position, kNeutral); !neutral.empty())
    out << "  " << variant.power(kNeutral).name << ": " << joined(neutral) << "\n";
  if (!state.dislodged.empty()) {
    out << "Dislodged, to retreat\n";
    for (const auto& d : state.dislodged) {
      std::vector<std::string> places;
      for (LocationId loc : d.retreats) places.push_back(variant.map().location_name(loc));
      out << "  " << variant.power(d.unit.power).name << ": " << unit_text(variant.map(), d.unit) << " -> "
          << joined(places) << "\n";
    }
  }
  out << "Supply centres\n";
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    const auto centres = centre_names(variant.map(), state.position, static_cast<PowerId>(p));
    if (!centres.empty())
      out << "  " << variant.power(static_cast<PowerId>(p)).name << " (" << centres.size() << "): " << joined(centres) << "\n";
  }
  if (state.over()) out << "The game is over: " << describe_end(variant, state) << ".\n";
  else out << "Next phase: " << variant.phase_name(state.phase) << "\n";
}

void print_text(const PlayedPhase& view, std::ostream& out) {
  const Variant& variant = view.variant;
  const Map& map = variant.map();
  out << variant.phase_name(view.before.phase) << "\n";
  for (std::size_t i = 0; i < view.orders.size(); ++i) {
    // An order read with a correction is shown as written, and as read.
    const std::string read = i < view.written.size() ? read_as(view, i) : std::string();
    out << "  " << variant.power(view.orders[i].power).name << ": "
        << (read.empty() ? order_text(view, i) : view.written[i] + " (read as " + read + ")") << "  -> " << describe(view, i)
        << "\n";
  }
  if (view.orders.empty()) out << "  (no orders)\n";
  for (const AddedOrder& added : view.report.added)
    out << "  " << variant.power(added.submitted.power).name << ": " << to_string(added.submitted.order, variant) << " ("
        << to_string(added.source) << ")  -> "
        << describe(added.outcome, reason_text(added.submitted.order, added.outcome, variant), variant, view.before.position)
        << "\n";
  for (const auto& d : view.report.movement.dislodged) {
    std::vector<std::string> places;
    for (LocationId loc : view.report.movement.retreats(d)) places.push_back(map.location_name(loc));
    out << "  dislodged: " << variant.power(d.unit.power).name << " " << unit_text(map, d.unit) << " (by the unit from "
        << map.province(d.attacker_from).name << "), may retreat to: " << (places.empty() ? "nowhere" : joined(places))
        << "\n";
  }
  for (const Unit& unit : view.report.disbanded)
    out << "  disbanded: " << variant.power(unit.power).name << " " << unit_text(map, unit) << "\n";
  for (const Unit& unit : view.report.rebuilt)
    out << "  rebuilt: " << variant.power(unit.power).name << " " << unit_text(map, unit) << "\n";
}

}  // namespace dipadj::cli
