// The reader of plain game lines (simdjson's elements straight into a GameFile) against the full
// reader (a document, then the game file's reader): whatever it reads, the full reader reads into
// the same GameFile, and the phase plays to the same results; whatever is wrong, or of a shape it
// does not read, it leaves to the full reader, which reads it or names what is wrong.
#include <gtest/gtest.h>

#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "dipadj/formats/game_file.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "formats/game_file_reading.hpp"
#include "formats/game_line_reading.hpp"
#include "formats/json_writer.hpp"
#include "formats/result_texts.hpp"
#include "notation/order_reading_memo.hpp"

namespace dipadj {
namespace {

std::vector<std::string> bench_lines() {
  std::ifstream in(std::string(DIPADJ_BENCH_DATA) + "/random-phases.jsonl");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string results_of(const GameFile& game) {
  const auto played = play_game_file(game, "<test>");
  if (!played) return "not played: " + played.errors().front().message;
  return phase_json_text(played_phase(game, played.value()));
}

// The two readers of one line, a reader of many lines (with its memo) for the plain one; that one
// reads each line into the game it kept from the line before (read_into), and plays it into the
// played phase it kept (play_game_file_into), as a batch's thread does.
class BothReaders {
 public:
  // Whether the plain reader read `line`; when it did, the full reader read the same game.
  bool read(const std::string& line, const std::string& default_variant = {}) {
    GameFileContext plain_context{&variants_, {}, default_variant, {}};
    plain_context.memo = &memo_;
    const bool read = lines_.read_into(line, plain_context, kept_);
    full_ = read_game_json_with(line, "<test>", GameFileContext{&variants_, {}, default_variant, {}});
    if (!read) return false;
    const std::optional<GameFile>& plain = kept_;
    EXPECT_TRUE(fully_read()) << line << "\n" << (fully_read() ? "" : full_->errors().front().message);
    if (!fully_read()) return true;
    const GameFile& full = full_->value();
    EXPECT_EQ(plain->variant_name, full.variant_name);
    EXPECT_EQ(plain->variant, full.variant);
    EXPECT_TRUE(plain->rules == full.rules);
    EXPECT_TRUE(plain->state == full.state) << line;
    EXPECT_EQ(plain->orders, full.orders) << line;
    EXPECT_EQ(plain->order_texts, full.order_texts) << line;
    EXPECT_EQ(plain->reading_notes, full.reading_notes) << line;
    EXPECT_EQ(kept_results_of(*plain), results_of(full)) << line;
    return true;
  }
  [[nodiscard]] bool fully_read() const { return full_.has_value() && static_cast<bool>(*full_); }

 private:
  VariantCache variants_;
  OrderReadingMemo memo_;
  GameLineReader lines_;
  std::optional<Expected<GameFile>> full_;
  std::optional<GameFile> kept_;
  std::optional<GameFilePlayed> played_;
  ResultTexts texts_;

  // results_of, the phase played into the played phase kept from the game before (one of this
  // map's size), the orders' texts printed as the memo made them when it read them (shown_orders,
  // as a batch's thread writes them).
  std::string kept_results_of(const GameFile& game) {
    const std::size_t provinces = game.variant->map().province_count();
    if (!played_ || played_->report.movement.after.province_count() != provinces) played_.emplace(provinces);
    if (const auto errors = play_game_file_into(game, "<test>", nullptr, *played_); !errors.empty()) return "not played: " + errors.front().message;
    PlayedPhase phase = played_phase(game, *played_);
    phase.shown = lines_.shown_orders();
    EXPECT_EQ(phase.shown.size(), game.orders.size());
    // With the texts a batch's thread makes once for the variant (ResultTexts).
    texts_.use(game.variant);
    std::string results;
    JsonWriter writer(results);
    write_phase_json(phase, writer, &texts_);
    writer.finish();
    return results;
  }
};

TEST(GameLineReading, ReadsTheBatchLinesAsTheFullReaderDoes) {
  const std::vector<std::string> lines = bench_lines();
  ASSERT_GE(lines.size(), 200U);
  BothReaders readers;
  // Twice: the second time every order and unit comes from the memo.
  for (int round = 0; round < 2; ++round)
    for (const std::string& line : lines) EXPECT_TRUE(readers.read(line)) << line;
}

TEST(GameLineReading, ReadsEveryPlainShapeAsTheFullReaderDoes) {
  const std::vector<std::string> lines = {
      // No units, owners or phase: the variant's start.
      R"({"format": "dipadj-game/1", "variant": "standard"})",
      R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": ["A Par - Bur", "F Bre - MAO", "A Mar S A Par - Bur"]}})",
      // Owners given; an adjustment phase with builds; an empty board.
      R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Winter 1901 Adjustments", "units": {"France": ["A bur"]},
          "supply_centres": {"France": ["Paris", "Brest", "Marseilles", "Spain", "Belgium"]}, "orders": {"France": ["Build A Paris", "Build F Brest"]}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Fall 1901 Movement", "units": {}, "orders": {}})",
      // Corrected and illegal orders; a coast; a convoy; powers by other spellings.
      R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"france": ["A Par - Burgandy", "F Bre - Spain", "A Mar - Spa/sc"],
          "ENGLAND": ["F Lon - Nth", "F Edi C A Lvp - Nwy", "A Lvp - Nwy"]}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "units": {"England": ["F Nth", "A Yor"], "France": ["F stp/sc"]},
          "orders": {"England": ["A Yor - Nwy via Convoy", "F Nth C A Yor - Nwy"], "France": ["F stp/sc - bot"]}})",
      // Keys in another order, and a variant with neutral units.
      R"({"orders": {"Italy": ["A Ven - Tyr"]}, "phase": "Spring 1901 Movement", "variant": "standard", "format": "dipadj-game/1"})",
      R"({"format": "dipadj-game/1", "variant": "standard-neutral", "units": {"Neutral": ["A Bel"], "France": ["A Pic"]}, "orders": {"France": ["A Pic - Bel"]}})",
  };
  BothReaders readers;
  for (const std::string& line : lines) EXPECT_TRUE(readers.read(line)) << line;
  // The default variant of a reader that has one (the C API's sessions).
  EXPECT_TRUE(readers.read(R"({"format": "dipadj-game/1", "orders": {"France": ["A Par - Bur"]}})", "standard"));
}

// The game kept from the line before is made the next line's whole, whatever the line before
// was: more orders and longer texts than the next, another variant, a phase of another kind, or
// wrong halfway through its orders (the plain reader gave up on it with its game half read).
TEST(GameLineReading, AGameKeptFromTheLineBeforeIsMadeTheNextLinesWhole) {
  const std::string many = R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": ["A Paris - Burgundy", )"
                           R"("F Brest - Mid-Atlantic Ocean", "A Marseilles Supports A Paris - Burgundy"], "Germany": ["A Munich - Ruhr", )"
                           R"("A Berlin - Kiel", "F Kiel - Denmark"], "England": ["F London - North Sea", "F Edinburgh - Norwegian Sea"]}})";
  const std::string few = R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"Italy": ["A Ven H"]}})";
  const std::string builds = R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Winter 1901 Adjustments", )"
                             R"("units": {"France": ["A bur"]}, "supply_centres": {"France": ["Paris", "Brest", "Spain"]}, )"
                             R"("orders": {"France": ["Build A Paris", "Build F Brest"]}})";
  const std::string owners = R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Fall 1903 Movement", )"
                             R"("units": {"Italy": ["A tun"]}, "supply_centres": {"Italy": ["Tunis"]}})";
  const std::string neutral = R"({"format": "dipadj-game/1", "variant": "standard-neutral", "units": {"Neutral": ["A Bel"], )"
                              R"("France": ["A Pic"]}, "orders": {"France": ["A Pic - Bel"]}})";
  const std::string wrong_halfway = R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": ["A Par - Bur", )"
                                    R"("F Bre - Mao"], "Germany": ["A Mun - Ruh", "dance a jig"]}})";
  const std::string unknown_unit_halfway = R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Fall 1902 Movement", )"
                                           R"("units": {"France": ["A Par", "A Atlantis"]}})";
  BothReaders readers;
  for (const std::string& line : {many, few, builds, many, owners, neutral, few, many, wrong_halfway, few, unknown_unit_halfway,
                                  owners, builds, few, neutral, neutral, many})
    EXPECT_EQ(readers.read(line), line != wrong_halfway && line != unknown_unit_halfway) << line;
}

TEST(GameLineReading, LeavesWhatIsWrongToTheFullReader) {
  const std::vector<std::string> wrong = {
      R"({"variant": "standard"})",                                            // no format
      R"({"format": "dipadj-map/1", "variant": "standard"})",                 // another format
      R"({"format": "dipadj-game/1"})",                                        // no variant
      R"({"format": "dipadj-game/1", "variant": "no-such-variant"})",
      R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Summer 1901"})",
      R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Spring 1901 Retreats"})",  // no dislodged units
      R"({"format": "dipadj-game/1", "variant": "standard", "units": {"Gondor": ["A Par"]}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "units": {"France": ["A Atlantis"]}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "units": {"France": ["F Paris"]}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "units": {"France": ["F Spain"]}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "units": {"France": ["A Par", "F Par"]}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "units": {"France": [7]}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "units": {"France": "A Par"}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "supply_centres": {"France": ["Burgundy"]}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "supply_centres": {"France": ["Paris"], "Germany": ["Paris"]}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "supply_centres": {"Neutral": ["Paris"]}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": ["dance a jig"]}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": ["A Par - Bur"], "Gondor": []}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "order": {"France": ["A Par - Bur"]}})",   // a key the format has not
      R"({"format": "dipadj-game/1", "variant": "standard", "variant": "standard"})",                  // a key twice
  };
  BothReaders readers;
  for (const std::string& line : wrong) {
    EXPECT_FALSE(readers.read(line)) << line;
    EXPECT_FALSE(readers.fully_read()) << line;
  }
}

TEST(GameLineReading, LeavesOtherShapesToTheFullReader) {
  // Right, but not the plain shape: the full reader reads them.
  const std::vector<std::string> other = {
      R"({"format": "dipadj-game/1", "variant": "standard", "rules": {"adjacent_convoy": "a"}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": null}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "units": null})",
      R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": ["A Par - Bur"], "france": ["A Mar - Spa"]}})",
      R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": ["A Par - B\u0075r"]}})",  // an escape
      R"({"format": "dipadj-game/1", "variant": "standard", "order_sets": {"France": [["A Par - Bur"], ["A Par - Pic"]]}})",
      // An order that may mean several (4.E.2): the rules read it knowing the others.
      R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": ["A Par - Bru", "A Mar - Spa"]}})",
  };
  BothReaders readers;
  for (const std::string& line : other) {
    EXPECT_FALSE(readers.read(line)) << line;
    EXPECT_TRUE(readers.fully_read()) << line;
  }
}

// The plain reader's texts are JSON strings with no escape that simdjson found valid UTF-8: the
// results copy them unchecked, and write what checking and escaping them would (nlohmann writes
// UTF-8 and DEL as they are). Its orders' results are written each through one size check
// (write_plain_order), the others value by value: the same text, whatever the outcome.
TEST(GameLineReading, TextsReadyForJsonAreWrittenAsEscapingWouldWriteThem) {
  VariantCache variants;
  auto game = read_game_json(R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": ["A Par - Bur", "F Bre H",
      "A Mar S A Par - Bur"], "Germany": ["A Mun - Bur", "A Ber - Kie", "F Kie - Hol"], "Italy": ["A Ven - Pie", "A Rom - Ven",
      "F Nap - Ion"], "Austria": ["A Vie - Tyr", "A Bud - Gal", "F Tri - Ven"]}})",
                             "<test>", &variants);
  ASSERT_TRUE(game);
  GameFile ready = game.value();
  ASSERT_GE(ready.order_texts.size(), 2U);
  ready.order_texts[0] = "A Par - Bur \xc3\xa9t\xc3\xa9";
  ready.order_texts[1] = std::string("F Bre H \x7f", 9);
  GameFile checked = ready;
  ready.order_texts_json_ready = true;
  checked.order_texts_json_ready = false;
  const std::string written = results_of(ready);
  EXPECT_EQ(written, results_of(checked));
  EXPECT_NE(written.find("\"written\":\"A Par - Bur \xc3\xa9t\xc3\xa9\""), std::string::npos) << written;
  // Moves that bounce ("by") and fail against a unit that stays were among them.
  EXPECT_NE(written.find("\"reason_code\":\"bounced\",\"by\":\"Paris\""), std::string::npos) << written;
}

}  // namespace
}  // namespace dipadj
