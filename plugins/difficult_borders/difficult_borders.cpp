// Difficult passable borders (DATC chapter 10, the Loeb9 variant): borders the map tags. A move
// across one has one strength less (an unsupported one has none: it enters only an empty province
// nobody else enters, bounces only another move without strength, and cuts no support); no
// support is given across one; a retreat across one loses to a retreat over an ordinary border
// into the same province. A move by convoy crosses no border (DATC 10.M, 10.N). The cost holds
// for any unit crossing the border, as in jDip's Loeb9 data (baseMoveModifier -1).
//
// Settings (the variant's plugins: entry):   {tag: difficult}
// Option `difficult_borders`: on (a, default) / off (b: ordinary borders).
#include "dipadj/geo/map.hpp"
#include "dipadj/plugin/export.hpp"
#include "dipadj/variant/variant.hpp"

namespace {

using namespace dipadj;

constexpr const char* kOption = "difficult_borders";
const ReasonText kNoSupportAcross{"no_support_across", "no support can be given across that border"};

class DifficultBorderRules final : public RulesWith<BorderCosts, OrderValidation> {
 public:
  DifficultBorderRules(std::string tag, const Map& map, Reason no_support_across)
      : tag_(std::move(tag)), map_(&map), no_support_across_(no_support_across) {}

  [[nodiscard]] int border_cost(ProvinceId from, ProvinceId to, UnitType /*type*/, const Rulebook& rules) const override {
    return is_on(rules, kOption) && map_->border_has_tag(from, to, tag_) ? 1 : 0;
  }

  // "Support can not be given over this corridor" (DATC 10.E).
  [[nodiscard]] Reason forbids(const Variant& variant, const Rulebook& rules, const Order& resolved) const override {
    if (resolved.kind != OrderKind::Support || !is_on(rules, kOption)) return Reason::None;
    const Map& map = variant.map();
    const ProvinceId from = map.province_of(resolved.unit.location);
    const ProvinceId to =
        resolved.target != kNoLocation ? map.province_of(resolved.target) : map.province_of(resolved.other.location);
    return map.border_has_tag(from, to, tag_) ? no_support_across_ : Reason::None;
  }

 private:
  std::string tag_;
  const Map* map_;
  Reason no_support_across_;
};

class DifficultBordersPlugin final : public RulePlugin {
 public:
  [[nodiscard]] std::string_view name() const override { return "difficult-borders"; }

  [[nodiscard]] std::vector<RuleOption> options() const override {
    return {on_off_option(kOption, "10", "Difficult passable borders: one strength less across, no support across",
                          "a move across has one strength less and cuts no support without it; no support across; retreats across lose",
                          "ordinary borders")};
  }

  [[nodiscard]] std::vector<ReasonText> reasons() const override { return {kNoSupportAcross}; }

  [[nodiscard]] std::unique_ptr<RuleExtension> bind(const Variant& variant, const PluginSettings& settings,
                                                    std::vector<Diagnostic>& problems) const override {
    const DocNode& node = settings.node;
    if (!node.is_map() || !node["tag"] || !node["tag"].is_scalar()) {
      problems.push_back(settings.problem(node, "settings must be {tag: <the map's tag for difficult borders>}"));
      return nullptr;
    }
    // The map may tag no border yet: a map option can add them (DATC 10.D).
    return std::make_unique<DifficultBorderRules>(node["tag"].text(), variant.map(), *variant.find_reason(kNoSupportAcross.code));
  }
};

}  // namespace

DIPADJ_PLUGIN(DifficultBordersPlugin)
