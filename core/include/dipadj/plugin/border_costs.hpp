#pragma once
// Capability: borders that cost strength (a difficult passable border, DATC 10). The core sums
// the costs of every plugin with this capability for each move when a movement phase is prepared
// and for each retreat it offers; a move that goes by convoy crosses no border and is not asked.
#include "dipadj/geo/ids.hpp"

namespace dipadj {

class Rulebook;

class BorderCosts {
 public:
  // What crossing the border from one province to the other costs a unit of this type, in strength.
  [[nodiscard]] virtual int border_cost(ProvinceId from, ProvinceId to, UnitType type, const Rulebook& rules) const = 0;

 protected:
  ~BorderCosts() = default;
};

}  // namespace dipadj
