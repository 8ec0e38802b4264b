#include "shape_contacts.hpp"

#include <algorithm>
#include <cmath>

namespace dipadj {
namespace {

struct Box {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  [[nodiscard]] bool meets(const Box& other, double margin) const {
    return x0 <= other.x1 + margin && other.x0 <= x1 + margin && y0 <= other.y1 + margin && other.y0 <= y1 + margin;
  }
};

struct Edge {
  Point a, b;
  Box box;
};

Box box_of(Point a, Point b) { return Box{std::min(a.x, b.x), std::min(a.y, b.y), std::max(a.x, b.x), std::max(a.y, b.y)}; }

// How much of `f` lies along `e`: the overlap of their spans along e, when both ends of f are
// within `tolerance` of e's line.
double shared_length(const Edge& e, const Edge& f, double tolerance) {
  const double dx = e.b.x - e.a.x, dy = e.b.y - e.a.y, length = std::hypot(dx, dy);
  if (length < 1e-12) return 0;
  const double ux = dx / length, uy = dy / length;
  const auto off_line = [&](Point p) { return std::abs((p.x - e.a.x) * uy - (p.y - e.a.y) * ux); };
  if (off_line(f.a) > tolerance || off_line(f.b) > tolerance) return 0;
  const double s = (f.a.x - e.a.x) * ux + (f.a.y - e.a.y) * uy, t = (f.b.x - e.a.x) * ux + (f.b.y - e.a.y) * uy;
  return std::max(0.0, std::min(length, std::max(s, t)) - std::max(0.0, std::min(s, t)));
}

}  // namespace

std::set<std::pair<ProvinceId, ProvinceId>> province_borders(const Map& map) {
  std::set<std::pair<ProvinceId, ProvinceId>> out;
  const auto add = [&](ProvinceId a, ProvinceId b) {
    if (a != b) out.insert({std::min(a, b), std::max(a, b)});
  };
  for (std::size_t p = 0; p < map.province_count(); ++p)
    for (ProvinceId q : map.army_neighbours(static_cast<ProvinceId>(p))) add(static_cast<ProvinceId>(p), q);
  for (LocationId a = 0; a < map.location_count(); ++a)
    for (LocationId b : map.fleet_neighbours(a)) add(map.province_of(a), map.province_of(b));
  return out;
}

std::vector<ShapeContact> shape_contacts(const std::vector<Outline>& outlines, double tolerance, double shortest) {
  std::vector<std::vector<Edge>> edges(outlines.size());
  std::vector<Box> boxes(outlines.size());
  for (std::size_t p = 0; p < outlines.size(); ++p) {
    bool first = true;
    for (const auto& ring : outlines[p])
      for (std::size_t i = 0; i < ring.size(); ++i) {
        const Edge edge{ring[i], ring[(i + 1) % ring.size()], box_of(ring[i], ring[(i + 1) % ring.size()])};
        edges[p].push_back(edge);
        Box& box = boxes[p];
        box = first ? edge.box : Box{std::min(box.x0, edge.box.x0), std::min(box.y0, edge.box.y0), std::max(box.x1, edge.box.x1), std::max(box.y1, edge.box.y1)};
        first = false;
      }
  }
  std::vector<ShapeContact> out;
  for (std::size_t a = 0; a < outlines.size(); ++a)
    for (std::size_t b = a + 1; b < outlines.size(); ++b) {
      if (edges[a].empty() || edges[b].empty() || !boxes[a].meets(boxes[b], tolerance)) continue;
      double length = 0;
      for (const Edge& e : edges[a]) {
        if (!e.box.meets(boxes[b], tolerance)) continue;
        for (const Edge& f : edges[b])
          if (e.box.meets(f.box, tolerance)) length += shared_length(e, f, tolerance);
      }
      if (length > shortest) out.push_back(ShapeContact{static_cast<ProvinceId>(a), static_cast<ProvinceId>(b), length});
    }
  return out;
}

}  // namespace dipadj
