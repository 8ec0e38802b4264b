#include "line_values.hpp"

#include <simdjson.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <bit>
#include <cstring>
#include <utility>

namespace dipadj {

namespace ondemand = simdjson::ondemand;

namespace {

constexpr std::array<std::string_view, kLineKeys> kLineKeyNames = {"format", "variant", "phase", "units", "supply_centres", "orders"};
constexpr std::size_t kFirstListKey = static_cast<std::size_t>(LineKey::Units);

// A key's or a string's text: up to its closing quote (stage 1 found it, and there is no escape
// before it). Sixteen bytes looked at a time where SSE2 is (the line's copy has room to read past
// its end): a loop a byte at a time cost two instructions a byte and left each string with a
// mispredicted branch (a line has some eighty strings, most of them shorter than sixteen bytes).
std::string_view text_of(ondemand::raw_json_string raw) {
  const char* const start = raw.raw();
  const char* end = start;
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8('"');
  for (;; end += 16) {
    const __m128i sixteen = _mm_loadu_si128(reinterpret_cast<const __m128i*>(end));
    if (const int found = _mm_movemask_epi8(_mm_cmpeq_epi8(sixteen, quote)); found != 0) {
      end += std::countr_zero(static_cast<unsigned>(found));
      break;
    }
  }
#else
  while (*end != '"') ++end;
#endif
  return {start, static_cast<std::size_t>(end - start)};
}

// A string's text as it stands between its quotes (the line has no backslash: there is no escape
// to undo); false for a value that is no string. Read as a raw string, the value is passed: a
// value left unread cost its iterator a skip.
bool string_text(ondemand::value value, std::string_view& text) {
  ondemand::raw_json_string raw;
  if (value.get_raw_json_string().get(raw) != simdjson::SUCCESS) return false;
  text = text_of(raw);
  return true;
}

}  // namespace

struct LineValues::Parser {
  ondemand::parser simdjson;
  ondemand::document document;
};

LineValues::LineValues() : parser_(std::make_unique<Parser>()) {}
LineValues::~LineValues() = default;
LineValues::LineValues(LineValues&&) noexcept = default;
LineValues& LineValues::operator=(LineValues&&) noexcept = default;

bool LineValues::read(std::string_view line) {
  if (collect(line)) return true;
  given_ = 0;  // nothing of a line refused halfway left to use
  return false;
}

bool LineValues::collect(std::string_view line) {
  given_ = 0;
  powers_.clear();
  items_.clear();
  if (line.find('\\') != std::string_view::npos) return false;
  // simdjson reads up to SIMDJSON_PADDING bytes past the text's end, and text_of up to 15: the
  // line's own copy has the room, its bytes set.
  if (padded_.size() < line.size() + simdjson::SIMDJSON_PADDING) padded_.resize(line.size() + simdjson::SIMDJSON_PADDING);
  if (!line.empty()) std::memcpy(padded_.data(), line.data(), line.size());
  std::memset(padded_.data() + line.size(), ' ', simdjson::SIMDJSON_PADDING);
  ondemand::document& document = parser_->document;
  if (parser_->simdjson.iterate(padded_.data(), line.size(), padded_.size()).get(document) != simdjson::SUCCESS) return false;
  ondemand::object root;
  if (document.get_object().get(root) != simdjson::SUCCESS) return false;
  for (auto field : root) {
    ondemand::raw_json_string raw_key;
    if (field.key().get(raw_key) != simdjson::SUCCESS) return false;
    const std::string_view key = text_of(raw_key);
    std::size_t k = 0;
    while (k < kLineKeys && key != kLineKeyNames[k]) ++k;
    if (k == kLineKeys || (given_ & (1U << k)) != 0) return false;
    given_ |= 1U << k;
    ondemand::value value;
    if (field.value().get(value) != simdjson::SUCCESS) return false;
    if (k < kFirstListKey) {
      if (!string_text(value, texts_[k])) return false;
      continue;
    }
    // {Power: [text, ...], ...}
    ondemand::object powers;
    if (value.get_object().get(powers) != simdjson::SUCCESS) return false;
    const std::size_t first = powers_.size();
    for (auto entry : powers) {
      ondemand::raw_json_string power;
      ondemand::array list;
      if (entry.key().get(power) != simdjson::SUCCESS || entry.value().get_array().get(list) != simdjson::SUCCESS) return false;
      PowerList listed{text_of(power), static_cast<std::uint32_t>(items_.size()), 0};
      for (auto item : list) {
        ondemand::value text_value;
        std::string_view text;
        if (item.get(text_value) != simdjson::SUCCESS || !string_text(text_value, text)) return false;
        items_.push_back(text);
      }
      listed.count = static_cast<std::uint32_t>(items_.size() - listed.first);
      powers_.push_back(listed);
    }
    lists_[k] = {first, powers_.size() - first};
  }
  // Nothing after the object: the document read to its end.
  return document.current_location().error() == simdjson::OUT_OF_BOUNDS;
}

}  // namespace dipadj
