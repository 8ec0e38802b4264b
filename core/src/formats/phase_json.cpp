#include "dipadj/notation/order_text.hpp"
#include "dipadj/formats/phase_json.hpp"

#include <nlohmann/json.hpp>

#include "dipadj/order/order.hpp"
#include "dipadj/variant/variant.hpp"
#include "json_writer.hpp"

namespace dipadj {
namespace {

// `reason`: the reason in words, as reason_text() tells it for this order.
void write_outcome(JsonSink& out, const OrderOutcome& outcome, const std::string& reason, const Variant& variant) {
  out.key("result");
  out.string(to_string(outcome.resolution));
  out.key("reason");
  out.string(reason);
  out.key("reason_code");
  out.string(variant.reason_code(outcome.reason));
  if (outcome.by != kNoProvince) {
    out.key("by");
    out.string(variant.map().province(outcome.by).name);
  }
}

// {power: [...]} for the powers that have any, in the variant's order of powers; with
// `neutral_too` (units) the neutral units last, under `Neutral`. `item(province, power, text)`
// says whether the province gives the power an item, and puts the item's text in `text`. Written
// straight from the board, province by province: no list of texts is built per power and line.
template <class Item>
void write_per_power(JsonSink& out, const Variant& variant, Item item, bool neutral_too = false) {
  std::string text;  // one item's text, its buffer reused
  out.begin_object();
  const std::size_t count = variant.power_count() + (neutral_too ? 1 : 0);
  for (std::size_t p = 0; p < count; ++p) {
    const auto power = p < variant.power_count() ? static_cast<PowerId>(p) : kNeutral;
    bool any = false;
    for (std::size_t province = 0; province < variant.map().province_count(); ++province) {
      if (!item(static_cast<ProvinceId>(province), power, text)) continue;
      if (!any) {
        out.key(variant.power(power).name);
        out.begin_array();
        any = true;
      }
      out.string(text);
    }
    if (any) out.end_array();
  }
  out.end_object();
}

// `orders`: each order submitted, as read and as written, with its result.
void write_orders(JsonSink& out, const PlayedPhase& played) {
  const Variant& variant = played.variant;
  out.key("orders");
  out.begin_array();
  for (std::size_t i = 0; i < played.orders.size(); ++i) {
    const SubmittedOrder& submitted = played.orders[i];
    out.begin_object();
    out.key("power");
    out.string(variant.power(submitted.power).name);
    // An unclear order has no one meaning to print: only its text.
    out.key("order");
    if (submitted.set_aside == Reason::UnclearOrder) out.null();
    else out.string(to_string(submitted.order, variant));
    if (i < played.written.size()) {
      out.key("written");
      out.string(played.written[i]);
    }
    if (const std::string read = read_as(played, i); !read.empty()) {
      out.key("read_as");
      out.string(read);
    }
    write_outcome(out, played.report.outcomes[i], reason_text(played, i), variant);
    out.end_object();
  }
  out.end_array();
}

// `added_orders`: the orders the phase added (implied, perpetual), when there are any.
void write_added_orders(JsonSink& out, const PlayedPhase& played) {
  const Variant& variant = played.variant;
  if (played.report.added.empty()) return;
  out.key("added_orders");
  out.begin_array();
  for (const AddedOrder& added : played.report.added) {
    out.begin_object();
    out.key("power");
    out.string(variant.power(added.submitted.power).name);
    out.key("order");
    out.string(to_string(added.submitted.order, variant));
    out.key("source");
    out.string(to_string(added.source));
    write_outcome(out, added.outcome, reason_text(added.submitted.order, added.outcome, variant), variant);
    out.end_object();
  }
  out.end_array();
}

void write_unit(JsonSink& out, const Variant& variant, const Unit& unit) {
  out.begin_object();
  out.key("power");
  out.string(variant.power(unit.power).name);
  out.key("unit");
  out.string(unit_text(variant.map(), unit));
  out.end_object();
}

// `dislodged`: the units dislodged, each with where its attacker came from and where it may
// retreat; `disbanded`: the units lost; `rebuilt`: the neutral units put back.
void write_lost_units(JsonSink& out, const PlayedPhase& played) {
  const Variant& variant = played.variant;
  const Map& map = variant.map();
  const PhaseReport& report = played.report;
  out.key("dislodged");
  out.begin_array();
  for (const auto& d : report.movement.dislodged) {
    out.begin_object();
    out.key("power");
    out.string(variant.power(d.unit.power).name);
    out.key("unit");
    out.string(unit_text(map, d.unit));
    out.key("attacker_from");
    if (d.attacker_from == kNoProvince) out.null();
    else out.string(map.province(d.attacker_from).name);
    out.key("retreats");
    out.begin_array();
    for (LocationId loc : report.movement.retreats(d)) out.string(map.location_name(loc));
    out.end_array();
    out.end_object();
  }
  out.end_array();
  out.key("disbanded");
  out.begin_array();
  for (const Unit& unit : report.disbanded) write_unit(out, variant, unit);
  out.end_array();
  // Only where the rules rebuild neutral units and one came back: every other result reads as before.
  if (report.rebuilt.empty()) return;
  out.key("rebuilt");
  out.begin_array();
  for (const Unit& unit : report.rebuilt) write_unit(out, variant, unit);
  out.end_array();
}

// The board after the phase: units, owners, the next phase and the winner, if any.
void write_after(JsonSink& out, const PlayedPhase& played) {
  const Variant& variant = played.variant;
  const Map& map = variant.map();
  const Position& after = played.after.position;
  out.key("units");
  // As unit_texts and centre_names give them.
  const auto unit = [&](ProvinceId province, PowerId power, std::string& text) {
    const Unit& there = after.unit_in(province);
    if (there.power != power) return false;
    text.assign(1, unit_letter(there.type));
    text += ' ';
    text += map.location_name(there.location);
    return true;
  };
  write_per_power(out, variant, unit, /*neutral_too=*/true);
  out.key("supply_centres");
  const auto centre = [&](ProvinceId province, PowerId power, std::string& text) {
    if (after.owner(province) != power) return false;
    text = map.province(province).name;
    return true;
  };
  write_per_power(out, variant, centre);
  out.key("next_phase");
  out.string(variant.phase_name(played.after.phase));
  if (played.after.winner != kNoPower) {
    out.key("winner");
    out.string(variant.power(played.after.winner).name);
  }
  if (played.after.ended_by != GameEnd::NotOver) {
    out.key("ended_by");
    out.string(to_string(played.after.ended_by));
  }
}

}  // namespace

// The one description of the results as JSON: keys and order as phase_json.hpp lists them.
void write_phase_json(const PlayedPhase& played, JsonSink& out) {
  out.begin_object();
  out.key("phase");
  out.string(played.variant.phase_name(played.before.phase));
  write_orders(out, played);
  write_added_orders(out, played);
  write_lost_units(out, played);
  write_after(out, played);
  out.end_object();
}

void to_json(nlohmann::ordered_json& out, const PlayedPhase& played) { out = nlohmann::ordered_json::parse(phase_json_text(played)); }

void append_phase_json(const PlayedPhase& played, std::string& out) {
  JsonWriter writer(out);
  write_phase_json(played, writer);
  writer.finish();
}

std::string phase_json_text(const PlayedPhase& played, int indent) {
  std::string text;
  append_phase_json(played, text);
  if (indent < 0) return text;
  return json_text(nlohmann::ordered_json::parse(text), indent);
}

std::string json_text(const nlohmann::ordered_json& value, int indent) {
  return value.dump(indent, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace dipadj
