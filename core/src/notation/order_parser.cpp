#include "dipadj/notation/order_text.hpp"
#include "dipadj/notation/order_parser.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "dipadj/plugin/plugin.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

// Words, with "-" (also "->") and ":" as tokens of their own; brackets, slashes and commas
// separate words; dots vanish ("St." is "st", "n.c." is "nc").
std::vector<std::string> tokenize(std::string_view text) {
  std::vector<std::string> tokens;
  tokens.reserve(8);
  auto separates = [](unsigned char c) { return separates_words(c) || c == '-' || c == ':'; };
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
    // The word, dots dropped and ASCII letters folded as the C locale's tolower folds them.
    std::string word(end - i, '\0');
    std::size_t size = 0;
    for (; i < end; ++i) {
      const auto letter = static_cast<unsigned char>(text[i]);
      if (letter != '.') word[size++] = static_cast<char>(letter >= 'A' && letter <= 'Z' ? letter + ('a' - 'A') : letter);
    }
    word.resize(size);
    if (size != 0) tokens.push_back(std::move(word));
  }
  return tokens;
}


bool is_one_of(const std::string& token, std::initializer_list<std::string_view> words) {
  return std::any_of(words.begin(), words.end(), [&](std::string_view w) { return token == w; });
}

class Reader {
 public:
  // `tokens` must outlive the reader.
  Reader(const Variant& variant, const std::vector<std::string>& tokens) : variant_(variant), map_(variant.map()), t_(tokens) {}

  [[nodiscard]] bool done() const { return i_ >= t_.size(); }
  [[nodiscard]] const std::string& peek(std::size_t ahead = 0) const {
    static const std::string kEmpty;
    return i_ + ahead < t_.size() ? t_[i_ + ahead] : kEmpty;
  }
  bool accept(std::initializer_list<std::string_view> words) {
    if (done() || !is_one_of(t_[i_], words)) return false;
    ++i_;
    return true;
  }

  // `count` tokens from `at` (all there), joined by spaces.
  [[nodiscard]] std::string tokens_joined(std::size_t at, std::size_t count) const {
    std::string joined;
    for (std::size_t k = 0; k < count; ++k) {
      if (k != 0) joined += ' ';
      joined += t_[at + k];
    }
    return joined;
  }

  // `words` words from `at` joined by spaces, a hyphen inside a name counting as a space
  // ("Mid-Atlantic Ocean"); `end` is the token after them. Empty if there are not so many.
  std::string joined_words(std::size_t at, std::size_t words, std::size_t& end) const {
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
  std::optional<ProvinceId> match_province(std::size_t at, std::size_t& used) const {
    if (at >= t_.size()) return std::nullopt;
    for (std::size_t words = map_.name_words_from(t_[at]); words >= 1; --words) {
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
  std::optional<ProvinceId> misspelt_province(std::size_t at, std::size_t& used, std::string& ambiguous) const {
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

  std::optional<CoastId> match_coast(std::size_t at, std::size_t& used) const {
    for (std::size_t words = map_.longest_coast_words(); words >= 1; --words) {
      if (at + words > t_.size()) continue;
      const auto first = t_.begin() + static_cast<std::ptrdiff_t>(at);
      if (std::any_of(first, first + static_cast<std::ptrdiff_t>(words), [](const std::string& t) { return t == "-" || t == ":"; }))
        continue;
      if (auto c = map_.find_coast(tokens_joined(at, words))) {
        used = words;
        return c;
      }
    }
    return std::nullopt;
  }

  struct Place {
    LocationId location = kNoLocation;
    bool coast_ignored = false;
  };

  // A province with an optional coast. A coast the province does not have is dropped and
  // reported through `coast_ignored` (DATC 4.B.5, 4.B.6).
  std::optional<Place> place(std::string& error) {
    std::size_t used = 0;
    auto province = match_province(i_, used);
    std::string ambiguous;
    if (!province && !done() && correct_spelling) province = misspelt_province(i_, used, ambiguous);
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
        if (loc == kNoLocation) out.coast_ignored = true;
        else out.location = loc;
      }
    }
    return out;
  }

  std::optional<PowerId> nationality() {
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

  bool last_coast_ignored = false;
  // Orders are players' writing (4.E.2); positions in files must name places exactly.
  bool correct_spelling = true;
  // When a place word is unclear ("Bu.", "Pir"): where it stands and the provinces it may mean.
  std::size_t unclear_at = 0;
  std::vector<ProvinceId> unclear_candidates;

  // The provinces an unclear word may mean: a short name it begins ("Bu" for Budapest, Bulgaria,
  // Burgundy), a short name with one letter wrong or two swapped ("Pir" for Paris, Picardy,
  // Piedmont, Portugal), or a full name one edit away. "Mars" is none of these: Rod Walker's
  // nonsense place (DATC 4.E.1) stays unknown.
  [[nodiscard]] std::vector<ProvinceId> candidates_for(const std::string& word) const {
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

  std::optional<UnitRef> unit(std::string& error, bool type_required = false) {
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
    last_coast_ignored = where->coast_ignored;
    return ref;
  }

  bool move_word() {
    if (accept({"-", "to", "m"})) return true;
    if (accept({"moves", "move", "retreats", "retreat", "r"})) {
      accept({"to"});
      return true;
    }
    return false;
  }

  std::size_t position() const { return i_; }
  void skip(std::size_t n) { i_ += n; }
  void rewind(std::size_t to) { i_ = to; }
  const std::vector<std::string>& tokens() const { return t_; }

 private:
  const Variant& variant_;
  const Map& map_;
  const std::vector<std::string>& t_;
  std::size_t i_ = 0;
};

}  // namespace

std::optional<UnitRef> OrderParser::parse_unit(std::string_view text, std::string& error) const {
  const std::vector<std::string> tokens = tokenize(text);
  Reader r(*variant_, tokens);
  r.correct_spelling = false;
  auto unit = r.unit(error, true);
  if (!unit) return std::nullopt;
  if (r.last_coast_ignored) {
    // In an order a stray coast is ignored (DATC 4.B.5, 4.B.6); a position must be exact.
    error = variant_->map().province(variant_->map().province_of(unit->location)).name + " has no such coast";
    return std::nullopt;
  }
  if (!r.done()) {
    error = "unexpected '" + r.peek() + "' after the unit";
    return std::nullopt;
  }
  return unit;
}

ParsedOrder OrderParser::parse(std::string_view text, bool retreat_phase, bool places_off_map) const {
  // A plugin's own notation first ("A Moscow - TSR - Vladivostok"): the core would misread it.
  const auto& extensions = variant_->extensions();
  for (std::size_t i = 0; i < extensions.size(); ++i) {
    std::optional<ParsedOrder> read = extensions[i].rules->parse_order(text, *this, retreat_phase);
    if (!read) continue;
    if (read->order) read->order->extension = static_cast<std::uint8_t>(i + 1);
    for (Order& reading : read->readings) reading.extension = static_cast<std::uint8_t>(i + 1);
    return *std::move(read);
  }
  return parse_without_extensions(text, retreat_phase, places_off_map);
}

ParsedOrder OrderParser::parse_without_extensions(std::string_view text, bool retreat_phase, bool places_off_map) const {
  std::vector<std::string> tokens = tokenize(text);
  PowerId power = kNoPower;
  // "England: A Lon - Nth": the power that gives the order.
  if (auto colon = std::find(tokens.begin(), tokens.end(), ":"); colon != tokens.end()) {
    std::string name;
    for (auto it = tokens.begin(); it != colon; ++it) name += (name.empty() ? "" : " ") + *it;
    auto found = variant_->find_power(name);
    if (!found) return ParsedOrder{std::nullopt, kNoPower, "unknown power '" + name + "'", {}};
    power = *found;
    tokens.erase(tokens.begin(), colon + 1);
  }
  if (tokens.empty()) return ParsedOrder{std::nullopt, power, "empty order", {}};
  ParsedOrder out = parse_tokens(std::move(tokens), retreat_phase, places_off_map, 0);
  out.power = power;
  return out;
}

// An unclear place word ("Bu.") is read as each province it may mean; the readings that are
// orders are kept. One reading: that is the order (it "can have only one meaning"); several: the
// rules of 4.E.2 choose later, knowing the board.
ParsedOrder OrderParser::parse_tokens(std::vector<std::string> tokens, bool retreat_phase, bool places_off_map,
                                      int depth) const {
  std::size_t unclear_at = 0;
  std::vector<ProvinceId> candidates;
  ParsedOrder out = parse_once(tokens, retreat_phase, places_off_map, unclear_at, candidates);
  constexpr int kMostUnclearWords = 3;
  if (out.order || candidates.empty() || depth >= kMostUnclearWords) return out;
  const std::string word = tokens[unclear_at];
  std::vector<Order> readings;
  for (ProvinceId p : candidates) {
    std::vector<std::string> reading(tokens.begin(), tokens.begin() + static_cast<std::ptrdiff_t>(unclear_at));
    for (const std::string& part : tokenize(variant_->map().province(p).name)) reading.push_back(part);
    reading.insert(reading.end(), tokens.begin() + static_cast<std::ptrdiff_t>(unclear_at) + 1, tokens.end());
    ParsedOrder alternative = parse_tokens(std::move(reading), retreat_phase, places_off_map, depth + 1);
    if (alternative.order) alternative.readings.push_back(std::move(*alternative.order));
    for (Order& o : alternative.readings)
      if (std::find(readings.begin(), readings.end(), o) == readings.end()) readings.push_back(std::move(o));
  }
  if (readings.size() == 1) {
    out.order = std::move(readings.front());
    out.error.clear();
  } else if (readings.size() > 1) {
    std::string meanings;
    for (std::size_t k = 0; k < readings.size(); ++k)
      meanings += (k == 0 ? "" : k + 1 == readings.size() ? " or " : ", ") + to_string(readings[k], *variant_);
    out.error = "'" + word + "' is unclear: " + meanings;
    out.readings = std::move(readings);
  }
  return out;
}

ParsedOrder OrderParser::parse_once(const std::vector<std::string>& tokens, bool retreat_phase, bool places_off_map,
                                    std::size_t& unclear_at, std::vector<ProvinceId>& candidates) const {
  ParsedOrder out;
  Reader r(*variant_, tokens);
  // Whatever way the reading ends, the caller learns which word was unclear.
  struct Report {
    const Reader& reader;
    std::size_t& at;
    std::vector<ProvinceId>& candidates;
    ~Report() {
      at = reader.unclear_at;
      candidates = reader.unclear_candidates;
    }
  } report{r, unclear_at, candidates};
  Order order;
  std::string& error = out.error;
  auto finish = [&]() -> ParsedOrder& {
    if (error.empty() && !r.done()) error = "unexpected '" + r.peek() + "'";
    if (error.empty()) out.order = std::move(order);
    return out;
  };
  // A destination: a place on the map, or (when allowed) whatever words stand there instead.
  auto destination = [&]() -> bool {
    const std::size_t start = r.position();
    if (auto dest = r.place(error)) {
      order.target = dest->location;
      order.target_coast_ignored = dest->coast_ignored;
      return true;
    }
    if (!places_off_map || r.done()) return false;
    r.rewind(start);
    std::string written;
    while (!r.done() && r.peek() != "via" && r.peek() != "by") {
      written += (written.empty() ? "" : " ") + r.peek();
      r.skip(1);
    }
    if (written.empty()) return false;
    error.clear();
    order.target = kNoLocation;
    order.off_map_place = std::move(written);
    return true;
  };

  if (r.accept({"waive", "waives"})) {
    order.kind = OrderKind::Waive;
    return finish();
  }
  if (r.accept({"build", "builds"})) {
    order.kind = OrderKind::Build;
    if (auto u = r.unit(error)) order.unit = *u;
    return finish();
  }
  if (r.accept({"remove", "removes", "disband", "disbands"})) {
    order.kind = retreat_phase ? OrderKind::Disband : OrderKind::Remove;
    if (auto u = r.unit(error)) order.unit = *u;
    return finish();
  }

  auto unit = r.unit(error);
  if (!unit) return out;
  order.unit = *unit;
  if (r.done() || r.accept({"h", "hold", "holds", "stand", "stands"})) {
    order.kind = OrderKind::Hold;
  } else if (r.move_word()) {
    order.kind = retreat_phase ? OrderKind::Retreat : OrderKind::Move;
    if (!destination()) return out;
    // "A Yor - Nth - Bel": every place but the last is a sea on the convoy path (DATC 4.A.6).
    while (order.off_map_place.empty() && r.peek() == "-") {
      r.accept({"-"});
      order.convoy_path.push_back(variant_->map().province_of(order.target));
      if (!destination()) return out;
    }
    if (r.accept({"via", "by"})) {
      if (!r.accept({"convoy", "c"})) {
        error = "expected 'convoy' after 'via'";
        return out;
      }
      order.via_convoy = true;
    }
  } else if (r.accept({"s", "support", "supports"})) {
    order.kind = OrderKind::Support;
    auto other = r.unit(error);
    if (!other) return out;
    order.other = *other;
    if (r.move_word()) {
      if (!destination()) return out;
    } else {
      r.accept({"h", "hold", "holds", "stand", "stands"});
    }
  } else if (r.accept({"c", "convoy", "convoys"})) {
    order.kind = OrderKind::Convoy;
    auto other = r.unit(error);
    if (!other) return out;
    order.other = *other;
    if (!r.move_word()) {
      error = "a convoy order needs '- destination'";
      return out;
    }
    if (!destination()) return out;
  } else if (r.accept({"proxy", "proxies"})) {
    // "A Bel Proxy England", "A Bel proxy to England": the rest names the power.
    order.kind = OrderKind::Proxy;
    r.accept({"to"});
    std::string name;
    while (!r.done()) {
      name += (name.empty() ? "" : " ") + r.peek();
      r.skip(1);
    }
    auto power = variant_->find_power(name);
    if (!power) {
      error = name.empty() ? "a proxy order names the power that gets the unit" : "unknown power '" + name + "'";
      return out;
    }
    order.other.nationality = *power;
  } else if (r.accept({"d", "disband", "disbands"})) {
    order.kind = retreat_phase ? OrderKind::Disband : OrderKind::Remove;
  } else if (r.accept({"b", "build", "builds"})) {
    order.kind = OrderKind::Build;
  } else {
    error = "expected an order (Hold, -, Supports, Convoys) but found '" + r.peek() + "'";
    return out;
  }
  return finish();
}

}  // namespace dipadj
