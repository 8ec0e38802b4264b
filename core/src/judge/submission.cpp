#include "dipadj/judge/submission.hpp"

#include <algorithm>

#include "dipadj/geo/map.hpp"
#include "dipadj/judge/implicit_orders.hpp"
#include "dipadj/judge/order_validation.hpp"
#include "base/emplace_aggregate.hpp"
#include "dipadj/rules/rulebook.hpp"

namespace dipadj {
namespace {

bool in_civil_disorder(const Standing& standing, PowerId power) {
  return std::binary_search(standing.civil_disorder.begin(), standing.civil_disorder.end(), power);
}

// 4.D.1 and 4.D.2: for each written order, why its set does not count (Reason::None: it counts).
std::vector<Reason> sets_put_aside(const Rulebook& rules, const Submission& submission) {
  std::vector<Reason> aside(submission.orders.size(), Reason::None);
  for (const OrderSetsOfPower& power : submission.order_sets) {
    if (power.sets.empty()) continue;
    const SetSays latest = power.sets.back();
    // Which sets count: all of them, or the latest only; or none (4.D.2 a).
    bool all = true;
    Reason why = Reason::OrderSetReplaced;
    if (submission.sequence_known) {
      switch (rules.get<MultipleOrderSets>()) {
        case MultipleOrderSets::CombineAll: all = true; break;
        case MultipleOrderSets::CombineUnlessReplaced: all = latest != SetSays::Replaces; break;
        case MultipleOrderSets::LatestUnlessEarlierKept: all = latest == SetSays::Adds; break;
        default: all = false; break;
      }
    } else if (rules.is(UnorderedOrderSets::AllHold) && power.sets.size() > 1) {
      why = Reason::OrderSetsUnclear;
    }
    const bool none = !submission.sequence_known && why == Reason::OrderSetsUnclear;
    for (std::size_t i = 0; i < submission.orders.size(); ++i) {
      const WrittenOrder& order = submission.orders[i];
      if (order.power != power.power) continue;
      const bool counts = !none && (all || order.set + 1U == power.sets.size());
      if (!counts) aside[i] = why;
    }
  }
  return aside;
}

ProvinceId target_province(const Map& map, const Order& order) {
  return order.target == kNoLocation ? kNoProvince : map.province_of(order.target);
}

// Whether `support` (a support or convoy) names the move `move`, both given by provinces.
bool names_move(const Map& map, const Order& support, const Order& move) {
  return (support.kind == OrderKind::Support || support.kind == OrderKind::Convoy) && move.kind == OrderKind::Move &&
         support.other.location != kNoLocation && map.province_of(support.other.location) == ordered_province(map, move) &&
         target_province(map, support) == target_province(map, move) && support.target != kNoLocation;
}

// 4.E.2 b: of an unclear order's readings, those that are legal orders on this board (4.E.1 as set).
void keep_legal_readings(const Map& map, const Rulebook& rules, const Position& board, std::span<const WrittenOrder> written,
                         std::vector<std::vector<Order>>& left) {
  for (std::size_t i = 0; i < written.size(); ++i) {
    if (left[i].size() <= 1) continue;
    std::vector<Order> legal;
    for (const Order& o : left[i]) {
      Order resolved;
      const Reason why = validate_movement_order(map, rules, board, written[i].power, o, resolved);
      if (why == Reason::None || kept_though_impossible(why, rules)) legal.push_back(o);
    }
    left[i] = std::move(legal);
  }
}

// 4.E.2 c and d: an unclear order read within its power's set as a whole, until nothing changes.
// c: a unit another clear order of the power already orders is not meant; d: readings that match
// another clear order of the power (the move a support names, the support of the move), if any do.
void read_within_order_set(const Map& map, bool matching, std::span<const WrittenOrder> written, std::vector<std::vector<Order>>& left) {
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 0; i < written.size(); ++i) {
      if (left[i].size() <= 1) continue;
      auto clear_order_of_power = [&](auto test) {
        for (std::size_t k = 0; k < written.size(); ++k)
          if (k != i && left[k].size() == 1 && written[k].power == written[i].power && test(left[k].front())) return true;
        return false;
      };
      std::vector<Order> kept;
      for (const Order& o : left[i])
        if (!clear_order_of_power([&](const Order& other) { return ordered_province(map, other) == ordered_province(map, o); }))
          kept.push_back(o);
      if (matching && kept.size() > 1) {
        std::vector<Order> match;
        for (const Order& o : kept)
          if (clear_order_of_power([&](const Order& other) { return names_move(map, o, other) || names_move(map, other, o); }))
            match.push_back(o);
        if (!match.empty()) kept = std::move(match);
      }
      if (!kept.empty() && kept.size() != left[i].size()) {
        left[i] = std::move(kept);
        changed = true;
      }
    }
  }
}

// 4.E.2: one reading per written order where the rules' knowledge leaves one; otherwise the
// order is set aside as unclear and reported under its first reading. `notes` (if any) say which
// orders were read by a guess, and what the unclear ones may mean.
std::vector<SubmittedOrder> read_poorly_written(const Map& map, const Rulebook& rules, const Position& board, const Phase& phase,
                                                std::span<const WrittenOrder> written, std::vector<ReadingNote>* notes) {
  using enum PoorlyWrittenOrders;
  std::vector<SubmittedOrder> out;
  out.reserve(written.size());
  // Each order with one reading (nearly always): nothing for the rules of 4.E.2 to read.
  if (std::ranges::all_of(written, [](const WrittenOrder& w) { return w.more_readings.empty(); })) {
    std::vector<ReadingNote> unasked;
    std::vector<ReadingNote>& into = notes != nullptr ? *notes : unasked;
    into.clear();
    into.reserve(written.size());
    for (const WrittenOrder& w : written) submit_clear_order(w.power, w.reading, w.corrected, out, into);
    return out;
  }
  const PoorlyWrittenOrders choice = rules.get<PoorlyWrittenOrders>();
  std::vector<std::vector<Order>> left(written.size());
  for (std::size_t i = 0; i < written.size(); ++i) left[i] = written[i].readings();
  if (choice != NoRulesKnowledge && phase.kind == PhaseKind::Movement) {
    keep_legal_readings(map, rules, board, written, left);
    if (choice == OrderSetPossible || choice == OrderSetPossibleMatching)
      read_within_order_set(map, choice == OrderSetPossibleMatching, written, left);
  }
  for (std::size_t i = 0; i < written.size(); ++i) {
    if (left[i].size() == 1) out.push_back(SubmittedOrder{written[i].power, left[i].front(), Reason::None});
    else out.push_back(SubmittedOrder{written[i].power, written[i].reading, Reason::UnclearOrder});
  }
  if (notes) {
    notes->assign(written.size(), ReadingNote{});
    for (std::size_t i = 0; i < written.size(); ++i) {
      ReadingNote& note = (*notes)[i];
      note.corrected = left[i].size() == 1 && (written[i].corrected || written[i].reading_count() > 1);
      // Still unclear: the readings the rules left, or, when they left none, every reading.
      if (left[i].size() != 1) note.readings = left[i].empty() ? written[i].readings() : std::move(left[i]);
    }
  }
  return out;
}

// 4.E.5 b: proxy orders given in an order set. Each one is settled (illegal, or done); the units
// they hand over are added to `grants`, and a unit handed to two powers to `disputed`.
void settle_proxy_orders(const Map& map, const Rulebook& rules, const Position& board, const Phase& phase, const Standing& standing,
                         std::span<const SubmittedOrder> orders, std::vector<std::optional<OrderOutcome>>& settled,
                         std::vector<ProxyGrant>& grants, std::vector<ProvinceId>& disputed) {
  for (std::size_t i = 0; i < orders.size(); ++i) {
    const SubmittedOrder& o = orders[i];
    if (settled[i] || o.order.kind != OrderKind::Proxy) continue;
    if (in_civil_disorder(standing, o.power)) continue;
    if (!rules.is(ProxyOrders::AllowedInOrderSet) || phase.kind != PhaseKind::Movement) {
      settled[i] = OrderOutcome::illegal(rules.is(ProxyOrders::AllowedInOrderSet) ? Reason::NotThisPhase : Reason::ProxyNotAllowed);
      continue;
    }
    const ProvinceId p = ordered_province(map, o.order);
    const Unit& unit = p == kNoProvince ? Unit{} : board.unit_in(p);
    if (!unit.present()) settled[i] = OrderOutcome::illegal(Reason::NoSuchUnit);
    else if (unit.power != o.power) settled[i] = OrderOutcome::illegal(unit.power == kNeutral ? Reason::NeutralUnit : Reason::ForeignUnit);
    else if (o.order.other.nationality == o.power) settled[i] = OrderOutcome{};  // to itself: nothing changes
    else {
      auto same = std::find_if(grants.begin(), grants.end(), [&](const ProxyGrant& g) { return g.unit == p; });
      if (same == grants.end()) grants.push_back(ProxyGrant{p, o.order.other.nationality});
      else if (same->holder != o.order.other.nationality) disputed.push_back(p);
      settled[i] = OrderOutcome{};
    }
  }
  // Proxies of one unit to two powers cancel each other (as several orders to one unit, 4.D.3).
  for (std::size_t i = 0; i < orders.size(); ++i)
    if (orders[i].order.kind == OrderKind::Proxy && settled[i] && settled[i]->resolution == Resolution::Succeeds &&
        std::find(disputed.begin(), disputed.end(), ordered_province(map, orders[i].order)) != disputed.end())
      settled[i] = OrderOutcome::illegal(Reason::ConflictingOrders);
  std::erase_if(grants, [&](const ProxyGrant& g) { return std::find(disputed.begin(), disputed.end(), g.unit) != disputed.end(); });
}

// What the rules in force say of something only one choice of an option allows (`allowing`).
template <class Choice>
std::string refused_unless(const Rulebook& rules, Choice allowing, const std::string& what) {
  if (rules.is(allowing)) return {};
  const auto index = static_cast<std::size_t>(rule_of(allowing));
  const RuleOption& option = rules.option(index);
  return what + " are not allowed by the rules (" + option.issue + ": " + option.key + " is '" + option.choices[rules.choice(index)].name +
         "'; '" + option.choices[static_cast<std::size_t>(allowing)].name + "' allows them)";
}

}  // namespace

bool reads_places_off_the_map(const Rulebook& rules) { return rules.is(OrderLegality::AnyWellFormed); }

std::string perpetual_orders_refused(const Rulebook& rules) {
  return refused_unless(rules, PerpetualOrders::Allowed, "perpetual orders");
}

std::string notified_proxies_refused(const Rulebook& rules) {
  return refused_unless(rules, ProxyOrders::AllowedNotified, "proxies notified to the judge");
}

void submit_clear_order(PowerId power, const Order& reading, bool corrected, std::vector<SubmittedOrder>& out, std::vector<ReadingNote>& notes) {
  emplace_aggregate(out, power, reading, Reason::None);
  notes.emplace_back().corrected = corrected;
}

std::vector<SubmittedOrder> submit(const Map& map, const Rulebook& rules, const Position& board, const Phase& phase,
                                   const Submission& submission, std::vector<ReadingNote>* notes) {
  std::vector<SubmittedOrder> out = read_poorly_written(map, rules, board, phase, submission.orders, notes);
  if (!submission.order_sets.empty()) {
    const std::vector<Reason> aside = sets_put_aside(rules, submission);
    for (std::size_t i = 0; i < out.size(); ++i)
      if (aside[i] != Reason::None) out[i].set_aside = aside[i];
  }
  return out;
}

std::optional<std::vector<SubmittedOrder>> settle_orders(const Map& map, const Rulebook& rules, const Position& board, const Phase& phase,
                                                         const Standing& standing, std::span<const SubmittedOrder> orders,
                                                         std::vector<std::optional<OrderOutcome>>& settled) {
  settled.clear();
  // One pass over the orders with no branch, and a search for their powers only when one is in
  // civil disorder (the common case, where nothing is settled: every phase asks).
  bool proxies_in_play = !standing.proxies.empty(), settled_first = false;
  for (const SubmittedOrder& o : orders) {
    proxies_in_play |= o.order.kind == OrderKind::Proxy;
    settled_first |= o.set_aside != Reason::None;
  }
  if (!standing.civil_disorder.empty())
    settled_first = settled_first || std::any_of(orders.begin(), orders.end(), [&](const SubmittedOrder& o) { return in_civil_disorder(standing, o.power); });
  if (!proxies_in_play && !settled_first) return std::nullopt;

  settled.assign(orders.size(), std::nullopt);
  for (std::size_t i = 0; i < orders.size(); ++i)
    if (orders[i].set_aside != Reason::None) settled[i] = OrderOutcome::illegal(orders[i].set_aside);
  // Who orders which unit this phase.
  std::vector<ProxyGrant> grants;
  if (rules.is(ProxyOrders::AllowedNotified)) grants.assign(standing.proxies.begin(), standing.proxies.end());
  std::vector<ProvinceId> disputed;
  settle_proxy_orders(map, rules, board, phase, standing, orders, settled, grants, disputed);

  std::vector<SubmittedOrder> followed;
  for (std::size_t i = 0; i < orders.size(); ++i) {
    if (settled[i]) continue;
    const SubmittedOrder& o = orders[i];
    if (in_civil_disorder(standing, o.power)) {
      settled[i] = OrderOutcome::illegal(Reason::PowerInCivilDisorder);
      continue;
    }
    if (o.order.kind == OrderKind::Proxy) continue;  // settled above
    const ProvinceId p = ordered_province(map, o.order);
    auto grant = std::find_if(grants.begin(), grants.end(), [&](const ProxyGrant& g) { return g.unit == p; });
    if (grant != grants.end() && p != kNoProvince) {
      const PowerId owner = board.unit_in(p).power;
      if (o.power == grant->holder) {
        followed.push_back(SubmittedOrder{owner, o.order});
        continue;
      }
      if (o.power == owner) {
        settled[i] = OrderOutcome::illegal(Reason::UnitProxied);
        continue;
      }
    }
    followed.push_back(o);
  }
  return followed;
}

const char* to_string(OrderSource source) {
  switch (source) {
    case OrderSource::Perpetual: return "perpetual";
    case OrderSource::Implied: return "implied";
  }
  return "?";
}

void add_standing_orders(const Map& map, const Rulebook& rules, const Position& board, const Standing& standing,
                         std::span<const SubmittedOrder> orders, std::vector<AddedOrder>& added) {
  if (!rules.is(PerpetualOrders::Allowed) && !rules.is(ImplicitOrders::Allowed)) return;  // the common case: nothing to copy
  std::vector<SubmittedOrder> given(orders.begin(), orders.end());
  if (rules.is(PerpetualOrders::Allowed)) {
    std::vector<SubmittedOrder> perpetual;
    for (const SubmittedOrder& standing_order : standing.perpetual_orders) {
      const ProvinceId p = ordered_province(map, standing_order.order);
      if (p == kNoProvince) continue;
      const Unit& unit = board.unit_in(p);
      if (!unit.present() || unit.power != standing_order.power || in_civil_disorder(standing, standing_order.power) ||
          has_order_for(map, given, standing_order.power, p))
        continue;
      perpetual.push_back(standing_order);
    }
    for (const SubmittedOrder& o : perpetual) {
      added.push_back(AddedOrder{o, OrderSource::Perpetual, {}});
      given.push_back(o);
    }
  }
  if (rules.is(ImplicitOrders::Allowed))
    for (SubmittedOrder& o : implied_orders(map, board, given)) added.push_back(AddedOrder{std::move(o), OrderSource::Implied, {}});
}

}  // namespace dipadj
