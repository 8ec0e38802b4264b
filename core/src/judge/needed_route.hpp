#pragma once
// Whether a convoying fleet is needed by some convoy route (DATC v3.1 4.E.1: a fleet no route
// needs cannot convoy), the question order validation asks of every convoy order. Private.
#include "dipadj/geo/ids.hpp"

namespace dipadj {

class Map;
struct ConvoySearchSpace;

namespace detail {

// Which waters may carry the army, as the caller decides: asked at most once per water, in any
// order. Refers to the caller's callable, which must outlive the search.
class ConvoyWaters {
 public:
  template <class Accepts>
  explicit ConvoyWaters(const Accepts& accepts)
      : accepts_(&accepts), call_([](const void* a, ProvinceId water) { return (*static_cast<const Accepts*>(a))(water); }) {}
  bool operator()(ProvinceId water) const { return call_(accepts_, water); }

 private:
  const void* accepts_;
  bool (*call_)(const void*, ProvinceId);
};

// The question of find_convoy_route (convoy_route.hpp) with `through`: whether a chain of waters
// accepted by `convoys` links the coast of `from` to the coast of `to` and needs the fleet in
// `through`. The answer is the same; the way differs, because on a big board full of fleets the
// simple routes are too many to try one by one (a 400-province board took milliseconds per convoy
// order): see needed_route.cpp. `space` is left as it was found.
bool find_needed_route(const Map& map, ProvinceId from, ProvinceId to, ProvinceId through, ConvoyWaters convoys,
                       ConvoySearchSpace& space);

}  // namespace detail
}  // namespace dipadj
