#include "dipadj/geo/topology.hpp"

#include <algorithm>
#include <vector>

#include "dipadj/geo/map.hpp"

namespace dipadj {

ProvinceGraph province_graph(const Map& map) {
  const std::size_t n = map.province_count();
  std::vector<std::vector<ProvinceId>> neighbours(n);
  const auto& board = map.topology().graph();
  for (auto [it, end] = boost::edges(board); it != end; ++it) {
    const ProvinceId a = map.province_of(static_cast<LocationId>(boost::source(*it, board)));
    const ProvinceId b = map.province_of(static_cast<LocationId>(boost::target(*it, board)));
    if (a == b) continue;
    neighbours[std::min(a, b)].push_back(std::max(a, b));
  }
  ProvinceGraph graph(n);
  for (std::size_t p = 0; p < n; ++p) {
    auto& list = neighbours[p];
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
    for (ProvinceId q : list) boost::add_edge(p, q, graph);
  }
  return graph;
}

}  // namespace dipadj
