#pragma once
// A variant's test cases as `dipadj serve` shows them (docs/serve.md): the case files that concern
// the variant, run by the core's case runner (datc/case_file.hpp, as `dipadj datc` runs them), with
// pass or fail; and one case in full: each phase's board before (with the orders and their
// results) and after, drawn by the core, and what the case expects beside what came of it.
#include <nlohmann/json_fwd.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace dipadj {

// Where a variant's case files are: every case file below `shared_folders` (the DATC folder) whose
// `variant:` names the variant, and every case file in the variant's own `cases/` folder.
struct CaseSources {
  std::vector<std::filesystem::path> shared_folders;
  std::filesystem::path own_folder;  // the variant's `cases/` folder; need not exist
};

// {"variant", "cases": [{"file", "id", "title", "passed", "differences"} or {"file", "id"?, "title"?,
// "problems"}], "files": [{"file", "problems"}] (files of the variant that could not be read in
// whole), "passed", "failed"}. `variant_reference` as find_variant takes it; `file` is the case
// file's path from its folder ("v2.4/7.A.yaml"; "cases/x.yaml" for the variant's own).
[[nodiscard]] nlohmann::ordered_json list_variant_cases(const std::string& variant_reference, const CaseSources& sources);

// One case of `file` (as the list names it) in full: {"file", "id", "title", "note", "passed",
// "differences", "phases": [{"phase", "before" (SVG), "after" (SVG), "expected_after" (SVG)?,
// "orders": [{"power", "order", "expected", "result", "reason"}], "expected": {"units"?,
// "supply_centres"?}, "results" (as `dipadj adjudicate --json` prints them)}]}.
// Nothing when no listed file has such a case.
[[nodiscard]] std::optional<nlohmann::ordered_json> describe_variant_case(const std::string& variant_reference,
                                                                          const CaseSources& sources, const std::string& file,
                                                                          const std::string& id);

}  // namespace dipadj
