// A plugin that says where every part of its settings is: each key and each value becomes a
// problem at its line (so a test can check the lines the core hands over with the settings), and
// then it reads `count` without checking what kind of value it is, as a careless plugin might
// (so a test can check that what yaml-cpp throws then is reported with the line).
#include <yaml-cpp/yaml.h>

#include "dipadj/plugin/export.hpp"
#include "echo_settings.hpp"

namespace {
class EchoSettings final : public dipadj::RulePlugin {
 public:
  [[nodiscard]] std::string_view name() const override { return "echo-settings"; }
  [[nodiscard]] std::unique_ptr<dipadj::RuleExtension> bind(const dipadj::Variant&, const dipadj::PluginSettings& settings,
                                                            std::vector<dipadj::Diagnostic>& problems) const override {
    echo_settings(settings, settings.node, problems);
    const int count = settings.node["count"].as<int>();
    problems.push_back(settings.problem(settings.node["count"], "count " + std::to_string(count)));
    return nullptr;
  }
};
}  // namespace

DIPADJ_PLUGIN(EchoSettings)
