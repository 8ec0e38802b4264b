#pragma once
// The movement solver's searches for convoy routes, with their working memory. A search may ask
// a fleet's DISLODGE decision, whose resolution may search another army's route: each level of
// nesting has a queue of its own (the per-province marks may be shared, as two armies never
// share a convoying fleet). Allocates nothing once the queues have grown. Private to the solver.
#include <cstddef>
#include <deque>
#include <vector>

#include "judge/convoy_route.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/judge/convoy_search_space.hpp"

namespace dipadj {

class NestedConvoySearches {
 public:
  explicit NestedConvoySearches(const Map& map) : map_(map), space_(map.province_count()) {}

  // The working memory, which order validation's searches share (each leaves it clear).
  ConvoySearchSpace& space() { return space_; }

  // detail::find_convoy_route: whether waters each accepted by `convoys` link the army to `to`
  // (through the fleet in `through`, if one is named).
  template <class Convoys>
  bool find_route(ProvinceId army, ProvinceId to, ProvinceId through, Convoys&& convoys) {
    if (depth_ == queues_.size()) queues_.emplace_back();
    std::vector<ProvinceId>& queue = queues_[depth_++];
    const bool found = detail::find_convoy_route(map_, army, to, through, convoys, space_.marks, &queue);
    --depth_;
    return found;
  }

 private:
  const Map& map_;
  ConvoySearchSpace space_;
  std::deque<std::vector<ProvinceId>> queues_;  // per level of nesting (a deque: references stay valid)
  std::size_t depth_ = 0;
};

}  // namespace dipadj
