#pragma once
// Test cases as data (docs/case-format.md): reading a case file, and running one case through
// one or more phases of a game.
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dipadj/board/phase.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/diagnostic.hpp"
#include "dipadj/game/game.hpp"
#include "dipadj/order/outcome.hpp"
#include "dipadj/order/order.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/rules/rules_loader.hpp"

namespace dipadj {

class Variant;
class VariantCache;

struct CaseOrder {
  PowerId power = kNoPower;
  std::string text;
  int line = 0;
  std::optional<Order> order;  // absent when the text is not an order (the case then fails)
  std::vector<Order> readings;  // when the text is unclear: what it may mean (4.E.2)
  std::string parse_error;
  std::optional<Resolution> expected;  // absent when the case states no result for it
};

// One phase of a case: its orders with their expected results, and what the board must look
// like after it. Expectations that are absent are not checked.
struct CasePhase {
  explicit CasePhase(std::size_t provinces) : expect_units(provinces), expect_owners(provinces) {}

  Phase phase;
  int line = 0;
  std::vector<CaseOrder> orders;
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
};

struct TestCase {
  explicit TestCase(std::size_t provinces) : start(provinces) {}

  Rulebook rules;  // the variant's, then the file's and the case's `profile:` and `rules:`
  bool own_rules = false;  // the file or the case sets rules: it is not replayed under the profiles
  std::vector<std::string> not_under;  // profiles under which the DATC gives other results (see case-format.md)

  std::string id;  // "6.A.1"
  std::string title;
  std::string note;
  int line = 0;
  GameState start;
  std::vector<CasePhase> phases;
};

struct CaseFile {
  std::string path;
  std::string source;
  std::shared_ptr<const Variant> variant;
  std::vector<TestCase> cases;
};

// Reads a case file: our YAML format, or the plain-text format of jDip and godip (recognised by
// its content), see docs/case-format.md.
// `cache`, when given, keeps the variants loaded between files.
// A case file is read whole before its cases run (each case keeps a few positions: about 15 KB
// on the Standard map), so the number of cases in one file is bounded; a file with more is
// refused at the first case past the limit, and can be split.
inline constexpr std::size_t kMaxCasesPerFile = 10'000;

// `overrides`: rules on top of each case's own (the CLI's --profile and --rule); such cases count
// as setting their own rules (not replayed under the profiles).
Expected<CaseFile> load_case_file(const std::filesystem::path& file, VariantCache* cache = nullptr,
                                  const RuleOverrides& overrides = {});
Expected<CaseFile> load_jdip_case_file(const std::filesystem::path& file);
// A game record (docs/game-format.md): a whole game as one case, each phase's orders (results
// optional) and, optionally, the expected position after it.
Expected<CaseFile> load_record_file(const std::filesystem::path& file, const RuleOverrides& overrides = {});

// What playing a case produced, phase by phase.
struct PhaseRun {
  explicit PhaseRun(std::size_t provinces) : state_after(provinces), report(provinces) {}
  Phase phase;
  std::vector<std::optional<OrderOutcome>> outcomes;  // indexed as CasePhase::orders
  GameState state_after;
  PhaseReport report;
};
struct CaseRun {
  std::vector<PhaseRun> phases;
};
// Comparable results (outcomes, boards, dislodged units and retreat options) of two runs.
bool same_results(const CaseRun& a, const CaseRun& b);

// Plays a case; `reorder`, when given, reorders each phase's orders (indices into its orders)
// before they are submitted.
using Reorder = std::function<void(const CasePhase&, std::vector<std::size_t>&)>;
CaseRun execute_case(const CaseFile& file, const TestCase& test, const Reorder& reorder = {});

struct CaseReport {
  bool passed = true;
  std::vector<std::string> differences;  // one line each: what was expected, what happened
};

// Plays a case and compares what it produced with what the case expects.
CaseReport run_case(const CaseFile& file, const TestCase& test);

}  // namespace dipadj
