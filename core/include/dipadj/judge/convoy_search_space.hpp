#pragma once
// Working memory for the searches through convoy waters that validation makes (could fleets carry
// this army; is this convoying fleet needed by some route), kept by a caller that checks many
// orders (the movement adjudicator, the list of legal orders) so that a search allocates nothing
// once the space has grown to the board, and costs what it visits rather than the board's size.
// Its contents mean nothing between calls: each search leaves every per-province entry clear.
#include <cstdint>
#include <vector>

#include "dipadj/geo/ids.hpp"

namespace dipadj {

struct ConvoySearchSpace {
  ConvoySearchSpace() = default;
  explicit ConvoySearchSpace(std::size_t provinces) { fit(provinces); }

  // Grows the per-province entries to a board of this many provinces, clear.
  void fit(std::size_t provinces) {
    if (marks.size() >= provinces) return;
    marks.resize(provinces, 0);
    usable.resize(provinces, 0);
    starts.resize(provinces, 0);
    seen.resize(provinces, 0);
    blocked.resize(provinces, 0);
    link_from.resize(provinces, kNoProvince);
    link_to.resize(provinces, kNoProvince);
  }

  // Per province, clear between searches.
  std::vector<std::uint8_t> marks;    // visited (0: no)
  std::vector<std::uint8_t> usable;   // whether a water may carry the army (0: not yet asked)
  std::vector<std::uint8_t> starts;   // next to the army's coast (0: no)
  std::vector<std::uint8_t> seen;     // reached by the current look-ahead (0: no)
  std::vector<std::uint16_t> blocked; // touched by the route's waters but its last (0: none)
  std::vector<ProvinceId> link_from;  // the water each was reached from (kNoProvince: not reached)
  std::vector<ProvinceId> link_to;
  // Lists a search builds; anything between searches.
  std::vector<ProvinceId> queue, frontier, touched, route;
};

}  // namespace dipadj
