#include "svg_path.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <string>

#include "svg_text.hpp"

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
constexpr char kHorizontal = 'h', kVertical = 'v', kMove = 'm', kLine = 'l';

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

// How many numbers a command takes; -1 for a letter that is no command.
int arguments_of(char command) {
  const auto at = kCommands.find(lower(command));
  return at == std::string_view::npos ? -1 : kArguments[at];
}

// The point a command with these arguments ends at.
Point end_point(char command, const double* a, int count, Point current) {
  const bool relative = lower(command) == command;
  const Point base = relative ? current : Point{0, 0};
  if (lower(command) == kHorizontal) return Point{base.x + a[0], current.y};
  if (lower(command) == kVertical) return Point{current.x, base.y + a[0]};
  return Point{base.x + a[count - 2], base.y + a[count - 1]};
}

}  // namespace

std::optional<Outline> path_outline(std::string_view data) {
  PathReader reader(data);
  Outline outline;
  Point current, start;
  char command = 0;
  while (!reader.done()) {
    if (auto letter = reader.command()) command = *letter;
    else if (command == 0) return std::nullopt;
    const int count = arguments_of(command);
    if (count < 0) return std::nullopt;
    if (count == 0) {
      current = start;
      command = 0;  // a number after Z is an error
      continue;
    }
    double a[7];
    for (int i = 0; i < count; ++i)
      if (auto value = reader.number()) a[i] = *value;
      else return std::nullopt;
    current = end_point(command, a, count, current);
    if (lower(command) == kMove) {
      outline.emplace_back();
      start = current;
      command = command == kMove ? kLine : static_cast<char>(std::toupper(kLine));  // pairs after a move are lines
    }
    if (outline.empty()) outline.emplace_back();
    outline.back().push_back(current);
  }
  std::erase_if(outline, [](const std::vector<Point>& ring) { return ring.size() < 3; });
  return outline;
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

std::string outline_path(const Outline& outline) {
  std::string out;
  for (const auto& ring : outline) {
    for (std::size_t i = 0; i < ring.size(); ++i) out += (i == 0 ? (out.empty() ? "M" : " M") : " L") + svg_number(ring[i].x) + " " + svg_number(ring[i].y);
    out += " Z";
  }
  return out;
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
