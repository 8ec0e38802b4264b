#pragma once
// The orders and units of one variant as OrderParser reads them, and its phases as its calendar
// reads them, remembered by their text, for a reader of many games of a variant in a row (batch,
// Python): the same few thousand order texts come back again and again (96 % of a batch's orders
// repeat one read before), and reading an order from its words costs about a quarter of a batch
// line. One reader's: not shared between threads. Private to the core library.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "dipadj/board/phase.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "text_table.hpp"

namespace dipadj {

class Calendar;
class Variant;

class OrderReadingMemo {
 public:
  // The variant of the games read next (kept alive while it is the memo's): what was remembered
  // for another variant is forgotten.
  // Taken by reference: the same variant line after line is not copied (its count of references,
  // written by every thread, is shared between them).
  void use(const std::shared_ptr<const Variant>& variant);

  // What parser.parse / parser.parse_unit give, the same value. From memory when the parser is
  // of the variant in use and the text was read before; read and remembered otherwise. A variant
  // whose plugins read their own notation is never remembered for: a plugin's reading is its own.
  // The reading is the memo's, good until its next call: the caller copies what it keeps (most
  // orders are an Order with nothing to allocate; the memo's ParsedOrder has its strings).
  // The texts found in memory are found inline (a batch line's fifty look-ups each cost a call,
  // and its saving of registers, besides); the others read in the library.
  const ParsedOrder& order(const OrderParser& parser, std::string_view text, bool retreat_phase, bool places_off_map) {
    if (orders_remembered_ && serves(parser)) {
      const auto& table = orders_[(retreat_phase ? 1U : 0U) + (places_off_map ? 2U : 0U)];
      const std::uint64_t hash = TextTable<ParsedOrder>::hash_of(text);
      if (const ParsedOrder* known = table.find(text, hash)) return *known;
    }
    return read_order(parser, text, retreat_phase, places_off_map);
  }
  std::optional<UnitRef> unit(const OrderParser& parser, std::string_view text, std::string& error) {
    if (serves(parser)) {
      const UnitReading* known = units_.find(text, TextTable<UnitReading>::hash_of(text));
      if (known != nullptr && known->unit) return known->unit;
    }
    return read_unit(parser, text, error);
  }
  // What calendar.read gives, from memory when it is the calendar of the variant in use.
  std::optional<Phase> phase(const Calendar& calendar, std::string_view text);

 private:
  // Bounded: past this many texts a table starts again empty (about 4 MB at most). 20,000 had
  // 30,000 random Standard phases (29,000 texts) read 22,000 texts twice; 65,536 kept 8 MB more a
  // thread and was slower over 150,000 phases (a larger table, further apart in memory).
  static constexpr std::size_t kMostTexts = 32768;
  struct UnitReading {
    std::optional<UnitRef> unit;
    std::string error;
  };
  [[nodiscard]] bool serves(const OrderParser& parser) const { return variant_ && &parser.variant() == variant_.get(); }
  // order() and unit() for a text not found in memory (or a parser the memo does not serve).
  const ParsedOrder& read_order(const OrderParser& parser, std::string_view text, bool retreat_phase, bool places_off_map);
  std::optional<UnitRef> read_unit(const OrderParser& parser, std::string_view text, std::string& error);

  std::shared_ptr<const Variant> variant_;
  bool orders_remembered_ = false;
  ParsedOrder not_remembered_;  // order()'s reading when the memo does not remember it
  // Per reading's flags (retreat phase, places off the map): looked up by the text itself, with
  // no key made for each order.
  std::array<TextTable<ParsedOrder>, 4> orders_;
  TextTable<UnitReading> units_;
  TextTable<std::optional<Phase>> phases_;
};

}  // namespace dipadj
