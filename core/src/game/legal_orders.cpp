#include "dipadj/game/legal_orders.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <set>

#include "dipadj/game/game.hpp"
#include "dipadj/judge/adjustment.hpp"
#include "dipadj/judge/order_validation.hpp"
#include "dipadj/judge/retreat.hpp"
#include "dipadj/notation/order_text.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

UnitRef ref_of(const Unit& unit) { return UnitRef{unit.type, unit.location, kNoPower}; }

// Gathers one subject's orders, each once (two ways of writing one order are one choice).
class ChoiceList {
 public:
  ChoiceList(const Variant& variant, OrderChoices& out) : variant_(variant), out_(out) {}
  void add(const Order& order) {
    if (seen_.insert(to_string(order, variant_)).second) out_.orders.push_back(order);
  }

 private:
  const Variant& variant_;
  OrderChoices& out_;
  std::set<std::string> seen_;
};

class MovementLister {
 public:
  MovementLister(const Variant& variant, const Rulebook& rules, const Position& position)
      : variant_(variant), map_(variant.map()), rules_(rules), position_(position), scratch_(map_.province_count()) {}

  // `owner`'s orders for its unit `unit` (given by `owner`, or by a proxy on its behalf).
  void unit_orders(const Unit& unit, PowerId owner, ChoiceList& list) {
    Order hold;
    hold.kind = OrderKind::Hold;
    hold.unit = ref_of(unit);
    keep(owner, hold, list);
    moves(unit, owner, list);
    supports(unit, owner, list);
    if (unit.type == UnitType::Fleet && map_.convoy_water(map_.province_of(unit.location))) convoys(unit, owner, list);
  }

  // The plugins' orders of `power`: those of a unit go to its list, the rest to `other`.
  void plugin_orders(PowerId power, const std::function<ChoiceList*(ProvinceId)>& list_of_unit, ChoiceList& other) {
    const auto& extensions = variant_.extensions();
    for (std::size_t e = 0; e < extensions.size(); ++e) {
      const OrderSyntax* syntax = extensions[e].rules->order_syntax();
      if (syntax == nullptr) continue;
      std::vector<Order> proposed;
      syntax->propose_orders(variant_, rules_, position_, power, proposed);
      for (Order& order : proposed) {
        order.extension = static_cast<std::uint8_t>(e + 1);
        if (order.kind == OrderKind::Special) {
          keep(power, order, other);
        } else if (order.unit.location != kNoLocation) {
          if (ChoiceList* list = list_of_unit(map_.province_of(order.unit.location))) keep(power, order, *list);
        }
      }
    }
  }

 private:
  bool legal(PowerId power, const Order& order) {
    Order resolved;
    return check_movement_order(variant_, rules_, position_, power, order, resolved, scratch_) == Reason::None;
  }
  void keep(PowerId power, const Order& order, ChoiceList& list) {
    if (legal(power, order)) list.add(order);
  }

  void moves(const Unit& unit, PowerId owner, ChoiceList& list) {
    const ProvinceId from = map_.province_of(unit.location);
    Order move;
    move.kind = OrderKind::Move;
    move.unit = ref_of(unit);
    if (unit.type == UnitType::Fleet) {
      for (LocationId to : map_.fleet_neighbours(unit.location)) {
        move.target = to;
        keep(owner, move, list);
      }
      return;
    }
    for (std::size_t q = 0; q < map_.province_count(); ++q) {
      const auto to = static_cast<ProvinceId>(q);
      if (to == from || map_.province(to).kind == ProvinceKind::Sea) continue;
      move.target = map_.province(to).location;
      move.via_convoy = false;
      keep(owner, move, list);
      // Next to it and a convoy on the board: going by convoy is another order (4.A.3).
      if (map_.army_adjacent(from, to) &&
          convoy_route_possible(map_, position_, from, to, kNoProvince, kNoProvince, scratch_, true)) {
        move.via_convoy = true;
        keep(owner, move, list);
        move.via_convoy = false;
      }
    }
  }

  // Whether `unit` could reach `to` to support there (as validation asks).
  bool reaches(const Unit& unit, ProvinceId to) const {
    if (unit.type == UnitType::Army) return map_.army_adjacent(map_.province_of(unit.location), to);
    return map_.fleet_reaches(unit.location, to);
  }

  void supports(const Unit& unit, PowerId owner, ChoiceList& list) {
    const ProvinceId from = map_.province_of(unit.location);
    for (std::size_t q = 0; q < map_.province_count(); ++q) {
      const auto at = static_cast<ProvinceId>(q);
      const Unit& other = position_.unit_in(at);
      if (!other.present() || at == from) continue;
      Order support;
      support.kind = OrderKind::Support;
      support.unit = ref_of(unit);
      support.other = ref_of(other);
      if (other.power != owner && other.power != kNeutral && !rules_.is(MissingNationality::OrderValid)) support.other.nationality = other.power;
      if (reaches(unit, at)) keep(owner, support, list);
      for (std::size_t t = 0; t < map_.province_count(); ++t) {
        const auto to = static_cast<ProvinceId>(t);
        if (to == from || to == at || !reaches(unit, to)) continue;
        support.target = map_.province(to).location;
        Order resolved;
        const Reason why = check_movement_order(variant_, rules_, position_, owner, support, resolved, scratch_);
        if (why == Reason::None) {
          list.add(support);
        } else if (why == Reason::MissingCoast) {
          // A fleet's move to a province with coasts, where the rules want the coast named.
          for (LocationId coast : map_.province(to).coasts) {
            support.target = coast;
            keep(owner, support, list);
          }
        }
      }
    }
  }

  void convoys(const Unit& fleet, PowerId owner, ChoiceList& list) {
    for (std::size_t q = 0; q < map_.province_count(); ++q) {
      const auto at = static_cast<ProvinceId>(q);
      const Unit& army = position_.unit_in(at);
      if (!army.present() || army.type != UnitType::Army || map_.province(at).kind != ProvinceKind::Coastal) continue;
      Order convoy;
      convoy.kind = OrderKind::Convoy;
      convoy.unit = ref_of(fleet);
      convoy.other = ref_of(army);
      if (army.power != owner && army.power != kNeutral && !rules_.is(MissingNationality::OrderValid)) convoy.other.nationality = army.power;
      for (std::size_t t = 0; t < map_.province_count(); ++t) {
        const auto to = static_cast<ProvinceId>(t);
        if (to == at || map_.province(to).kind != ProvinceKind::Coastal) continue;
        convoy.target = map_.province(to).location;
        keep(owner, convoy, list);
      }
    }
  }

  const Variant& variant_;
  const Map& map_;
  const Rulebook& rules_;
  const Position& position_;
  ConvoySearchSpace scratch_;
};

void movement_choices(const Variant& variant, const Rulebook& rules, const GameState& state, const std::vector<PowerId>& powers,
                      std::vector<OrderChoices>& out) {
  const Map& map = variant.map();
  MovementLister lister(variant, rules, state.position);
  // Who gives each unit's orders: its owner, or the power a notified proxy names (4.E.5 a).
  auto giver = [&](ProvinceId p) {
    if (rules.is(ProxyOrders::AllowedNotified))
      for (const ProxyGrant& grant : state.proxies)
        if (grant.unit == p) return grant.holder;
    return state.position.unit_in(p).power;
  };
  for (PowerId power : powers) {
    // The power's units first, then each one's list: a list refers to its unit's choices, which
    // stay in place, and keeps the core's and the plugins' orders of the unit apart from repeats.
    std::vector<OrderChoices> units;
    std::vector<ProvinceId> unit_at;
    for (std::size_t q = 0; q < map.province_count(); ++q) {
      const auto p = static_cast<ProvinceId>(q);
      const Unit& unit = state.position.unit_in(p);
      if (!unit.present() || giver(p) != power || state.in_civil_disorder(unit.power)) continue;
      OrderChoices choices;
      choices.power = power;
      choices.unit = unit;
      units.push_back(std::move(choices));
      unit_at.push_back(p);
    }
    std::vector<ChoiceList> lists;
    lists.reserve(units.size());
    for (OrderChoices& choices : units) {
      const Unit& unit = choices.unit;
      ChoiceList& list = lists.emplace_back(variant, choices);
      lister.unit_orders(unit, unit.power, list);
      // 4.E.5 b: a unit's order may hand it to another power for this phase.
      if (rules.is(ProxyOrders::AllowedInOrderSet) && unit.power == power)
        for (std::size_t other = 0; other < variant.power_count(); ++other) {
          if (other == power) continue;
          Order proxy;
          proxy.kind = OrderKind::Proxy;
          proxy.unit = ref_of(unit);
          proxy.other.nationality = static_cast<PowerId>(other);
          list.add(proxy);
        }
    }
    OrderChoices other;
    other.subject = OrderChoices::Subject::Power;
    other.power = power;
    ChoiceList other_list(variant, other);
    lister.plugin_orders(
        power,
        [&](ProvinceId p) -> ChoiceList* {
          const auto found = std::find(unit_at.begin(), unit_at.end(), p);
          return found == unit_at.end() ? nullptr : &lists[static_cast<std::size_t>(found - unit_at.begin())];
        },
        other_list);
    for (OrderChoices& choices : units) out.push_back(std::move(choices));
    if (!other.orders.empty()) out.push_back(std::move(other));
  }
}

void retreat_choices(const Variant& variant, const GameState& state, const std::vector<PowerId>& powers,
                     std::vector<OrderChoices>& out) {
  const Map& map = variant.map();
  for (PowerId power : powers)
    for (const DislodgedUnit& dislodged : state.dislodged) {
      if (dislodged.unit.power != power) continue;
      OrderChoices choices;
      choices.power = power;
      choices.unit = dislodged.unit;
      ChoiceList list(variant, choices);
      Order order;
      order.unit = ref_of(dislodged.unit);
      auto keep = [&] {
        std::size_t unit = 0;
        LocationId destination = kNoLocation;
        if (check_retreat_order(map, state.position, state.dislodged, power, order, unit, destination) == Reason::None) list.add(order);
      };
      order.kind = OrderKind::Retreat;
      for (LocationId place : dislodged.retreats) {
        order.target = place;
        keep();
      }
      order.kind = OrderKind::Disband;
      order.target = kNoLocation;
      keep();
      out.push_back(std::move(choices));
    }
}

void adjustment_choices(const Variant& variant, const Rulebook& rules, const GameState& state, const std::vector<PowerId>& powers,
                        std::vector<OrderChoices>& out) {
  const Map& map = variant.map();
  const Position& board = state.position;
  for (PowerId power : powers) {
    const std::size_t centres = variant.counted_centres(board, power, rules);
    auto legal = [&](const Order& order) {
      Unit planned;
      return check_adjustment_order(variant, rules, board, power, centres, order, planned) == Reason::None;
    };
    if (centres < board.unit_count(power)) {
      for (std::size_t q = 0; q < map.province_count(); ++q) {
        const Unit& unit = board.unit_in(static_cast<ProvinceId>(q));
        if (!unit.present() || unit.power != power) continue;
        OrderChoices choices;
        choices.power = power;
        choices.unit = unit;
        ChoiceList list(variant, choices);
        Order remove;
        remove.kind = OrderKind::Remove;
        remove.unit = ref_of(unit);
        if (legal(remove)) list.add(remove);
        out.push_back(std::move(choices));
      }
      continue;
    }
    for (std::size_t q = 0; q < map.province_count(); ++q) {
      const auto site = static_cast<ProvinceId>(q);
      const Province& province = map.province(site);
      if (!province.supply_centre || province.kind == ProvinceKind::Sea) continue;
      OrderChoices choices;
      choices.subject = OrderChoices::Subject::BuildSite;
      choices.power = power;
      choices.site = site;
      ChoiceList list(variant, choices);
      Order build;
      build.kind = OrderKind::Build;
      build.unit = UnitRef{UnitType::Army, province.location, kNoPower};
      if (legal(build)) list.add(build);
      build.unit.type = UnitType::Fleet;
      if (province.coasts.empty()) {
        if (legal(build)) list.add(build);
      } else {
        for (LocationId coast : province.coasts) {
          build.unit.location = coast;
          if (legal(build)) list.add(build);
        }
      }
      if (!choices.orders.empty()) out.push_back(std::move(choices));
    }
    OrderChoices other;
    other.subject = OrderChoices::Subject::Power;
    other.power = power;
    Order waive;
    waive.kind = OrderKind::Waive;
    if (legal(waive)) other.orders.push_back(waive);
    if (!other.orders.empty()) out.push_back(std::move(other));
  }
}

}  // namespace

LegalOrders legal_orders(const Variant& variant, const Rulebook& rules, const GameState& state, std::optional<PowerId> power) {
  LegalOrders out;
  out.phase = state.phase;
  if (state.over()) return out;
  std::vector<PowerId> powers;
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    const auto id = static_cast<PowerId>(p);
    if ((!power || *power == id) && !state.in_civil_disorder(id)) powers.push_back(id);
  }
  switch (state.phase.kind) {
    case PhaseKind::Movement: movement_choices(variant, rules, state, powers, out.choices); break;
    case PhaseKind::Retreat: retreat_choices(variant, state, powers, out.choices); break;
    case PhaseKind::Adjustment: adjustment_choices(variant, rules, state, powers, out.choices); break;
  }
  return out;
}

nlohmann::ordered_json legal_orders_json(const Variant& variant, const LegalOrders& orders) {
  const Map& map = variant.map();
  nlohmann::ordered_json powers = nlohmann::ordered_json::object();
  for (const OrderChoices& choices : orders.choices) {
    const std::string& name = variant.power(choices.power).name;
    if (!powers.contains(name))
      powers[name] = nlohmann::ordered_json{{"units", nlohmann::ordered_json::object()},
                                            {"builds", nlohmann::ordered_json::object()},
                                            {"other", nlohmann::ordered_json::array()}};
    nlohmann::ordered_json texts = nlohmann::ordered_json::array();
    for (const Order& order : choices.orders) texts.push_back(to_string(order, variant));
    nlohmann::ordered_json& entry = powers[name];
    switch (choices.subject) {
      case OrderChoices::Subject::Unit: entry["units"][unit_text(map, choices.unit)] = std::move(texts); break;
      case OrderChoices::Subject::BuildSite: entry["builds"][map.province(choices.site).name] = std::move(texts); break;
      case OrderChoices::Subject::Power:
        for (auto& text : texts) entry["other"].push_back(std::move(text));
        break;
    }
  }
  return nlohmann::ordered_json{{"phase", variant.phase_name(orders.phase)}, {"powers", std::move(powers)}};
}

std::string legal_orders_text(const Variant& variant, const LegalOrders& orders) {
  const Map& map = variant.map();
  std::string out = variant.phase_name(orders.phase) + ": legal orders\n";
  PowerId current = kNoPower;
  for (const OrderChoices& choices : orders.choices) {
    if (choices.power != current) {
      current = choices.power;
      out += "\n" + variant.power(current).name + "\n";
    }
    std::string subject;
    switch (choices.subject) {
      case OrderChoices::Subject::Unit: subject = unit_text(map, choices.unit); break;
      case OrderChoices::Subject::BuildSite: subject = "build in " + map.province(choices.site).name; break;
      case OrderChoices::Subject::Power: subject = "other orders"; break;
    }
    out += "  " + subject + " (" + std::to_string(choices.orders.size()) + ")\n";
    for (const Order& order : choices.orders) out += "    " + to_string(order, variant) + "\n";
  }
  return out;
}

}  // namespace dipadj
