#pragma once
// The rule option most plugins add: one that turns the plugin's rule on (a, the default) or off
// (b), written and asked the same way by every plugin.
#include <string>
#include <string_view>
#include <utility>

#include "dipadj/rules/rulebook.hpp"

namespace dipadj {

// The option `key` (DATC `issue`, `title`), with the choices "on" (`on_means`, the default) and
// "off" (`off_means`).
[[nodiscard]] inline RuleOption on_off_option(std::string key, std::string issue, std::string title, std::string on_means,
                                              std::string off_means) {
  RuleOption option;
  option.key = std::move(key);
  option.issue = std::move(issue);
  option.title = std::move(title);
  option.choices = {{"a", "on", std::move(on_means), true}, {"b", "off", std::move(off_means), true}};
  return option;
}

// Whether the option `key` made by on_off_option is on under these rules (on when the rules do
// not have it).
[[nodiscard]] inline bool is_on(const Rulebook& rules, std::string_view key) { return rules.choice_name(key, "on") == "on"; }

}  // namespace dipadj
