// Game files written: the game state as the JSON model of docs/game-format.md, and that model as
// YAML (the next phase's file of `dipadj adjudicate --next`, `batch --with-next`, the C API).
#include <nlohmann/json.hpp>
#include <yaml-cpp/emitter.h>

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "dipadj/formats/game_file.hpp"
#include "dipadj/notation/order_text.hpp"
#include "dipadj/variant/variant.hpp"
#include "game_state_reading.hpp"

namespace dipadj {
namespace {

using json = nlohmann::ordered_json;

// The options whose value differs from the variant's, each with the choice's name or the number.
json changed_rules(const Variant& variant, const Rulebook& rules) {
  json changed = json::object();
  for (std::size_t i = 0; i < rules.option_count(); ++i) {
    const auto base = variant.rules().find_option(rules.option(i).key);
    if (base && variant.rules().choice(*base) == rules.choice(i)) continue;
    changed[rules.option(i).key] = rules.value_name(i);
  }
  return changed;
}

// `built`: the build history, least recent first (ranks only matter relative to each other),
// when there is one.
void add_build_history(json& out, const Map& map, const GameState& state) {
  std::vector<std::pair<std::uint32_t, std::string>> history;
  for (std::size_t q = 0; q < map.province_count(); ++q) {
    const Unit& unit = state.position.unit_in(static_cast<ProvinceId>(q));
    if (unit.present() && q < state.built.size() && state.built[q] != 0) history.emplace_back(state.built[q], unit_text(map, unit));
  }
  for (const DislodgedUnit& d : state.dislodged)
    if (d.built != 0) history.emplace_back(d.built, unit_text(map, d.unit) + " (dislodged)");
  if (history.empty()) return;
  std::sort(history.begin(), history.end());
  json names = json::array();
  for (auto& h : history) names.push_back(std::move(h.second));
  out["built"] = std::move(names);
}

// Each group of Flying Dutchmen: its power, the units it is among, how many are due.
json flying_dutchmen(const Variant& variant, const GameState& state) {
  const Map& map = variant.map();
  json groups = json::array();
  for (const FlyingDutchmen& group : state.flying_dutchmen) {
    json units = json::array();
    for (ProvinceId p : group.among) units.push_back(unit_text(map, state.position.unit_in(p)));
    for (ProvinceId p : group.among_dislodged)
      for (const DislodgedUnit& d : state.dislodged)
        if (map.province_of(d.unit.location) == p && d.unit.power == group.power)
          units.push_back(unit_text(map, d.unit) + " (dislodged)");
    groups.push_back(json{{"power", variant.power(group.power).name}, {"among", std::move(units)}, {"count", group.count}});
  }
  return groups;
}

// Per power, the powers with something to list (`items` of the power), in the variant's order;
// with `neutral_too` (units) the neutral units last, under `Neutral`.
template <class Items>
json per_power(const Variant& variant, const Items& items, bool neutral_too = false) {
  json lists = json::object();
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    json list = items(static_cast<PowerId>(p));
    if (!list.empty()) lists[variant.power(static_cast<PowerId>(p)).name] = std::move(list);
  }
  if (neutral_too) {
    if (json list = items(kNeutral); !list.empty()) lists[variant.power(kNeutral).name] = std::move(list);
  }
  return lists;
}

// A power's dislodged units, each with where its attacker came from and where it may retreat.
json dislodged_of(const Map& map, const GameState& state, PowerId power) {
  json entries = json::array();
  for (const auto& d : state.dislodged) {
    if (d.unit.power != power) continue;
    json places = json::array();
    for (LocationId loc : d.retreats) places.push_back(map.location_name(loc));
    json entry = json{{"unit", unit_text(map, d.unit)}};
    if (d.attacker_from != kNoProvince) entry["attacker_from"] = map.province(d.attacker_from).name;
    entry["retreats"] = std::move(places);
    entries.push_back(std::move(entry));
  }
  return entries;
}

// A JSON value as YAML through yaml-cpp's emitter (every name quoted as YAML needs): mappings in
// block style, lists of plain values on one line, empty ones as {} and [].
void emit_yaml(YAML::Emitter& out, const nlohmann::ordered_json& value) {
  if (value.is_object()) {
    if (value.empty()) out << YAML::Flow;
    out << YAML::BeginMap;
    for (const auto& [key, item] : value.items()) {
      out << YAML::Key << key << YAML::Value;
      emit_yaml(out, item);
    }
    out << YAML::EndMap;
  } else if (value.is_array()) {
    if (std::all_of(value.begin(), value.end(), [](const auto& item) { return item.is_primitive(); })) out << YAML::Flow;
    out << YAML::BeginSeq;
    for (const auto& item : value) emit_yaml(out, item);
    out << YAML::EndSeq;
  } else if (value.is_string()) {
    out << value.get_ref<const std::string&>();
  } else if (value.is_null()) {
    out << YAML::Null;
  } else {
    out << value.dump();  // numbers and booleans as JSON writes them, which YAML reads alike
  }
}

}  // namespace

nlohmann::ordered_json game_file_json(const Variant& variant, const std::string& variant_name, const GameState& state,
                                      const Rulebook& rules) {
  const Map& map = variant.map();
  json out = json::object();
  out["format"] = "dipadj-game/1";
  out["variant"] = variant_name;
  if (!map.chosen_options().empty()) out["map_options"] = map.chosen_options();
  if (json changed = changed_rules(variant, rules); !changed.empty()) out["rules"] = std::move(changed);
  out["phase"] = variant.phase_name(state.phase);
  if (state.winner != kNoPower) out["winner"] = variant.power(state.winner).name;
  if (state.ended_by != GameEnd::NotOver) out["ended_by"] = to_string(state.ended_by);
  if (state.mobilizing) out["mobilizing"] = true;
  if (!state.civil_disorder.empty()) {
    json names = json::array();
    for (PowerId p : state.civil_disorder) names.push_back(variant.power(p).name);
    out["civil_disorder"] = std::move(names);
  }
  add_build_history(out, map, state);
  if (!state.flying_dutchmen.empty()) out["flying_dutchmen"] = flying_dutchmen(variant, state);
  json perpetual = per_power(variant, [&](PowerId p) {
    json texts = json::array();
    for (const SubmittedOrder& o : state.perpetual_orders)
      if (o.power == p) texts.push_back(to_string(o.order, variant));
    return texts;
  });
  if (!perpetual.empty()) out["perpetual_orders"] = std::move(perpetual);
  out["units"] = per_power(variant, [&](PowerId p) { return json(unit_texts(map, state.position, p)); }, /*neutral_too=*/true);
  json dislodged = per_power(variant, [&](PowerId p) { return dislodged_of(map, state, p); });
  if (!dislodged.empty()) out["dislodged"] = std::move(dislodged);
  out["supply_centres"] = per_power(variant, [&](PowerId p) { return json(centre_names(map, state.position, p)); });
  if (!state.position.plugin_states().empty()) out["plugin_state"] = plugin_state_json(state.position);
  out["orders"] = json::object();
  return out;
}

std::string yaml_text(const nlohmann::ordered_json& value) {
  YAML::Emitter out;
  emit_yaml(out, value);
  return std::string(out.c_str()) + "\n";
}

std::string game_file_text(const Variant& variant, const std::string& variant_name, const GameState& state,
                           const Rulebook& rules) {
  return yaml_text(game_file_json(variant, variant_name, state, rules));
}


}  // namespace dipadj
