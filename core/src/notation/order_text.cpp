#include "dipadj/notation/order_text.hpp"

#include "dipadj/board/position.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

// Where an order's text goes, piece by piece: a string, or the list of pieces (OrderTextPieces)
// a writer copies at once. Each piece is a view of the variant's names or of the words here,
// which outlive the text.
class StringText {
 public:
  explicit StringText(std::string& out) : out_(out) {}
  bool add(std::string_view piece) {
    out_ += piece;
    return true;
  }

 private:
  std::string& out_;
};

class PieceText {
 public:
  explicit PieceText(OrderTextPieces& out) : out_(out) {}
  bool add(std::string_view piece) {
    if (out_.count == OrderTextPieces::kMost) return false;
    out_.pieces[out_.count++] = piece;
    out_.size += piece.size();
    return true;
  }

 private:
  OrderTextPieces& out_;
};

// A place's name: "Spain(nc)"; "?" for none.
template <class Text>
bool add_location(Text& out, const Map& map, LocationId location) {
  return out.add(location == kNoLocation ? std::string_view("?") : std::string_view(map.location_name(location)));
}

// A nationality written in the order ("German A Sil") is part of what the player said, so it is
// printed back: the order as read and the order as printed mean the same. Inline, as
// add_destination: each a call of its own cost as much as its pieces (a results line writes some
// fifty).
template <class Text>
[[gnu::always_inline]] inline bool add_unit(Text& out, const UnitRef& unit, const Variant& variant) {
  if (unit.nationality != kNoPower) {
    const Power& power = variant.power(unit.nationality);
    if (!out.add(power.adjective.empty() ? power.name : power.adjective) || !out.add(" ")) return false;
  }
  if (unit.type && unit.location != kNoLocation)
    return out.add(variant.map().unit_label(*unit.type, unit.location));  // "A Paris", made with the map
  if (unit.type && !out.add(*unit.type == UnitType::Army ? "A " : "F ")) return false;
  return add_location(out, variant.map(), unit.location);
}

// " - destination", the place as written when it is off the map.
template <class Text>
[[gnu::always_inline]] inline bool add_destination(Text& out, const Order& order, const Map& map) {
  if (!out.add(" - ")) return false;
  if (order.target == kNoLocation && !order.off_map_place.empty()) return out.add(order.off_map_place);
  return add_location(out, map, order.target);
}

// The order's text in the core's words, the variant's names and the player's off-map place; false
// when `out` has no room for a piece.
template <class Text>
bool add_core_order_text(Text& out, const Order& order, const Variant& variant) {
  const Map& map = variant.map();
  switch (order.kind) {
    case OrderKind::Hold: return add_unit(out, order.unit, variant) && out.add(" Hold");
    case OrderKind::Move:
    case OrderKind::Retreat:
      if (!add_unit(out, order.unit, variant)) return false;
      for (ProvinceId sea : order.convoy_path)
        if (!out.add(" - ") || !out.add(map.province(sea).name)) return false;
      return add_destination(out, order, map) && (!order.via_convoy || out.add(" via Convoy"));
    case OrderKind::Support:
      if (!add_unit(out, order.unit, variant) || !out.add(" Supports ") || !add_unit(out, order.other, variant)) return false;
      return (order.target == kNoLocation && order.off_map_place.empty()) || add_destination(out, order, map);
    case OrderKind::Convoy:
      return add_unit(out, order.unit, variant) && out.add(" Convoys ") && add_unit(out, order.other, variant) &&
             add_destination(out, order, map);
    case OrderKind::Disband: return add_unit(out, order.unit, variant) && out.add(" Disband");
    case OrderKind::Build:
    case OrderKind::Remove: return out.add(order.kind == OrderKind::Build ? "Build " : "Remove ") && add_unit(out, order.unit, variant);
    case OrderKind::Waive: return out.add("Waive");
    case OrderKind::Proxy:
      return add_unit(out, order.unit, variant) && out.add(" Proxy ") &&
             out.add(order.other.nationality == kNoPower ? std::string_view("?") : std::string_view(variant.power(order.other.nationality).name));
    case OrderKind::Special: break;
  }
  return out.add("?");
}

bool written_by_plugin(const Order& order, const Variant& variant) {
  return order.extension != 0 && order.extension <= variant.extensions().size();
}

}  // namespace

// Written into one string, piece by piece: a batch writes tens of thousands of orders a second.
void append_order_text(std::string& out, const Order& order, const Variant& variant) {
  if (written_by_plugin(order, variant)) {
    const OrderSyntax* syntax = variant.extensions()[order.extension - 1U].rules->order_syntax();
    out += syntax != nullptr ? syntax->order_text(order, variant) : std::string("?");
    return;
  }
  StringText text(out);
  add_core_order_text(text, order, variant);
}

bool order_text_pieces(const Order& order, const Variant& variant, OrderTextPieces& out) {
  out.count = 0;
  out.size = 0;
  if (written_by_plugin(order, variant)) return false;
  PieceText text(out);
  return add_core_order_text(text, order, variant);
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
