#pragma once
// Name handling shared by map loading, order parsing and the look-up of variants and plugins.
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <span>
#include <string_view>
#include <vector>

namespace dipadj {

// Whether a byte separates the words of an order ("A Spa(nc) - Por, F Lon/Nth" is read as the
// words a, spa, nc, por, f, lon, nth with '-' and ':' as signs of their own; '_' too). Names are compared
// in the same words, so that a name written into an order reads back as that name.
constexpr bool separates_words(unsigned char c) {
  return c == ' ' || (c >= '\t' && c <= '\r') || c == '(' || c == ')' || c == '/' || c == ',' || c == ';' || c == '_';
}

// The form in which names are compared: lower case, the bytes that separate words in an order
// ('(', ')', '/', ',', ';', '_', '-' and white space) as spaces, dots dropped, runs of spaces
// collapsed. "St. Petersburg" and "st petersburg" compare equal, as do "Mid-Atlantic Ocean" and
// "mid atlantic ocean", and "Wood (Trade)" and "wood trade".
std::string normalize_name(std::string_view name);

// Why a name of a province or coast could not be written in an order and read back as itself,
// or empty when it can: a ':' (it ends the power's name in "England: F Lon H"), or a '-' that
// does not stand between two words (read as the move sign), or no word at all.
std::string unreadable_name_reason(std::string_view name);

// normalize_name's result without allocating for names of up to 64 bytes: the form in which
// look-ups (provinces, powers, coasts) compare what they are given, many times per order.
class NameKey {
 public:
  explicit NameKey(std::string_view name);
  [[nodiscard]] std::string_view view() const { return long_.empty() ? std::string_view(short_.data(), size_) : std::string_view(long_); }

 private:
  std::array<char, 64> short_{};
  std::size_t size_ = 0;
  std::string long_;
};

// A plain name, as variants and plugins are named: letters, digits, '-' and '_', starting with a
// letter or a digit, at most 100 characters. Never a path: no '/', no '.', no NUL.
bool is_plain_name(std::string_view name);

// The lengths of a set of words, a bit each (the last for 63 bytes or more): a word of a length
// none of them has is none of them, known with no look-up (a reader of orders asks whether each
// word starts a power's name, a coast's, and most words are of no such length: "A", "-", "S").
class WordLengths {
 public:
  void add(std::size_t length) { bits_ |= std::uint64_t{1} << bit(length); }
  [[nodiscard]] bool may_have(std::size_t length) const { return ((bits_ >> bit(length)) & 1U) != 0; }

 private:
  static constexpr std::size_t bit(std::size_t length) { return length < 63 ? length : 63; }
  std::uint64_t bits_ = 0;
};

// Whether two texts are the same, inline: a batch line compares some fifty short texts (orders,
// units: 3 to 30 bytes) with the one a table keeps, and each a call to memcmp cost more than the
// comparison. Two overlapping words from each end compare 4 to 32 bytes with no loop; 1 to 3
// bytes are their first, middle and last bytes.
[[gnu::always_inline]] inline bool same_text(std::string_view a, std::string_view b) {
  const std::size_t size = a.size();
  if (size != b.size()) return false;
  const char* x = a.data();
  const char* y = b.data();
  const auto same_word = [&](std::size_t at, auto word) {
    decltype(word) u, v;
    std::memcpy(&u, x + at, sizeof(u));
    std::memcpy(&v, y + at, sizeof(v));
    return u == v;
  };
  if (size >= 8) {
    if (size <= 16) return same_word(0, std::uint64_t{}) && same_word(size - 8, std::uint64_t{});
    if (size <= 32)
      return same_word(0, std::uint64_t{}) && same_word(8, std::uint64_t{}) && same_word(size - 16, std::uint64_t{}) &&
             same_word(size - 8, std::uint64_t{});
    return std::memcmp(x, y, size) == 0;
  }
  if (size >= 4) return same_word(0, std::uint32_t{}) && same_word(size - 4, std::uint32_t{});
  return size == 0 || (x[0] == y[0] && x[size / 2] == y[size / 2] && x[size - 1] == y[size - 1]);
}

// The hash of a text, for tables keyed by std::string and looked up by std::string_view
// (`std::unordered_map<std::string, V, TextHash, std::equal_to<>>`): no string made to look up.
// The texts are short (names, orders: 3 to 30 bytes) and looked up some sixty times a batch line:
// eight bytes a step, multiplied and folded (the standard library's byte hash cost four times as
// much for them), inline.
struct TextHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view text) const {
    const char* at = text.data();
    std::size_t left = text.size();
    std::uint64_t hash = 0x9E3779B97F4A7C15ULL * (left + 1);
    const auto step = [&hash](std::uint64_t word) {
      hash = (hash ^ word) * 0xBF58476D1CE4E5B9ULL;
      hash ^= hash >> 31U;
    };
    const auto word = [](const char* from, std::size_t bytes) {
      std::uint64_t w = 0;
      std::memcpy(&w, from, bytes);
      return w;
    };
    if (left >= 8) {
      for (; left > 8; at += 8, left -= 8) step(word(at, 8));
      step(word(at + left - 8, 8));  // the last eight bytes, overlapping those before when fewer are left
    } else if (left >= 4) {
      step((word(at, 4) << 32U) | word(at + left - 4, 4));
    } else if (left > 0) {
      step((word(at, 1) << 16U) | (word(at + left / 2, 1) << 8U) | word(at + left - 1, 1));
    }
    hash *= 0x94D049BB133111EBULL;
    return static_cast<std::size_t>(hash ^ (hash >> 29U));
  }
};

// Whether `text` is printable ASCII with no quote and no backslash: it goes into JSON (or a
// double-quoted YAML scalar) as it is, between quotes. Checked eight bytes at a time: the results
// of a batch line are about 3,000 bytes of such text.
bool is_plain_text(std::string_view text);

// Text from the input made safe to print in a message: control bytes (a terminal's escape
// sequences, NUL, newlines) written as \xNN, and text longer than `limit` bytes cut in the middle
// with the number of bytes left out.
std::string printable(std::string_view text, std::size_t limit = 200);

// Whether two different words are one edit apart: a letter changed, left out or added, or two
// neighbouring letters swapped ("Pars" for "Paris", "adjudciate" for "adjudicate").
bool one_edit_apart(std::string_view a, std::string_view b);
// How many letters must be changed, left out or added to make one text the other (Levenshtein's
// distance, ASCII letters of either case alike): how far a typed order is from a legal one.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The names among `candidates` that `word` may be a slip for (one edit apart, or a prefix of them,
// at most three): "did you mean 'x'?" (or "'x' or 'y'"), or empty. The one suggestion every
// command, option and name look-up gives.
std::string did_you_mean(std::string_view word, std::span<const std::string> candidates);

// ASCII letters folded to lower or upper case; every other byte kept (as the C locale folds).
std::string ascii_lower(std::string_view text);
std::string ascii_upper(std::string_view text);
// The words of `text`, split at ASCII white space; and words joined by single spaces.
std::vector<std::string> split_words(std::string_view text);
std::string join_words(std::span<const std::string> words);

}  // namespace dipadj
