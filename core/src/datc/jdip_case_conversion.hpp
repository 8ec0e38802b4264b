#pragma once
// A case of the jDip/godip plain-text format as its lines were read (jdip_case_file.cpp), and
// its conversion into a TestCase against the file's variant. Private to the core.
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "dipadj/datc/case_file.hpp"
#include "dipadj/notation/order_parser.hpp"

namespace dipadj {

// A line of a section: its text, without comment and blanks, and its number.
using JdipLine = std::pair<std::string, int>;

// A case as written, section by section, not yet read against the variant.
struct RawCase {
  std::string title;
  int line = 0;
  std::string phase_text;
  int phase_line = 0;
  std::vector<JdipLine> prestate, dislodged, results, owners, orders, poststate, post_dislodged;
  bool poststate_same = false, has_poststate = false, has_post_dislodged = false;
  std::vector<Diagnostic> problems;  // found while its lines were read
};

// The text without the blanks the format allows at a line's ends (spaces, tabs, carriage returns).
std::string trim_jdip_blanks(const std::string& text);

// Reads the cases of one file against its variant (VARIANT_ALL), which it loads and keeps.
class JdipCaseConverter {
 public:
  // `file` names the file in messages; `out` gets the file's variant and the cases' warnings.
  JdipCaseConverter(std::string file, CaseFile& out, VariantCache* cache, const RuleOverrides& overrides)
      : file_(std::move(file)), out_(out), cache_(cache), overrides_(overrides) {}

  // Loads the variant VARIANT_ALL names (line `line`); false, with the problems in `file_errors`,
  // when it cannot be loaded or the overriding rules cannot be applied to it.
  bool load_variant(const std::string& name, int line, std::vector<Diagnostic>& file_errors);
  [[nodiscard]] bool has_variant() const { return variant_ != nullptr; }
  // The case read whole, as a test case; its problems go to `errors` (then it has no phases).
  TestCase convert(const RawCase& raw, std::vector<Diagnostic>& errors);

 private:
  std::string file_;
  CaseFile& out_;
  VariantCache* cache_;
  const RuleOverrides& overrides_;
  const Variant* variant_ = nullptr;
  std::optional<OrderParser> parser_;
  bool route_warned_ = false;  // a convoy route ignored under 4.A.6 a, said once a file
};

}  // namespace dipadj
