#include "dipadj/notation/order_text.hpp"

#include "dipadj/board/position.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

// A place's name appended to `out`: "Spain(nc)"; "?" for none.
void append_location(std::string& out, const Map& map, LocationId location) {
  if (location == kNoLocation) {
    out += '?';
    return;
  }
  out += map.location_name(location);
}

// A nationality written in the order ("German A Sil") is part of what the player said, so it is
// printed back: the order as read and the order as printed mean the same.
void append_unit(std::string& out, const UnitRef& unit, const Variant& variant) {
  if (unit.nationality != kNoPower) {
    const Power& power = variant.power(unit.nationality);
    out += power.adjective.empty() ? power.name : power.adjective;
    out += ' ';
  }
  if (unit.type && unit.location != kNoLocation) {
    out += variant.map().unit_label(*unit.type, unit.location);  // "A Paris", made with the map
    return;
  }
  if (unit.type) {
    out += unit_letter(*unit.type);
    out += ' ';
  }
  append_location(out, variant.map(), unit.location);
}

// " - destination", the place as written when it is off the map.
void append_destination(std::string& out, const Order& order, const Map& map) {
  out += " - ";
  if (order.target == kNoLocation && !order.off_map_place.empty()) out += order.off_map_place;
  else append_location(out, map, order.target);
}

}  // namespace

// Written into one string, piece by piece: a batch writes tens of thousands of orders a second.
void append_order_text(std::string& out, const Order& order, const Variant& variant) {
  const Map& map = variant.map();
  if (order.extension != 0 && order.extension <= variant.extensions().size()) {
    const OrderSyntax* syntax = variant.extensions()[order.extension - 1U].rules->order_syntax();
    out += syntax != nullptr ? syntax->order_text(order, variant) : std::string("?");
    return;
  }
  switch (order.kind) {
    case OrderKind::Hold:
      append_unit(out, order.unit, variant);
      out += " Hold";
      return;
    case OrderKind::Move:
    case OrderKind::Retreat:
      append_unit(out, order.unit, variant);
      for (ProvinceId sea : order.convoy_path) {
        out += " - ";
        out += map.province(sea).name;
      }
      append_destination(out, order, map);
      if (order.via_convoy) out += " via Convoy";
      return;
    case OrderKind::Support:
      append_unit(out, order.unit, variant);
      out += " Supports ";
      append_unit(out, order.other, variant);
      if (order.target != kNoLocation || !order.off_map_place.empty()) append_destination(out, order, map);
      return;
    case OrderKind::Convoy:
      append_unit(out, order.unit, variant);
      out += " Convoys ";
      append_unit(out, order.other, variant);
      append_destination(out, order, map);
      return;
    case OrderKind::Disband:
      append_unit(out, order.unit, variant);
      out += " Disband";
      return;
    case OrderKind::Build:
    case OrderKind::Remove:
      out += order.kind == OrderKind::Build ? "Build " : "Remove ";
      append_unit(out, order.unit, variant);
      return;
    case OrderKind::Waive:
      out += "Waive";
      return;
    case OrderKind::Proxy:
      append_unit(out, order.unit, variant);
      out += " Proxy ";
      out += order.other.nationality == kNoPower ? std::string_view("?") : std::string_view(variant.power(order.other.nationality).name);
      return;
    case OrderKind::Special:
      break;
  }
  out += '?';
}

std::string to_string(const Order& order, const Variant& variant) {
  std::string out;
  out.reserve(64);
  append_order_text(out, order, variant);
  return out;
}

std::string describe(const OrderOutcome& outcome, const Variant& variant, const Position& before) {
  return describe(outcome, variant.reason_text(outcome.reason), variant, before);
}

std::string describe(const OrderOutcome& outcome, std::string_view reason, const Variant& variant, const Position& before) {
  std::string out = to_string(outcome.resolution);
  if (outcome.reason == Reason::None) return out;
  out += ": ";
  out += reason;
  if (outcome.by != kNoProvince) {
    const Unit& unit = before.unit_in(outcome.by);
    out += " (";
    out += outcome.reason == Reason::Void || outcome.reason == Reason::ConvoyNotUsed ||
                   outcome.reason == Reason::ConvoyParadox || outcome.reason == Reason::SupportedPowerInCivilDisorder
               ? "the unit concerned: "
               : "by ";
    out += unit.present() ? unit_text(variant.map(), unit) : variant.map().province(outcome.by).name;
    out += ')';
  }
  return out;
}

std::string_view reason_text(const Order& order, const OrderOutcome& outcome, const Variant& variant, std::string& words) {
  // "the destination has two reachable coasts and none is named" would hide the coast that was
  // named and dropped (4.B.5, 4.B.6): say what is wrong with it.
  const bool coast_named_wrongly = outcome.reason == Reason::MissingCoast || outcome.reason == Reason::UnknownCoast;
  if (coast_named_wrongly && order.ignored_coast != kNoCoast && order.target != kNoLocation) {
    words = no_such_coast(variant.map(), variant.map().province_of(order.target), order.ignored_coast);
    return words;
  }
  return variant.reason_text(outcome.reason);
}

std::string reason_text(const Order& order, const OrderOutcome& outcome, const Variant& variant) {
  std::string words;
  return std::string(reason_text(order, outcome, variant, words));
}

std::string no_such_coast(const Map& map, ProvinceId province, CoastId coast) {
  auto coast_name = [&](CoastId c) {
    const CoastKind& kind = map.coast_kinds()[c];
    return ascii_lower(kind.name.empty() ? kind.id : kind.name);
  };
  const Province& p = map.province(province);
  std::string out = p.name + " has no " + coast_name(coast);
  std::string coasts;
  for (LocationId at : p.coasts) coasts += (coasts.empty() ? "" : ", ") + coast_name(map.location(at).coast);
  if (!coasts.empty()) out += " (its coasts: " + coasts + ")";
  return out;
}

}  // namespace dipadj
