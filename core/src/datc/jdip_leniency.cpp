#include "jdip_leniency.hpp"

#include <algorithm>
#include <vector>

#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

std::vector<std::string> words_of(std::string_view text) {
  std::vector<std::string> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ' && text[i] != '\t') ++i;
    if (i > start) words.emplace_back(text.substr(start, i - start));
  }
  return words;
}

std::string joined(const std::vector<std::string>& words, std::size_t from, std::size_t to) {
  std::string out;
  for (std::size_t k = from; k < to; ++k) out += (k == from ? "" : " ") + words[k];
  return out;
}

// The power named `name`, exactly (any of its names) or with one letter wrong, left out, added or
// two swapped, when that fits one power only. Short names are not corrected.
std::optional<PowerId> power_named(std::string_view name, const Variant& variant) {
  if (auto exact = variant.find_power(name)) return exact;
  const std::string wanted = normalize_name(name);
  if (wanted.size() < 5) return std::nullopt;
  std::optional<PowerId> found;
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    const auto power = static_cast<PowerId>(p);
    if (!one_edit_apart(wanted, normalize_name(variant.power(power).name))) continue;
    if (found && *found != power) return std::nullopt;
    found = power;
  }
  return found;
}

}  // namespace

std::optional<Phase> read_jdip_phase(std::string_view text) {
  std::string plain(text);
  std::replace_if(plain.begin(), plain.end(), [](char c) { return c == ',' || c == '(' || c == ')'; }, ' ');
  std::vector<std::string> words = words_of(plain);
  if (words.size() == 3) {
    const std::string season = normalize_name(words[0]), kind = normalize_name(words[2]);
    const bool adjustment = kind == "adjustment" || kind == "adjustments" || kind == "build" || kind == "builds";
    if ((season == "fall" || season == "autumn") && adjustment) words[0] = "Winter";
  }
  return parse_phase(joined(words, 0, words.size()));
}

std::optional<std::string> strict_jdip_line(std::string_view line, const Variant& variant, std::string& why) {
  std::string text(line);
  for (std::size_t at = text.find("=>"); at != std::string::npos; at = text.find("=>", at + 1)) text.replace(at, 2, "-");
  const auto colon = text.find(':');
  std::string power_text, rest;
  std::optional<PowerId> power;
  if (colon != std::string::npos && (power = power_named(text.substr(0, colon), variant))) {
    rest = text.substr(colon + 1);
  } else {
    // No colon after the power: the longest run of first words that names one.
    const std::vector<std::string> words = words_of(colon == std::string::npos ? text : text.substr(0, colon));
    for (std::size_t count = std::min<std::size_t>(3, words.size() > 0 ? words.size() - 1 : 0); count >= 1 && !power; --count) {
      if ((power = power_named(joined(words, 0, count), variant))) {
        const std::vector<std::string> all = words_of(text);
        rest = joined(all, count, all.size());
      }
    }
  }
  if (!power) {
    why = "no power at the start of '" + std::string(line) + "'";
    return std::nullopt;
  }
  const auto first = rest.find_first_not_of(" \t");
  return variant.power(*power).name + ": " + (first == std::string::npos ? std::string() : rest.substr(first));
}

}  // namespace dipadj
