#pragma once
// Every legal order of a position: what a user interface offers and a bot chooses from. Each
// order listed is one the adjudicator accepts as legal, checked by the same functions it uses
// (check_movement_order, check_retreat_order, check_adjustment_order), plugins' orders included.
//
// Under the DATC's preferred legality (4.E.1 d) an order is legal when it can be valid in the
// current situation. Where the rules are looser (4.E.1 a-c: orders that cannot succeed still take
// part, and fail), only orders that can succeed are listed; the others are accepted all the same.
// Not listed: proxy orders of notified proxies (the grant is already made), orders of powers in
// civil disorder (not followed), orders written with a flawed unit designation.
#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <string>
#include <vector>

#include "dipadj/board/phase.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/order/order.hpp"

namespace dipadj {

class Rulebook;
class Variant;
struct GameState;

// The legal orders of one subject: a unit (in a retreat phase, a dislodged unit), a place to
// build, or a power's orders that are no unit's (a waived build, a canal permission).
struct OrderChoices {
  enum class Subject : std::uint8_t { Unit, BuildSite, Power };
  Subject subject = Subject::Unit;
  PowerId power = kNoPower;       // the power that gives them
  Unit unit;                      // Subject::Unit: the unit, where it stands
  ProvinceId site = kNoProvince;  // Subject::BuildSite: the supply centre
  std::vector<Order> orders;      // each as it would be written, in a stable order
};

struct LegalOrders {
  Phase phase;
  std::vector<OrderChoices> choices;  // by power (the variant's order), then subject
};

// The legal orders of the state's phase for every power, or only for `power`. Pure: safe to call
// from several threads at once with shared variants and rulebooks.
LegalOrders legal_orders(const Variant& variant, const Rulebook& rules, const GameState& state,
                         std::optional<PowerId> power = std::nullopt);

// As JSON (docs/game-format.md, "Legal orders"):
//   {"phase": "...", "powers": {"France": {"units": {"A Paris": ["A Paris Hold", ...]},
//                                          "builds": {"Paris": ["Build A Paris"]}, "other": ["Waive"]}}}
nlohmann::ordered_json legal_orders_json(const Variant& variant, const LegalOrders& orders);
// As text for people: per power, per subject, one order a line.
std::string legal_orders_text(const Variant& variant, const LegalOrders& orders);

}  // namespace dipadj
