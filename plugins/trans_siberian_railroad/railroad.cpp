// The Trans-Siberian Railroad (Colonial Diplomacy; DATC 7.B): one army of one power per turn may
// travel along a line of provinces in one move, "A Moscow - TSR - Vladivostok", stopping short
// where it is stopped (journey.cpp).
//
// Settings (the variant's plugins: entry):   {line: [mos, prm, oms, kra, irk, vla], power: Russia}
// Option `trans_siberian_railroad`: on (a, default) / off (b: railroad orders are not orders of
// the game).
#include <algorithm>
#include <cctype>

#include "dipadj/notation/order_parser.hpp"
#include "dipadj/notation/order_text.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/plugin/export.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "railroad.hpp"

namespace dipadj::railroad {

bool railroad_on(const Rulebook& rules) {
  return is_on(rules, kOption);
}

std::vector<ProvinceId> Line::route(ProvinceId from, ProvinceId to) const {
  const auto a = std::find(stations.begin(), stations.end(), from);
  const auto b = std::find(stations.begin(), stations.end(), to);
  if (a == stations.end() || b == stations.end() || a == b) return {};
  if (a < b) return std::vector<ProvinceId>(a, b + 1);
  std::vector<ProvinceId> out(b, a + 1);
  std::reverse(out.begin(), out.end());
  return out;
}

namespace {

bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; }

// Where the word "TSR" stands in the text (any case, not part of a longer word), or npos.
std::size_t find_railroad_word(std::string_view text) {
  for (std::size_t i = 0; i + 3 <= text.size(); ++i) {
    if (normalize_name(text.substr(i, 3)) != "tsr") continue;
    const bool starts = i == 0 || !is_word_char(text[i - 1]);
    const bool ends = i + 3 == text.size() || !is_word_char(text[i + 3]);
    if (starts && ends) return i;
  }
  return std::string_view::npos;
}

}  // namespace

// "A Moscow - TSR - Vladivostok", "A Moscow TSR Vladivostok": the word TSR (and the dashes and
// spaces around it) stands for " - "; the rest is read as an ordinary move.
std::optional<ParsedOrder> RailroadRules::parse_order(std::string_view text, const OrderParser& core,
                                                      bool retreat_phase) const {
  const std::size_t at = find_railroad_word(text);
  if (at == std::string_view::npos) return std::nullopt;
  std::size_t before = at, after = at + 3;
  while (before > 0 && (text[before - 1] == ' ' || text[before - 1] == '-')) --before;
  while (after < text.size() && (text[after] == ' ' || text[after] == '-')) ++after;
  const std::string move = std::string(text.substr(0, before)) + " - " + std::string(text.substr(after));
  ParsedOrder read = core.parse_without_extensions(move, retreat_phase);
  const bool is_move = read.order && (read.order->kind == OrderKind::Move || read.order->kind == OrderKind::Retreat) &&
                       read.order->target != kNoLocation && read.order->convoy_path.empty() && !read.order->via_convoy;
  if (!is_move) {
    ParsedOrder out;
    out.power = read.power;
    out.error = read.order || !read.readings.empty() ? "a railroad order is a move: A Moscow - TSR - Vladivostok"
                                                     : read.error;
    return out;
  }
  read.order->extension_kind = kJourney;
  return read;
}

std::string RailroadRules::order_text(const Order& order, const Variant& variant) const {
  const Map& map = variant.map();
  std::string unit = order.unit.type ? std::string(1, unit_letter(*order.unit.type)) + " " : std::string();
  unit += order.unit.location == kNoLocation ? std::string("?") : map.location_name(order.unit.location);
  return unit + " - TSR - " + (order.target == kNoLocation ? std::string("?") : map.location_name(order.target));
}

Reason RailroadRules::validate_movement_order(const Variant& variant, const Rulebook& rules, const Position& position,
                                              PowerId power, const Order& order, Order& resolved) const {
  if (order.kind != OrderKind::Move || order.extension_kind != kJourney || !railroad_on(rules)) return Reason::NotThisPhase;
  const Map& map = variant.map();
  if (order.unit.location == kNoLocation) return Reason::NoSuchUnit;
  const ProvinceId from = map.province_of(order.unit.location);
  const Unit& unit = position.unit_in(from);
  if (!unit.present()) return Reason::NoSuchUnit;
  if (unit.power != power) return Reason::ForeignUnit;
  if (power != line_.power) return reasons_.not_for_this_power;  // errata 9.21: Russia only
  if (unit.type != UnitType::Army) return Reason::Unreachable;
  const ProvinceId to = map.province_of(order.target);
  if (to == from) return Reason::MoveToOwnProvince;
  if (line_.route(from, to).empty()) return Reason::Unreachable;
  resolved = order;
  resolved.unit.type = unit.type;
  resolved.unit.location = unit.location;
  resolved.unit.nationality = unit.power;
  resolved.target = map.province(to).location;
  return Reason::None;
}

void RailroadRules::propose_orders(const Variant& variant, const Rulebook& rules, const Position& position, PowerId power,
                                   std::vector<Order>& out) const {
  if (!railroad_on(rules) || power != line_.power) return;
  const Map& map = variant.map();
  for (ProvinceId from : line_.stations) {
    const Unit& unit = position.unit_in(from);
    if (!unit.present() || unit.power != power || unit.type != UnitType::Army) continue;
    for (ProvinceId to : line_.stations) {
      if (to == from) continue;
      Order journey;
      journey.kind = OrderKind::Move;
      journey.extension_kind = kJourney;
      journey.unit = UnitRef{unit.type, unit.location, kNoPower};
      journey.target = map.province(to).location;
      out.push_back(journey);
    }
  }
}

bool RailroadRules::move_possible(const Variant& variant, const Rulebook& rules, const Unit& unit, ProvinceId to) const {
  return railroad_on(rules) && unit.present() && unit.type == UnitType::Army && unit.power == line_.power &&
         !line_.route(variant.map().province_of(unit.location), to).empty();
}

std::unique_ptr<MovementRules> RailroadRules::movement_rules(const Rulebook& rules) const {
  if (!railroad_on(rules)) return nullptr;
  return std::make_unique<Journey>(line_, reasons_);
}

namespace {

class RailroadPlugin final : public RulePlugin {
 public:
  [[nodiscard]] std::string_view name() const override { return "trans-siberian-railroad"; }

  [[nodiscard]] std::vector<RuleOption> options() const override {
    return {on_off_option(kOption, "7.B", "Trans-Siberian Railroad: one army of one power per turn travels along the line",
                          "railroad orders (A Moscow - TSR - Vladivostok) as the DATC 7.B assumptions read them",
                          "no railroad: such orders are not orders of the game")};
  }

  [[nodiscard]] std::vector<ReasonText> reasons() const override { return {kNotForThisPower, kOneUnitAtATime, kStoppedShort}; }

  [[nodiscard]] std::unique_ptr<RuleExtension> bind(const Variant& variant, const PluginSettings& settings,
                                                    std::vector<Diagnostic>& problems) const override {
    const DocNode& node = settings.node;
    auto problem = [&](const DocNode& at, const std::string& message) { problems.push_back(settings.problem(at, message)); };
    if (!node.is_map() || !node["line"] || !node["line"].is_sequence() || node["line"].size() < 2 || !node["power"]) {
      problem(node, "settings must be {line: [<province>, <province>, ...], power: <power>}");
      return nullptr;
    }
    const Map& map = variant.map();
    Line line;
    bool usable = true;
    for (const DocNode& station : node["line"].items()) {
      const std::string name = station.text();
      const auto found = map.find_province(normalize_name(name));
      if (!found) {
        problem(station, "unknown province '" + name + "'");
        usable = false;
        continue;
      }
      if (map.province(*found).kind == ProvinceKind::Sea) {
        problem(station, "'" + name + "' is a sea: the line runs over land");
        usable = false;
      }
      if (std::find(line.stations.begin(), line.stations.end(), *found) != line.stations.end()) {
        problem(station, "'" + name + "' is on the line twice");
        usable = false;
      }
      if (!line.stations.empty() && !map.army_adjacent(line.stations.back(), *found)) {
        problem(station, "'" + map.province(line.stations.back()).name + "' and '" + map.province(*found).name +
                             "' are no neighbours: the line follows borders");
        usable = false;
      }
      line.stations.push_back(*found);
    }
    const std::string power_name = node["power"].text();
    const auto power = variant.find_power(power_name);
    if (!power) {
      problem(node["power"], "unknown power '" + power_name + "'");
      usable = false;
    }
    if (!usable) return nullptr;
    line.power = *power;
    const RailroadReasons reasons{*variant.find_reason(kNotForThisPower.code), *variant.find_reason(kOneUnitAtATime.code),
                                  *variant.find_reason(kStoppedShort.code)};
    return std::make_unique<RailroadRules>(std::move(line), reasons);
  }
};

}  // namespace
}  // namespace dipadj::railroad

DIPADJ_PLUGIN(dipadj::railroad::RailroadPlugin)
