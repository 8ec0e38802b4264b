#include "shape_borders.hpp"

// Boost 1.74's Geometry includes a header Boost itself has since deprecated, which prints a note on
// every build; nothing of ours uses it.
#define BOOST_ALLOW_DEPRECATED_HEADERS
// GCC's flow analysis warns of values "maybe used uninitialized" inside Boost.Geometry 1.74's own
// headers (a rescaling factor, an envelope's box), a different one at each optimization level;
// none is read unset. Warnings being errors, they are silenced for those headers only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/geometry.hpp>
#include <boost/geometry/index/rtree.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace dipadj {
namespace {

namespace bg = boost::geometry;
namespace bgi = boost::geometry::index;
using GPoint = bg::model::d2::point_xy<double>;
using GSegment = bg::model::segment<GPoint>;
using GBox = bg::model::box<GPoint>;
using GPolygon = bg::model::polygon<GPoint>;
using GLine = bg::model::linestring<GPoint>;

// An edge of a body's outline, found by its box.
using Indexed = std::pair<GBox, std::size_t>;  // the box, the edge's number in `EdgeIndex::edges`

struct Edge {
  GSegment segment;
  std::size_t body = 0;
};

GPoint as_point(Point p) { return GPoint(p.x, p.y); }

GPolygon polygon_of(const std::vector<Point>& ring) {
  GPolygon polygon;
  for (const Point& p : ring) polygon.outer().push_back(as_point(p));
  if (!ring.empty()) polygon.outer().push_back(as_point(ring.front()));
  bg::correct(polygon);
  return polygon;
}

GLine line_of(const std::vector<Point>& ring) {
  GLine line;
  for (const Point& p : ring) line.push_back(as_point(p));
  if (!ring.empty()) line.push_back(as_point(ring.front()));
  return line;
}

// Every edge of every body in an R-tree.
class EdgeIndex {
 public:
  explicit EdgeIndex(const std::vector<Outline>& bodies) {
    std::vector<Indexed> boxes;
    for (std::size_t b = 0; b < bodies.size(); ++b)
      for (const auto& ring : bodies[b])
        for (std::size_t i = 0; i < ring.size(); ++i) {
          const GSegment segment(as_point(ring[i]), as_point(ring[(i + 1) % ring.size()]));
          boxes.emplace_back(bg::return_envelope<GBox>(segment), edges.size());
          edges.push_back(Edge{segment, b});
        }
    tree = bgi::rtree<Indexed, bgi::rstar<16>>(boxes.begin(), boxes.end());
  }
  std::vector<Edge> edges;
  bgi::rtree<Indexed, bgi::rstar<16>> tree;
};

struct PairFinding {
  double along_a = 0, along_b = 0;  // outline of a near b, of b near a
  double gap = std::numeric_limits<double>::max();
};

// Walks each body's outline in pieces no longer than the tolerance and finds, for each piece,
// the other bodies whose outline is within the tolerance of its middle.
std::map<std::pair<std::size_t, std::size_t>, PairFinding> near_outlines(const std::vector<Outline>& bodies, const std::vector<std::size_t>& group,
                                                                         const EdgeIndex& index, double tolerance) {
  std::map<std::pair<std::size_t, std::size_t>, PairFinding> found;
  std::vector<std::pair<std::size_t, double>> nearest;  // body, distance
  std::vector<Indexed> hits;
  for (std::size_t a = 0; a < bodies.size(); ++a)
    for (const auto& ring : bodies[a])
      for (std::size_t i = 0; i < ring.size(); ++i) {
        const Point p = ring[i], q = ring[(i + 1) % ring.size()];
        const double length = std::hypot(q.x - p.x, q.y - p.y);
        // Not a number for a drawing the size of a point (a zero tolerance, a zero length): one piece.
        const double wanted = std::ceil(length / tolerance);
        const int pieces = std::isfinite(wanted) ? static_cast<int>(std::clamp(wanted, 1.0, 1000.0)) : 1;
        for (int k = 0; k < pieces; ++k) {
          const double t = (k + 0.5) / pieces;
          const GPoint middle(p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t);
          const GBox around(GPoint(middle.x() - tolerance, middle.y() - tolerance), GPoint(middle.x() + tolerance, middle.y() + tolerance));
          hits.clear();
          nearest.clear();
          index.tree.query(bgi::intersects(around), std::back_inserter(hits));
          for (const auto& [box, e] : hits) {
            const Edge& edge = index.edges[e];
            if (group[edge.body] == group[a]) continue;
            const double d = bg::distance(middle, edge.segment);
            auto it = std::find_if(nearest.begin(), nearest.end(), [&](const auto& n) { return n.first == edge.body; });
            if (it == nearest.end()) nearest.emplace_back(edge.body, d);
            else it->second = std::min(it->second, d);
          }
          for (const auto& [b, d] : nearest) {
            if (d > tolerance) continue;
            PairFinding& pair = found[{std::min(a, b), std::max(a, b)}];
            (a < b ? pair.along_a : pair.along_b) += length / pieces;
            pair.gap = std::min(pair.gap, d);
          }
        }
      }
  return found;
}

// The box around a polygon's outer ring.
GBox bounds_of(const GPolygon& polygon) {
  double min_x = std::numeric_limits<double>::infinity(), min_y = min_x;
  double max_x = -min_x, max_y = -min_x;
  for (const GPoint& p : polygon.outer()) {
    min_x = std::min(min_x, p.x());
    min_y = std::min(min_y, p.y());
    max_x = std::max(max_x, p.x());
    max_y = std::max(max_y, p.y());
  }
  return GBox(GPoint(min_x, min_y), GPoint(max_x, max_y));
}

// The area two bodies both cover, ring by ring (rings that cross themselves left out).
double overlap_area(const Outline& a, const Outline& b) {
  double area = 0;
  for (const auto& ra : a)
    for (const auto& rb : b) {
      const GPolygon pa = polygon_of(ra), pb = polygon_of(rb);
      if (!bg::intersects(bounds_of(pa), bounds_of(pb)) || !bg::is_valid(pa) || !bg::is_valid(pb)) continue;
      try {
        std::vector<GPolygon> common;
        bg::intersection(pa, pb, common);
        for (const auto& part : common) area += bg::area(part);
      } catch (const bg::exception&) {
        // An overlay Boost.Geometry cannot settle: no overlap is counted for these rings.
      }
    }
  return area;
}

GBox box_of(const Outline& outline) {
  GBox box;
  bg::assign_inverse(box);
  for (const auto& ring : outline)
    for (const Point& p : ring) bg::expand(box, as_point(p));
  return box;
}

}  // namespace

std::vector<ShapeBorder> find_shape_borders(const std::vector<Outline>& bodies, const std::vector<std::size_t>& group,
                                            const BorderSearch& search) {
  const EdgeIndex index(bodies);
  const auto near = near_outlines(bodies, group, index, search.tolerance);
  std::vector<GBox> boxes;
  for (const Outline& outline : bodies) boxes.push_back(box_of(outline));
  std::vector<ShapeBorder> out;
  for (std::size_t a = 0; a < bodies.size(); ++a)
    for (std::size_t b = a + 1; b < bodies.size(); ++b) {
      if (group[a] == group[b] || bodies[a].empty() || bodies[b].empty() || !bg::intersects(boxes[a], boxes[b])) continue;
      const auto it = near.find({a, b});
      const double length = it == near.end() ? 0 : (it->second.along_a + it->second.along_b) / 2;
      const double overlap = overlap_area(bodies[a], bodies[b]);
      if (length <= search.shortest && overlap <= search.overlap) continue;
      out.push_back(ShapeBorder{a, b, length, it == near.end() || overlap > search.overlap ? 0 : it->second.gap, overlap});
    }
  // Bodies whose boxes only come within the tolerance (a gap along their whole border).
  for (const auto& [pair, finding] : near) {
    const auto [a, b] = pair;
    if (bg::intersects(boxes[a], boxes[b])) continue;
    const double length = (finding.along_a + finding.along_b) / 2;
    if (length > search.shortest) out.push_back(ShapeBorder{a, b, length, finding.gap, 0});
  }
  std::sort(out.begin(), out.end(), [](const ShapeBorder& x, const ShapeBorder& y) { return std::pair{x.a, x.b} < std::pair{y.a, y.b}; });
  return out;
}

double outline_area(const Outline& outline) {
  double area = 0;
  for (const auto& ring : outline) area += std::abs(bg::area(polygon_of(ring)));
  return area;
}

bool crosses_itself(const Outline& outline) {
  for (const auto& ring : outline) {
    bg::validity_failure_type failure = bg::no_failure;
    // A bow tie's two halves cancel out: its orientation is still wrong once corrected.
    if (!bg::is_valid(polygon_of(ring), failure) && (failure == bg::failure_self_intersections || failure == bg::failure_wrong_orientation)) return true;
  }
  return false;
}

double distance_to_outline(const Outline& outline, Point point) {
  double best = std::numeric_limits<double>::max();
  for (const auto& ring : outline) {
    const GPolygon polygon = polygon_of(ring);
    if (bg::covered_by(as_point(point), polygon)) return 0;
    best = std::min(best, bg::distance(as_point(point), line_of(ring)));
  }
  return best;
}

Point inner_point(const Outline& outline) {
  const std::vector<Point>* largest = nullptr;
  double largest_area = -1;
  for (const auto& ring : outline)
    if (const double area = std::abs(bg::area(polygon_of(ring))); area > largest_area) largest_area = area, largest = &ring;
  if (largest == nullptr || largest->empty()) return Point{};
  const GPolygon polygon = polygon_of(*largest);
  const GLine edge = line_of(*largest);
  GBox box = bounds_of(polygon);
  GPoint best;
  bg::centroid(polygon, best);
  double best_distance = bg::within(best, polygon) ? bg::distance(best, edge) : -1;
  if (best_distance < 0) best = as_point(largest->front());
  // A grid over the box, then finer grids around the best point found so far.
  for (int round = 0; round < 4; ++round) {
    const int cells = round == 0 ? 16 : 8;
    const double w = (box.max_corner().x() - box.min_corner().x()) / cells, h = (box.max_corner().y() - box.min_corner().y()) / cells;
    for (int i = 0; i < cells; ++i)
      for (int j = 0; j < cells; ++j) {
        const GPoint candidate(box.min_corner().x() + (i + 0.5) * w, box.min_corner().y() + (j + 0.5) * h);
        if (!bg::within(candidate, polygon)) continue;
        if (const double d = bg::distance(candidate, edge); d > best_distance) best_distance = d, best = candidate;
      }
    box = GBox(GPoint(best.x() - w, best.y() - h), GPoint(best.x() + w, best.y() + h));
  }
  return Point{best.x(), best.y()};
}

}  // namespace dipadj
