#include "dipadj/geo/map_checks.hpp"

#include <boost/graph/connected_components.hpp>
#include <boost/graph/strong_components.hpp>

#include <algorithm>
#include <deque>

#include "dipadj/geo/map.hpp"
#include "dipadj/geo/topology.hpp"

namespace dipadj {

namespace {

// "a, b, c" for at most eight provinces, then ", ..."; with the count when more than one.
std::string province_list(const Map& map, const std::vector<ProvinceId>& provinces) {
  std::string names;
  for (std::size_t k = 0; k < provinces.size() && k < 8; ++k) names += (k ? ", " : "") + map.province(provinces[k]).id;
  if (provinces.size() > 8) names += ", ...";
  if (provinces.size() > 1) names += " (" + std::to_string(provinces.size()) + ")";
  return names;
}

// The provinces reached from `from` along `edges` (each province's list of the next ones).
std::vector<bool> reached(const std::vector<std::vector<ProvinceId>>& edges, const std::vector<ProvinceId>& from) {
  std::vector<bool> seen(edges.size(), false);
  std::deque<ProvinceId> queue(from.begin(), from.end());
  for (ProvinceId p : from) seen[p] = true;
  while (!queue.empty()) {
    const ProvinceId p = queue.front();
    queue.pop_front();
    for (ProvinceId q : edges[p])
      if (!seen[q]) {
        seen[q] = true;
        queue.push_back(q);
      }
  }
  return seen;
}

}  // namespace

std::vector<std::string> one_way_warnings(const Map& map) {
  const std::size_t n = map.province_count();
  const std::vector<std::vector<ProvinceId>> out = province_borders_out(map);
  std::vector<std::vector<ProvinceId>> in(n);  // sorted too: filled in province order
  for (std::size_t p = 0; p < n; ++p)
    for (const ProvinceId q : out[p]) in[q].push_back(static_cast<ProvinceId>(p));
  // Some border crossed one way only: a province leads to others than those that lead to it.
  if (out == in) return {};
  // The rest of the map: the largest set of provinces that can all reach each other.
  using Directed = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
  Directed graph(n);
  for (std::size_t p = 0; p < n; ++p)
    for (ProvinceId q : out[p]) boost::add_edge(p, q, graph);
  std::vector<int> component(n);
  const int components = boost::strong_components(graph, component.data());
  std::vector<std::size_t> sizes(static_cast<std::size_t>(components), 0);
  for (int c : component) ++sizes[static_cast<std::size_t>(c)];
  const auto largest = static_cast<int>(std::max_element(sizes.begin(), sizes.end()) - sizes.begin());
  std::vector<ProvinceId> core;
  for (std::size_t p = 0; p < n; ++p)
    if (component[p] == largest) core.push_back(static_cast<ProvinceId>(p));
  const std::vector<bool> reachable = reached(out, core), returning = reached(in, core);
  // Provinces joined to the rest of the map only by borders that lead one way. Those joined to it
  // by none at all are connectivity_problems'.
  std::vector<ProvinceId> trapped, unreachable;
  for (std::size_t p = 0; p < n; ++p) {
    if (reachable[p] && !returning[p]) trapped.push_back(static_cast<ProvinceId>(p));
    if (returning[p] && !reachable[p]) unreachable.push_back(static_cast<ProvinceId>(p));
  }
  std::vector<std::string> warnings;
  if (!trapped.empty())
    warnings.push_back("a unit that enters " + province_list(map, trapped) +
                       " can never leave for the rest of the map: one-way borders lead there, none lead back");
  if (!unreachable.empty())
    warnings.push_back("no unit from the rest of the map can reach " + province_list(map, unreachable) +
                       ": one-way borders lead out of there, none lead in");
  return warnings;
}

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
    out.push_back("provinces " + province_list(map, *it) + " are cut off from the rest of the map: no border joins them to it");
  }
  return out;
}

}  // namespace dipadj
