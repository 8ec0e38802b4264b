// The memo of orders and units read (a batch reader's): what it gives is what the parser gives,
// for every flag, variant and text, remembered or not.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/notation/order_text.hpp"
#include "dipadj/service/batch.hpp"
#include "dipadj/variant/variant.hpp"
#include "notation/order_reading_memo.hpp"
#include "notation/text_table.hpp"

namespace dipadj {
namespace {

std::shared_ptr<const Variant> variant_named(const std::string& name) {
  auto loaded = find_variant(name);
  EXPECT_TRUE(loaded) << name;
  return loaded ? loaded.value() : nullptr;
}

void expect_same(const ParsedOrder& a, const ParsedOrder& b) {
  EXPECT_EQ(a.order.has_value(), b.order.has_value());
  if (a.order && b.order) {
    EXPECT_EQ(a.order->kind, b.order->kind);
    EXPECT_EQ(a.order->unit.location, b.order->unit.location);
    EXPECT_EQ(a.order->target, b.order->target);
  }
  EXPECT_EQ(a.error, b.error);
  EXPECT_EQ(a.readings.size(), b.readings.size());
  EXPECT_EQ(a.corrected, b.corrected);
}

TEST(OrderReadingMemo, GivesWhatTheParserGivesForEachFlag) {
  const auto standard = variant_named("standard");
  ASSERT_TRUE(standard);
  const OrderParser parser(*standard);
  OrderReadingMemo memo;
  memo.use(standard);
  for (int round = 0; round < 2; ++round) {  // read, then remembered
    for (const char* text : {"A Par - Bur", "A Par - Mars", "A Bu - Mun", "Burgundyy", "F Spa/nc - Por", "waive", ""}) {
      for (const bool retreat : {false, true})
        for (const bool off_map : {false, true}) {
          SCOPED_TRACE(std::string(text) + (retreat ? " retreat" : "") + (off_map ? " off-map" : ""));
          expect_same(memo.order(parser, text, retreat, off_map).parsed, parser.parse(text, retreat, off_map));
        }
    }
  }
  EXPECT_EQ(memo.order(parser, "A Par - Bur", true, false).parsed.order->kind, OrderKind::Retreat);
  EXPECT_EQ(memo.order(parser, "A Par - Bur", false, false).parsed.order->kind, OrderKind::Move);
  for (int round = 0; round < 2; ++round)
    for (const char* text : {"A Par", "F stp/sc", "A Mars", "Par"}) {
      std::string remembered_error, error;
      const auto remembered = memo.unit(parser, text, remembered_error);
      const auto read = parser.parse_unit(text, error);
      EXPECT_EQ(remembered.has_value(), read.has_value()) << text;
      if (remembered && read) {
        EXPECT_EQ(remembered->location, read->location) << text;
      }
      EXPECT_EQ(remembered_error, error) << text;
    }
}

// Phases and supply centres' names: what the calendar and the map read, and another variant's
// calendar and map never answered from memory.
TEST(OrderReadingMemo, PhasesProvincesAndPhaseNamesFromMemoryAreWhatTheVariantGives) {
  const auto standard = variant_named("standard");
  const auto colonial = variant_named("colonial");
  ASSERT_TRUE(standard && colonial);
  OrderReadingMemo memo;
  memo.use(standard);
  for (int round = 0; round < 2; ++round) {
    for (const char* text : {"Spring 1901 Movement", "F1905R", "Winter 1910 Adjustments", "Summer 1901", "", "1901"}) {
      EXPECT_EQ(memo.phase(standard->calendar(), text), standard->calendar().read(text)) << text;
      EXPECT_EQ(memo.phase(colonial->calendar(), text), colonial->calendar().read(text)) << text;
    }
    for (const char* text : {"Budapest", "bud", "BUD", "St Petersburg", "st. petersburg", "Mid-Atlantic Ocean", "Nowhere", "", "Hong Kong"}) {
      EXPECT_EQ(memo.province(standard->map(), text), standard->map().find_province(NameKey(text).view())) << text;
      EXPECT_EQ(memo.province(colonial->map(), text), colonial->map().find_province(NameKey(text).view())) << text;
    }
  }
  // Phase names, as the calendar writes them; the first asked stays where it is while others are
  // made (a line's two names); another variant's calendar is not answered from memory.
  const std::vector<Phase> phases{{Season::Spring, 1901, PhaseKind::Movement}, {Season::Fall, 1905, PhaseKind::Retreat},
                                  {Season::Winter, 1910, PhaseKind::Adjustment}, {Season::Spring, 100000, PhaseKind::Movement},
                                  {static_cast<Season>(7), 1901, PhaseKind::Movement}};
  const std::string_view first = memo.phase_name(standard->calendar(), phases.front());
  for (int round = 0; round < 2; ++round)
    for (const Phase& phase : phases) {
      EXPECT_EQ(memo.phase_name(standard->calendar(), phase), standard->calendar().write(phase));
      EXPECT_TRUE(memo.phase_name(colonial->calendar(), phase).empty());
    }
  EXPECT_EQ(first, "Spring 1901 Movement");
  EXPECT_EQ(first.data(), memo.phase_name(standard->calendar(), phases.front()).data());
  memo.use(colonial);
  EXPECT_EQ(memo.phase_name(colonial->calendar(), phases[1]), colonial->calendar().write(phases[1]));
  EXPECT_TRUE(memo.phase_name(standard->calendar(), phases[1]).empty());
}

TEST(OrderReadingMemo, AnotherVariantsParserIsNeverAnsweredFromMemory) {
  const auto standard = variant_named("standard");
  const auto colonial = variant_named("colonial");
  ASSERT_TRUE(standard && colonial);
  OrderReadingMemo memo;
  memo.use(standard);
  const OrderParser standard_parser(*standard), colonial_parser(*colonial);
  // Standard's Smyrna remembered, then asked with Colonial's parser: Colonial's own reading.
  (void)memo.order(standard_parser, "A Smy - Con", false, false);
  expect_same(memo.order(colonial_parser, "A Smy - Con", false, false).parsed, colonial_parser.parse("A Smy - Con"));
  // A variant whose plugins read their own notation (Colonial's railroad) is read each time.
  memo.use(colonial);
  for (int round = 0; round < 2; ++round)
    expect_same(memo.order(colonial_parser, "A Mos - TSR - Vla", false, false).parsed, colonial_parser.parse("A Mos - TSR - Vla"));
  // Not remembered, so nothing made to print it with.
  EXPECT_TRUE(memo.order(colonial_parser, "A Mos - TSR - Vla", false, false).shown.empty());
}

TEST(OrderReadingMemo, KeepsTheTextResultsPrintForEachOrderItReads) {
  const auto standard = variant_named("standard");
  ASSERT_TRUE(standard);
  const OrderParser parser(*standard);
  OrderReadingMemo memo;
  memo.use(standard);
  for (int round = 0; round < 2; ++round)
    for (const char* text : {"A Par - Bur", "f stp/sc s a mos - lvn", "A Ber S A Mun", "F nth c A lon - bel", "A Lon - Nth - Bel",
                             "German A Kie - Ber", "A Par H", "A Par - Mars", "Burgundyy", "A Bu - Mun"}) {
      SCOPED_TRACE(text);
      const MemoOrder& read = memo.order(parser, text, false, false);
      if (!read.parsed.order) {
        EXPECT_TRUE(read.shown.empty());
        continue;
      }
      EXPECT_EQ(read.shown, to_string(*read.parsed.order, *standard));
    }
  EXPECT_EQ(memo.order(parser, "f stp/sc s a mos - lvn", false, false).shown, "F St Petersburg(sc) Supports A Moscow - Livonia");
}

TEST(OrderReadingMemo, AnOrdersTextsStayWhereTheyAreWhileItsGameIsRead) {
  const auto standard = variant_named("standard");
  ASSERT_TRUE(standard);
  const OrderParser parser(*standard);
  OrderReadingMemo memo;
  memo.use(standard);
  const MemoOrder& first = memo.order(parser, "A Par - Bur", false, false);
  const std::string_view shown = first.shown;
  ASSERT_EQ(shown, "A Paris - Burgundy");
  // More texts than a table holds (texts that are no order are remembered too): one game's, so
  // none is forgotten or moved until the next game starts.
  for (int i = 0; i < 40000; ++i) (void)memo.order(parser, "x" + std::to_string(i), false, false);
  EXPECT_EQ(&memo.order(parser, "A Par - Bur", false, false), &first);
  EXPECT_EQ(shown, "A Paris - Burgundy");
  EXPECT_EQ(shown.data(), first.shown.data());
  // The next game starts: the full table starts again, and reads the text anew.
  memo.use(standard);
  EXPECT_EQ(memo.order(parser, "A Par - Bur", false, false).shown, "A Paris - Burgundy");
  EXPECT_EQ(memo.order(parser, "x1", false, false).parsed.error, parser.parse("x1").error);
}

TEST(OrderReadingMemo, ABatchGivesWhatEachLineGivesAlone) {
  std::ifstream in(DIPADJ_BENCH_DATA "/random-phases.jsonl");
  ASSERT_TRUE(in);
  std::stringstream lines;
  lines << in.rdbuf();
  VariantCache variants;
  std::string expected;
  std::istringstream each(lines.str());
  std::size_t number = 0;
  for (std::string line; std::getline(each, line);)
    expected += adjudicate_json_line(line, ++number, "", variants) + "\n";
  // Results are written by group of lines: whole chunks, and chunks that end in a part of a group;
  // with several threads, a chunk is read and the one before written while one is adjudicated.
  for (const unsigned threads : {1U, 2U, 3U, 8U})
    for (const std::size_t chunk : {std::size_t{0}, std::size_t{1024}, std::size_t{37}, std::size_t{1}}) {
      std::istringstream batch_in(lines.str());
      std::ostringstream batch_out;
      BatchOptions options;
      options.threads = threads;
      options.chunk = chunk;
      const BatchTotals totals = adjudicate_json_lines(batch_in, batch_out, variants, options);
      EXPECT_EQ(batch_out.str(), expected) << threads << " threads, chunks of " << chunk;
      EXPECT_EQ(totals.games, number);
    }
}

// One reader keeps its movement adjudicator from line to line (PhaseWorkspace) while the variant
// and rules stay the same, and makes another when either changes: lines of the Standard game
// under its own rules and the 2023 rulebook's, and of Colonial with its railroad's plugin, in
// turns, give what each gives alone.
TEST(OrderReadingMemo, AReaderKeepingItsAdjudicatorGivesWhatEachLineGivesAlone) {
  const std::string standard =
      R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": ["A Par - Bur", "F Bre - Mao"], )"
      R"("Germany": ["A Mun - Bur", "A Ber S A Mun - Bur"], "Russia": ["F Sev - Bla"], "Turkey": ["F Ank - Bla"]}})";
  std::string rulebook_2023 = standard;
  rulebook_2023.insert(1, R"("profile": "rulebook-2023", )");
  const std::string colonial =
      R"({"format": "dipadj-game/1", "variant": "colonial", "orders": {"Russia": ["A Moscow - TSR - Vladivostok", )"
      R"("A Vladivostok - Seoul", "A Omsk Hold"], "China": ["A Manchuria - Mongolia"]}})";
  const std::vector<std::string> lines{standard, rulebook_2023, standard, colonial, colonial, standard, colonial, rulebook_2023};
  VariantCache variants;
  GameLineAdjudicator reader;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string alone = adjudicate_json_line(lines[i], i + 1, "", variants);
    EXPECT_EQ(alone.find("\"error\""), std::string::npos) << alone;
    EXPECT_EQ(reader.line(lines[i], i + 1, "", variants), alone) << "line " << i + 1;
  }
}

// A reader keeps the last line's game and played phase and reuses their memory for the next
// (LineMemory): lines of every kind in turns (a retreat phase and rules the full reader reads,
// adjustments, another variant, a wrong line, a game over, a line with its next game) give what
// each gives alone.
TEST(OrderReadingMemo, AReaderKeepingItsGameAndPlayedPhaseGivesWhatEachLineGivesAlone) {
  const std::string movement =
      R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Fall 1901 Movement", "units": {"Russia": ["A War", "A Ukr", "A Gal"], )"
      R"("Austria": ["A Vie", "A Ser"]}, "orders": {"Russia": ["A War - Gal", "A Ukr S A War - Gal", "A Gal - Vie"], "Austria": ["A Vie - Gal"]}})";
  const std::string retreat = R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Fall 1901 Retreats", )"
                              R"("units": {"Russia": ["A Galicia", "A Ukraine"], "Austria": ["A Serbia"]}, )"
                              R"("dislodged": {"Austria": [{"unit": "A Galicia", "attacker_from": "Warsaw", "retreats": ["Bohemia", "Budapest"]}]}, )"
                              R"("orders": {"Austria": ["A Gal - Bud"]}})";
  const std::string builds = R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Winter 1901 Adjustments", )"
                             R"("units": {"France": ["A bur"]}, "supply_centres": {"France": ["Paris", "Brest", "Spain"]}, )"
                             R"("orders": {"France": ["Build A Paris", "Build F Brest"]}})";
  const std::string house_rules = R"({"format": "dipadj-game/1", "variant": "standard", "rules": {"adjacent_convoy": "a"}, )"
                                  R"("orders": {"England": ["F Lon - Nth", "F Edi - Nwg"]}})";
  const std::string neutral = R"({"format": "dipadj-game/1", "variant": "standard-neutral", "units": {"Neutral": ["A Bel"], )"
                              R"("France": ["A Pic"]}, "orders": {"France": ["A Pic - Bel"]}})";
  const std::string wrong = R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": ["A Par - Bur", "dance a jig"]}})";
  const std::string over = R"({"format": "dipadj-game/1", "variant": "standard", "winner": "France"})";
  const std::vector<std::string> lines{movement, retreat, builds, movement, house_rules, neutral, wrong, movement,
                                       over,     builds,  retreat, neutral, movement,   house_rules, builds};
  VariantCache variants;
  GameLineAdjudicator reader;
  for (const bool with_next_game : {false, true})
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string alone = adjudicate_json_line(lines[i], i + 1, "", variants, with_next_game);
      EXPECT_EQ(reader.line(lines[i], i + 1, "", variants, with_next_game), alone) << "line " << i + 1;
    }
}

// A reader keeps each order's "order" and "written" members by the text written
// (formats/order_members_memo.hpp); the same text read as another order on another board (4.E.2 d:
// the support the power gives decides), or left unclear, is written as that line alone writes it.
TEST(OrderReadingMemo, TheSameTextReadOtherwiseIsWrittenAsRead) {
  const auto line = [](const std::string& units, const std::string& support) {
    return R"({"format": "dipadj-game/1", "variant": "standard", "units": {"France": [)" + units +
           R"(]}, "orders": {"France": ["A Gas - Bru")" + support + "]}}";
  };
  const std::vector<std::string> lines{line(R"("A gas", "A par")", R"(, "A Par S A Gas - Bur")"),
                                       line(R"("A gas", "A par")", R"(, "A Par S A Gas - Bre")"),
                                       line(R"("A gas")", ""),
                                       line(R"("A gas", "A par")", R"(, "A Par S A Gas - Bur")")};
  VariantCache variants;
  GameLineAdjudicator reader;
  const std::vector<std::string> read_as{"A Gascony - Burgundy", "A Gascony - Brest", "", "A Gascony - Burgundy"};
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string alone = adjudicate_json_line(lines[i], i + 1, "", variants);
    const std::string kept = reader.line(lines[i], i + 1, "", variants);
    EXPECT_EQ(kept, alone) << "line " << i + 1;
    const std::string order = read_as[i].empty() ? R"("order":null,"written":"A Gas - Bru")"
                                                  : R"("order":")" + read_as[i] + R"(","written":"A Gas - Bru")";
    EXPECT_NE(kept.find(order), std::string::npos) << kept;
  }
}

// The memo's table: every text kept is found with its own reading, through growth from 64 slots
// to thousands, texts whose hashes share their high half (the slot's tag) or their slot included;
// a text not kept is not found; a reading stays where it was kept as others are added; cleared,
// it finds nothing and keeps new texts again; a reading made in place is found once kept.
TEST(OrderReadingMemo, ItsTableFindsEveryTextKeptAndNoOther) {
  TextTable<int> table;
  const auto text = [](int i) { return "A Par - Bur " + std::to_string(i); };
  const int* first = nullptr;
  for (int i = 0; i < 5000; ++i) {
    const std::string t = text(i);
    ASSERT_EQ(table.find(t, TextTable<int>::hash_of(t)), nullptr) << t;
    const int& kept = table.add(t, TextTable<int>::hash_of(t), i);
    EXPECT_EQ(kept, i);
    if (i == 0) first = &kept;
  }
  EXPECT_EQ(table.size(), 5000U);
  EXPECT_EQ(table.find(text(0), TextTable<int>::hash_of(text(0))), first);
  for (int i = 0; i < 5000; ++i) {
    const std::string t = text(i);
    const int* found = table.find(t, TextTable<int>::hash_of(t));
    ASSERT_NE(found, nullptr) << t;
    EXPECT_EQ(*found, i);
  }
  // Other texts given the same hash as a kept one: its slot and tag, told apart by the text.
  const std::string kept = text(7);
  const std::uint64_t hash = TextTable<int>::hash_of(kept);
  EXPECT_EQ(table.find("F Bre - Mao", hash), nullptr);
  table.add("F Bre - Mao", hash, -1);
  EXPECT_EQ(*table.find("F Bre - Mao", hash), -1);
  EXPECT_EQ(*table.find(kept, hash), 7);
  table.clear();
  EXPECT_EQ(table.size(), 0U);
  EXPECT_EQ(table.find(kept, hash), nullptr);
  EXPECT_EQ(table.add(kept, hash, 70), 70);
  EXPECT_EQ(*table.find(kept, hash), 70);
  // A reading made in place: not found until kept; one not kept (its reading failed midway) is
  // written over by the next, and found by neither text.
  const std::string made = text(8), failed = text(9);
  table.next_entry(failed, TextTable<int>::hash_of(failed)) = 90;
  EXPECT_EQ(table.find(failed, TextTable<int>::hash_of(failed)), nullptr);
  table.next_entry(made, TextTable<int>::hash_of(made)) = 80;
  EXPECT_EQ(table.find(made, TextTable<int>::hash_of(made)), nullptr);
  EXPECT_EQ(table.keep_next(), 80);
  EXPECT_EQ(*table.find(made, TextTable<int>::hash_of(made)), 80);
  EXPECT_EQ(table.find(failed, TextTable<int>::hash_of(failed)), nullptr);
  EXPECT_EQ(table.size(), 2U);
}

}  // namespace
}  // namespace dipadj
