#pragma once
// Positions as game, case and variant files write them (YAML or JSON, read as documents:
// document_reader.hpp), read against a variant: units per power, supply-centre owners, a phase. Shared by
// the variant reader (a variant's start), the game and case readers. Private to the core library.

#include <string>
#include <vector>

#include "dipadj/board/phase.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/diagnostic.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/document_reader.hpp"

namespace dipadj {

class OrderReadingMemo;

// Calls `each(power, item)` for every entry of {Power: [..]}; reports the shape's errors. With
// `neutral_allowed` (lists of units) the key `Neutral`, when no power has that name, gives kNeutral.
template <class Each>
void for_each_power_entry(DocumentReader& doc, const DocNode& node, const Variant& variant, Each each, bool neutral_allowed = false) {
  if (!node || node.is_null()) return;
  if (!node.is_map()) {
    doc.error(node, "expected a mapping from power to a list");
    return;
  }
  for (const DocNode& entry : node.items()) {
    const std::string& name = entry.key();
    auto power = variant.find_power(name);
    if (!power && neutral_allowed && normalize_name(name) == "neutral") power = kNeutral;
    if (!power) {
      doc.key_error(entry, "unknown power '" + name + "' in variant '" + variant.name() + "'");
      continue;
    }
    if (entry.is_null()) continue;
    if (!entry.is_sequence()) {
      doc.error(entry, "the entries of " + name + " must be a list");
      continue;
    }
    for (const DocNode& item : entry.items()) {
      if (!item.is_scalar()) {
        doc.error(item, "expected text such as 'A Vienna'");
        continue;
      }
      each(*power, item);
    }
  }
}

// Units per power; each placed in `position`. Reports unknown powers, malformed units, units
// where their type cannot stand (a fleet inland, a missing coast) and two units in one province.
// `memo`: the units read before, for a reader of many games (optional).
void read_units(DocumentReader& doc, const DocNode& node, const Variant& variant, Position& position, OrderReadingMemo* memo = nullptr);
// The same, into a list (dislodged units may share a province with a unit on the board).
void read_unit_list(DocumentReader& doc, const DocNode& node, const Variant& variant, std::vector<Unit>& out);
// The phase under `key`, in the calendar's names ("Spring 1901 Movement"): into `phase` when the
// key is there and readable; an error naming the line when it is not readable (or missing and
// `required`). `memo`: the phases read before, for a reader of many games (optional).
void read_phase(DocumentReader& doc, const DocNode& map, const char* key, const Calendar& calendar, Phase& phase,
                bool required = false, OrderReadingMemo* memo = nullptr);

// Supply-centre owners per power; each must be a supply centre, owned once.
void read_owners(DocumentReader& doc, const DocNode& node, const Variant& variant, Position& position);

}  // namespace dipadj
