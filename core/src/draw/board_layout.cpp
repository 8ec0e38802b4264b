#include "dipadj/draw/board_layout.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/circle_layout.hpp>
#include <boost/graph/fruchterman_reingold.hpp>
#include <boost/graph/topology.hpp>
#include <boost/range/iterator_range.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <set>
#include <unordered_map>
#include <utility>

#include "dipadj/geo/topology.hpp"

namespace dipadj {
namespace {

double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

// The force layout's work grows with the square of the provinces (every pair repels, 300 rounds):
// 1 s at 500 provinces, 61 s at 3,000. Above this a layout whose work grows with the map is used.
constexpr std::size_t kForceLayoutProvinces = 500;
// The room for a province: the force layout's square has this squared for each province, the
// layered layout sets provinces this far apart.
constexpr double kGridStep = 100.0;

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

// A layout whose work grows with the provinces and borders, for maps too large for the force
// layout. Each connected part is searched breadth first from a province at its edge (the last one
// a first search reaches, so that a chain starts at one of its ends); its layers (the provinces
// one border further each time) stand side by side as columns, each layer's provinces down its
// column in the order the search found them (neighbours, found from neighbours, stay at like
// heights). A part much longer than wide, a chain, is folded back and forth into bands so that
// it is drawn about as wide as high. The parts are then set in rows, as words in lines.
class LayeredLayout {
 public:
  explicit LayeredLayout(const ProvinceGraph& graph)
      : graph_(graph), count_(boost::num_vertices(graph)), reached_(count_, false), layer_(count_, 0), at_(count_) {}

  std::vector<Point> lay_out() {
    std::vector<Part> parts;
    double area = 0;
    for (std::size_t first = 0; first < count_; ++first) {
      if (reached_[first]) continue;
      search(first);
      for (const std::size_t p : order_) reached_[p] = false;  // searched again, from the edge found
      search(order_.back());
      parts.push_back(lay_out_part());
      area += (parts.back().width + 1) * (parts.back().height + 1);
    }
    // The parts in rows about as wide as the whole is high.
    double row_width = std::ceil(std::sqrt(area)), x = 0, y = 0, row_height = 0;
    for (const Part& part : parts) row_width = std::max(row_width, part.width + 1);
    for (const Part& part : parts) {
      if (x > 0 && x + part.width + 1 > row_width) {
        x = 0;
        y += row_height + 1;
        row_height = 0;
      }
      for (const std::size_t p : part.provinces) at_[p] = Point{kGridStep * (at_[p].x + x), kGridStep * (at_[p].y + y)};
      x += part.width + 1;
      row_height = std::max(row_height, part.height);
    }
    return std::move(at_);
  }

 private:
  struct Part {
    std::vector<std::size_t> provinces;
    double width = 0, height = 0;  // in steps of the grid
  };

  // Breadth first from `from` through provinces not reached before: order_ and each one's layer.
  void search(std::size_t from) {
    order_.clear();
    order_.push_back(from);
    reached_[from] = true;
    layer_[from] = 0;
    for (std::size_t next = 0; next < order_.size(); ++next)
      for (const auto q : boost::make_iterator_range(boost::adjacent_vertices(order_[next], graph_)))
        if (!reached_[q]) {
          reached_[q] = true;
          layer_[q] = layer_[order_[next]] + 1;
          order_.push_back(q);
        }
  }

  // The part just searched, in steps from its own top left corner (at_ holds them until placed).
  Part lay_out_part() {
    const std::size_t layers = layer_[order_.back()] + 1;
    std::vector<std::size_t> size(layers, 0);
    for (const std::size_t p : order_) ++size[layer_[p]];
    const std::size_t tallest = *std::max_element(size.begin(), size.end());
    // Folded into bands when much longer than high: as many bands as make it about square.
    std::size_t per_band = layers;
    if (layers > 4 * tallest) {
      const auto bands = static_cast<std::size_t>(std::round(std::sqrt(static_cast<double>(layers) / static_cast<double>(tallest))));
      per_band = (layers + bands - 1) / bands;
    }
    std::vector<std::size_t> placed_in_layer(layers, 0);
    Part part;
    for (const std::size_t p : order_) {
      const std::size_t layer = layer_[p], band = layer / per_band, along = layer % per_band;
      const std::size_t column = band % 2 == 0 ? along : per_band - 1 - along;  // back and forth
      const double down = static_cast<double>(tallest - size[layer]) / 2 + static_cast<double>(placed_in_layer[layer]++);
      at_[p] = Point{static_cast<double>(column), static_cast<double>(band * tallest) + down};
      part.width = std::max(part.width, at_[p].x);
      part.height = std::max(part.height, at_[p].y);
    }
    part.provinces = order_;
    return part;
  }

  const ProvinceGraph& graph_;
  std::size_t count_;
  std::vector<bool> reached_;
  std::vector<std::size_t> layer_;
  std::vector<std::size_t> order_;
  std::vector<Point> at_;
};

// Those without a position go among their placed neighbours, round after round over the
// provinces in order (a chain of unplaced provinces fills in from its placed end), each at the
// middle of its neighbours placed by then. Only the provinces that have a placed neighbour are
// visited, in the order the rounds would reach them: the same places as rounds over every
// province, in time proportional to the map rather than to provinces x rounds.
void place_among_neighbours(const ProvinceGraph& graph, std::vector<Point>& at, std::vector<bool>& placed) {
  const std::size_t count = at.size();
  std::set<std::size_t> ready;  // not placed, with a placed neighbour
  for (std::size_t p = 0; p < count; ++p)
    if (placed[p])
      for (const auto q : boost::make_iterator_range(boost::adjacent_vertices(p, graph)))
        if (!placed[q]) ready.insert(q);
  while (!ready.empty()) {  // a round
    for (auto next = ready.begin(); next != ready.end();) {
      const std::size_t p = *next;
      ready.erase(next);
      Point sum;
      int neighbours = 0;
      for (const auto q : boost::make_iterator_range(boost::adjacent_vertices(p, graph))) {
        if (placed[q]) {
          sum.x += at[q].x;
          sum.y += at[q].y;
          ++neighbours;
        } else {
          ready.insert(q);  // a later province this round, an earlier one the next
        }
      }
      at[p] = Point{sum.x / neighbours, sum.y / neighbours};
      placed[p] = true;
      next = ready.upper_bound(p);
    }
  }
}

// Places on top of each other cannot be told apart: each is moved a little around the first
// earlier one nearer than `closest` / 4, again while the new place is taken too (at most 64
// times). The earlier places are kept in a grid of cells that size, so that the nearest are
// found by a look-up in the cells around, not by a pass over every earlier province.
std::vector<std::string> move_apart(const Map& map, std::vector<Point>& at, double closest) {
  const double cell = closest / 4;
  const auto cell_of = [cell](Point p) {
    return std::pair{static_cast<std::int64_t>(std::floor(p.x / cell)), static_cast<std::int64_t>(std::floor(p.y / cell))};
  };
  const auto key = [](std::int64_t x, std::int64_t y) { return (static_cast<std::uint64_t>(x) << 32) ^ static_cast<std::uint64_t>(y); };
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> taken;
  std::vector<std::string> overlaps;
  for (std::size_t p = 0; p < at.size(); ++p) {
    for (int moved = 0;;) {
      const auto [x, y] = cell_of(at[p]);
      std::size_t first = p;  // the first earlier province too near, if any
      for (std::int64_t dx = -1; dx <= 1; ++dx)
        for (std::int64_t dy = -1; dy <= 1; ++dy)
          if (const auto found = taken.find(key(x + dx, y + dy)); found != taken.end())
            for (const std::size_t q : found->second)
              if (q < first && distance(at[p], at[q]) < cell) first = q;
      if (first == p) break;
      if (overlaps.size() < 10)
        overlaps.push_back(map.province(static_cast<ProvinceId>(first)).id + "/" + map.province(static_cast<ProvinceId>(p)).id);
      const double angle = 2.3999632297 * (++moved + static_cast<double>(p));  // the golden angle: no two the same way
      at[p] = Point{at[first].x + closest * std::cos(angle), at[first].y + closest * std::sin(angle)};
      if (moved > 64) break;
    }
    const auto [x, y] = cell_of(at[p]);
    taken[key(x, y)].push_back(p);
  }
  return overlaps;
}

// The provinces' own positions (the map's `at:`, else the artwork's), each marked placed; returns
// how many there are.
std::size_t take_given_positions(const Map& map, std::span<const std::optional<Point>> drawn_at, std::vector<Point>& at, std::vector<bool>& placed) {
  std::size_t given = 0;
  for (std::size_t p = 0; p < at.size(); ++p)
    if (auto point = p < drawn_at.size() && !map.position(map.province(static_cast<ProvinceId>(p)).location)
                         ? drawn_at[p]
                         : map.position(map.province(static_cast<ProvinceId>(p)).location)) {
      at[p] = *point;
      placed[p] = true;
      ++given;
    }
  return given;
}

// A map without positions: the force layout, or above kForceLayoutProvinces (where it would take
// minutes) the layered one, with a warning that the picture is not map-like.
std::vector<Point> computed_positions(const ProvinceGraph& graph, std::size_t provinces, std::vector<std::string>& warnings) {
  if (provinces <= kForceLayoutProvinces)
    return computed_layout(graph, kGridStep * std::sqrt(static_cast<double>(std::max<std::size_t>(provinces, 1))));
  warnings.push_back(std::to_string(provinces) + " provinces and no positions (at:): more than the " +
                     std::to_string(kForceLayoutProvinces) +
                     " the force layout draws in reasonable time; laid out in layers, breadth first along their borders "
                     "(give positions for a map-like picture)");
  return LayeredLayout(graph).lay_out();
}

// Some provinces have positions and some not: those without go among their placed neighbours; the
// rest (no border leads to a placed province) at the middle of the given positions. Says which.
void place_the_missing(const Map& map, const ProvinceGraph& graph, std::size_t given, std::vector<Point>& at,
                       std::vector<bool>& placed, std::vector<std::string>& warnings) {
  const std::size_t provinces = at.size();
  std::vector<std::string> missing;
  for (std::size_t p = 0; p < provinces && missing.size() <= 10; ++p)
    if (!placed[p]) missing.push_back(map.province(static_cast<ProvinceId>(p)).id);
  const std::vector<bool> given_here = placed;
  place_among_neighbours(graph, at, placed);
  Point middle;
  for (std::size_t p = 0; p < provinces; ++p)
    if (given_here[p]) {
      middle.x += at[p].x / static_cast<double>(given);
      middle.y += at[p].y / static_cast<double>(given);
    }
  for (std::size_t p = 0; p < provinces; ++p)
    if (!placed[p]) at[p] = middle;
  std::string list;
  for (std::size_t i = 0; i < missing.size() && i < 10; ++i) list += (i ? ", " : "") + missing[i];
  if (missing.size() > 10) list += ", ...";
  warnings.push_back(std::to_string(provinces - given) + " province(s) have no position (at:) while the others have: " + list +
                     "; drawn among their neighbours");
}

// The distance at which two places still read as two: the board's diagonal shared among the
// provinces, at least a fortieth of it.
double closest_apart(const std::vector<Point>& at) {
  double width = 1, height = 1;
  if (!at.empty()) {
    const auto [min_x, max_x] = std::minmax_element(at.begin(), at.end(), [](Point a, Point b) { return a.x < b.x; });
    const auto [min_y, max_y] = std::minmax_element(at.begin(), at.end(), [](Point a, Point b) { return a.y < b.y; });
    width = std::max(max_x->x - min_x->x, 1.0);
    height = std::max(max_y->y - min_y->y, 1.0);
  }
  return std::hypot(width, height) / std::max(40.0, 2.0 * std::sqrt(static_cast<double>(at.size())));
}

// Where the `index`th coast of province `p` is drawn: its own position, or off the province
// towards the seas it reaches (spread around the province when they give no direction).
Point coast_position(const Map& map, ProvinceId p, std::size_t index, const std::vector<Point>& at, double closest) {
  const Province& province = map.province(p);
  const LocationId coast = province.coasts[index];
  if (auto point = map.position(coast)) return *point;
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
    const double angle = 2 * std::numbers::pi * static_cast<double>(index) / static_cast<double>(province.coasts.size());
    dx = std::cos(angle);
    dy = std::sin(angle);
    length = 1;
  }
  return Point{at[p].x + dx / length * closest * 0.6, at[p].y + dy / length * closest * 0.6};
}

}  // namespace

BoardLayout board_layout(const Map& map, std::vector<std::string>& warnings, std::span<const std::optional<Point>> drawn_at) {
  BoardLayout layout;
  const std::size_t provinces = map.province_count();
  const ProvinceGraph graph = province_graph(map);
  std::vector<Point> at(provinces);
  std::vector<bool> placed(provinces, false);
  const std::size_t given = take_given_positions(map, drawn_at, at, placed);
  if (given == 0) {
    at = computed_positions(graph, provinces, warnings);
    placed.assign(provinces, true);
    layout.computed = true;
  } else if (given < provinces) {
    place_the_missing(map, graph, given, at, placed, warnings);
  }

  // Places on top of each other cannot be told apart: moved apart, each a little around the first.
  const double closest = closest_apart(at);
  const std::vector<std::string> overlaps = move_apart(map, at, closest);
  if (!overlaps.empty()) {
    std::string list;
    for (const auto& pair : overlaps) list += (list.empty() ? "" : ", ") + pair;
    warnings.push_back("provinces drawn at the same place (" + list + "): moved apart");
  }

  layout.at.assign(map.location_count(), Point{});
  for (std::size_t p = 0; p < provinces; ++p) {
    const Province& province = map.province(static_cast<ProvinceId>(p));
    layout.at[province.location] = at[p];
    for (std::size_t c = 0; c < province.coasts.size(); ++c)
      layout.at[province.coasts[c]] = coast_position(map, static_cast<ProvinceId>(p), c, at, closest);
  }
  return layout;
}

}  // namespace dipadj
