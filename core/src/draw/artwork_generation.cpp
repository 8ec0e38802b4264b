// Province shapes made from the map: each province's "skeleton" (its point and the lines half way
// to the points of its neighbours) sampled densely, and the Voronoi diagram of the samples
// (Boost.Polygon) gives each province the region nearer its skeleton than any other. Two provinces
// with a border meet half way along the line between their points, so their shapes touch there;
// a region far from every skeleton (further than a border's length from any) is left to no
// province, so that provinces at the edge of the map or across a wide gap do not touch where the
// map has no border. Samples on a frame around the map bound every province's region; the
// borders are smoothed last.
#include <boost/polygon/voronoi.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include "dipadj/draw/artwork.hpp"
#include "dipadj/draw/board_layout.hpp"
#include "dipadj/variant/variant.hpp"
#include "shape_contacts.hpp"
#include "import/svg_path.hpp"
#include "svg_text.hpp"

namespace dipadj {
namespace {

namespace bp = boost::polygon;
using Diagram = bp::voronoi_diagram<double>;

constexpr double kGrid = 100000;      // the diagram's integer coordinates across the map
constexpr double kSampleStep = 1.0 / 300;  // along the skeletons, of the map's size
constexpr double kFillerStep = 1.0 / 100;  // between the samples of no province
constexpr int kNoOwner = -1;
constexpr int kSeparatingRounds = 4;
constexpr int kSmoothingRounds = 3;

struct Segment {
  Point a, b;
};

double distance_to(Point p, const Segment& s) {
  const double dx = s.b.x - s.a.x, dy = s.b.y - s.a.y, length2 = dx * dx + dy * dy;
  const double t = length2 < 1e-18 ? 0 : std::clamp(((p.x - s.a.x) * dx + (p.y - s.a.y) * dy) / length2, 0.0, 1.0);
  return std::hypot(p.x - s.a.x - t * dx, p.y - s.a.y - t * dy);
}

class ShapeGenerator {
 public:
  ShapeGenerator(const Map& map, std::vector<Point> at) : map_(map), at_(std::move(at)) {
    low_ = high_ = at_.empty() ? Point{} : at_.front();
    for (const Point& p : at_) {
      low_ = Point{std::min(low_.x, p.x), std::min(low_.y, p.y)};
      high_ = Point{std::max(high_.x, p.x), std::max(high_.y, p.y)};
    }
    size_ = std::max({high_.x - low_.x, high_.y - low_.y, 1e-9});
    margin_ = size_ * 0.04;
  }

  // The outline of each province. Where the shapes of two provinces with no border meet, samples
  // of no province go on the line between them, and the diagram is made again (a few times).
  std::vector<Outline> outlines() {
    skeletons();
    place_samples();
    std::set<std::pair<ProvinceId, ProvinceId>> borders = province_borders(map_);
    Diagram diagram;
    for (int round = 0;; ++round) {
      diagram.clear();
      bp::construct_voronoi(sites_.begin(), sites_.end(), &diagram);
      std::vector<Point> separators;
      for (const auto& edge : diagram.edges()) {
        const int a = owners_[edge.cell()->source_index()], b = owners_[edge.twin()->cell()->source_index()];
        if (a == kNoOwner || b == kNoOwner || a >= b || edge.vertex0() == nullptr || edge.vertex1() == nullptr) continue;
        if (!borders.contains({static_cast<ProvinceId>(a), static_cast<ProvinceId>(b)}))
          separators.push_back(Point{(edge.vertex0()->x() + edge.vertex1()->x()) / 2, (edge.vertex0()->y() + edge.vertex1()->y()) / 2});
      }
      if (separators.empty() || round == kSeparatingRounds) break;
      for (const Point& p : separators) add_grid_site(static_cast<int>(std::lround(p.x)), static_cast<int>(std::lround(p.y)), kNoOwner);
    }
    std::vector<std::multimap<const Diagram::vertex_type*, const Diagram::edge_type*>> boundary(map_.province_count());
    for (const auto& cell : diagram.cells()) {
      const int owner = owners_[cell.source_index()];
      const Diagram::edge_type* edge = cell.incident_edge();
      if (owner == kNoOwner || edge == nullptr) continue;
      do {
        if (owners_[edge->twin()->cell()->source_index()] != owner && edge->vertex0() != nullptr && edge->vertex1() != nullptr)
          boundary[static_cast<std::size_t>(owner)].emplace(edge->vertex0(), edge);
        edge = edge->next();
      } while (edge != cell.incident_edge());
    }
    smooth_boundaries(diagram);
    std::vector<Outline> out(map_.province_count());
    for (std::size_t p = 0; p < out.size(); ++p) out[p] = rings(boundary[p]);
    return out;
  }

  [[nodiscard]] Point low() const { return Point{low_.x - margin_, low_.y - margin_}; }
  [[nodiscard]] Point high() const { return Point{high_.x + margin_, high_.y + margin_}; }
  [[nodiscard]] double size() const { return size_; }

 private:
  // The line from each province's point half way to each neighbour's; `reach_` the length of a
  // typical (the median) border line, how far a province's region may extend.
  void skeletons() {
    skeleton_.assign(map_.province_count(), {});
    std::vector<std::set<ProvinceId>> neighbours_of(map_.province_count());
    for (const auto& [a, b] : province_borders(map_)) {
      neighbours_of[a].insert(b);
      neighbours_of[b].insert(a);
    }
    std::vector<double> lengths;
    for (std::size_t p = 0; p < map_.province_count(); ++p) {
      const std::set<ProvinceId>& neighbours = neighbours_of[p];
      for (ProvinceId q : neighbours) {
        const Point mid{(at_[p].x + at_[q].x) / 2, (at_[p].y + at_[q].y) / 2};
        skeleton_[p].push_back(Segment{at_[p], mid});
        lengths.push_back(2 * std::hypot(mid.x - at_[p].x, mid.y - at_[p].y));
      }
      if (neighbours.empty()) skeleton_[p].push_back(Segment{at_[p], at_[p]});
    }
    std::sort(lengths.begin(), lengths.end());
    reach_ = lengths.empty() ? size_ / 10 : lengths[lengths.size() / 2];
  }

  void add_site(Point p, int owner) {
    const auto x = static_cast<int>(std::lround((p.x - low_.x + 2 * margin_) / size_ * kGrid));
    const auto y = static_cast<int>(std::lround((p.y - low_.y + 2 * margin_) / size_ * kGrid));
    add_grid_site(x, y, owner);
  }

  void add_grid_site(int x, int y, int owner) {
    if (!taken_.insert({x, y}).second) return;
    sites_.emplace_back(x, y);
    owners_.push_back(owner);
  }

  void place_samples() {
    const double step = size_ * kSampleStep;
    for (std::size_t p = 0; p < skeleton_.size(); ++p)
      for (const Segment& s : skeleton_[p]) {
        const double length = std::hypot(s.b.x - s.a.x, s.b.y - s.a.y);
        const int count = std::max(1, static_cast<int>(std::ceil(length / step)));
        // Short of the middle, where the neighbour's samples begin.
        for (int i = 0; i < count; ++i) {
          const double t = static_cast<double>(i) / count;
          add_site(Point{s.a.x + (s.b.x - s.a.x) * t, s.a.y + (s.b.y - s.a.y) * t}, static_cast<int>(p));
        }
      }
    // No province's where every skeleton is further than a border's length; and a frame.
    const double filler = size_ * kFillerStep;
    const Point from = low(), to = high();
    for (double y = from.y - filler; y <= to.y + filler * 1.5; y += filler)
      for (double x = from.x - filler; x <= to.x + filler * 1.5; x += filler) {
        const bool frame = y < from.y || y > to.y || x < from.x || x > to.x;
        if (frame || far_from_all({x, y})) add_site({x, y}, kNoOwner);
      }
  }

  [[nodiscard]] bool far_from_all(Point p) const {
    for (const auto& segments : skeleton_)
      for (const Segment& s : segments)
        if (distance_to(p, s) < reach_) return false;
    return true;
  }

  // Where two sampled lines run side by side, the border between them zigzags with the samples:
  // each corner on a border between two regions only (not where three meet) is moved towards its
  // two neighbours along the border, a few times. Both shapes read the same moved corners, so
  // their shared border stays shared.
  void smooth_boundaries(const Diagram& diagram) {
    std::map<const Diagram::vertex_type*, std::vector<const Diagram::vertex_type*>> along;
    for (const auto& edge : diagram.edges()) {
      const int a = owners_[edge.cell()->source_index()], b = owners_[edge.twin()->cell()->source_index()];
      if (a == b || (a == kNoOwner && b == kNoOwner) || edge.vertex0() == nullptr || edge.vertex1() == nullptr || a > b) continue;
      along[edge.vertex0()].push_back(edge.vertex1());
      along[edge.vertex1()].push_back(edge.vertex0());
    }
    moved_.clear();
    for (const auto& [vertex, neighbours] : along) moved_[vertex] = raw_point(*vertex);
    for (int round = 0; round < kSmoothingRounds; ++round) {
      std::map<const Diagram::vertex_type*, Point> next = moved_;
      for (const auto& [vertex, neighbours] : along) {
        if (neighbours.size() != 2 || regions_around(*vertex) != 2) continue;
        const Point a = moved_[neighbours[0]], b = moved_[neighbours[1]], v = moved_[vertex];
        next[vertex] = Point{v.x / 2 + (a.x + b.x) / 4, v.y / 2 + (a.y + b.y) / 4};
      }
      moved_ = std::move(next);
    }
  }

  // How many owners (provinces, or no province) the cells around a corner have.
  [[nodiscard]] std::size_t regions_around(const Diagram::vertex_type& vertex) const {
    std::set<int> owners;
    const Diagram::edge_type* edge = vertex.incident_edge();
    do {
      owners.insert(owners_[edge->cell()->source_index()]);
      edge = edge->rot_next();
    } while (edge != vertex.incident_edge());
    return owners.size();
  }

  [[nodiscard]] Point map_point(const Diagram::vertex_type& v) const {
    if (const auto it = moved_.find(&v); it != moved_.end()) return it->second;
    return raw_point(v);
  }

  [[nodiscard]] Point raw_point(const Diagram::vertex_type& v) const {
    return Point{v.x() / kGrid * size_ + low_.x - 2 * margin_, v.y() / kGrid * size_ + low_.y - 2 * margin_};
  }

  // The province's boundary edges joined end to end into rings, corners on a straight line left out.
  Outline rings(std::multimap<const Diagram::vertex_type*, const Diagram::edge_type*>& edges) const {
    Outline out;
    while (!edges.empty()) {
      const Diagram::vertex_type* start = edges.begin()->first;
      std::vector<Point> ring;
      auto it = edges.begin();
      while (it != edges.end()) {
        const Diagram::edge_type* edge = it->second;
        edges.erase(it);
        ring.push_back(map_point(*edge->vertex0()));
        if (edge->vertex1() == start) break;
        it = edges.find(edge->vertex1());
      }
      out.push_back(straightened(ring));
    }
    std::erase_if(out, [](const std::vector<Point>& ring) { return ring.size() < 3; });
    return out;
  }

  static std::vector<Point> straightened(const std::vector<Point>& ring) {
    std::vector<Point> out;
    for (std::size_t i = 0; i < ring.size(); ++i) {
      const Point a = ring[(i + ring.size() - 1) % ring.size()], b = ring[i], c = ring[(i + 1) % ring.size()];
      const double cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
      const double scale = std::hypot(b.x - a.x, b.y - a.y) * std::hypot(c.x - b.x, c.y - b.y);
      if (std::abs(cross) > 1e-9 * scale) out.push_back(b);
    }
    return out;
  }

  const Map& map_;
  std::vector<Point> at_;  // by province
  Point low_, high_;
  double size_ = 1, margin_ = 0, reach_ = 1;
  std::vector<std::vector<Segment>> skeleton_;
  std::vector<bp::point_data<int>> sites_;
  std::vector<int> owners_;
  std::set<std::pair<int, int>> taken_;
  std::map<const Diagram::vertex_type*, Point> moved_;  // the corners of borders, smoothed
};

// A coordinate with as many decimals as tell apart a ten-thousandth of the map's size.
class NumberFormat {
 public:
  explicit NumberFormat(double size) : decimals_(std::clamp(static_cast<int>(std::ceil(4 - std::log10(size))), 0, 6)) {}
  [[nodiscard]] std::string operator()(double value) const {
    char buffer[48];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals_, value);
    std::string out = buffer;
    return out.find_first_not_of("-0.") == std::string::npos ? "0" : out;
  }

 private:
  int decimals_;
};

const char* kind_class(ProvinceKind kind) {
  return kind == ProvinceKind::Sea ? "sea" : kind == ProvinceKind::Land ? "land" : "coastal";
}

}  // namespace

std::string generate_artwork(const Variant& variant, std::vector<std::string>& warnings) {
  const Map& map = variant.map();
  const BoardLayout layout = board_layout(map, warnings);
  std::vector<Point> at;
  for (std::size_t p = 0; p < map.province_count(); ++p) at.push_back(layout.at[map.province(static_cast<ProvinceId>(p)).location]);
  ShapeGenerator generator(map, at);
  const std::vector<Outline> outlines = generator.outlines();
  const NumberFormat number(generator.size());
  const Point low = generator.low(), high = generator.high();
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  out += "<!-- Province shapes of the variant '" + xml_text(variant.name()) +
         "', made by dipadj from its map's points and borders (scripts/generate-artwork.sh; docs/map-format.md). Regenerate, do not edit. -->\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"" + number(low.x) + " " + number(low.y) + " " + number(high.x - low.x) + " " +
         number(high.y - low.y) + "\">\n";
  out += "<style>.land,.coastal{fill:#ead9b0}.sea{fill:#b9d9f2}path{stroke:#555555;stroke-width:" + number(generator.size() / 1000) +
         ";stroke-linejoin:round}</style>\n";
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    const Province& province = map.province(static_cast<ProvinceId>(p));
    std::string data;
    for (const auto& ring : outlines[p]) {
      for (std::size_t i = 0; i < ring.size(); ++i) data += (i == 0 ? (data.empty() ? "M" : " M") : " L") + number(ring[i].x) + " " + number(ring[i].y);
      data += " Z";
    }
    out += "<path id=\"" + xml_text(province.id) + "\" class=\"" + kind_class(province.kind) + "\" d=\"" + data + "\"/>\n";
  }
  out += "</svg>\n";
  return out;
}

}  // namespace dipadj
