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
#include "dipadj/game/record.hpp"
#include "dipadj/order/outcome.hpp"
#include "dipadj/order/order.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/rules/rules_loader.hpp"

namespace dipadj {

class Variant;
class VariantCache;

// A case's orders and phases are a record's (game/record.hpp), under the names the DATC code
// has always used.
using CaseOrder = RecordOrder;
using CasePhase = RecordPhase;
using CaseRun = RecordRun;
using CaseReport = RecordCheck;

// A DATC case: a record (rules, start, phases; `rules` are the variant's, then the file's and the
// case's `profile:` and `rules:`) with its name and how it is replayed.
struct TestCase : GameRecord {
  explicit TestCase(std::size_t provinces) : GameRecord(provinces) {}

  bool own_rules = false;  // the file or the case sets rules: it is not replayed under the profiles
  std::vector<std::string> not_under;  // profiles under which the DATC gives other results (see case-format.md)

  std::string id;  // "6.A.1"
  std::string title;
  std::string note;
  int line = 0;
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
// The same from text already read; `name` names it in messages.
Expected<CaseFile> read_jdip_cases(const std::string& text, const std::string& name);
// A game record (docs/game-format.md): a whole game as one case, each phase's orders (results
// optional) and, optionally, the expected position after it.

// Plays a case (play_record with the file's variant); `reorder` as there.
CaseRun execute_case(const CaseFile& file, const TestCase& test, const Reorder& reorder = {});
// Plays a case and compares what it produced with what the case expects (check_record).
CaseReport run_case(const CaseFile& file, const TestCase& test);

}  // namespace dipadj
