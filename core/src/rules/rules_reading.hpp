#pragma once
// Applying a `rules:` mapping of a variant, game, case or profile file (a document: YAML or JSON)
// to a rulebook. Private to the core library.

#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/document_reader.hpp"

namespace dipadj {

// Each `key: choice` of the node sets that option, its source being "file:line". Unknown keys and
// choices are errors that list what is allowed.
void apply_rules(DocumentReader& doc, const DocNode& node, Rulebook& rules);

// A case or game may name a profile and give its own rules: both applied in that order.
void apply_profile_and_rules(DocumentReader& doc, const DocNode& owner, Rulebook& rules);

}  // namespace dipadj
