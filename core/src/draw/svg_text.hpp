#pragma once
// Small pieces of SVG text shared by the pictures: escaped text, numbers, colours. Private to the
// core.
#include <string>
#include <string_view>

#include "dipadj/geo/ids.hpp"
#include "import/svg_path.hpp"

namespace dipadj {

class Variant;

// Text as XML character data or an attribute value: & < > " ' escaped, control characters and
// invalid UTF-8 replaced, so the picture stays well-formed whatever a map file names things.
std::string xml_text(std::string_view text);
// A coordinate, to a tenth.
std::string svg_number(double value);
// The path data ("M x y L ... Z") of an outline, to a tenth of a unit.
std::string outline_path(const Outline& outline);
// A power's colour: the usual ones for the Standard powers' names, else from a palette by number.
std::string power_colour(const Variant& variant, PowerId power);
// Black or white, whichever reads better on a colour ("#rrggbb"; white for anything else).
const char* text_colour_on(std::string_view colour);

}  // namespace dipadj
