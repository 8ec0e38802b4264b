#include "dipadj/geo/map_checks.hpp"

#include <boost/graph/connected_components.hpp>

#include <algorithm>

#include "dipadj/geo/map.hpp"
#include "dipadj/geo/topology.hpp"

namespace dipadj {

std::vector<std::string> connectivity_problems(const Map& map) {
  const std::size_t n = map.province_count();
  const ProvinceGraph provinces = province_graph(map);
  std::vector<std::string> out;
  for (std::size_t p = 0; p < n; ++p)
    if (boost::degree(p, provinces) == 0) out.push_back("province '" + map.province(static_cast<ProvinceId>(p)).id + "' has no neighbour");
  if (n == 0) return out;
  std::vector<int> part(n);
  const int parts = boost::connected_components(provinces, part.data());
  if (parts <= 1) return out;
  // The largest part is the map; every other part (beyond lone provinces, said above) is cut off.
  std::vector<std::vector<ProvinceId>> members(static_cast<std::size_t>(parts));
  for (std::size_t p = 0; p < n; ++p) members[static_cast<std::size_t>(part[p])].push_back(static_cast<ProvinceId>(p));
  const auto largest = std::max_element(members.begin(), members.end(), [](const auto& a, const auto& b) { return a.size() < b.size(); });
  for (auto it = members.begin(); it != members.end(); ++it) {
    if (it == largest || it->size() < 2) continue;
    std::string names;
    for (std::size_t k = 0; k < it->size() && k < 8; ++k) names += (k ? ", " : "") + map.province((*it)[k]).id;
    if (it->size() > 8) names += ", ...";
    out.push_back("provinces " + names + " (" + std::to_string(it->size()) +
                  ") are cut off from the rest of the map: no border joins them to it");
  }
  return out;
}

}  // namespace dipadj
