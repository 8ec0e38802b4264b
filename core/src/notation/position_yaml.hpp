#pragma once
// Positions as YAML files write them, read against a variant: units per power, supply-centre
// owners, a phase. Shared by the variant reader (a variant's start), the game and case readers.
// Private to the core library.
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "dipadj/board/phase.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/diagnostic.hpp"
#include "dipadj/variant/variant.hpp"
#include "../yaml_support.hpp"

namespace dipadj {

// Calls `each(power, item)` for every entry of {Power: [..]}; reports the shape's errors.
template <class Each>
void for_each_power_entry(const std::string& file, const YAML::Node& node, const Variant& variant,
                          std::vector<Diagnostic>& errors, Each each) {
  if (!node || node.IsNull()) return;
  if (!node.IsMap()) {
    errors.push_back(yaml::diagnostic(file, node, "expected a mapping from power to a list"));
    return;
  }
  for (const auto& entry : node) {
    const std::string name = entry.first.Scalar();
    auto power = variant.find_power(name);
    if (!power) {
      errors.push_back(yaml::diagnostic(file, entry.first, "unknown power '" + name + "' in variant '" + variant.name() + "'"));
      continue;
    }
    if (entry.second.IsNull()) continue;
    if (!entry.second.IsSequence()) {
      errors.push_back(yaml::diagnostic(file, entry.second, "the entries of " + name + " must be a list"));
      continue;
    }
    for (const auto& item : entry.second) {
      if (!item.IsScalar()) {
        errors.push_back(yaml::diagnostic(file, item, "expected text such as 'A Vienna'"));
        continue;
      }
      each(*power, item);
    }
  }
}

// Units per power; each placed in `position`. Reports unknown powers, malformed units, units
// where their type cannot stand (a fleet inland, a missing coast) and two units in one province.
void read_units(const std::string& file, const YAML::Node& node, const Variant& variant, Position& position,
                std::vector<Diagnostic>& errors);
// The same, into a list (dislodged units may share a province with a unit on the board).
void read_unit_list(const std::string& file, const YAML::Node& node, const Variant& variant, std::vector<Unit>& out,
                    std::vector<Diagnostic>& errors);
// The phase under `key` ("Spring 1901 Movement"): into `phase` when the key is there and
// readable; an error naming the line when it is not readable (or missing and `required`).
void read_phase(const std::string& file, const YAML::Node& map, const char* key, Phase& phase,
                std::vector<Diagnostic>& errors, bool required = false);

// Supply-centre owners per power; each must be a supply centre, owned once.
void read_owners(const std::string& file, const YAML::Node& node, const Variant& variant, Position& position,
                 std::vector<Diagnostic>& errors);

}  // namespace dipadj
