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

  // The case's own variant when it chooses map options of its own (`map_options:`, on top of
  // the file's variant name); null: the file's variant.
  std::shared_ptr<const Variant> variant;

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
  // What the reader passed over, and why (a jDip case without END is skipped, as jDip skips it):
  // not errors, but to be shown.
  std::vector<Diagnostic> warnings;
};

// A case as it is read, handed over at once: `problems` are the case's own (an unknown province,
// an unreadable phase, ...); when there are any, the case cannot be run (its id, title and line
// are filled as far as they could be read) and the other cases go on.
using CaseTaker = std::function<void(const CaseFile& file, TestCase& test, const std::vector<Diagnostic>& problems)>;

// Reads a case file, our YAML format or the plain-text format of jDip and godip (recognised by its
// content), see docs/case-format.md, handing each case to `take` as soon as it is read: a file of
// any number of cases is read in the memory of one (its own keys come before its `cases`). `file`
// gets what concerns all cases (path, source, variant) before the first case. Returns what
// concerns the file as a whole (unreadable, wrong format, unknown variant, a syntax error, a line
// outside any case): empty when all of it was read. Reading stops where the rest cannot be
// understood. `cache`, when given, keeps the variants loaded between files.
// `overrides`: rules on top of each case's own (the CLI's --profile and --rule); such cases count
// as setting their own rules (not replayed under the profiles).
std::vector<Diagnostic> read_cases(const std::filesystem::path& file, CaseFile& header, const CaseTaker& take,
                                   VariantCache* cache = nullptr, const RuleOverrides& overrides = {});

// read_cases, all cases kept: the file and its cases, or every problem of the file and its cases.
Expected<CaseFile> load_case_file(const std::filesystem::path& file, VariantCache* cache = nullptr,
                                  const RuleOverrides& overrides = {});
// The jDip/godip text format whatever the file's first line; `cache` as for read_cases.
Expected<CaseFile> load_jdip_case_file(const std::filesystem::path& file, VariantCache* cache = nullptr);

// Every case file below `directory` (YAML, JSON or jDip's plain text; datc/known-failures.yaml is
// a list, not cases), in path order: what `dipadj datc DIRECTORY` runs.
std::vector<std::filesystem::path> case_files_below(const std::filesystem::path& directory);

// Plays a case (play_record with the file's variant); `reorder` as there.
CaseRun execute_case(const CaseFile& file, const TestCase& test, const Reorder& reorder = {});
// Plays a case and compares what it produced with what the case expects (check_record).
CaseReport run_case(const CaseFile& file, const TestCase& test);

}  // namespace dipadj
