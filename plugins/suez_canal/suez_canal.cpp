// The Suez Canal (Colonial Diplomacy; DATC 7.C): a fleet border that a fleet may cross only with
// the permission of the unit in the keeper province (Egypt), which must stay there and not be
// dislodged. The map has the border; this plugin keeps it.
//
// Settings (the variant's plugins: entry):   {canal: [med, red], keeper: egy}
// Option `suez_canal`: on (a, default) / off (b: the canal is an ordinary border).
// Orders: "SC F Mediterranean Sea - Red Sea", given by the power of the keeper's unit, lets that
// fleet through (an explicit permission). Without one, the keeper's own fleet gets the
// permission implicitly, if it is the only one of its fleets going through.
#include "suez_canal.hpp"

#include "dipadj/notation/order_parser.hpp"
#include "dipadj/notation/order_text.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/plugin/export.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj::suez {

bool canal_on(const Rulebook& rules) {
  return is_on(rules, kOption);
}

bool Canal::crosses(ProvinceId from, ProvinceId to) const {
  return (from == ends[0] && to == ends[1]) || (from == ends[1] && to == ends[0]);
}

std::optional<ParsedOrder> CanalRules::parse_order(std::string_view text, const OrderParser& core,
                                                   bool retreat_phase) const {
  // "SC F Mediterranean Sea - Red Sea", maybe after "Turkey:".
  const std::size_t colon = text.find(':');
  const std::string_view prefix = colon == std::string_view::npos ? std::string_view{} : text.substr(0, colon + 1);
  std::string_view rest = colon == std::string_view::npos ? text : text.substr(colon + 1);
  while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
  if (rest.size() < 3 || normalize_name(rest.substr(0, 2)) != "sc" || rest[2] != ' ') return std::nullopt;
  ParsedOrder read = core.parse_without_extensions(std::string(prefix) + " " + std::string(rest.substr(3)), retreat_phase);
  if (!read.order || read.order->kind != OrderKind::Move || read.order->target == kNoLocation) {
    ParsedOrder out;
    out.power = read.power;
    out.error = read.order || !read.readings.empty()
                    ? "a canal permission names one fleet move: SC F Mediterranean Sea - Red Sea"
                    : read.error;
    return out;
  }
  Order permission;
  permission.kind = OrderKind::Special;
  permission.extension_kind = kPermission;
  permission.other = read.order->unit;
  permission.target = read.order->target;
  read.order = permission;
  return read;
}

std::string CanalRules::order_text(const Order& order, const Variant& variant) const {
  Order move;
  move.kind = OrderKind::Move;
  move.unit = order.other;
  move.target = order.target;
  return "SC " + to_string(move, variant);
}

Reason CanalRules::validate_movement_order(const Variant& variant, const Rulebook& rules, const Position& position,
                                           PowerId power, const Order& order, Order& resolved) const {
  if (order.kind != OrderKind::Special || order.extension_kind != kPermission) return Reason::NotThisPhase;
  if (!canal_on(rules)) return Reason::NotThisPhase;
  const Map& map = variant.map();
  const Unit& keeper = position.unit_in(canal_.keeper);
  if (!keeper.present() || keeper.power != power) return reasons_.not_for_this_power;
  if (order.other.location == kNoLocation) return Reason::NoSuchUnit;
  const ProvinceId from = map.province_of(order.other.location);
  const Unit& fleet = position.unit_in(from);
  if (!fleet.present() || fleet.type != UnitType::Fleet) return Reason::NoSuchUnit;
  if (!canal_.crosses(from, map.province_of(order.target))) return reasons_.permission_for_no_passage;
  resolved = order;
  resolved.other.type = fleet.type;
  resolved.other.location = fleet.location;
  resolved.other.nationality = fleet.power;
  return Reason::None;
}

void CanalRules::propose_orders(const Variant& variant, const Rulebook& rules, const Position& position, PowerId power,
                                std::vector<Order>& out) const {
  if (!canal_on(rules)) return;
  const Unit& keeper = position.unit_in(canal_.keeper);
  if (!keeper.present() || keeper.power != power) return;
  const Map& map = variant.map();
  // A permission for each fleet at either end, to cross to the other.
  for (std::size_t end = 0; end < 2; ++end) {
    const Unit& fleet = position.unit_in(canal_.ends[end]);
    if (!fleet.present() || fleet.type != UnitType::Fleet) continue;
    Order permission;
    permission.kind = OrderKind::Special;
    permission.extension_kind = kPermission;
    permission.other = UnitRef{fleet.type, fleet.location, kNoPower};
    permission.target = map.province(canal_.ends[1 - end]).location;
    out.push_back(permission);
  }
}

std::unique_ptr<MovementRules> CanalRules::movement_rules(const Rulebook& rules) const {
  if (!canal_on(rules)) return nullptr;  // an ordinary border
  return std::make_unique<CanalMovement>(canal_, reasons_);
}

bool CanalRules::retreat_passage_open(LocationId from, LocationId to, const Rulebook& rules, Season /*season*/) const {
  // Nobody gives permissions in a retreat phase.
  return !canal_on(rules) || !canal_.crosses(map_->province_of(from), map_->province_of(to));
}

namespace {

class SuezCanalPlugin final : public RulePlugin {
 public:
  [[nodiscard]] std::string_view name() const override { return "suez-canal"; }

  [[nodiscard]] std::vector<RuleOption> options() const override {
    return {on_off_option(kOption, "7.C", "Suez Canal: a fleet crosses only with the permission of the unit in the keeper province",
                          "permission needed: explicit (SC order) or implicit for the keeper's own fleet; one fleet per turn",
                          "the canal is an ordinary border")};
  }

  [[nodiscard]] std::vector<ReasonText> reasons() const override {
    return {kNotForThisPower, kPermissionForNoPassage, kPermissionNotUsed};
  }

  [[nodiscard]] std::unique_ptr<RuleExtension> bind(const Variant& variant, const PluginSettings& settings,
                                                    std::vector<Diagnostic>& problems) const override {
    const DocNode& node = settings.node;
    auto problem = [&](const DocNode& at, const std::string& message) { problems.push_back(settings.problem(at, message)); };
    if (!node.is_map() || !node["canal"] || !node["canal"].is_sequence() || node["canal"].size() != 2 || !node["keeper"]) {
      problem(node, "settings must be {canal: [<sea>, <sea>], keeper: <province>}");
      return nullptr;
    }
    const Map& map = variant.map();
    auto province = [&](const DocNode& at) -> std::optional<ProvinceId> {
      const std::string name = at.text();
      auto found = map.find_province(normalize_name(name));
      if (!found) problem(at, "unknown province '" + name + "'");
      return found;
    };
    const auto first = province(node["canal"].items()[0]);
    const auto second = province(node["canal"].items()[1]);
    const auto keeper = province(node["keeper"]);
    if (!first || !second || !keeper) return nullptr;
    if (!map.fleet_reaches(map.province(*first).location, *second)) {
      problem(node["canal"], "the map has no fleet border between '" + map.province(*first).name + "' and '" +
                                 map.province(*second).name + "' for the canal to keep");
      return nullptr;
    }
    const CanalReasons reasons{*variant.find_reason(kNotForThisPower.code), *variant.find_reason(kPermissionForNoPassage.code),
                               *variant.find_reason(kPermissionNotUsed.code)};
    return std::make_unique<CanalRules>(Canal{{*first, *second}, *keeper}, map, reasons);
  }
};

}  // namespace
}  // namespace dipadj::suez

DIPADJ_PLUGIN(dipadj::suez::SuezCanalPlugin)
