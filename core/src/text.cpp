#include "dipadj/text.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <vector>

namespace dipadj {

namespace {

// Writes the normalized form of `name` to `out` (room for name.size() bytes: it is never longer)
// and returns its length. ASCII only is folded, as the C locale's tolower does, without calling it.
std::size_t normalize_into(std::string_view name, char* out) {
  std::size_t size = 0;
  bool pending_space = false;
  for (char raw : name) {
    const auto c = static_cast<unsigned char>(raw);
    if (c == '.') continue;
    // The order parser reads "Lorne, the Isle" as the words lorne, the, isle and "Wood (Trade)"
    // as wood, trade: the name's key must be the same words.
    if (separates_words(c) || c == '-') {
      pending_space = size != 0;
      continue;
    }
    if (pending_space) out[size++] = ' ';
    pending_space = false;
    out[size++] = static_cast<char>(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
  }
  return size;
}

}  // namespace

std::string unreadable_name_reason(std::string_view name) {
  if (name.find(':') != std::string_view::npos) return "a ':' ends the name of a power in an order";
  // Each '-' must have a word on either side: "Mid-Atlantic" is one name, "Foo-" or "-Foo" or
  // "A--B" would be read with a move sign in it.
  bool word_before = false;
  bool dash_pending = false;
  char previous = '\0';
  for (char raw : name) {
    const auto c = static_cast<unsigned char>(raw);
    if (c == '-') {
      if (!word_before || dash_pending) return "a '-' in a name must stand between two words";
      dash_pending = true;
    } else if (c == '>' && previous == '-') {
      return "'->' is a move sign";
    } else if (c != '.' && !separates_words(c)) {
      word_before = true;
      dash_pending = false;
    }
    previous = raw;
  }
  if (dash_pending) return "a '-' in a name must stand between two words";
  if (!word_before) return "it has no letter or digit to read";
  return {};
}

std::string normalize_name(std::string_view name) {
  std::string out(name.size(), '\0');
  out.resize(normalize_into(name, out.data()));
  return out;
}

NameKey::NameKey(std::string_view name) {
  if (name.size() <= short_.size()) {
    size_ = normalize_into(name, short_.data());
  } else {
    long_ = normalize_name(name);
    // A long name can normalize to nothing ("...."); view() then reads the empty short form.
    size_ = 0;
  }
}

std::string did_you_mean(std::string_view word, std::span<const std::string> candidates) {
  std::vector<std::string_view> close;
  for (const std::string& candidate : candidates) {
    const bool prefix = word.size() >= 3 && candidate.starts_with(word);
    if (prefix || one_edit_apart(word, candidate)) close.push_back(candidate);
  }
  if (close.empty() || close.size() > 3) return "";
  std::string out = "did you mean ";
  for (std::size_t i = 0; i < close.size(); ++i) {
    out += i == 0 ? "'" : i + 1 == close.size() ? " or '" : ", '";
    out += close[i];
    out += "'";
  }
  return out + "?";
}

std::string printable(std::string_view text, std::size_t limit) {
  std::string out;
  auto append = [&out](std::string_view part) {
    for (char raw : part) {
      const auto c = static_cast<unsigned char>(raw);
      if (c < 0x20 || c == 0x7f) {
        static constexpr char kHex[] = "0123456789abcdef";
        out += "\\x";
        out += kHex[c >> 4];
        out += kHex[c & 15];
      } else {
        out += raw;
      }
    }
  };
  if (text.size() <= limit) {
    append(text);
  } else {
    const std::size_t half = limit / 2;
    append(text.substr(0, half));
    out += "...(" + std::to_string(text.size() - 2 * half) + " bytes)...";
    append(text.substr(text.size() - half));
  }
  return out;
}

bool is_plain_name(std::string_view name) {
  if (name.empty() || name.size() > 100 || !std::isalnum(static_cast<unsigned char>(name.front()))) return false;
  for (char c : name)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) return false;
  return true;
}

namespace {

constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
constexpr std::uint64_t kHighBits = 0x8080808080808080ULL;

// Whether a byte of `word` is zero (exact as a yes or no: the bit trick of Mycroft).
constexpr bool has_zero_byte(std::uint64_t word) { return ((word - kOnes) & ~word & kHighBits) != 0; }

// Whether any of the 8 bytes of `word` is below 0x20, 0x7f or above, a quote or a backslash.
constexpr bool has_special_byte(std::uint64_t word) {
  const bool control = ((word - kOnes * 0x20) & ~word & kHighBits) != 0;
  const bool high = (((word + kOnes) | word) & kHighBits) != 0;  // 0x7f (its +1 sets the high bit) or above
  return control || high || has_zero_byte(word ^ (kOnes * '"')) || has_zero_byte(word ^ (kOnes * '\\'));
}

}  // namespace

bool is_plain_text(std::string_view text) {
  const std::size_t size = text.size();
  if (size == 0) return true;  // (an empty view's data may be null: no memcpy from it)
  if (size < 8) {
    // Most texts are short ("fails", "Paris"): one word, read as two overlapping halves from 4
    // bytes (a copy of a length known only here was a call to memcpy), the bytes of a shorter
    // one shifted in over spaces.
    std::uint64_t word = kOnes * ' ';
    if (size >= 4) {
      std::uint32_t head = 0, tail = 0;
      std::memcpy(&head, text.data(), 4);
      std::memcpy(&tail, text.data() + size - 4, 4);
      word = (std::uint64_t{tail} << 32U) | head;
    } else {
      for (std::size_t i = 0; i < size; ++i) word = (word << 8U) | static_cast<unsigned char>(text[i]);
    }
    return !has_special_byte(word);
  }
  std::uint64_t word = 0;
  for (std::size_t i = 0; i + 8 <= size; i += 8) {
    std::memcpy(&word, text.data() + i, 8);
    if (has_special_byte(word)) return false;
  }
  // The last 8 bytes, overlapping those checked: no byte-by-byte tail.
  std::memcpy(&word, text.data() + size - 8, 8);
  return !has_special_byte(word);
}

bool one_edit_apart(std::string_view a, std::string_view b) {
  if (a == b) return false;
  const std::size_t n = a.size(), m = b.size();
  if (n == m) {
    std::size_t first = 0;
    while (a[first] == b[first]) ++first;
    if (a.compare(first + 1, std::string::npos, b, first + 1, std::string::npos) == 0) return true;  // changed
    return first + 1 < n && a[first] == b[first + 1] && a[first + 1] == b[first] &&
           a.compare(first + 2, std::string::npos, b, first + 2, std::string::npos) == 0;  // swapped
  }
  const std::string_view longer = n > m ? a : b;
  const std::string_view shorter = n > m ? b : a;
  if (longer.size() != shorter.size() + 1) return false;
  std::size_t first = 0;
  while (first < shorter.size() && longer[first] == shorter[first]) ++first;
  return longer.compare(first + 1, std::string::npos, shorter, first, std::string::npos) == 0;  // one left out
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  auto folded = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + ('a' - 'A')) : c; };
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (folded(a[i - 1]) == folded(b[j - 1]) ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c);
  return out;
}

std::string ascii_upper(std::string_view text) {
  std::string out(text);
  for (char& c : out) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - ('a' - 'A') : c);
  return out;
}

std::vector<std::string> split_words(std::string_view text) {
  const auto space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
  std::vector<std::string> words;
  for (std::size_t i = 0; i < text.size();) {
    while (i < text.size() && space(text[i])) ++i;
    const std::size_t start = i;
    while (i < text.size() && !space(text[i])) ++i;
    if (i > start) words.emplace_back(text.substr(start, i - start));
  }
  return words;
}

std::string join_words(std::span<const std::string> words) {
  std::string out;
  for (const std::string& word : words) {
    if (!out.empty()) out += ' ';
    out += word;
  }
  return out;
}

}  // namespace dipadj
