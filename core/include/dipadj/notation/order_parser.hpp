#pragma once
// Reads orders in the notation of the rulebook and the DATC: full names or abbreviations, any
// case, coasts as "Spa(nc)", "Spa/nc" or "Spain north coast", "S"/"Supports", "C"/"Convoys",
// "-"/"->"/"to", "H"/"Holds", "via Convoy", "Build", "Remove"/"Disband", "Waive".
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/order/order.hpp"

namespace dipadj {

class Variant;

class OrderParser {
 public:
  explicit OrderParser(const Variant& variant) : variant_(&variant) {}
  // `retreat_phase`: a move written in a retreat phase is a retreat. `places_off_map`: a
  // destination that is no place on the map is kept as written (Order::off_map_place) rather
  // than refused, for the rule that every well-formed order is legal (DATC 4.E.1 a).
  // The variant's plugins read their own notation first (RuleExtension::parse_order).
  [[nodiscard]] ParsedOrder parse(std::string_view text, bool retreat_phase = false, bool places_off_map = false) const;
  // The core's notation only: what a plugin calls to read the ordinary parts of its orders.
  [[nodiscard]] ParsedOrder parse_without_extensions(std::string_view text, bool retreat_phase = false,
                                                     bool places_off_map = false) const;
  [[nodiscard]] const Variant& variant() const { return *variant_; }
  // A unit as positions list it: "A Vienna", "F St Petersburg(sc)", "F stp/sc"; the type is required.
  [[nodiscard]] std::optional<UnitRef> parse_unit(std::string_view text, std::string& error) const;

 private:
  ParsedOrder parse_tokens(std::vector<std::string> tokens, bool retreat_phase, bool places_off_map, int depth) const;
  ParsedOrder parse_once(const std::vector<std::string>& tokens, bool retreat_phase, bool places_off_map,
                         std::size_t& unclear_at, std::vector<ProvinceId>& candidates) const;

  const Variant* variant_;
};

}  // namespace dipadj
