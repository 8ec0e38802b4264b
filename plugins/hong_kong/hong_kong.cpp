// Hong Kong (Colonial Diplomacy; DATC 7.A): a supply centre that counts for every power but one.
// The power it does not count for may own it, but gets no build for it and it does not count
// towards its victory.
//
// Settings (the variant's plugins: entry):   {centre: hon, not_for: China}
// Option `hong_kong`: on (a, default) / off (b: an ordinary supply centre).
#include "dipadj/plugin/export.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace {

using namespace dipadj;

constexpr const char* kOption = "hong_kong";

class HongKongRules final : public RulesWith<CentreRules> {
 public:
  HongKongRules(ProvinceId centre, PowerId excluded) : centre_(centre), excluded_(excluded) {}

  [[nodiscard]] bool centre_counts(ProvinceId centre, PowerId owner, const Rulebook& rules) const override {
    if (centre != centre_ || owner != excluded_) return true;
    return !is_on(rules, kOption);
  }

 private:
  ProvinceId centre_;
  PowerId excluded_;
};

class HongKongPlugin final : public RulePlugin {
 public:
  [[nodiscard]] std::string_view name() const override { return "hong-kong"; }

  [[nodiscard]] std::vector<RuleOption> options() const override {
    return {on_off_option(kOption, "7.A", "Hong Kong: a supply centre for every power but one (China)",
                          "the centre counts for every power but the one named: no build and no victory count for it",
                          "an ordinary supply centre")};
  }

  [[nodiscard]] std::unique_ptr<RuleExtension> bind(const Variant& variant, const PluginSettings& settings,
                                                    std::vector<Diagnostic>& problems) const override {
    const DocNode& node = settings.node;
    auto problem = [&](const DocNode& at, const std::string& message) { problems.push_back(settings.problem(at, message)); };
    if (!node.is_map() || !node["centre"] || !node["not_for"]) {
      problem(node, "settings must be {centre: <province>, not_for: <power>}");
      return nullptr;
    }
    const std::string centre_name = node["centre"].text();
    const std::string power_name = node["not_for"].text();
    const auto centre = variant.map().find_province(normalize_name(centre_name));
    const auto power = variant.find_power(power_name);
    if (!centre) problem(node["centre"], "unknown province '" + centre_name + "'");
    else if (!variant.map().province(*centre).supply_centre)
      problem(node["centre"], "'" + centre_name + "' is not a supply centre");
    if (!power) problem(node["not_for"], "unknown power '" + power_name + "'");
    if (!centre || !power || !variant.map().province(*centre).supply_centre) return nullptr;
    return std::make_unique<HongKongRules>(*centre, *power);
  }
};

}  // namespace

DIPADJ_PLUGIN(HongKongPlugin)
