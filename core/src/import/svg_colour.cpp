#include "svg_colour.hpp"

#include <algorithm>
#include <cmath>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <utility>

#include "dipadj/text.hpp"

namespace dipadj {
namespace {

// The named colours a drawing's fills commonly use (CSS's names, a part).
constexpr std::pair<std::string_view, Rgb> kNamed[] = {
    {"white", {255, 255, 255}},     {"black", {0, 0, 0}},          {"grey", {128, 128, 128}},      {"gray", {128, 128, 128}},
    {"silver", {192, 192, 192}},    {"red", {255, 0, 0}},          {"green", {0, 128, 0}},         {"blue", {0, 0, 255}},
    {"yellow", {255, 255, 0}},      {"orange", {255, 165, 0}},     {"purple", {128, 0, 128}},      {"brown", {165, 42, 42}},
    {"navy", {0, 0, 128}},          {"aqua", {0, 255, 255}},       {"cyan", {0, 255, 255}},        {"lightblue", {173, 216, 230}},
    {"skyblue", {135, 206, 235}},   {"lightskyblue", {135, 206, 250}}, {"lightcyan", {224, 255, 255}}, {"powderblue", {176, 224, 230}},
    {"aliceblue", {240, 248, 255}}, {"steelblue", {70, 130, 180}}, {"cornflowerblue", {100, 149, 237}}, {"teal", {0, 128, 128}},
    {"tan", {210, 180, 140}},       {"beige", {245, 245, 220}},    {"wheat", {245, 222, 179}},     {"khaki", {240, 230, 140}},
    {"pink", {255, 192, 203}},      {"magenta", {255, 0, 255}},    {"lime", {0, 255, 0}},          {"olive", {128, 128, 0}},
    {"maroon", {128, 0, 0}},        {"gold", {255, 215, 0}},       {"darkgreen", {0, 100, 0}},     {"lightgreen", {144, 238, 144}},
};

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

// "#rgb", "#rrggbb" and, with an alpha channel the import does not need, "#rgba" and "#rrggbbaa".
std::optional<Rgb> parse_hex(std::string_view digits) {
  const std::size_t size = digits.size();
  if (size != 3 && size != 4 && size != 6 && size != 8) return std::nullopt;
  int v[8] = {};
  for (std::size_t i = 0; i < size; ++i)
    if ((v[i] = hex_digit(digits[i])) < 0) return std::nullopt;
  if (size <= 4) return Rgb{v[0] * 17, v[1] * 17, v[2] * 17};
  return Rgb{v[0] * 16 + v[1], v[2] * 16 + v[3], v[4] * 16 + v[5]};
}

// "rgb(1, 2, 3)" and "rgb(10%, 20%, 30%)".
std::optional<Rgb> parse_function(std::string_view inside) {
  int channel[3];
  for (int i = 0; i < 3; ++i) {
    while (!inside.empty() && (std::isspace(static_cast<unsigned char>(inside.front())) || inside.front() == ',')) inside.remove_prefix(1);
    double value = 0;
    const auto [end, ec] = std::from_chars(inside.data(), inside.data() + inside.size(), value);
    if (ec != std::errc() || !std::isfinite(value)) return std::nullopt;
    inside.remove_prefix(static_cast<std::size_t>(end - inside.data()));
    if (!inside.empty() && inside.front() == '%') value *= 2.55, inside.remove_prefix(1);
    channel[i] = static_cast<int>(std::clamp(value, 0.0, 255.0) + 0.5);
  }
  return Rgb{channel[0], channel[1], channel[2]};
}

}  // namespace

std::optional<Rgb> parse_colour(std::string_view text) {
  const std::string lower = ascii_lower(text);
  std::string_view t = lower;
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.front()))) t.remove_prefix(1);
  while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.remove_suffix(1);
  if (t.starts_with('#')) return parse_hex(t.substr(1));
  if (t.starts_with("rgb(") && t.ends_with(')')) return parse_function(t.substr(4, t.size() - 5));
  for (const auto& [name, rgb] : kNamed)
    if (name == t) return rgb;
  return std::nullopt;
}

bool looks_like_water(Rgb colour) {
  const int high = std::max({colour.r, colour.g, colour.b}), low = std::min({colour.r, colour.g, colour.b});
  if (high - low < 25 || (colour.b != high && colour.g != high)) return false;
  // The hue, in degrees, of a colour whose largest channel is blue or green.
  const double span = high - low;
  double hue = colour.b == high ? 240 + 60 * (colour.r - colour.g) / span : 120 + 60 * (colour.b - colour.r) / span;
  if (hue < 0) hue += 360;
  const double lightness = (high + low) / 510.0;
  return hue >= 170 && hue <= 250 && lightness >= 0.55;
}

bool is_grey(Rgb colour) {
  const int high = std::max({colour.r, colour.g, colour.b}), low = std::min({colour.r, colour.g, colour.b});
  return high - low < 16;
}

std::string hex(Rgb colour) {
  char out[8];
  std::snprintf(out, sizeof out, "#%02x%02x%02x", colour.r & 255, colour.g & 255, colour.b & 255);
  return out;
}

}  // namespace dipadj
