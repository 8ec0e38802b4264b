#include "dipadj/game/order_reading.hpp"

#include <algorithm>

#include "dipadj/game/game.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/judge/order_validation.hpp"
#include "dipadj/rules/rulebook.hpp"

namespace dipadj {
namespace {

ProvinceId target_province(const Map& map, const Order& order) {
  return order.target == kNoLocation ? kNoProvince : map.province_of(order.target);
}

// Whether `support` (a support or convoy) names the move `move`, both given by provinces.
bool names_move(const Map& map, const Order& support, const Order& move) {
  return (support.kind == OrderKind::Support || support.kind == OrderKind::Convoy) && move.kind == OrderKind::Move &&
         support.other.location != kNoLocation && map.province_of(support.other.location) == ordered_province(map, move) &&
         target_province(map, support) == target_province(map, move) && support.target != kNoLocation;
}

}  // namespace

std::vector<SubmittedOrder> read_written_orders(const Map& map, const Rulebook& rules, const GameState& state,
                                                std::span<const WrittenOrder> written) {
  using enum PoorlyWrittenOrders;
  const PoorlyWrittenOrders choice = rules.get<PoorlyWrittenOrders>();
  std::vector<std::vector<Order>> left(written.size());
  for (std::size_t i = 0; i < written.size(); ++i) left[i] = written[i].readings;
  auto unclear = [&](std::size_t i) { return left[i].size() > 1; };

  if (choice != NoRulesKnowledge && state.phase.kind == PhaseKind::Movement) {
    // b: only readings that are legal orders on this board (4.E.1 as set).
    for (std::size_t i = 0; i < written.size(); ++i) {
      if (!unclear(i)) continue;
      std::vector<Order> legal;
      for (const Order& o : left[i]) {
        Order resolved;
        const Reason why = validate_movement_order(map, rules, state.position, written[i].power, o, resolved);
        if (why == Reason::None || kept_though_impossible(why, rules)) legal.push_back(o);
      }
      left[i] = std::move(legal);
    }
    // c and d: the power's set as a whole, until nothing changes.
    for (bool changed = choice == OrderSetPossible || choice == OrderSetPossibleMatching; changed;) {
      changed = false;
      for (std::size_t i = 0; i < written.size(); ++i) {
        if (!unclear(i)) continue;
        // Whether another order of the same power, already clear, satisfies `test`.
        auto clear_order_of_power = [&](auto test) {
          for (std::size_t k = 0; k < written.size(); ++k)
            if (k != i && left[k].size() == 1 && written[k].power == written[i].power && test(left[k].front())) return true;
          return false;
        };
        // c: a unit another clear order of the power already orders is not meant.
        std::vector<Order> kept;
        for (const Order& o : left[i])
          if (!clear_order_of_power([&](const Order& other) { return ordered_province(map, other) == ordered_province(map, o); }))
            kept.push_back(o);
        // d: readings that match another clear order of the power, if any do.
        if (choice == OrderSetPossibleMatching && kept.size() > 1) {
          std::vector<Order> matching;
          for (const Order& o : kept)
            if (clear_order_of_power([&](const Order& other) { return names_move(map, o, other) || names_move(map, other, o); }))
              matching.push_back(o);
          if (!matching.empty()) kept = std::move(matching);
        }
        if (!kept.empty() && kept.size() != left[i].size()) {
          left[i] = std::move(kept);
          changed = true;
        }
      }
    }
  }

  std::vector<SubmittedOrder> out;
  out.reserve(written.size());
  for (std::size_t i = 0; i < written.size(); ++i) {
    if (left[i].size() == 1) out.push_back(SubmittedOrder{written[i].power, left[i].front(), Reason::None});
    else out.push_back(SubmittedOrder{written[i].power, written[i].readings.front(), Reason::UnclearOrder});
  }
  return out;
}

}  // namespace dipadj
