#include "dipadj/notation/order_text.hpp"

#include "dipadj/board/position.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

// A nationality written in the order ("German A Sil") is part of what the player said, so it is
// printed back: the order as read and the order as printed mean the same.
std::string unit_text(const UnitRef& unit, const Variant& variant) {
  const Map& map = variant.map();
  std::string out;
  if (unit.nationality != kNoPower) {
    const Power& power = variant.power(unit.nationality);
    out += power.adjective.empty() ? power.name : power.adjective;
    out += ' ';
  }
  if (unit.type) {
    out += unit_letter(*unit.type);
    out += ' ';
  }
  out += unit.location == kNoLocation ? std::string("?") : map.location_name(unit.location);
  return out;
}

}  // namespace

std::string to_string(const Order& order, const Variant& variant) {
  const Map& map = variant.map();
  auto where = [&](LocationId loc) {
    if (loc == kNoLocation) return order.off_map_place.empty() ? std::string("?") : order.off_map_place;
    return map.location_name(loc);
  };
  if (order.extension != 0 && order.extension <= variant.extensions().size()) {
    const OrderSyntax* syntax = variant.extensions()[order.extension - 1U].rules->order_syntax();
    return syntax != nullptr ? syntax->order_text(order, variant) : std::string("?");
  }
  switch (order.kind) {
    case OrderKind::Hold:
      return unit_text(order.unit, variant) + " Hold";
    case OrderKind::Move:
    case OrderKind::Retreat: {
      std::string out = unit_text(order.unit, variant);
      for (ProvinceId sea : order.convoy_path) out += " - " + map.province(sea).name;
      out += " - " + where(order.target);
      if (order.via_convoy) out += " via Convoy";
      return out;
    }
    case OrderKind::Support: {
      std::string out = unit_text(order.unit, variant) + " Supports " + unit_text(order.other, variant);
      if (order.target != kNoLocation || !order.off_map_place.empty()) out += " - " + where(order.target);
      return out;
    }
    case OrderKind::Convoy:
      return unit_text(order.unit, variant) + " Convoys " + unit_text(order.other, variant) + " - " + where(order.target);
    case OrderKind::Disband:
      return unit_text(order.unit, variant) + " Disband";
    case OrderKind::Build:
      return "Build " + unit_text(order.unit, variant);
    case OrderKind::Remove:
      return "Remove " + unit_text(order.unit, variant);
    case OrderKind::Waive:
      return "Waive";
    case OrderKind::Proxy:
      return unit_text(order.unit, variant) + " Proxy " +
             (order.other.nationality == kNoPower ? std::string("?") : variant.power(order.other.nationality).name);
    case OrderKind::Special:
      return "?";
  }
  return "?";
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

std::string reason_text(const Order& order, const OrderOutcome& outcome, const Variant& variant) {
  // "the destination has two reachable coasts and none is named" would hide the coast that was
  // named and dropped (4.B.5, 4.B.6): say what is wrong with it.
  const bool coast_named_wrongly = outcome.reason == Reason::MissingCoast || outcome.reason == Reason::UnknownCoast;
  if (coast_named_wrongly && order.ignored_coast != kNoCoast && order.target != kNoLocation)
    return no_such_coast(variant.map(), variant.map().province_of(order.target), order.ignored_coast);
  return std::string(variant.reason_text(outcome.reason));
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
