#include "svg_path.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <numbers>
#include <string>

namespace dipadj {
namespace {

// Reads the numbers and command letters of path data in turn.
class PathReader {
 public:
  explicit PathReader(std::string_view data) : data_(data) {}

  void skip_separators() {
    while (at_ < data_.size() && (std::isspace(static_cast<unsigned char>(data_[at_])) || data_[at_] == ',')) ++at_;
  }
  [[nodiscard]] bool done() {
    skip_separators();
    return at_ >= data_.size();
  }
  // The command letter here, if there is one (else the previous command repeats).
  std::optional<char> command() {
    skip_separators();
    // An exponent's letter belongs to a number.
    if (at_ < data_.size() && std::isalpha(static_cast<unsigned char>(data_[at_])) && std::string_view("eE").find(data_[at_]) == std::string_view::npos)
      return data_[at_++];
    return std::nullopt;
  }
  std::optional<double> number() {
    skip_separators();
    double value = 0;
    const char* begin = data_.data() + at_;
    const char* start = begin;
    if (at_ < data_.size() && data_[at_] == '+') ++start;  // from_chars takes no plus sign
    const auto [end, ec] = std::from_chars(start, data_.data() + data_.size(), value);
    if (ec != std::errc() || !std::isfinite(value)) return std::nullopt;
    at_ += static_cast<std::size_t>(end - begin);
    return value;
  }

 private:
  std::string_view data_;
  std::size_t at_ = 0;
};

// The commands of path data, lower case, and how many numbers each takes.
constexpr std::string_view kCommands = "mlhvcsqtaz";
constexpr int kArguments[] = {2, 2, 1, 1, 6, 4, 4, 2, 7, 0};
constexpr int kCurveSteps = 8;  // straight lines per curve or arc: a drawn curve followed to a few per cent

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

// How many numbers a command takes; -1 for a letter that is no command.
int arguments_of(char command) {
  const auto at = kCommands.find(lower(command));
  return at == std::string_view::npos ? -1 : kArguments[at];
}

Point add(Point a, Point b) { return Point{a.x + b.x, a.y + b.y}; }
Point scaled(Point a, double s) { return Point{a.x * s, a.y * s}; }

// The points of an elliptical arc after its start, by the endpoint-to-centre conversion of
// SVG 1.1 (appendix F.6); a straight line when a radius is zero or the ends coincide.
void flatten_arc(Point from, const double* a, Point to, std::vector<Point>& out) {
  double rx = std::abs(a[0]), ry = std::abs(a[1]);
  const double phi = a[2] * std::numbers::pi / 180, cos_phi = std::cos(phi), sin_phi = std::sin(phi);
  const double hx = (from.x - to.x) / 2, hy = (from.y - to.y) / 2;
  const double x1 = cos_phi * hx + sin_phi * hy, y1 = -sin_phi * hx + cos_phi * hy;
  if (rx < 1e-12 || ry < 1e-12 || (hx == 0 && hy == 0)) return out.push_back(to);
  const double grow = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry);
  if (grow > 1) rx *= std::sqrt(grow), ry *= std::sqrt(grow);
  const double num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1, den = rx * rx * y1 * y1 + ry * ry * x1 * x1;
  double k = den > 0 ? std::sqrt(std::max(0.0, num / den)) : 0;
  if ((a[3] != 0) == (a[4] != 0)) k = -k;
  const double cx1 = k * rx * y1 / ry, cy1 = -k * ry * x1 / rx;
  const Point centre{cos_phi * cx1 - sin_phi * cy1 + (from.x + to.x) / 2, sin_phi * cx1 + cos_phi * cy1 + (from.y + to.y) / 2};
  const double start = std::atan2((y1 - cy1) / ry, (x1 - cx1) / rx);
  double sweep = std::atan2((-y1 - cy1) / ry, (-x1 - cx1) / rx) - start;
  if (a[4] != 0 && sweep < 0) sweep += 2 * std::numbers::pi;
  if (a[4] == 0 && sweep > 0) sweep -= 2 * std::numbers::pi;
  for (int i = 1; i < kCurveSteps; ++i) {
    const double t = start + sweep * i / kCurveSteps;
    const double ex = rx * std::cos(t), ey = ry * std::sin(t);
    out.push_back(Point{centre.x + cos_phi * ex - sin_phi * ey, centre.y + sin_phi * ex + cos_phi * ey});
  }
  out.push_back(to);
}

// The path commands, lower case (relative), by name.
constexpr char kMove = 'm';
constexpr char kLine = 'l';
constexpr char kHorizontal = 'h';
constexpr char kVertical = 'v';
constexpr char kCubic = 'c';
constexpr char kSmoothCubic = 's';
constexpr char kQuadratic = 'q';
constexpr char kSmoothQuadratic = 't';
constexpr char kArc = 'a';
constexpr char kClose = 'z';

// Follows the commands of path data, keeping the current point, the start of the subpath and
// the last control point (for S and T, which mirror it).
class PathTracer {
 public:
  explicit PathTracer(std::size_t max_points) : max_points_(max_points) {}

  // Adds the points of one command with its numbers; false when the outline grows too large.
  bool trace(char command, const double* a) {
    const char kind = lower(command);
    const Point base = lower(command) == command ? current_ : Point{0, 0};
    const auto at = [&](int i) { return add(base, Point{a[i], a[i + 1]}); };
    Point control = current_;
    std::vector<Point>& ring = kind == kMove ? start_ring(at(0)) : ring_();
    if (kind == kLine) ring.push_back(at(0));
    if (kind == kHorizontal) ring.push_back(Point{base.x + a[0], current_.y});
    if (kind == kVertical) ring.push_back(Point{current_.x, base.y + a[0]});
    if (kind == kCubic || kind == kSmoothCubic) {
      const Point first = kind == kCubic ? at(0) : mirrored(kCubic);
      control = at(kind == kCubic ? 2 : 0);
      cubic(ring, first, control, at(kind == kCubic ? 4 : 2));
    }
    if (kind == kQuadratic || kind == kSmoothQuadratic) {
      control = kind == kQuadratic ? at(0) : mirrored(kQuadratic);
      quadratic(ring, control, at(kind == kQuadratic ? 2 : 0));
    }
    if (kind == kArc) flatten_arc(current_, a, at(5), ring);
    if (kind == kClose) ring.push_back(start_);
    current_ = ring.back();
    last_kind_ = kind == kSmoothCubic ? kCubic : kind == kSmoothQuadratic ? kQuadratic : kind;
    last_control_ = control;
    points_ += kind == kCubic || kind == kSmoothCubic || kind == kQuadratic || kind == kSmoothQuadratic || kind == kArc ? kCurveSteps : 1;
    return points_ <= max_points_;
  }

  Outline finish() {
    for (auto& ring : outline_)
      if (ring.size() > 1 && ring.front().x == ring.back().x && ring.front().y == ring.back().y) ring.pop_back();
    std::erase_if(outline_, [](const std::vector<Point>& ring) { return ring.size() < 3; });
    return std::move(outline_);
  }

 private:
  std::vector<Point>& start_ring(Point at) {
    start_ = at;
    outline_.emplace_back();
    outline_.back().push_back(at);
    return outline_.back();
  }
  // The ring being drawn; after a Z, a new one from the subpath's start.
  std::vector<Point>& ring_() {
    if (outline_.empty() || closed_()) start_ring(current_);
    return outline_.back();
  }
  bool closed_() const { return last_kind_ == kClose; }
  // The reflection of the last control point when the previous command was a curve of `kind`.
  Point mirrored(char kind) const { return last_kind_ == kind ? add(scaled(current_, 2), scaled(last_control_, -1)) : current_; }
  void cubic(std::vector<Point>& ring, Point p1, Point p2, Point p3) const {
    const Point p0 = current_;
    for (int i = 1; i <= kCurveSteps; ++i) {
      const double t = static_cast<double>(i) / kCurveSteps, u = 1 - t;
      ring.push_back(add(add(scaled(p0, u * u * u), scaled(p1, 3 * u * u * t)), add(scaled(p2, 3 * u * t * t), scaled(p3, t * t * t))));
    }
  }
  void quadratic(std::vector<Point>& ring, Point p1, Point p2) const {
    const Point p0 = current_;
    for (int i = 1; i <= kCurveSteps; ++i) {
      const double t = static_cast<double>(i) / kCurveSteps, u = 1 - t;
      ring.push_back(add(add(scaled(p0, u * u), scaled(p1, 2 * u * t)), scaled(p2, t * t)));
    }
  }

  std::size_t max_points_, points_ = 0;
  Outline outline_;
  Point current_, start_, last_control_;
  char last_kind_ = 0;
};

}  // namespace

std::optional<Outline> path_outline(std::string_view data, std::size_t max_points) {
  PathReader reader(data);
  PathTracer tracer(max_points);
  char command = 0;
  while (!reader.done()) {
    if (auto letter = reader.command()) command = *letter;
    else if (command == 0) return std::nullopt;
    const int count = arguments_of(command);
    if (count < 0) return std::nullopt;
    double a[7] = {};
    for (int i = 0; i < count; ++i)
      if (auto value = reader.number()) a[i] = *value;
      else return std::nullopt;
    if (!tracer.trace(command, a)) return std::nullopt;
    if (count == 0) command = 0;  // a number after Z is an error
    else if (lower(command) == kMove) command = command == kMove ? kLine : 'L';  // pairs after a move are lines
  }
  return tracer.finish();
}

std::optional<Outline> points_outline(std::string_view points) {
  PathReader reader(points);
  std::vector<Point> ring;
  while (!reader.done()) {
    const auto x = reader.number(), y = x ? reader.number() : std::nullopt;
    if (!y) return std::nullopt;
    ring.push_back(Point{*x, *y});
  }
  Outline outline;
  if (ring.size() >= 3) outline.push_back(std::move(ring));
  return outline;
}

Point outline_label_point(const Outline& outline) {
  Point best;
  double best_area = -1;
  for (const auto& ring : outline) {
    double area = 0, cx = 0, cy = 0, mx = 0, my = 0;
    for (std::size_t i = 0; i < ring.size(); ++i) {
      const Point a = ring[i], b = ring[(i + 1) % ring.size()];
      const double cross = a.x * b.y - b.x * a.y;
      area += cross;
      cx += (a.x + b.x) * cross;
      cy += (a.y + b.y) * cross;
      mx += a.x / static_cast<double>(ring.size());
      my += a.y / static_cast<double>(ring.size());
    }
    const Point centre = std::abs(area) > 1e-12 ? Point{cx / (3 * area), cy / (3 * area)} : Point{mx, my};
    if (std::abs(area) > best_area) {
      best_area = std::abs(area);
      best = centre;
    }
  }
  return best;
}

}  // namespace dipadj
