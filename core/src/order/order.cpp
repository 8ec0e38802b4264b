#include "dipadj/order/order.hpp"

#include "dipadj/geo/map.hpp"

namespace dipadj {

ProvinceId ordered_province(const Map& map, const Order& order) {
  return order.unit.location == kNoLocation ? kNoProvince : map.province_of(order.unit.location);
}

}  // namespace dipadj
