#include "token_reader.hpp"

#include <array>
#include <cctype>

#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

namespace {

// Which bytes end a word: those that separate words and the order's own signs "-" and ":", as a
// table (an order's text is read a byte at a time, tens of thousands of orders a second in a batch).
constexpr std::array<bool, 256> kEndsWord = [] {
  std::array<bool, 256> ends{};
  for (std::size_t c = 0; c < ends.size(); ++c)
    ends[c] = separates_words(static_cast<unsigned char>(c)) || c == '-' || c == ':';
  return ends;
}();

}  // namespace

std::vector<std::string> tokenize_order(std::string_view text) {
  std::vector<std::string> tokens;
  tokens.reserve(8);
  auto separates = [](unsigned char c) { return kEndsWord[c]; };
  std::size_t i = 0;
  while (i < text.size()) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '-') {
      tokens.emplace_back("-");
      i += i + 1 < text.size() && text[i + 1] == '>' ? 2 : 1;
      continue;
    }
    if (c == ':') {
      tokens.emplace_back(":");
      ++i;
      continue;
    }
    if (separates(c)) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < text.size() && !separates(static_cast<unsigned char>(text[end]))) ++end;
    // The word, dots dropped and ASCII letters folded as the C locale's tolower folds them: made
    // in its place in the list, copied once and folded there.
    std::string& word = tokens.emplace_back(text.substr(i, end - i));
    std::size_t size = 0;
    for (const char byte : word) {
      const auto letter = static_cast<unsigned char>(byte);
      if (letter != '.') word[size++] = static_cast<char>(letter >= 'A' && letter <= 'Z' ? letter + ('a' - 'A') : letter);
    }
    word.resize(size);
    if (size == 0) tokens.pop_back();
    i = end;
  }
  return tokens;
}

TokenReader::TokenReader(const Variant& variant, const std::vector<std::string>& tokens)
    : variant_(variant), map_(variant.map()), t_(tokens) {}

// `count` tokens from `at` (all there), joined by spaces.
std::string TokenReader::tokens_joined(std::size_t at, std::size_t count) const {
  std::string joined;
  for (std::size_t k = 0; k < count; ++k) {
    if (k != 0) joined += ' ';
    joined += t_[at + k];
  }
  return joined;
}

// `words` words from `at` joined by spaces, a hyphen inside a name counting as a space
// ("Mid-Atlantic Ocean"); `end` is the token after them. Empty if there are not so many.
std::string TokenReader::joined_words(std::size_t at, std::size_t words, std::size_t& end) const {
  std::string joined;
  std::size_t j = at, taken = 0;
  while (j < t_.size() && taken < words) {
    if (t_[j] == "-") {
      if (taken == 0 || j + 1 >= t_.size() || t_[j + 1] == "-") break;
      ++j;
      continue;
    }
    if (t_[j] == ":") break;
    if (taken != 0) joined += ' ';
    joined += t_[j];
    ++taken;
    ++j;
  }
  end = j;
  return taken == words ? joined : std::string();
}

// The longest province name starting at the cursor; returns its word count in `used` (tokens
// consumed).
std::optional<ProvinceId> TokenReader::match_province(std::size_t at, std::size_t& used) const {
  if (at >= t_.size()) return std::nullopt;
  for (std::size_t words = map_.name_words_from(t_[at]); words >= 1; --words) {
    if (words == 1) {  // one word: the token itself, no joined copy to make
      const std::string& word = t_[at];
      if (word == "-" || word == ":") return std::nullopt;
      const auto p = map_.find_province(word);
      if (p) used = 1;
      return p;
    }
    std::size_t end = at;
    const std::string joined = joined_words(at, words, end);
    if (joined.empty()) continue;
    if (auto p = map_.find_province(joined)) {
      used = end - at;
      return p;
    }
  }
  return std::nullopt;
}

// A full province name written with one small spelling mistake ("Pariz", "Burgandy"): one
// letter wrong, missing, added, or two letters swapped. Every reading of DATC 4.E.2 accepts
// these when only one name is meant; short words are not corrected (an abbreviation is three
// letters, and "Mars" is no "Mar"). When several names are that close, `ambiguous` lists them.
std::optional<ProvinceId> TokenReader::misspelt_province(std::size_t at, std::size_t& used, std::string& ambiguous) const {
  constexpr std::size_t kShortest = 5;
  for (std::size_t words = map_.longest_name_words(); words >= 1; --words) {
    std::size_t end = at;
    const std::string joined = joined_words(at, words, end);
    if (joined.size() < kShortest) continue;
    std::vector<ProvinceId> close;
    for (std::size_t p = 0; p < map_.province_count(); ++p) {
      const std::string name = normalize_name(map_.province(static_cast<ProvinceId>(p)).name);
      if (one_edit_apart(joined, name)) close.push_back(static_cast<ProvinceId>(p));
    }
    if (close.size() == 1) {
      used = end - at;
      return close.front();
    }
    if (close.size() > 1) {
      for (ProvinceId p : close) ambiguous += (ambiguous.empty() ? "" : " or ") + map_.province(p).name;
      return std::nullopt;
    }
  }
  return std::nullopt;
}

std::optional<CoastId> TokenReader::match_coast(std::size_t at, std::size_t& used) const {
  if (at >= t_.size()) return std::nullopt;
  for (std::size_t words = map_.coast_words_from(t_[at]); words >= 1; --words) {
    if (at + words > t_.size()) continue;
    const auto first = t_.begin() + static_cast<std::ptrdiff_t>(at);
    if (std::any_of(first, first + static_cast<std::ptrdiff_t>(words), [](const std::string& t) { return t == "-" || t == ":"; }))
      continue;
    if (auto c = words == 1 ? map_.find_coast(t_[at]) : map_.find_coast(tokens_joined(at, words))) {
      used = words;
      return c;
    }
  }
  return std::nullopt;
}

std::optional<TokenReader::Place> TokenReader::place(std::string& error) {
  std::size_t used = 0;
  auto province = match_province(i_, used);
  std::string ambiguous;
  if (!province && !done() && correct_spelling) {
    province = misspelt_province(i_, used, ambiguous);
    corrected = corrected || province.has_value();
  }
  if (!province) {
    if (!ambiguous.empty()) error = "'" + peek() + "' is ambiguous: " + ambiguous;
    else error = done() ? "a province is missing at the end" : "unknown province '" + peek() + "'";
    if (!done() && correct_spelling && unclear_candidates.empty()) {
      unclear_candidates = candidates_for(peek());
      unclear_at = i_;
    }
    return std::nullopt;
  }
  i_ += used;
  Place out{map_.province(*province).location, false};
  std::size_t coast_used = 0, name_used = 0;
  if (auto coast = match_coast(i_, coast_used)) {
    const bool longer_name = match_province(i_, name_used).has_value() && name_used > coast_used;
    if (!longer_name) {
      i_ += coast_used;
      const LocationId loc = map_.coast_location(*province, *coast);
      if (loc == kNoLocation) out.ignored_coast = *coast;
      else out.location = loc;
    }
  }
  return out;
}

std::optional<PowerId> TokenReader::nationality() {
  if (done()) return std::nullopt;
  for (std::size_t words = std::min<std::size_t>(3, variant_.power_name_words_from(t_[i_])); words >= 1; --words) {
    // A hyphen inside the name reads as a space, as in province names ("Austria-Hungary").
    std::size_t end = i_;
    const std::string joined = joined_words(i_, words, end);
    if (joined.empty()) continue;
    if (auto p = variant_.find_power(joined)) {
      const std::size_t taken = end - i_;
      // Not a power if the words are really a province ("Holland" is no power, but be safe).
      std::size_t used = 0;
      if (match_province(i_, used) && used >= taken) return std::nullopt;
      // Chaos names its powers as jDip does, after their first unit ("A-Ank"): "A Ank - Smy" is
      // that army's move, unless a unit follows the name ("A-Ank A Ank").
      if (is_one_of(t_[i_], {"a", "army", "f", "fleet"}) && match_province(i_ + 1, used) && used + 1 >= taken &&
          !is_one_of(peek(taken), {"a", "army", "f", "fleet"}))
        return std::nullopt;
      i_ = end;
      return p;
    }
  }
  return std::nullopt;
}

// The provinces an unclear word may mean: a short name it begins ("Bu" for Budapest, Bulgaria,
// Burgundy), a short name with one letter wrong or two swapped ("Pir" for Paris, Picardy,
// Piedmont, Portugal), or a full name one edit away. "Mars" is none of these: Rod Walker's
// nonsense place (DATC 4.E.1) stays unknown.
std::vector<ProvinceId> TokenReader::candidates_for(const std::string& word) const {
  std::vector<ProvinceId> out;
  if (word.size() < 2 || !std::all_of(word.begin(), word.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)); }))
    return out;
  for (std::size_t p = 0; p < map_.province_count(); ++p) {
    const Province& province = map_.province(static_cast<ProvinceId>(p));
    const std::string name = normalize_name(province.name);
    const bool begins = word.size() < province.id.size() && province.id.compare(0, word.size(), word) == 0;
    const bool close = (word.size() == province.id.size() && one_edit_apart(word, province.id)) ||
                       (word.size() >= 5 && one_edit_apart(word, name));
    if (begins || close) out.push_back(static_cast<ProvinceId>(p));
  }
  return out;
}

std::optional<UnitRef> TokenReader::unit(std::string& error, bool type_required) {
  UnitRef ref;
  if (auto p = nationality()) ref.nationality = *p;
  if (accept({"a", "army"})) ref.type = UnitType::Army;
  else if (accept({"f", "fleet"})) ref.type = UnitType::Fleet;
  else if (type_required) {
    error = done() ? "the unit is missing" : "expected 'A' or 'F' before '" + peek() + "'";
    return std::nullopt;
  }
  auto where = place(error);
  if (!where) return std::nullopt;
  ref.location = where->location;
  last_ignored_coast = where->ignored_coast;
  return ref;
}

bool TokenReader::move_word() {
  if (accept({"-", "to", "m"})) return true;
  if (accept({"moves", "move", "retreats", "retreat", "r"})) {
    accept({"to"});
    return true;
  }
  return false;
}

}  // namespace dipadj
