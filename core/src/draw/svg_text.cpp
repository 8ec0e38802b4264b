#include "svg_text.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

std::string xml_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x80) {
      switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\'': out += "&apos;"; break;
        default: out += (c < 0x20 && c != '\t' && c != '\n') || c == 0x7f ? '?' : static_cast<char>(c);
      }
      ++i;
      continue;
    }
    // A UTF-8 sequence is kept whole when it is valid (no overlong form, no surrogate, at most
    // U+10FFFF), else its first byte becomes U+FFFD.
    const std::size_t length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
    bool valid = length != 0 && c <= 0xf4 && c >= 0xc2 && i + length <= text.size();
    for (std::size_t k = 1; valid && k < length; ++k) valid = (static_cast<unsigned char>(text[i + k]) & 0xc0) == 0x80;
    if (valid && length >= 3) {
      const auto second = static_cast<unsigned char>(text[i + 1]);
      if ((c == 0xe0 && second < 0xa0) || (c == 0xed && second >= 0xa0) || (c == 0xf0 && second < 0x90) || (c == 0xf4 && second >= 0x90))
        valid = false;
    }
    if (!valid) {
      out += "\xEF\xBF\xBD";
      ++i;
      continue;
    }
    out.append(text.substr(i, length));
    i += length;
  }
  return out;
}

std::string svg_number(double value) {
  if (!std::isfinite(value)) value = 0;
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.1f", value);
  std::string out = buffer;
  if (out.size() > 2 && out.ends_with(".0")) out.resize(out.size() - 2);
  return out == "-0" ? "0" : out;
}

std::string outline_path(const Outline& outline) {
  std::string out;
  for (const auto& ring : outline) {
    for (std::size_t i = 0; i < ring.size(); ++i) out += (i == 0 ? (out.empty() ? "M" : " M") : " L") + svg_number(ring[i].x) + " " + svg_number(ring[i].y);
    out += " Z";
  }
  return out;
}

namespace {

struct Rgb {
  int r, g, b;
};

Rgb rgb(std::string_view colour) {
  const auto channel = [&](std::size_t at) { return std::stoi(std::string(colour.substr(at, 2)), nullptr, 16); };
  return Rgb{channel(1), channel(3), channel(5)};
}

// Whether two colours differ by at least `apart` (the sum of their channels' differences).
bool far_apart(std::string_view a, std::string_view b, int apart) {
  const Rgb x = rgb(a), y = rgb(b);
  return std::abs(x.r - y.r) + std::abs(x.g - y.g) + std::abs(x.b - y.b) >= apart;
}

}  // namespace

std::string power_colour(const Variant& variant, PowerId power) {
  // Neutral units in a pale grey, lighter than any power's colour (Germany's is a dark grey).
  if (power == kNeutral) return "#b8b8b8";
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 8> kUsual{{
      {"austria", "#d82b2b"}, {"england", "#2e3a9c"}, {"britain", "#2e3a9c"}, {"france", "#4aa3df"},
      {"germany", "#5b5b5b"}, {"italy", "#2f9e44"}, {"russia", "#9b59b6"}, {"turkey", "#e0b000"},
  }};
  // Colours told apart, the most distinct first: enough for Chaos's 34 powers to differ.
  static constexpr std::array<std::string_view, 42> kPalette{
      "#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4", "#42d4f4", "#f032e6", "#9a6324", "#469990", "#800000", "#808000",
      "#000075", "#f3c300", "#875692", "#a1caf1", "#be0032", "#c2b280", "#008856", "#e68fac", "#0067a5", "#f99379", "#604e97",
      "#f6a600", "#b3446c", "#dcd300", "#882d17", "#8db600", "#654522", "#e25822", "#2b3d26", "#222222", "#ffe119", "#bfef45",
      "#fabed4", "#dcbeff", "#aaffc3", "#ffd8b1", "#1f77b4", "#17becf", "#bcbd22", "#ff7f0e", "#8c564b"};
  const auto usual = [&](PowerId p) -> std::string_view {
    const std::string name = normalize_name(variant.power(p).name);
    for (const auto& [power_name, colour] : kUsual)
      if (name == power_name) return colour;
    return {};
  };
  if (const auto colour = usual(power); !colour.empty()) return std::string(colour);
  // The others take the palette's colours in turn, each unlike those taken before it, so that no
  // two powers of a variant look alike while there are colours enough.
  std::vector<std::string_view> taken;
  for (std::size_t p = 0; p < variant.power_count(); ++p)
    if (const auto colour = usual(static_cast<PowerId>(p)); !colour.empty()) taken.push_back(colour);
  std::size_t next = 0;
  for (PowerId p = 0; p <= power; ++p) {
    if (!usual(p).empty()) continue;
    // The next colour unlike every one taken; when none is left, the next less unlike.
    for (const int apart : {120, 90, 70, 0}) {
      std::size_t tries = 0, at = next;
      while (tries < kPalette.size() && std::any_of(taken.begin(), taken.end(), [&](std::string_view t) { return !far_apart(t, kPalette[at % kPalette.size()], apart); })) {
        ++at;
        ++tries;
      }
      if (tries < kPalette.size()) {
        next = at;
        break;
      }
    }
    const std::string_view colour = kPalette[next % kPalette.size()];
    ++next;
    if (p == power) return std::string(colour);
    taken.push_back(colour);
  }
  return std::string(kPalette[power % kPalette.size()]);
}

const char* text_colour_on(std::string_view colour) {
  if (colour.size() != 7 || colour.front() != '#') return "#ffffff";
  const Rgb c = rgb(colour);
  return 0.299 * c.r + 0.587 * c.g + 0.114 * c.b > 150 ? "#000000" : "#ffffff";
}

}  // namespace dipadj
