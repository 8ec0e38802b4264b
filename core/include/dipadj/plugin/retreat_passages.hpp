#pragma once
// Capability: retreats the map allows but the plugin's rules close (a passage that needs a
// permission nobody can give in a retreat phase, a frozen sea). The core asks every plugin with
// this capability for each retreat option it would offer a dislodged unit, and for each retreat
// ordered; a place any plugin closes is no option.
#include "dipadj/board/phase.hpp"
#include "dipadj/geo/ids.hpp"

namespace dipadj {

class Rulebook;

class RetreatPassages {
 public:
  // Whether a unit may retreat from one place to another that the map links, in the retreat
  // phase of this season.
  [[nodiscard]] virtual bool retreat_passage_open(LocationId from, LocationId to, const Rulebook& rules,
                                                  Season season) const = 0;

 protected:
  ~RetreatPassages() = default;
};

}  // namespace dipadj
