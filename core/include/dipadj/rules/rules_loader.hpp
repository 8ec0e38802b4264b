#pragma once
// Rule options from YAML, layered: the defaults (DATC preferences) < the variant's `rules:` <
// a named profile (`variants/profiles/<name>.yaml`) < the game's or case's own `rules:`.
// Every value remembers where it came from (`dipadj rules` prints it).
#include <functional>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/rules/rulebook.hpp"

namespace dipadj {

// The profiles that can be named: every `profiles/<name>.yaml` in the variant search path.
std::vector<std::string> profile_names();

// Applies the profile of this name; the errors name its file and line, or list the profiles.
std::vector<Diagnostic> apply_profile(const std::string& name, Rulebook& rules);

// Rules a caller sets on top of a file's own (a command line's --profile and --rule): applied
// after the file's `profile:` and `rules:`, before anything that depends on the rules is read;
// the problems it returns are the file's.
using RuleOverrides = std::function<std::vector<Diagnostic>(Rulebook&)>;

// Applies a YAML text `{key: choice, ...}` (used by tests and tools); `origin` names the text.
std::vector<Diagnostic> apply_rules_text(const std::string& yaml_text, const std::string& origin, Rulebook& rules);

}  // namespace dipadj
