// A proper plugin whose library file carries another plugin's name.
#include "dipadj/plugin/export.hpp"

namespace {
class Misnamed final : public dipadj::RulePlugin {
 public:
  [[nodiscard]] std::string_view name() const override { return "something-else"; }
  [[nodiscard]] std::unique_ptr<dipadj::RuleExtension> bind(const dipadj::Variant&, const dipadj::PluginSettings&,
                                                            std::vector<dipadj::Diagnostic>&) const override {
    return nullptr;
  }
};
}  // namespace

DIPADJ_PLUGIN(Misnamed)
