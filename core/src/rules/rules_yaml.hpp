#pragma once
// Applying a `rules:` mapping of a YAML file to a rulebook. Private to the core library.
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/rules/rulebook.hpp"

namespace dipadj {

// Each `key: choice` of the node sets that option, its source being "file:line". Unknown keys and
// choices are errors that list what is allowed.
void apply_rules(const std::string& file, const YAML::Node& node, Rulebook& rules, std::vector<Diagnostic>& errors);

// A case or game may name a profile and give its own rules: both applied in that order.
void apply_profile_and_rules(const std::string& file, const YAML::Node& owner, Rulebook& rules,
                             std::vector<Diagnostic>& errors);

}  // namespace dipadj
