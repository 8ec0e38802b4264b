// A plugin that says where every part of its settings is: each key and each value becomes a
// problem at its line (so a test can check the lines the core hands over with the settings), and
// then it reads `count` without checking what kind of value it is, as a careless plugin might: a
// document gives the empty text for a value of another kind, never an exception.
#include "dipadj/plugin/export.hpp"
#include "echo_settings.hpp"

namespace {
class EchoSettings final : public dipadj::RulePlugin {
 public:
  [[nodiscard]] std::string_view name() const override { return "echo-settings"; }
  [[nodiscard]] std::unique_ptr<dipadj::RuleExtension> bind(const dipadj::Variant&, const dipadj::PluginSettings& settings,
                                                            std::vector<dipadj::Diagnostic>& problems) const override {
    echo_settings(settings, settings.node, problems);
    problems.push_back(settings.problem(settings.node["count"], "count '" + settings.node["count"].text() + "'"));
    return nullptr;
  }
};
}  // namespace

DIPADJ_PLUGIN(EchoSettings)
