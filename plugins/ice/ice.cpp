// Ice sectors (DATC chapter 8, the Loeb9 variant): in a frozen season no unit moves into or out of
// a province the map tags as ice, none supports from it or convoys through it, and no unit
// retreats into or out of it after that season's movement. The unit holds instead (its order
// fails: DATC 8.A-8.C, 8.E), and a retreat there is no option (8.D).
//
// Settings (the variant's plugins: entry):   {tag: ice}     (the map's tag for ice sectors)
// Option `ice_seasons`: fall (a, default: Fall and its retreats, as DATC 8 and Loeb9),
// spring_and_fall (b: the whole year), never (c: the sectors are open water). In a variant with a
// calendar of its own, "Fall" is the season named Fall or Autumn, and the whole year every season
// with movement.
#include <algorithm>

#include "dipadj/board/position.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/plugin/export.hpp"
#include "dipadj/plugin/movement_rules.hpp"
#include "dipadj/variant/variant.hpp"

namespace {

using namespace dipadj;

constexpr const char* kOption = "ice_seasons";
const ReasonText kFrozen{"frozen", "the way is frozen this season: the unit holds"};

// Per season of the variant's calendar: whether it is its Fall, and whether it has movement.
struct IceSeasons {
  std::vector<std::uint8_t> fall, movement;

  explicit IceSeasons(const Calendar& calendar) {
    for (std::size_t i = 0; i < calendar.season_count(); ++i) {
      const auto season = static_cast<Season>(i);
      fall.push_back(calendar.find_season("Fall") == season || calendar.find_season("Autumn") == season);
      movement.push_back(calendar.season(season).movement);
    }
  }
};

bool frozen(const Rulebook& rules, const IceSeasons& seasons, Season season) {
  const std::string_view choice = rules.choice_name(kOption, "fall");
  const auto index = static_cast<std::size_t>(season);
  if (choice == "never" || index >= seasons.fall.size()) return false;
  return choice == "spring_and_fall" ? seasons.movement[index] != 0 : seasons.fall[index] != 0;
}

class IceMovement final : public MovementRules {
 public:
  IceMovement(const std::vector<std::uint8_t>& ice, const IceSeasons& seasons, Reason frozen_reason)
      : ice_(ice), seasons_(seasons), frozen_reason_(frozen_reason) {}

  void prepare(MovementBoard& board) override {
    if (!frozen(board.rules(), seasons_, board.season())) return;
    const Map& map = board.variant().map();
    for (std::size_t p = 0; p < map.province_count(); ++p) {
      const auto unit = static_cast<ProvinceId>(p);
      const Order* order = board.order_of(unit);
      if (order == nullptr) continue;
      bool stuck = false;
      switch (order->kind) {
        case OrderKind::Move:
          stuck = ice_[unit] != 0 || (order->target != kNoLocation && ice_[map.province_of(order->target)] != 0);
          break;
        case OrderKind::Support:
        case OrderKind::Convoy:
          stuck = ice_[unit] != 0;
          break;
        default:
          break;
      }
      if (stuck) board.hold_instead(unit, frozen_reason_);
    }
  }

 private:
  const std::vector<std::uint8_t>& ice_;
  const IceSeasons& seasons_;
  Reason frozen_reason_;
};

class IceRules final : public RulesWith<MovementPart, RetreatPassages> {
 public:
  IceRules(std::vector<std::uint8_t> ice, const Variant& variant, Reason frozen_reason)
      : ice_(std::move(ice)), map_(&variant.map()), seasons_(variant.calendar()), frozen_reason_(frozen_reason) {}

  [[nodiscard]] std::unique_ptr<MovementRules> movement_rules(const Rulebook& rules) const override {
    if (rules.choice_name(kOption, "fall") == "never") return nullptr;
    return std::make_unique<IceMovement>(ice_, seasons_, frozen_reason_);
  }

  [[nodiscard]] bool retreat_passage_open(LocationId from, LocationId to, const Rulebook& rules,
                                          Season season) const override {
    return !frozen(rules, seasons_, season) || (ice_[map_->province_of(from)] == 0 && ice_[map_->province_of(to)] == 0);
  }

 private:
  std::vector<std::uint8_t> ice_;  // per province
  const Map* map_;
  IceSeasons seasons_;
  Reason frozen_reason_;
};

class IcePlugin final : public RulePlugin {
 public:
  [[nodiscard]] std::string_view name() const override { return "ice"; }

  [[nodiscard]] std::vector<RuleOption> options() const override {
    RuleOption option;
    option.key = kOption;
    option.issue = "8";
    option.title = "Ice sectors: the seasons in which they are frozen";
    option.choices = {
        {"a", "fall", "frozen in Fall and its retreats: no move into or out of them, no support from them, no convoy", true},
        {"b", "spring_and_fall", "frozen the whole year (both movement seasons and their retreats)", true},
        {"c", "never", "never frozen: ice sectors are ordinary provinces", true},
    };
    return {option};
  }

  [[nodiscard]] std::vector<ReasonText> reasons() const override { return {kFrozen}; }

  [[nodiscard]] std::unique_ptr<RuleExtension> bind(const Variant& variant, const PluginSettings& settings,
                                                    std::vector<Diagnostic>& problems) const override {
    const DocNode& node = settings.node;
    if (!node.is_map() || !node["tag"] || !node["tag"].is_scalar()) {
      problems.push_back(settings.problem(node, "settings must be {tag: <the map's tag for ice sectors>}"));
      return nullptr;
    }
    const Map& map = variant.map();
    const auto tagged = map.provinces_tagged(node["tag"].text());
    if (tagged.empty()) {
      problems.push_back(settings.problem(node["tag"], "the map tags no province '" + node["tag"].text() + "'"));
      return nullptr;
    }
    std::vector<std::uint8_t> ice(map.province_count(), 0);
    for (ProvinceId p : tagged) ice[p] = 1;
    return std::make_unique<IceRules>(std::move(ice), variant, *variant.find_reason(kFrozen.code));
  }
};

}  // namespace

DIPADJ_PLUGIN(IcePlugin)
