#pragma once
// Two members of an order's result object ("order", "written"), as JSON, kept by the text
// written, for a writer of many results of one variant in a row (a batch
// reader's): the same few thousand order texts come back line after line, and writing an order's
// members from its parts (its text in the map's names, two strings checked for escaping) was about
// a sixth of a batch line. One writer's: not shared between threads. Private to the core library.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "dipadj/order/order.hpp"
#include "dipadj/text.hpp"

namespace dipadj {

class Variant;

class OrderMembersMemo {
 public:
  // The variant of the results written next (kept alive while it is the memo's): what was
  // remembered for another variant is forgotten.
  void use(std::shared_ptr<const Variant> variant);
  [[nodiscard]] bool serves(const Variant& variant) const { return variant_.get() == &variant; }

  // The members remembered for `order` written as `written`; null when there are none, or they
  // were made for another order with that text (read otherwise where the board differed).
  [[nodiscard]] const std::string* find(std::string_view written, const Order& order) const;
  void remember(std::string_view written, const Order& order, std::string_view members);

 private:
  // Bounded: past this many texts the table starts again empty (a few megabytes at most).
  static constexpr std::size_t kMostTexts = 20000;
  struct Members {
    Order order;
    std::string json;
  };

  std::shared_ptr<const Variant> variant_;
  std::unordered_map<std::string, Members, TextHash, std::equal_to<>> table_;
};

}  // namespace dipadj
