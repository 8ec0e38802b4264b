#pragma once
// A phase as played: the state before it, the orders given (and their text as written), what
// the judge made of them, and the state after. What reports and results are made from.
#include <cstddef>
#include <span>
#include <string>
#include <string_view>

#include "dipadj/game/game.hpp"

namespace dipadj {

class Variant;

struct PlayedPhase {
  const Variant& variant;
  const GameState& before;
  std::span<const SubmittedOrder> orders;
  std::span<const std::string> written;  // the orders as written, beside `orders` (may be empty)
  const PhaseReport& report;
  const GameState& after;
  std::span<const ReadingNote> notes = {};  // how each was read, beside `orders` (may be empty)
  // Whether each text of `written` goes into JSON as it is, between quotes: valid UTF-8 with no
  // control byte, quote or backslash (GameFile::order_texts_json_ready). Results then copy them
  // unchecked.
  bool written_json_ready = false;
  // Beside `orders` (may be empty, or hold empty texts): the text results print for an order,
  // made before (a reader that remembers orders keeps each's, OrderReadingMemo): plain printable
  // ASCII, what order_text_pieces gives for it. Results then print it as it is.
  std::span<const std::string_view> shown = {};
  // The names of the phase played and of the next, as the variant's calendar writes them
  // (Variant::phase_name), made before (a reader of many lines remembers them); empty: results
  // make them.
  std::string_view phase_name = {}, next_phase_name = {};
};

// What results say of the i-th order (the CLI's text, the JSON results and the picture say the
// same): the order as results show it, as read, or as written when it has no one meaning.
[[nodiscard]] std::string order_text(const PlayedPhase& played, std::size_t i);
// What the order was read as when its text does not quite say it (ReadingNote::corrected):
// "A Paris - Burgundy" for "A Paris - Burgundyy"; empty when it was read as written.
[[nodiscard]] std::string read_as(const PlayedPhase& played, std::size_t i);
// Why it came out as it did, in words: the reason told with the order's own names (reason_text
// in notation/order_text.hpp), and for an order too unclear to follow, the orders it may mean.
[[nodiscard]] std::string reason_text(const PlayedPhase& played, std::size_t i);
// The same without a copy: the variant's text, or the words made for this order kept in `words`.
[[nodiscard]] std::string_view reason_text(const PlayedPhase& played, std::size_t i, std::string& words);
// Whether reason_text tells an outcome for `reason` in words made for its order (the meanings of
// an unclear order; a coast written that the destination has not): for any other reason it is
// the variant's text for the reason (Variant::reason_text), whatever the order.
[[nodiscard]] constexpr bool reason_told_for_the_order(Reason reason) {
  return reason == Reason::UnclearOrder || reason == Reason::MissingCoast || reason == Reason::UnknownCoast;
}
// Its outcome as describe() tells it ("illegal: ..."), with that reason.
[[nodiscard]] std::string describe(const PlayedPhase& played, std::size_t i);

}  // namespace dipadj
