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
#include <unordered_map>

#include "dipadj/board/phase.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "text_table.hpp"

namespace dipadj {

class Calendar;
class Map;
class Variant;

// An order as the memo read it: the parser's reading and, when results print it in the core's
// words and the variant's names, all plain text (Variant::names_are_plain), that text
// (order_text_pieces), made once with the reading: a results line printed each of its orders
// piece by piece.
struct MemoOrder {
  ParsedOrder parsed;
  std::string shown;  // empty when there is none
};

class OrderReadingMemo {
 public:
  // Bounded: past this many texts a table starts again empty (a table of orders at the next game
  // once it has room for fewer than 1,024 more, or in a game past twice as many: 16 MB at most).
  // 20,000 had 30,000 random Standard phases (29,000 texts) read 22,000 texts twice; 65,536 kept
  // 8 MB more a thread and was slower over 150,000 phases (a larger table, further apart in memory).
  static constexpr std::size_t kMostTexts = 32768;

  // The variant of the games read next (kept alive while it is the memo's): what was remembered
  // for another variant is forgotten. Called as each game starts: a table of orders that is
  // (nearly) full starts again empty here, not in the middle of a game (its readings stay where
  // they are until then: a game's reader may keep views of their texts) unless the game alone has
  // twice as many texts (a game file's, never a plain line's: GameLineReader reads at most 64 KB).
  // Taken by reference: the same variant line after line is not copied (its count of references,
  // written by every thread, is shared between them).
  void use(const std::shared_ptr<const Variant>& variant);

  // What parser.parse / parser.parse_unit give, the same value. From memory when the parser is
  // of the variant in use and the text was read before; read and remembered otherwise. A variant
  // whose plugins read their own notation is never remembered for: a plugin's reading is its own.
  // The reading is the memo's: a remembered one stays until the next game starts (use()), one not
  // remembered (`shown` empty) until the next call. The caller copies what it keeps (most orders
  // are an Order with nothing to allocate; the memo's ParsedOrder has its strings).
  // The texts found in memory are found inline (a batch line's fifty look-ups each cost a call,
  // and its saving of registers, besides); the others read in the library.
  const MemoOrder& order(const OrderParser& parser, std::string_view text, bool retreat_phase, bool places_off_map) {
    const std::uint64_t hash = TextTable<MemoOrder>::hash_of(text);
    if (orders_remembered_ && serves(parser)) {
      const auto& table = orders_[(retreat_phase ? 1U : 0U) + (places_off_map ? 2U : 0U)];
      if (const MemoOrder* known = table.find(text, hash)) return *known;
    }
    return read_order(parser, text, hash, retreat_phase, places_off_map);
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
  // What calendar.write gives, from memory when it is the calendar of the variant in use (results
  // name two phases a line, and writing a name cost some 400 instructions); the text stays until
  // the next game starts (use()). Empty for another calendar.
  std::string_view phase_name(const Calendar& calendar, const Phase& phase);
  // What map.find_province gives for the text normalized (NameKey), from memory when it is the
  // map of the variant in use: a game in play lists its supply centres by name, and normalizing
  // each name and looking it up cost some 400 instructions (a fifth of a line with 34 centres).
  std::optional<ProvinceId> province(const Map& map, std::string_view text) {
    if (serves(map)) {
      if (const auto* known = provinces_.find(text, TextTable<std::optional<ProvinceId>>::hash_of(text))) return *known;
    }
    return read_province(map, text);
  }

 private:
  struct UnitReading {
    std::optional<UnitRef> unit;
    std::string error;
  };
  [[nodiscard]] bool serves(const OrderParser& parser) const { return variant_ && &parser.variant() == variant_.get(); }
  [[nodiscard]] bool serves(const Map& map) const;
  [[nodiscard]] bool serves(const Calendar& calendar) const;
  // order() and unit() for a text not found in memory (or a parser the memo does not serve).
  const MemoOrder& read_order(const OrderParser& parser, std::string_view text, std::uint64_t hash, bool retreat_phase,
                              bool places_off_map);
  std::optional<UnitRef> read_unit(const OrderParser& parser, std::string_view text, std::string& error);
  std::optional<ProvinceId> read_province(const Map& map, std::string_view text);

  std::shared_ptr<const Variant> variant_;
  bool orders_remembered_ = false;
  MemoOrder not_remembered_;  // order()'s reading when the memo does not remember it
  // Per reading's flags (retreat phase, places off the map): looked up by the text itself, with
  // no key made for each order.
  std::array<TextTable<MemoOrder>, 4> orders_;
  TextTable<UnitReading> units_;
  TextTable<std::optional<Phase>> phases_;
  TextTable<std::optional<ProvinceId>> provinces_;
  std::unordered_map<std::uint64_t, std::string> phase_names_;  // by phase, packed as phase_name() packs it
};

}  // namespace dipadj
