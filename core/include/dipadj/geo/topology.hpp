#pragma once
// The board as a Boost.Graph: one vertex per location (dense ids are the vertex indices), one
// directed edge per way a border may be crossed (a two-way border is two edges, a one-way border
// one), marked for armies, fleets or both. Adjudication does not walk it: the Map
// derives its flat arrays from it at load time, and graph algorithms (connectivity, distances)
// run on it.
#include <boost/graph/adjacency_list.hpp>

#include <vector>

#include "dipadj/geo/ids.hpp"

namespace dipadj {

class Map;

struct Passage {
  bool army = false;
  bool fleet = false;
};

class Topology {
 public:
  using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, boost::no_property, Passage>;

  explicit Topology(std::size_t location_count) : graph_(location_count) {}
  Graph& graph() { return graph_; }
  [[nodiscard]] const Graph& graph() const { return graph_; }

 private:
  Graph graph_;
};

// The provinces as a Boost.Graph: one vertex per province, one edge per pair of provinces that
// share any border (armies' or fleets', either way, a coast's counting for its province), edges added in
// order of the lower province and then the higher. What the connectivity checks and the board
// layout of a picture work on.
using ProvinceGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;
ProvinceGraph province_graph(const Map& map);

// Per province, the provinces its borders lead to, the way they are crossed (armies' or fleets', a
// coast's counting for its province), sorted and each once: a one-way border is in the list of
// the province it is crossed from only. province_graph is these, direction forgotten.
std::vector<std::vector<ProvinceId>> province_borders_out(const Map& map);

}  // namespace dipadj
