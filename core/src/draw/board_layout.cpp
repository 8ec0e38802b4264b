#include "dipadj/draw/board_layout.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/circle_layout.hpp>
#include <boost/graph/fruchterman_reingold.hpp>
#include <boost/graph/topology.hpp>
#include <boost/range/iterator_range.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "dipadj/geo/topology.hpp"

namespace dipadj {
namespace {

double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

// A force layout of the provinces in a square of `side` units; the same map gives the same layout.
std::vector<Point> computed_layout(const ProvinceGraph& graph, double side) {
  using Topology = boost::square_topology<>;
  std::vector<Topology::point_type> points(boost::num_vertices(graph));
  auto position = boost::make_iterator_property_map(points.begin(), boost::get(boost::vertex_index, graph));
  boost::circle_graph_layout(graph, position, side / 2);
  const Topology topology(side);  // its own default-seeded generator: no randomness between runs
  boost::fruchterman_reingold_force_directed_layout(graph, position, topology, boost::cooling(boost::linear_cooling<double>(300)));
  std::vector<Point> out;
  out.reserve(points.size());
  for (const auto& point : points) out.push_back(Point{point[0], point[1]});
  return out;
}

}  // namespace

BoardLayout board_layout(const Map& map, std::vector<std::string>& warnings) {
  BoardLayout layout;
  const std::size_t provinces = map.province_count();
  const ProvinceGraph graph = province_graph(map);
  std::vector<Point> at(provinces);
  std::vector<bool> placed(provinces, false);
  std::size_t given = 0;
  for (std::size_t p = 0; p < provinces; ++p)
    if (auto point = map.position(map.province(static_cast<ProvinceId>(p)).location)) {
      at[p] = *point;
      placed[p] = true;
      ++given;
    }
  if (given == 0) {
    at = computed_layout(graph, 100.0 * std::sqrt(static_cast<double>(std::max<std::size_t>(provinces, 1))));
    placed.assign(provinces, true);
    layout.computed = true;
  } else if (given < provinces) {
    // Those without a position go among their placed neighbours, round after round (a chain of
    // unplaced provinces fills in from its placed end); the rest at the middle of the board.
    std::vector<std::string> missing;
    for (std::size_t p = 0; p < provinces; ++p)
      if (!placed[p]) missing.push_back(map.province(static_cast<ProvinceId>(p)).id);
    for (bool progress = true; progress;) {
      progress = false;
      for (std::size_t p = 0; p < provinces; ++p) {
        if (placed[p]) continue;
        Point sum;
        int count = 0;
        for (const auto q : boost::make_iterator_range(boost::adjacent_vertices(p, graph)))
          if (placed[q]) {
            sum.x += at[q].x;
            sum.y += at[q].y;
            ++count;
          }
        if (count == 0) continue;
        at[p] = Point{sum.x / count, sum.y / count};
        placed[p] = progress = true;
      }
    }
    Point middle;
    for (std::size_t p = 0; p < provinces; ++p)
      if (map.position(map.province(static_cast<ProvinceId>(p)).location)) {
        middle.x += at[p].x / static_cast<double>(given);
        middle.y += at[p].y / static_cast<double>(given);
      }
    for (std::size_t p = 0; p < provinces; ++p)
      if (!placed[p]) at[p] = middle;
    std::string list;
    for (std::size_t i = 0; i < missing.size() && i < 10; ++i) list += (i ? ", " : "") + missing[i];
    if (missing.size() > 10) list += ", ...";
    warnings.push_back(std::to_string(missing.size()) + " province(s) have no position (at:) while the others have: " + list +
                       "; drawn among their neighbours");
  }

  // Places on top of each other cannot be told apart: moved apart, each a little around the first.
  double width = 1, height = 1;
  if (provinces > 0) {
    const auto [min_x, max_x] = std::minmax_element(at.begin(), at.end(), [](Point a, Point b) { return a.x < b.x; });
    const auto [min_y, max_y] = std::minmax_element(at.begin(), at.end(), [](Point a, Point b) { return a.y < b.y; });
    width = std::max(max_x->x - min_x->x, 1.0);
    height = std::max(max_y->y - min_y->y, 1.0);
  }
  const double closest = std::hypot(width, height) / std::max(40.0, 2.0 * std::sqrt(static_cast<double>(provinces)));
  std::vector<std::string> overlaps;
  for (std::size_t p = 0; p < provinces; ++p) {
    int moved = 0;
    for (std::size_t q = 0; q < p; ++q) {
      if (distance(at[p], at[q]) >= closest / 4) continue;
      if (overlaps.size() < 10)
        overlaps.push_back(map.province(static_cast<ProvinceId>(q)).id + "/" + map.province(static_cast<ProvinceId>(p)).id);
      const double angle = 2.3999632297 * (++moved + static_cast<double>(p));  // the golden angle: no two the same way
      at[p] = Point{at[q].x + closest * std::cos(angle), at[q].y + closest * std::sin(angle)};
      q = static_cast<std::size_t>(-1);  // look again from the first: the new place may be taken too
      if (moved > 64) break;
    }
  }
  if (!overlaps.empty()) {
    std::string list;
    for (const auto& pair : overlaps) list += (list.empty() ? "" : ", ") + pair;
    warnings.push_back("provinces drawn at the same place (" + list + "): moved apart");
  }

  // Each coast: its own position, or off the province towards the seas it reaches.
  layout.at.assign(map.location_count(), Point{});
  for (std::size_t p = 0; p < provinces; ++p) {
    const Province& province = map.province(static_cast<ProvinceId>(p));
    layout.at[province.location] = at[p];
    for (std::size_t c = 0; c < province.coasts.size(); ++c) {
      const LocationId coast = province.coasts[c];
      if (auto point = map.position(coast)) {
        layout.at[coast] = *point;
        continue;
      }
      Point towards;
      int count = 0;
      for (LocationId to : map.fleet_neighbours(coast)) {
        towards.x += at[map.province_of(to)].x;
        towards.y += at[map.province_of(to)].y;
        ++count;
      }
      double dx = 0, dy = 0;
      if (count > 0) {
        dx = towards.x / count - at[p].x;
        dy = towards.y / count - at[p].y;
      }
      double length = std::hypot(dx, dy);
      if (length < 1e-9) {
        const double angle = 2 * std::numbers::pi * static_cast<double>(c) / static_cast<double>(province.coasts.size());
        dx = std::cos(angle);
        dy = std::sin(angle);
        length = 1;
      }
      layout.at[coast] = Point{at[p].x + dx / length * closest * 0.6, at[p].y + dy / length * closest * 0.6};
    }
  }
  return layout;
}

}  // namespace dipadj
