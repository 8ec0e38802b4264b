#include "svg_transform.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <numbers>
#include <string>
#include <vector>

namespace dipadj {
namespace {

bool separator(char c) { return std::isspace(static_cast<unsigned char>(c)) || c == ','; }

// The numbers between a function's brackets; nothing when one does not read.
std::optional<std::vector<double>> arguments(std::string_view text) {
  std::vector<double> out;
  std::size_t at = 0;
  while (true) {
    while (at < text.size() && separator(text[at])) ++at;
    if (at >= text.size()) return out;
    const char* start = text.data() + at + (text[at] == '+' ? 1 : 0);
    double value = 0;
    const auto [end, ec] = std::from_chars(start, text.data() + text.size(), value);
    if (ec != std::errc() || !std::isfinite(value) || out.size() >= 6) return std::nullopt;
    out.push_back(value);
    at = static_cast<std::size_t>(end - text.data());
  }
}

// One function with its arguments as a map; nothing for a name or a count SVG does not have.
std::optional<Affine> function_map(std::string_view name, const std::vector<double>& v) {
  const auto n = v.size();
  const double radians = n > 0 ? v[0] * std::numbers::pi / 180 : 0;
  if (name == "matrix" && n == 6) return Affine{v[0], v[1], v[2], v[3], v[4], v[5]};
  if (name == "translate" && (n == 1 || n == 2)) return Affine{1, 0, 0, 1, v[0], n == 2 ? v[1] : 0};
  if (name == "scale" && (n == 1 || n == 2)) return Affine{v[0], 0, 0, n == 2 ? v[1] : v[0], 0, 0};
  if (name == "skewX" && n == 1) return Affine{1, 0, std::tan(radians), 1, 0, 0};
  if (name == "skewY" && n == 1) return Affine{1, std::tan(radians), 0, 1, 0, 0};
  if (name == "rotate" && (n == 1 || n == 3)) {
    const Affine turn{std::cos(radians), std::sin(radians), -std::sin(radians), std::cos(radians), 0, 0};
    if (n == 1) return turn;
    // rotate(a cx cy): translate(cx cy) rotate(a) translate(-cx -cy)
    return Affine{1, 0, 0, 1, v[1], v[2]}.after(turn).after(Affine{1, 0, 0, 1, -v[1], -v[2]});
  }
  return std::nullopt;
}

}  // namespace

Affine Affine::after(const Affine& inner) const {
  return Affine{a * inner.a + c * inner.b, b * inner.a + d * inner.b, a * inner.c + c * inner.d,
                b * inner.c + d * inner.d, a * inner.e + c * inner.f + e, b * inner.e + d * inner.f + f};
}

std::optional<Affine> parse_transform(std::string_view text) {
  Affine out;
  std::size_t at = 0;
  while (true) {
    while (at < text.size() && separator(text[at])) ++at;
    if (at >= text.size()) return out;
    const auto open = text.find('(', at), close = text.find(')', at);
    if (open == std::string_view::npos || close == std::string_view::npos || close < open) return std::nullopt;
    std::string_view name = text.substr(at, open - at);
    while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.remove_suffix(1);
    const auto values = arguments(text.substr(open + 1, close - open - 1));
    if (!values) return std::nullopt;
    const auto step = function_map(name, *values);
    if (!step) return std::nullopt;
    out = out.after(*step);
    at = close + 1;
  }
}

}  // namespace dipadj
