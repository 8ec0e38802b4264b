#pragma once
// Capability: orders of a plugin's own syntax ("A Moscow - TSR - Vladivostok", "SC F Med - Red
// Sea"), read, written back and proposed. The core asks every plugin with this capability, in
// the variant's order of plugins, before its own grammar; the first that claims the text wins and
// the core marks the order as that plugin's (Order::extension), so that order_text and
// OrderValidation::validate_movement_order are asked of that plugin only.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/order/order.hpp"

namespace dipadj {

class OrderParser;
class Position;
class Rulebook;
class Variant;

class OrderSyntax {
 public:
  // Order text the core does not read. Returns nothing when the text is not this plugin's;
  // otherwise the order or the error. `core` reads the ordinary parts of the text
  // (parse_without_extensions).
  [[nodiscard]] virtual std::optional<ParsedOrder> parse_order(std::string_view text, const OrderParser& core,
                                                               bool retreat_phase) const = 0;
  // The rulebook notation of an order this plugin read, with full names.
  [[nodiscard]] virtual std::string order_text(const Order& order, const Variant& variant) const = 0;
  // The orders of this plugin's kinds that `power` might give in a movement phase on this board,
  // for the list of legal orders: the core keeps those that validate_movement_order accepts, so
  // proposing too many is harmless, too few hides orders.
  virtual void propose_orders(const Variant& /*variant*/, const Rulebook& /*rules*/, const Position& /*position*/,
                              PowerId /*power*/, std::vector<Order>& /*out*/) const {}

 protected:
  ~OrderSyntax() = default;
};

}  // namespace dipadj
