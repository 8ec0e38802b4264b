#pragma once
// A drawing's shapes sorted into what a map is made of (docs/importing-maps.md, "A drawing"):
// provinces (their id and name, sea or land, supply centre, a power's colour), the named
// sub-shapes and markers of their coasts, centre markers and the legend of the powers' colours.
// No geometry is compared here: which shapes touch is shape_borders' work. Private to the core.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "svg_colour.hpp"
#include "svg_drawing.hpp"

namespace dipadj {

struct DrawnProvince {
  std::string id;    // small letters and digits, as map.yaml wants it
  std::string name;  // data-name, inkscape:label, or the id as drawn
  std::vector<std::string> aliases;  // the id as drawn, when it is not the same
  int line = 0;      // of its first shape
  bool sea = false;
  bool centre = false;  // marked on its shape (a class or data-centre)
  std::string power;    // data-power on its shape: a home province of that power
  std::optional<Rgb> fill;
  Outline outline;      // every shape of it, coast sub-shapes too
  std::map<std::string, Outline> coast_shapes;  // coast id -> its sub-shape
  std::map<std::string, Point> coast_markers;   // coast id -> where its marker is
};

struct DrawnMarker {
  Point at;
  std::string province;  // the province it names, when it names one (else: the one it lies in)
  std::string coast;     // for a coast marker
  int line = 0;
};

struct DrawnMap {
  std::vector<DrawnProvince> provinces;
  std::vector<DrawnMarker> centres, coasts;
  std::map<Rgb, std::string> legend;  // a power's colour -> its name
  std::vector<std::string> legend_order;
  std::string seas_by;  // how the seas were told: "a layer", "a class", "their fill colour", or empty (none)
};

// The drawing's shapes sorted; what is left out (a shape naming no province, an id that makes
// none) goes to `notes` with its file:line.
DrawnMap sort_drawing(const SvgDrawing& drawing, std::vector<Diagnostic>& notes);

}  // namespace dipadj
