#include "jdip_leniency.hpp"

#include <algorithm>
#include <vector>

#include "dipadj/geo/map.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

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

bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// jDip's abbreviations of the Standard board that are not dipadj's, with dipadj's (godip's `mid`
// too). In jDip's Loeb9 and convoying-coasts boards `nor` is Norway's own short name.
constexpr std::pair<std::string_view, std::string_view> kAbbreviations[] = {
    {"nor", "nwy"}, {"ech", "eng"}, {"eme", "eas"}, {"mid", "mao"}};

// Words of orders that are never a province, however a map names its provinces.
bool order_word(std::string_view word) {
  static constexpr std::string_view kWords[] = {"army", "fleet", "supports", "support", "hold", "holds", "convoys", "convoy",
                                                "via", "build", "remove", "disband", "retreat", "waive", "stands"};
  return std::find(std::begin(kWords), std::end(kWords), word) != std::end(kWords);
}

struct Word {
  std::size_t begin, end;
  std::string text;  // lower case
};

}  // namespace

std::string known_jdip_names(std::string_view text, const Variant& variant) {
  const Map& map = variant.map();
  std::vector<Word> words;
  for (std::size_t i = 0; i < text.size();) {
    if (!is_letter(text[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && is_letter(text[end])) ++end;
    words.push_back({i, end, ascii_lower(text.substr(i, end - i))});
    i = end;
  }
  const auto is_unit_type = [](const std::string& w) { return w == "a" || w == "f" || w == "army" || w == "fleet"; };
  std::string out;
  std::size_t copied = 0;
  const auto replace = [&](std::size_t begin, std::size_t end, std::string_view with) {
    out.append(text.substr(copied, begin - copied));
    out.append(with);
    copied = end;
  };
  for (std::size_t k = 0; k < words.size(); ++k) {
    const Word& w = words[k];
    const bool next_is_unit = k + 1 < words.size() && is_unit_type(words[k + 1].text);
    if (next_is_unit && variant.find_power(w.text) && !map.find_province(w.text)) {
      std::size_t end = w.end;
      while (end < text.size() && text[end] == ' ') ++end;
      replace(w.begin, end, "");
      continue;
    }
    const bool sea_word_next = k + 1 < words.size() && (words[k + 1].text == "sea" || words[k + 1].text == "ocean");
    if (auto known = map.find_province(w.text)) {
      // "Arctic Sea" where the map says "Arctic": the sea's word goes with the name.
      if (sea_word_next && !map.find_province(normalize_name(w.text + " " + words[k + 1].text))) {
        replace(w.begin, words[k + 1].end, map.province(*known).name);
        ++k;
      }
      continue;
    }
    if (order_word(w.text) || is_unit_type(w.text)) continue;
    // "Mid-Atlantic Ocean" is a name of the map, not "mid" and more.
    const bool part_of_name = k + 1 < words.size() && map.find_province(normalize_name(w.text + " " + words[k + 1].text));
    bool abbreviation = false;
    for (const auto& [theirs, ours] : kAbbreviations) {
      if (w.text != theirs || part_of_name) continue;
      if (auto province = map.find_province(ours)) {
        replace(w.begin, w.end, map.province(*province).id);
        abbreviation = true;
      }
      break;
    }
    if (abbreviation || w.text.size() < 4) continue;
    // The start of one name only: a name cut short ("Portuga", "Burgund") or the first word of a
    // name of several ("Norwegian"), the rest of the name not written after it.
    std::optional<ProvinceId> only;
    bool several = false;
    for (std::size_t q = 0; q < map.province_count() && !several; ++q) {
      const std::string name = normalize_name(map.province(static_cast<ProvinceId>(q)).name);
      if (name.compare(0, w.text.size(), w.text) != 0) continue;
      several = only.has_value();
      only = static_cast<ProvinceId>(q);
    }
    if (!only || several) continue;
    const std::string& name = map.province(*only).name;
    const std::string whole = normalize_name(name);
    std::string written = w.text;
    for (std::size_t j = k + 1; j < words.size() && written.size() < whole.size(); ++j) written += " " + words[j].text;
    if (written.rfind(whole, 0) == 0) continue;  // written whole, in several words
    if (sea_word_next) {  // "Arctic Sea" for the Arctic Ocean
      replace(w.begin, words[k + 1].end, name);
      ++k;
    } else {
      replace(w.begin, w.end, name);
    }
  }
  out.append(text.substr(copied));
  return out;
}

JdipVariant jdip_variant(std::string_view name) {
  const std::string key = normalize_name(name);
  if (key == "standard" || key == "datc standard" || key == "classical") return {"standard", {}};
  if (key == "datc loeb9") return {"loeb9", {}};
  if (key == "datc loeb9 tc14d") return {"loeb9", {"nafrica-tunis-difficult"}};
  if (key == "datc loeb9 tc14fgl") return {"loeb9", {"sicily-tunis-difficult"}};
  if (key == "datc convoyingcoastal") return {"standard-convoyable-coasts", {}};
  if (key == "datc chaos") return {"chaos", {}};
  if (key == "datc 1898") return {"1898", {}};
  return {std::string(name), {}};
}

std::optional<Phase> read_jdip_phase(std::string_view text, const Calendar& calendar) {
  std::string plain(text);
  std::replace_if(plain.begin(), plain.end(), [](char c) { return c == ',' || c == '(' || c == ')'; }, ' ');
  std::vector<std::string> words = split_words(plain);
  if (words.size() == 3) {
    const std::string season = normalize_name(words[0]), kind = normalize_name(words[2]);
    const bool adjustment = kind == "adjustment" || kind == "adjustments" || kind == "build" || kind == "builds";
    // jDip's adjustments after Fall are the Winter's in a calendar with a Winter of adjustments.
    if ((season == "fall" || season == "autumn") && adjustment) {
      std::vector<std::string> winter = words;
      winter[0] = "Winter";
      if (auto phase = calendar.read(join_words(winter))) return phase;
    }
  }
  return calendar.read(join_words(words));
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
    const std::vector<std::string> words = split_words(colon == std::string::npos ? text : text.substr(0, colon));
    for (std::size_t count = std::min<std::size_t>(3, words.size() > 0 ? words.size() - 1 : 0); count >= 1 && !power; --count) {
      if ((power = power_named(join_words(std::span(words).first(count)), variant))) {
        const std::vector<std::string> all = split_words(text);
        rest = join_words(std::span(all).subspan(count));
      }
    }
  }
  if (!power) {
    why = "no power at the start of '" + std::string(line) + "'";
    return std::nullopt;
  }
  const auto first = rest.find_first_not_of(" \t");
  return variant.power(*power).name + ": " + known_jdip_names(first == std::string::npos ? std::string() : rest.substr(first), variant);
}

}  // namespace dipadj
