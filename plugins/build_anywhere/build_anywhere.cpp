// Builds in any owned supply centre (DATC chapter 11, the Chaos variant): the centres a power owns,
// and only they, are home to it, for builds and for the civil-disorder distances ("there is no
// notion of 'home supply center' ... any owned supply center is treated as home supply center",
// DATC 11.A).
//
// Settings: none.
// Option `build_anywhere`: on (a, default) / off (b: only the listed home centres).
#include "dipadj/board/position.hpp"
#include "dipadj/plugin/export.hpp"

namespace {

using namespace dipadj;

constexpr const char* kOption = "build_anywhere";

class BuildAnywhereRules final : public RulesWith<CentreRules> {
 public:
  [[nodiscard]] std::optional<bool> home_centre(ProvinceId centre, PowerId power, const Position& position,
                                                const Rulebook& rules) const override {
    if (!is_on(rules, kOption)) return std::nullopt;
    return position.owner(centre) == power;
  }
};

class BuildAnywherePlugin final : public RulePlugin {
 public:
  [[nodiscard]] std::string_view name() const override { return "build-anywhere"; }

  [[nodiscard]] std::vector<RuleOption> options() const override {
    return {on_off_option(kOption, "11", "Builds in any owned supply centre",
                          "every owned centre is home: builds there, civil-disorder distances from all of them",
                          "only the variant's listed home centres")};
  }

  [[nodiscard]] std::unique_ptr<RuleExtension> bind(const Variant& /*variant*/, const PluginSettings& settings,
                                                    std::vector<Diagnostic>& problems) const override {
    if (!settings.expect_none(problems)) return nullptr;
    return std::make_unique<BuildAnywhereRules>();
  }
};

}  // namespace

DIPADJ_PLUGIN(BuildAnywherePlugin)
