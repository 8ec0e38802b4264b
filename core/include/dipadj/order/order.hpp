#pragma once
// An order as written by a player, with names resolved to ids. Whether it is legal is decided
// later, against a position (judge/order_validation.hpp).
#include <optional>
#include <string>
#include <vector>

#include "dipadj/geo/ids.hpp"

namespace dipadj {

class Map;

// Proxy: "A Belgium Proxy England" hands this phase's order for the unit to another power
// (4.E.5 b); the power is `other.nationality`. Special: an order of a plugin's own kind that is
// no unit's order (a canal permission naming the fleet it lets through: `other`, `target`).
enum class OrderKind : std::uint8_t { Hold, Move, Support, Convoy, Retreat, Disband, Build, Remove, Waive, Proxy, Special };

// A unit named in an order: "A Paris", "Russian F Sevastopol", "Spain(nc)".
struct UnitRef {
  std::optional<UnitType> type;            // absent when the order leaves it out
  LocationId location = kNoLocation;       // a coast location when the order names a coast
  PowerId nationality = kNoPower;          // when the order names it ("Russian A Sil")

  friend bool operator==(const UnitRef&, const UnitRef&) = default;
};

struct Order {
  OrderKind kind = OrderKind::Hold;
  UnitRef unit;                        // the ordered unit (the unit to build, for a build)
  LocationId target = kNoLocation;     // move/retreat destination; supported or convoyed destination
  // A coast written that the destination does not have ("F MAO - Spa(ec)"): dropped from
  // `target` (DATC 4.B.5, 4.B.6) but kept to say what was wrong; kNoCoast when there is none.
  CoastId ignored_coast = kNoCoast;
  // The destination as written when it is no place on the map ("A Mun - Mars"); `target` is then
  // kNoLocation. Only read when the rules make such orders legal (4.E.1 a).
  std::string off_map_place;
  UnitRef other;                       // the supported or convoyed unit
  std::vector<ProvinceId> convoy_path; // "A Yor - Nth - Bel": the sea provinces named in between
  bool via_convoy = false;             // "via convoy" / "by convoy"
  // An order a plugin read (its text is no core order, "A Moscow - TSR - Vladivostok"): the
  // plugin's place in the variant's list plus one (0: a core order), and what the plugin calls
  // its kind. The plugin validates it and gives its meaning.
  std::uint8_t extension = 0;
  std::uint8_t extension_kind = 0;

  [[nodiscard]] bool supports_hold() const { return kind == OrderKind::Support && target == kNoLocation && off_map_place.empty(); }
  friend bool operator==(const Order&, const Order&) = default;
};

// `to = from` for an order written over one kept (a reused list's, a validated order's): the text
// of a place off the map and the written convoy path assigned only when either order has one (most
// orders have neither, and assigning empty ones was most of such a copy).
inline void assign_order(Order& to, const Order& from) {
  static_assert(sizeof(Order) == 88, "a field was added to Order: assign it here too");
  to.kind = from.kind;
  to.unit = from.unit;
  to.target = from.target;
  to.ignored_coast = from.ignored_coast;
  if (!from.off_map_place.empty() || !to.off_map_place.empty()) to.off_map_place = from.off_map_place;
  to.other = from.other;
  if (!from.convoy_path.empty() || !to.convoy_path.empty()) to.convoy_path = from.convoy_path;
  to.via_convoy = from.via_convoy;
  to.extension = from.extension;
  to.extension_kind = from.extension_kind;
}

// An order read from text, or why the text is none (notation/order_parser.hpp reads them; a
// plugin's order syntax returns one too).
struct ParsedOrder {
  std::optional<Order> order;
  PowerId power = kNoPower;  // when the text starts with "England:"
  std::string error;         // why the text is not an order, when it is not
  // When a place word is unclear ("A Ser - Bu"): every order the text may be, each with a clear
  // name (DATC 4.E.2). `order` is then absent; the rules choose among them knowing the board.
  std::vector<Order> readings;
  // Whether the text was read as something it does not quite say: a misspelt name corrected
  // ("Burgundyy"), or an unclear word read as the one name it can mean here. Results then say
  // what the order was read as; an abbreviation or another case is no correction.
  bool corrected = false;
};

// The province of the unit an order names; kNoProvince when it names none.
ProvinceId ordered_province(const Map& map, const Order& order);


}  // namespace dipadj
