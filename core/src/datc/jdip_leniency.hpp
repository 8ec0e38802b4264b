#pragma once
// What the jDip/godip case format allows that dipadj's own formats do not, turned into the
// strict form before the core reads a line: kept here, inside the reader of that format, so
// that the project's YAML formats stay strict. Private to the core.
#include <optional>
#include <string>
#include <string_view>

#include "dipadj/board/phase.hpp"

namespace dipadj {

class Variant;

// A phase as the format writes it: "Spring 1901, Movement", "Spring 1901 (Movement)",
// "Fall 1901, Retreat", and jDip's "Fall 1901, Adjustment" (the adjustments after Fall 1901:
// dipadj's Winter 1901 Adjustments).
std::optional<Phase> read_jdip_phase(std::string_view text);

// A unit, order or result line in the strict form "Power: rest": the power's name as the variant
// spells it, found also without the colon ("Italy F gol") and when misspelt by one letter
// ("Germnay"); "=>" as the move sign becomes "-". `why` says what could not be made of the line
// (no power at its start) when the result is empty.
std::optional<std::string> strict_jdip_line(std::string_view line, const Variant& variant, std::string& why);

}  // namespace dipadj
