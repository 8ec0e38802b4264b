// Convoyable coastal areas (DATC chapter 9; Ancient Mediterranean): a fleet on a coast the map
// tags may convoy as at sea. Armies moving in dislodge such fleets like any other unit, so a
// convoy through a coast can be disrupted by an army (9.C) or by a convoyed army (9.D); the
// paradoxes this makes possible (9.E-9.G) are settled by the backup rule and option 4.A.2. A fleet
// in the army's own province or its destination is never part of its convoy (9.A, 9.B).
//
// The plugin marks the coasts in the map before it is built (Map::convoy_water); the core's
// convoy search and validation then treat them as convoy waters.
//
// Settings (the variant's plugins: entry):   {tag: convoyable}
// Option `convoyable_coasts`: on (a, default) / off (b: fleets on those coasts cannot convoy,
// their convoy orders are illegal).
#include <algorithm>

#include "dipadj/geo/map.hpp"
#include "dipadj/plugin/export.hpp"
#include "dipadj/variant/variant.hpp"

namespace {

using namespace dipadj;

constexpr const char* kOption = "convoyable_coasts";

class ConvoyableCoastRules final : public RulesWith<OrderValidation> {
 public:
  [[nodiscard]] Reason forbids(const Variant& variant, const Rulebook& rules, const Order& resolved) const override {
    if (resolved.kind != OrderKind::Convoy || is_on(rules, kOption)) return Reason::None;
    const Map& map = variant.map();
    return map.province(map.province_of(resolved.unit.location)).kind == ProvinceKind::Sea ? Reason::None
                                                                                            : Reason::ConvoyerNotAtSea;
  }
};

class ConvoyableCoastsPlugin final : public RulePlugin, public MapEditing {
 public:
  [[nodiscard]] std::string_view name() const override { return "convoyable-coasts"; }

  [[nodiscard]] std::vector<RuleOption> options() const override {
    return {on_off_option(kOption, "9", "Convoyable coastal areas: fleets on the coasts the map tags may convoy",
                          "a fleet on such a coast convoys as at sea",
                          "only fleets at sea convoy: convoy orders from those coasts are illegal")};
  }

  [[nodiscard]] const MapEditing* map_editing() const override { return this; }

  void edit_map(MapSpec& map, const PluginSettings& settings, std::vector<Diagnostic>& problems) const override {
    const DocNode& node = settings.node;
    if (!node.is_map() || !node["tag"] || !node["tag"].is_scalar()) {
      problems.push_back(settings.problem(node, "settings must be {tag: <the map's tag for convoyable coasts>}"));
      return;
    }
    const std::string tag = node["tag"].text();
    bool any = false;
    for (const auto& mark : map.province_tags) {
      if (mark.tag != tag) continue;
      any = true;
      const auto& province = map.provinces[mark.province];
      if (province.kind != ProvinceKind::Coastal) {
        problems.push_back(settings.problem(node["tag"], "'" + province.id + "' is tagged '" + tag + "' but is no coastal province"));
        continue;
      }
      if (std::find(map.convoy_coasts.begin(), map.convoy_coasts.end(), mark.province) == map.convoy_coasts.end())
        map.convoy_coasts.push_back(mark.province);
    }
    if (!any) problems.push_back(settings.problem(node["tag"], "the map tags no province '" + tag + "'"));
  }

  [[nodiscard]] std::unique_ptr<RuleExtension> bind(const Variant& /*variant*/, const PluginSettings& /*settings*/,
                                                    std::vector<Diagnostic>& /*problems*/) const override {
    return std::make_unique<ConvoyableCoastRules>();
  }
};

}  // namespace

DIPADJ_PLUGIN(ConvoyableCoastsPlugin)
