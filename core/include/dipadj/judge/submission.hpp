#pragma once
// What the powers wrote for a phase, and the rules that turn it into the orders the judge follows.
// The readers of game files, records, cases, the Python module and the C interface only record
// what was written (a Submission); the rules of DATC chapter 4 that decide what counts are applied
// here, and only here:
//   4.D.1  several order sets from one power: which sets count (multiple_order_sets);
//   4.D.2  order sets whose sequence is not known (unordered_order_sets);
//   4.E.2  an order that may mean several orders: which reading is meant (poorly_written_orders);
//   4.E.4  perpetual orders: a unit given no order follows its standing one (perpetual_orders);
//   4.E.3  the moves implied by a power's own supports and convoys (implicit_orders);
//   4.E.5  proxy orders: a unit ordered by another power (proxy_orders);
// and the orders of a power in civil disorder are not followed.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dipadj/board/phase.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/judge/movement.hpp"
#include "dipadj/order/outcome.hpp"

namespace dipadj {

class Map;
class Rulebook;

// An order as written: one reading when its text is clear, several when it may mean several
// orders (4.E.2). `set`: which of its power's order sets it came in (0 when the power sent one).
struct WrittenOrder {
  PowerId power = kNoPower;
  // Its reading, the first of them when it has several; the others after it (none for nearly
  // every order: a clear order is held without a list of its own).
  Order reading;
  std::vector<Order> more_readings;
  std::uint16_t set = 0;
  bool corrected = false;  // ParsedOrder::corrected: the text says its reading only with a mistake

  // An order with these readings (at least one).
  static WrittenOrder with_readings(PowerId power, std::span<const Order> readings, std::uint16_t set, bool corrected) {
    return WrittenOrder{power, readings.front(), {readings.begin() + 1, readings.end()}, set, corrected};
  }
  [[nodiscard]] std::size_t reading_count() const { return 1 + more_readings.size(); }
  // Every reading, the first first.
  [[nodiscard]] std::vector<Order> readings() const {
    std::vector<Order> all{reading};
    all.insert(all.end(), more_readings.begin(), more_readings.end());
    return all;
  }
};

// What an order set itself makes clear about the sets before it (4.D.1): nothing, that it replaces
// them, or that it adds to them.
enum class SetSays : std::uint8_t { Nothing, Replaces, Adds };

// A power that sent several order sets: what each set says, earliest first (the sets' orders are
// the power's WrittenOrders with that `set`).
struct OrderSetsOfPower {
  PowerId power = kNoPower;
  std::vector<SetSays> sets;
};

struct Submission {
  std::vector<WrittenOrder> orders;            // in the order they were written
  std::vector<OrderSetsOfPower> order_sets;    // the powers that sent several sets
  bool sequence_known = true;                  // whether the sets' order is known (4.D.2)
};

// 4.E.1 a: whether an order naming a place that is not on the map is read as an order (which then
// fails, Reason::PlaceNotOnMap) rather than refused as text that is no order.
bool reads_places_off_the_map(const Rulebook& rules);

// 4.E.4 a and 4.E.5 a: why the rules in force refuse what a game may hold besides its orders
// (perpetual orders; proxies notified to the judge), naming the option and the choice that would
// allow it; empty when the rules allow it.
std::string perpetual_orders_refused(const Rulebook& rules);
std::string notified_proxies_refused(const Rulebook& rules);

// What the results say of how a written order was read, beside the order the judge follows.
struct ReadingNote {
  // Read as something the text does not quite say: a misspelt name corrected, or an unclear
  // word read as the one name it can mean (by the parser, or by the rules of 4.E.2 on this board).
  bool corrected = false;
  // An order set aside as unclear (Reason::UnclearOrder): the orders it may still mean.
  std::vector<Order> readings;
  friend bool operator==(const ReadingNote&, const ReadingNote&) = default;
};

// One order per written order, in the same order: its meaning (4.E.2, knowing the board and the
// phase) and, when the submission itself puts it aside, why (4.D.1: a set replaced by a later one;
// 4.D.2 a: sets of unknown sequence; 4.E.2: still unclear). `notes`, when given, gets one note
// per written order too.
std::vector<SubmittedOrder> submit(const Map& map, const Rulebook& rules, const Position& board, const Phase& phase,
                                   const Submission& submission, std::vector<ReadingNote>* notes = nullptr);

// What submit() makes of an order with one reading when no order sets are given: the order as it
// is, and a note saying whether it was read by a guess; appended to `out` and `notes`. A reader
// whose orders each have one reading (nearly every game) submits them so as it reads them, with
// no Submission made first.
void submit_clear_order(PowerId power, const Order& reading, bool corrected, std::vector<SubmittedOrder>& out, std::vector<ReadingNote>& notes);

// A unit whose order another power gives this phase (4.E.5 a: the judge was told beforehand).
struct ProxyGrant {
  ProvinceId unit = kNoProvince;  // where the unit stands
  PowerId holder = kNoPower;      // the power that orders it
  friend bool operator==(const ProxyGrant&, const ProxyGrant&) = default;
};

// Who may order what this phase, besides the orders themselves.
struct Standing {
  std::span<const PowerId> civil_disorder;         // sorted: powers whose orders are not followed
  std::span<const ProxyGrant> proxies;             // notified to the judge (4.E.5 a)
  std::span<const SubmittedOrder> perpetual_orders;  // 4.E.4 a
};

// The orders the phase follows: each order the submission set aside, each order of a power in
// civil disorder and each proxy order (4.E.5 b) is settled in `settled` (illegal, or done); the
// others are returned in their order, an order given by proxy handed over as the owner's.
// `settled` gets one entry per order. Nothing to settle (the common case): returns nothing and
// leaves `settled` empty, and the orders are followed as they are.
std::optional<std::vector<SubmittedOrder>> settle_orders(const Map& map, const Rulebook& rules, const Position& board, const Phase& phase,
                                                         const Standing& standing, std::span<const SubmittedOrder> orders,
                                                         std::vector<std::optional<OrderOutcome>>& settled);

// Where an order not submitted this phase comes from.
enum class OrderSource : std::uint8_t {
  Perpetual,  // the game's standing orders for a unit given no order (4.E.4 a)
  Implied,    // deduced from the power's own support or convoy order (4.E.3 a)
};
const char* to_string(OrderSource source);

struct AddedOrder {
  SubmittedOrder submitted;
  OrderSource source = OrderSource::Implied;
  OrderOutcome outcome;
};

// The orders a movement phase follows besides the submitted ones: the perpetual orders of units
// given none (4.E.4 a), then the moves implied by the powers' own supports and convoys (4.E.3 a).
void add_standing_orders(const Map& map, const Rulebook& rules, const Position& board, const Standing& standing,
                         std::span<const SubmittedOrder> orders, std::vector<AddedOrder>& added);

}  // namespace dipadj
