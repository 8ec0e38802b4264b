#pragma once
// A game record: a starting state and phases of written orders, each with what should come of
// it (results of orders, the board after, dislodged units and their retreat options, supply
// centres, a winner). `dipadj play` plays one (formats/record_file.hpp reads them); the DATC's test
// cases are records too (datc/case_file.hpp). Expectations that are absent are not checked.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dipadj/board/phase.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/game/game.hpp"
#include "dipadj/order/order.hpp"
#include "dipadj/order/outcome.hpp"
#include "dipadj/rules/rulebook.hpp"

namespace dipadj {

class Variant;

// An order as the record writes it, read against the variant, with the result it expects.
struct RecordOrder {
  PowerId power = kNoPower;
  std::string text;
  int line = 0;
  std::optional<Order> order;  // absent when the text is not an order (the check then fails)
  std::vector<Order> readings;  // when the text is unclear: what it may mean (4.E.2)
  bool corrected = false;       // ParsedOrder::corrected
  std::string parse_error;
  std::optional<Resolution> expected;  // absent when the record states no result for it
};

// One phase: its orders with their expected results, and what the board must look like after it.
struct RecordPhase {
  explicit RecordPhase(std::size_t provinces) : expect_units(provinces), expect_owners(provinces) {}

  Phase phase;
  int line = 0;
  std::vector<RecordOrder> orders;
  bool check_units = false;
  Position expect_units;
  bool check_dislodged = false;
  bool dislodged_with_retreats_only = false;  // the jDip convention: units with no retreat are not listed
  std::vector<Unit> expect_dislodged;
  std::vector<std::pair<Unit, std::vector<LocationId>>> expect_retreats;
  bool check_owners = false;
  Position expect_owners;
  bool check_winner = false;
  PowerId expect_winner = kNoPower;  // kNoPower: nobody has won
  std::optional<GameEnd> expect_ended_by;  // how the game should have ended (or not: GameEnd::NotOver)
};

// A record's game: the rules it is played under, the state it starts from, its phases.
struct GameRecord {
  explicit GameRecord(std::size_t provinces) : start(provinces) {}

  Rulebook rules;
  GameState start;
  std::vector<RecordPhase> phases;
};

// What playing a record produced, phase by phase.
struct PhaseRun {
  explicit PhaseRun(std::size_t provinces) : state_after(provinces), report(provinces) {}
  Phase phase;
  std::vector<std::optional<OrderOutcome>> outcomes;  // indexed as RecordPhase::orders
  GameState state_after;
  PhaseReport report;
  // The orders the judge was given, in the order submitted (the report's outcomes are theirs),
  // each with how it was read and where it stands in RecordPhase::orders.
  std::vector<SubmittedOrder> submitted;
  std::vector<ReadingNote> notes;
  std::vector<std::size_t> submitted_from;
};
struct RecordRun {
  std::vector<PhaseRun> phases;
};
// Comparable results (outcomes, boards, dislodged units and retreat options) of two runs.
bool same_results(const RecordRun& a, const RecordRun& b);

// Plays a record, phase by phase, while the game follows it; `reorder`, when given, reorders each
// phase's orders (indices into its orders) before they are submitted.
using Reorder = std::function<void(const RecordPhase&, std::vector<std::size_t>&)>;
RecordRun play_record(const Variant& variant, const GameRecord& record, const Reorder& reorder = {});

struct RecordCheck {
  bool passed = true;
  std::vector<std::string> differences;  // one line each: what was expected, what happened
};

// Plays a record and compares what it produced with what the record expects.
RecordCheck check_record(const Variant& variant, const GameRecord& record);

}  // namespace dipadj
