#include "dipadj/notation/order_text.hpp"
#include "dipadj/game/phase_json.hpp"

#include <nlohmann/json.hpp>

#include "dipadj/order/order.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

using Json = nlohmann::ordered_json;

Json outcome_json(const OrderOutcome& outcome, const Variant& variant) {
  Json out = Json::object();
  out["result"] = to_string(outcome.resolution);
  out["reason"] = std::string(variant.reason_text(outcome.reason));
  out["reason_code"] = std::string(variant.reason_code(outcome.reason));
  if (outcome.by != kNoProvince) out["by"] = variant.map().province(outcome.by).name;
  return out;
}

// {power: [...]} for the powers that have any, in the variant's order of powers.
template <class List>
Json per_power(const Variant& variant, List list) {
  Json out = Json::object();
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    const auto power = static_cast<PowerId>(p);
    auto items = list(power);
    if (!items.empty()) out[variant.power(power).name] = std::move(items);
  }
  return out;
}

}  // namespace

void to_json(Json& out, const PlayedPhase& played) {
  const Variant& variant = played.variant;
  const Map& map = variant.map();
  const PhaseReport& report = played.report;
  out = Json::object();
  out["phase"] = to_string(played.before.phase);

  Json orders = Json::array();
  for (std::size_t i = 0; i < played.orders.size(); ++i) {
    const SubmittedOrder& submitted = played.orders[i];
    Json order = Json::object();
    order["power"] = variant.power(submitted.power).name;
    // An unclear order has no one meaning to print: only its text.
    order["order"] = submitted.set_aside == Reason::UnclearOrder ? Json() : Json(to_string(submitted.order, variant));
    if (i < played.written.size()) order["written"] = played.written[i];
    order.update(outcome_json(report.outcomes[i], variant));
    orders.push_back(std::move(order));
  }
  out["orders"] = std::move(orders);

  if (!report.added.empty()) {
    Json added_orders = Json::array();
    for (const AddedOrder& added : report.added) {
      Json order = Json::object();
      order["power"] = variant.power(added.submitted.power).name;
      order["order"] = to_string(added.submitted.order, variant);
      order["source"] = to_string(added.source);
      order.update(outcome_json(added.outcome, variant));
      added_orders.push_back(std::move(order));
    }
    out["added_orders"] = std::move(added_orders);
  }

  Json dislodged = Json::array();
  for (const auto& d : report.movement.dislodged) {
    Json retreats = Json::array();
    for (LocationId loc : report.movement.retreats(d)) retreats.push_back(map.location_name(loc));
    Json unit = Json::object();
    unit["power"] = variant.power(d.unit.power).name;
    unit["unit"] = unit_text(map, d.unit);
    unit["attacker_from"] = d.attacker_from == kNoProvince ? Json() : Json(map.province(d.attacker_from).name);
    unit["retreats"] = std::move(retreats);
    dislodged.push_back(std::move(unit));
  }
  out["dislodged"] = std::move(dislodged);

  Json disbanded = Json::array();
  for (const Unit& unit : report.disbanded) {
    Json item = Json::object();
    item["power"] = variant.power(unit.power).name;
    item["unit"] = unit_text(map, unit);
    disbanded.push_back(std::move(item));
  }
  out["disbanded"] = std::move(disbanded);

  const Position& after = played.after.position;
  out["units"] = per_power(variant, [&](PowerId power) { return unit_texts(map, after, power); });
  out["supply_centres"] = per_power(variant, [&](PowerId power) { return centre_names(map, after, power); });
  out["next_phase"] = to_string(played.after.phase);
  if (played.after.over()) out["winner"] = variant.power(played.after.winner).name;
}

std::string phase_json_text(const PlayedPhase& played, int indent) { return json_text(Json(played), indent); }

std::string json_text(const Json& value, int indent) { return value.dump(indent, ' ', false, Json::error_handler_t::replace); }

}  // namespace dipadj
