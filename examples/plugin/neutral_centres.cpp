// neutral-centres: supply centres that count for no power while the rule is on. A power may
// still take and hold them, but gets no build for them and they do not count towards victory: a
// house rule that keeps a buffer zone (the Low Countries, say) out of the race for centres.
//
// Settings (the variant's plugins: entry):   {centres: [bel, hol]}
// Option `neutral_centres`: on (a, default) / off (b: ordinary supply centres).
//
// An example of a plugin built outside the dipadj tree, against an installed dipadj: see
// CMakeLists.txt beside this file and docs/embedding.md.
#include <dipadj/plugin/export.hpp>
#include <dipadj/text.hpp>
#include <dipadj/variant/variant.hpp>

#include <algorithm>

namespace {

using namespace dipadj;

constexpr const char* kOption = "neutral_centres";

class NeutralCentres final : public RulesWith<CentreRules> {
 public:
  explicit NeutralCentres(std::vector<ProvinceId> centres) : centres_(std::move(centres)) {}

  [[nodiscard]] bool centre_counts(ProvinceId centre, PowerId /*owner*/, const Rulebook& rules) const override {
    if (!is_on(rules, kOption)) return true;
    return std::find(centres_.begin(), centres_.end(), centre) == centres_.end();
  }

 private:
  std::vector<ProvinceId> centres_;
};

class NeutralCentresPlugin final : public RulePlugin {
 public:
  [[nodiscard]] std::string_view name() const override { return "neutral-centres"; }

  [[nodiscard]] std::vector<RuleOption> options() const override {
    return {on_off_option(kOption, "house rule", "Neutral centres: the centres named count for no power",
                          "the centres named give no build and do not count towards victory",
                          "ordinary supply centres")};
  }

  [[nodiscard]] std::unique_ptr<RuleExtension> bind(const Variant& variant, const PluginSettings& settings,
                                                    std::vector<Diagnostic>& problems) const override {
    const DocNode& node = settings.node;
    if (!node.is_map() || !node["centres"] || !node["centres"].is_sequence()) {
      problems.push_back(settings.problem(node, "settings must be {centres: [<province>, ...]}"));
      return nullptr;
    }
    std::vector<ProvinceId> centres;
    for (const DocNode& item : node["centres"].items()) {
      const std::string text = item.is_scalar() ? item.text() : std::string();
      const auto centre = variant.map().find_province(normalize_name(text));
      if (!centre) problems.push_back(settings.problem(item, "unknown province '" + text + "'"));
      else if (!variant.map().province(*centre).supply_centre)
        problems.push_back(settings.problem(item, "'" + text + "' is not a supply centre"));
      else centres.push_back(*centre);
    }
    if (centres.size() != node["centres"].size()) return nullptr;
    return std::make_unique<NeutralCentres>(std::move(centres));
  }
};

}  // namespace

DIPADJ_PLUGIN(NeutralCentresPlugin)
