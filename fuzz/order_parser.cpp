// The order parser on any text, in movement and retreat phases. An order it reads prints back to
// a text that reads as the same order.
#include "dipadj/notation/order_text.hpp"
#include "dipadj/order/order.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace dipadj;
  const Variant& variant = fuzz::standard();
  const OrderParser parser(variant);
  const std::string_view text = fuzz::as_text(data, size);
  for (const bool retreat_phase : {false, true}) {
    const ParsedOrder parsed = parser.parse(text, retreat_phase);
    if (!parsed.order) continue;
    const std::string printed = to_string(*parsed.order, variant);
    const ParsedOrder again = parser.parse(printed, retreat_phase);
    if (!again.order) fuzz::property_failed("'" + printed + "' does not read back: " + again.error);
    // An order as dipadj prints it needs no correction to read (results would note one).
    if (again.corrected) fuzz::property_failed("'" + printed + "' reads back only by a correction");
    Order first = *parsed.order, second = *again.order;
    // Two facts about the writing that the printed order leaves out: a convoy route written into
    // a move (kept for printing only) and a coast written that the destination does not have.
    for (Order* order : {&first, &second}) {
      order->convoy_path.clear();
      order->ignored_coast = kNoCoast;
    }
    if (!(first == second)) fuzz::property_failed("'" + printed + "' reads back as '" + to_string(second, variant) + "'");
  }
  return 0;
}
