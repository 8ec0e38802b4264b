#pragma once
// Applying a `rules:` mapping of a game, case or profile file (a document: YAML or JSON) to a
// rulebook. Private to the core library.

#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "../document.hpp"

namespace dipadj {

// Each `key: choice` of the node sets that option, its source being "file:line". Unknown keys and
// choices are errors that list what is allowed.
void apply_rules(const std::string& file, const DocNode& node, Rulebook& rules, std::vector<Diagnostic>& errors);

// A case or game may name a profile and give its own rules: both applied in that order.
void apply_profile_and_rules(const std::string& file, const DocNode& owner, Rulebook& rules,
                             std::vector<Diagnostic>& errors);

}  // namespace dipadj
