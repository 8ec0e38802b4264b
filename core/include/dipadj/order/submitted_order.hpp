#pragma once
// An order as a power submitted it for adjudication: the order and who gave it.
#include "dipadj/order/order.hpp"
#include "dipadj/order/outcome.hpp"

namespace dipadj {

struct SubmittedOrder {
  PowerId power = kNoPower;  // the power that gave the order
  Order order;
  // Set when the submission itself puts the order aside (an order set replaced by a later one,
  // 4.D.1; order sets of unknown sequence under 4.D.2 a): it is reported illegal for this reason.
  Reason set_aside = Reason::None;
  friend bool operator==(const SubmittedOrder&, const SubmittedOrder&) = default;
};

}  // namespace dipadj
