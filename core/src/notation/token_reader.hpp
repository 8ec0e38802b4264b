#pragma once
// An order's text as tokens, and a cursor over them that reads the parts of an order against a
// variant: places (the longest name, a misspelt one), coasts, a power's name, units. The order
// parser's grammar (order_parser.cpp) is built on it. Private to the core.
#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/geo/ids.hpp"
#include "dipadj/order/order.hpp"
#include "dipadj/text.hpp"

namespace dipadj {

class Map;
class Variant;

// Words, with "-" (also "->") and ":" as tokens of their own; brackets, slashes and commas
// separate words; dots vanish ("St." is "st", "n.c." is "nc").
std::vector<std::string> tokenize_order(std::string_view text);

// Compared inline (same_text), each word's size first: an order read for the first time asks
// five or six of these, and a call to compare each word cost more than the comparisons.
inline bool is_one_of(const std::string& token, std::initializer_list<std::string_view> words) {
  return std::any_of(words.begin(), words.end(), [&](std::string_view w) { return same_text(token, w); });
}

class TokenReader {
 public:
  // `tokens` must outlive the reader.
  TokenReader(const Variant& variant, const std::vector<std::string>& tokens);

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
  [[nodiscard]] std::size_t position() const { return i_; }
  void skip(std::size_t n) { i_ += n; }
  void rewind(std::size_t to) { i_ = to; }

  struct Place {
    LocationId location = kNoLocation;
    CoastId ignored_coast = kNoCoast;
  };
  // A province with an optional coast. A coast the province does not have is dropped and
  // reported through `ignored_coast` (DATC 4.B.5, 4.B.6).
  std::optional<Place> place(std::string& error);
  // "[power] [A|F] place": the type is optional unless `type_required`.
  std::optional<UnitRef> unit(std::string& error, bool type_required = false);
  // "-", "to", "moves to", "retreats", ...: the word of a move or a retreat.
  bool move_word();

  CoastId last_ignored_coast = kNoCoast;
  // Orders are players' writing (4.E.2); positions in files must name places exactly.
  bool correct_spelling = true;
  // Whether a misspelt name was read as the one it is close to ("Burgundyy" as Burgundy).
  bool corrected = false;
  // When a place word is unclear ("Bu.", "Pir"): where it stands and the provinces it may mean.
  std::size_t unclear_at = 0;
  std::vector<ProvinceId> unclear_candidates;

 private:
  [[nodiscard]] std::string tokens_joined(std::size_t at, std::size_t count) const;
  std::string joined_words(std::size_t at, std::size_t words, std::size_t& end) const;
  std::optional<ProvinceId> match_province(std::size_t at, std::size_t& used) const;
  std::optional<ProvinceId> misspelt_province(std::size_t at, std::size_t& used, std::string& ambiguous) const;
  std::optional<CoastId> match_coast(std::size_t at, std::size_t& used) const;
  std::optional<PowerId> nationality();
  [[nodiscard]] std::vector<ProvinceId> candidates_for(const std::string& word) const;

  const Variant& variant_;
  const Map& map_;
  const std::vector<std::string>& t_;
  std::size_t i_ = 0;
};

}  // namespace dipadj
