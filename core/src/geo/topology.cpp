#include "dipadj/geo/topology.hpp"

#include <algorithm>
#include <vector>

#include "dipadj/geo/map.hpp"

namespace dipadj {

namespace {

void sort_each(std::vector<std::vector<ProvinceId>>& lists) {
  for (auto& list : lists) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
}

}  // namespace

std::vector<std::vector<ProvinceId>> province_borders_out(const Map& map) {
  std::vector<std::vector<ProvinceId>> out(map.province_count());
  const auto& board = map.topology().graph();
  for (auto [it, end] = boost::edges(board); it != end; ++it) {
    const ProvinceId a = map.province_of(static_cast<LocationId>(boost::source(*it, board)));
    const ProvinceId b = map.province_of(static_cast<LocationId>(boost::target(*it, board)));
    if (a != b) out[a].push_back(b);
  }
  sort_each(out);
  return out;
}

ProvinceGraph province_graph(const Map& map) {
  const std::size_t n = map.province_count();
  std::vector<std::vector<ProvinceId>> neighbours(n);
  const std::vector<std::vector<ProvinceId>> out = province_borders_out(map);
  for (std::size_t a = 0; a < n; ++a)
    for (const ProvinceId b : out[a]) neighbours[std::min<std::size_t>(a, b)].push_back(static_cast<ProvinceId>(std::max<std::size_t>(a, b)));
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
