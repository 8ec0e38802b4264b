#pragma once
// Reads orders in the notation of the rulebook and the DATC: full names or abbreviations, any
// case, coasts as "Spa(nc)", "Spa/nc" or "Spain north coast", "S"/"Supports", "C"/"Convoys",
// "-"/"->"/"to", "H"/"Holds", "via Convoy", "Build", "Remove"/"Disband", "Waive".
#include <optional>
#include <string>
#include <string_view>

#include "dipadj/order/order.hpp"

namespace dipadj {

class Variant;

struct ParsedOrder {
  std::optional<Order> order;
  PowerId power = kNoPower;  // when the text starts with "England:"
  std::string error;         // why the text is not an order, when it is not
};

class OrderParser {
 public:
  explicit OrderParser(const Variant& variant) : variant_(&variant) {}
  // `retreat_phase`: a move written in a retreat phase is a retreat. `places_off_map`: a
  // destination that is no place on the map is kept as written (Order::off_map_place) rather
  // than refused, for the rule that every well-formed order is legal (DATC 4.E.1 a).
  [[nodiscard]] ParsedOrder parse(std::string_view text, bool retreat_phase = false, bool places_off_map = false) const;
  // A unit as positions list it: "A Vienna", "F St Petersburg(sc)", "F stp/sc"; the type is required.
  [[nodiscard]] std::optional<UnitRef> parse_unit(std::string_view text, std::string& error) const;

 private:
  const Variant* variant_;
};

}  // namespace dipadj
