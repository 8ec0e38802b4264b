#pragma once
// What the jDip/godip case format allows that dipadj's own formats do not, turned into the
// strict form before the core reads a line: kept here, inside the reader of that format, so
// that the project's YAML formats stay strict. Private to the core.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/board/calendar.hpp"
#include "dipadj/board/phase.hpp"

namespace dipadj {

class Variant;

// A phase as the format writes it: "Spring 1901, Movement", "Spring 1901 (Movement)",
// "Fall 1901, Retreat", and jDip's "Fall 1901, Adjustment" (the adjustments after Fall 1901:
// dipadj's Winter 1901 Adjustments), in the variant's calendar.
std::optional<Phase> read_jdip_phase(std::string_view text, const Calendar& calendar);

// A unit, order or result line in the strict form "Power: rest": the power's name as the variant
// spells it, found also without the colon ("Italy F gol") and when misspelt by one letter
// ("Germnay"); "=>" as the move sign becomes "-". `why` says what could not be made of the line
// (no power at its start) when the result is empty.
// The names jDip writes that dipadj's maps do not know, in the rest of such a line, replaced by
// ones they do: jDip's own abbreviations of the Standard board (nor, ech, eme; godip's mid), the
// start of a name when only one name starts so ("Portuga", "Burgund", "Norwegian" for the
// Norwegian Sea), "Arctic Sea" for the Arctic Ocean, and a power's name or adjective before a
// unit ("SUPPORT German Army Munich") dropped. Applied by strict_jdip_line.
std::string known_jdip_names(std::string_view text, const Variant& variant);

std::optional<std::string> strict_jdip_line(std::string_view line, const Variant& variant, std::string& why);

// The variant and map options a jDip VARIANT_ALL name stands for (jDip's DATC test variants:
// DATC_Loeb9, DATC_Loeb9_tc14d, ...); the name itself when it is none of them.
struct JdipVariant {
  std::string name;
  std::vector<std::string> map_options;
};
JdipVariant jdip_variant(std::string_view name);

}  // namespace dipadj
