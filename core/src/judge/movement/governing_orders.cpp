// The first steps of prepare(): which submitted orders are legal (DATC 4.E.1), which one governs
// each unit when several are given (4.D.3; 4.C.1, 4.C.2, 4.C.5, 4.C.6 choice c), and what each
// unit then does (its UnitState).
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "dipadj/judge/order_validation.hpp"
#include "dipadj/variant/variant.hpp"
#include "solver.hpp"

namespace dipadj {

// Validation (4.E.1): illegal orders take no part; the first legal order to a unit governs it,
// unless it has several (settle_repeated_orders). Without plugins, an order is the core's to
// check alone.
void MovementSolver::validate_orders() {
  const std::span<const SubmittedOrder> orders = phase_.orders;
  const Position& before = *phase_.before;
  MovementResult& result = *phase_.result;
  result.outcomes.assign(orders.size(), OrderOutcome{});
  resolved_.resize(orders.size());
  impossible_.resize(orders.size());
  std::fill(governing_.begin(), governing_.end(), -1);
  bool repeats = false;
  const bool core_only = variant_.extensions().empty();
  const MovementValidationBoard board(map_, rules_, before, searches_.space());
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const Order& order = orders[i].order;
    const Reason why = core_only && order.extension == 0
                           ? validate_movement_order(board, orders[i].power, order, resolved_[i])
                           : check_movement_order(variant_, rules_, before, orders[i].power, order, resolved_[i], searches_.space());
    impossible_[i] = Reason::None;
    if (why != Reason::None && kept_though_impossible(why, rules_)) {
      impossible_[i] = why;
    } else if (why != Reason::None) {
      result.outcomes[i] = OrderOutcome{Resolution::Illegal, why, kNoProvince};
      continue;
    }
    if (resolved_[i].kind == OrderKind::Special) continue;  // a plugin's order that is no unit's order
    const ProvinceId p = map_.province_of(resolved_[i].unit.location);
    if (governing_[p] < 0) governing_[p] = static_cast<std::int32_t>(i);
    else repeats = true;
  }
  if (repeats) settle_repeated_orders();
}

// Several legal orders to one unit. Orders whose designation the rules accept only when nothing
// better is given give way to a better one (choice c of 4.C.1, 4.C.2, 4.C.5, 4.C.6); identical
// repeats count once; different orders (4.D.3): the first counts (a), the last (b), or none and
// the unit holds (c).
void MovementSolver::settle_repeated_orders() {
  const std::span<const SubmittedOrder> orders = phase_.orders;
  std::vector<OrderOutcome>& outcomes = phase_.result->outcomes;
  // Legal orders of units (a plugin's own orders order no unit).
  auto legal_unit_order = [&](std::size_t i) {
    return outcomes[i].resolution != Resolution::Illegal && resolved_[i].kind != OrderKind::Special;
  };
  auto unit_of = [&](std::size_t i) { return map_.province_of(resolved_[i].unit.location); };
  auto flawed = [&](std::size_t i) { return designation_flawed(rules_, *phase_.before, map_, orders[i].power, orders[i].order); };
  for (std::size_t i = 0; i < orders.size(); ++i) {
    if (!legal_unit_order(i) || governing_[unit_of(i)] != static_cast<std::int32_t>(i)) continue;
    const ProvinceId p = unit_of(i);
    bool any_sound = false;
    for (std::size_t j = i; j < orders.size(); ++j)
      if (legal_unit_order(j) && unit_of(j) == p && !flawed(j)) any_sound = true;
    std::int32_t first = -1, last = -1;
    bool different = false;
    for (std::size_t j = i; j < orders.size(); ++j) {
      if (!legal_unit_order(j) || unit_of(j) != p) continue;
      if (any_sound && flawed(j)) {
        outcomes[j] = OrderOutcome{Resolution::Illegal, Reason::BetterOrderGiven, kNoProvince};
        continue;
      }
      if (first < 0) first = static_cast<std::int32_t>(j);
      else if (!(resolved_[static_cast<std::size_t>(first)] == resolved_[j])) different = true;
      last = static_cast<std::int32_t>(j);
    }
    governing_[p] = first;
    if (!different) continue;
    const bool none_counts = rules_.is(MultipleUnitOrders::Hold);
    if (!none_counts) governing_[p] = rules_.is(MultipleUnitOrders::FirstOrder) ? first : last;
    for (std::size_t j = i; j < orders.size(); ++j)
      if (legal_unit_order(j) && unit_of(j) == p && (none_counts || !(resolved_[j] == governing_order(p))))
        outcomes[j] = OrderOutcome{Resolution::Illegal, Reason::ConflictingOrders, kNoProvince};
    // Under c no order governs the unit: it holds (read_unit_states), and none of its orders is
    // taken up again here.
    if (none_counts) governing_[p] = -1;
  }
}

namespace {

// What the unit in `from` does by its order: where it moves (an army to a province not next to
// its own can only go by convoy; over an adjacent border the rules choose, choose_routes), whom it
// supports or convoys. Whether it is a fleet whose convoy order shows intent: a convoy that cannot
// be part of any route (legal only under 4.E.1 b) shows none.
bool follow_order(UnitState& u, ProvinceId from, const Order& order, Reason impossible, const Map& map) {
  u.kind = order.kind;
  u.impossible = impossible;
  switch (order.kind) {
    case OrderKind::Move:
      if (order.target == kNoLocation) return false;  // a place off the map (4.E.1 a): it goes nowhere
      u.target = map.province_of(order.target);
      u.target_location = order.target;
      u.by_convoy = u.type == UnitType::Army && impossible == Reason::None && !map.army_adjacent(from, u.target);
      return false;
    case OrderKind::Convoy:
    case OrderKind::Support:
      u.other = map.province_of(order.other.location);
      if (order.target != kNoLocation) {
        u.other_target = map.province_of(order.target);
        u.other_target_location = order.target;
      }
      return order.kind == OrderKind::Convoy && impossible == Reason::None;
    default:
      return false;
  }
}

// The provinces of `position` that hold a unit, in province order, made `occupied`'s items, with
// no branch per province (one with a unit or not is as likely as not: the mispredictions were most
// of this pass's time). Four provinces at a time where SSE2 is (x86, little-endian): their units'
// powers compared at once, and the occupied ones' numbers stored together, four 16-bit lanes from
// a table of the sixteen ways four can be occupied plus the first's number in each (a province's
// number is below 65535: no lane carries into the next). A province's own test, store and count
// was two thirds of the pass.
void list_occupied(const Position& position, std::size_t provinces, std::vector<ProvinceId>& occupied) {
  occupied.resize(provinces + 4);  // room for the four numbers stored at once after the last
  std::size_t count = 0, index = 0;
#if defined(__SSE2__)
  static_assert(sizeof(Unit) == 4 && offsetof(Unit, power) == 1 && sizeof(ProvinceId) == 2, "a unit's power is its second byte");
  // Per mask of four occupied or not: the occupied ones' places among the four (16 bits each,
  // the first occupied lowest), and how many.
  struct Fours {
    std::array<std::uint64_t, 16> places{};
    std::array<std::uint8_t, 16> counts{};
    constexpr Fours() {
      for (unsigned mask = 0; mask < 16; ++mask)
        for (unsigned place = 0; place < 4; ++place)
          if ((mask & (1U << place)) != 0) places[mask] |= std::uint64_t{place} << (16U * counts[mask]++);
    }
  };
  static constexpr Fours kFours;
  const Unit* const units = provinces > 0 ? &position.unit_in(0) : nullptr;
  const __m128i power_byte = _mm_set1_epi32(0xFF00);  // kNoPower in every unit's power byte
  for (; index + 4 <= provinces; index += 4) {
    const __m128i four = _mm_loadu_si128(reinterpret_cast<const __m128i*>(units + index));
    const __m128i none = _mm_cmpeq_epi32(_mm_and_si128(four, power_byte), power_byte);
    const unsigned mask = ~static_cast<unsigned>(_mm_movemask_ps(_mm_castsi128_ps(none))) & 0xFU;
    const std::uint64_t numbers = kFours.places[mask] + index * 0x0001000100010001ULL;
    std::memcpy(&occupied[count], &numbers, sizeof numbers);
    count += kFours.counts[mask];
  }
#endif
#pragma GCC unroll 4
  for (; index < provinces; ++index) {
    occupied[count] = static_cast<ProvinceId>(index);
    count += position.unit_in(static_cast<ProvinceId>(index)).present() ? 1 : 0;
  }
  occupied.resize(count);
}

}  // namespace

// Each unit on the board, and what it does: it follows its governing order, unless it has none
// or several different ones under 4.D.3 c (it holds). Only the states of the last phase's units
// are cleared: the rest were never touched.
void MovementSolver::read_unit_states() {
  convoyers_.clear();
  for (ProvinceId p : occupied_) units_[p] = UnitState{};
  const Position& before = *phase_.before;
  list_occupied(before, provinces_, occupied_);
  for (const ProvinceId p : occupied_) {
    const Unit& unit = before.unit_in(p);
    UnitState& u = units_[p];
    u.present = true;
    // Its type, power and place as one piece: the state keeps them in the Unit's order.
    static_assert(std::is_trivially_copyable_v<UnitState> && sizeof(Unit) == 4 && offsetof(Unit, type) == 0 &&
                      offsetof(Unit, power) == 1 && offsetof(Unit, location) == 2 &&
                      offsetof(UnitState, power) == offsetof(UnitState, type) + 1 &&
                      offsetof(UnitState, location) == offsetof(UnitState, type) + 2,
                  "UnitState keeps a Unit's fields in the Unit's order");
    std::memcpy(&u.type, &unit, sizeof(Unit));
    if (governing_[p] < 0) continue;
    const auto i = static_cast<std::size_t>(governing_[p]);
    if (follow_order(u, p, resolved_[i], impossible_[i], map_)) convoyers_.push_back(p);
  }
}

}  // namespace dipadj
