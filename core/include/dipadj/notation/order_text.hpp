#pragma once
// Orders and their outcomes written out against a variant: the names of its map and powers, and
// its plugins' own order syntax.
#include <array>
#include <cstddef>
#include <string>
#include <string_view>

#include "dipadj/order/order.hpp"
#include "dipadj/order/outcome.hpp"

namespace dipadj {

class Map;
class Position;
class Variant;

// The order in the rulebook's notation with full names: "A Paris - Burgundy".
std::string to_string(const Order& order, const Variant& variant);
// The same appended to `out` (a writer of many orders reuses one string).
void append_order_text(std::string& out, const Order& order, const Variant& variant);

// The same text as the pieces it is made of (views of the variant's names and the core's words,
// good while the variant and the order are), for a writer that copies them at once: a batch
// writes some thirty orders a phase, and a string built piece by piece cost a fifth of writing
// a phase's results. False when the text needs more than kMost pieces (a long convoy path), or a
// plugin writes it: append_order_text then.
struct OrderTextPieces {
  static constexpr std::size_t kMost = 12;
  std::array<std::string_view, kMost> pieces;
  std::size_t count = 0;
  std::size_t size = 0;  // the text's length
};
[[nodiscard]] bool order_text_pieces(const Order& order, const Variant& variant, OrderTextPieces& out);

// "fails: bounced with A Munich" / "illegal: no unit in that province".
[[nodiscard]] std::string describe(const OrderOutcome& outcome, const Variant& variant, const Position& before);
// The same with the reason told in other words (reason_text below, say).
[[nodiscard]] std::string describe(const OrderOutcome& outcome, std::string_view reason, const Variant& variant,
                                   const Position& before);

// The reason of an order's outcome in words, told with the order's own names where that helps: a
// coast written that the destination does not have is named, with the coasts it has.
[[nodiscard]] std::string reason_text(const Order& order, const OrderOutcome& outcome, const Variant& variant);
// The same without a copy: the variant's text, or the words made for this order kept in `words`.
[[nodiscard]] std::string_view reason_text(const Order& order, const OrderOutcome& outcome, const Variant& variant,
                                           std::string& words);

// "Spain has no east coast (its coasts: north coast, south coast)": a coast written that the
// province does not have.
[[nodiscard]] std::string no_such_coast(const Map& map, ProvinceId province, CoastId coast);

}  // namespace dipadj
