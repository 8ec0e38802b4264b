// The plain-text case format of jDip and godip (the format most published adjudicator test
// suites use), read into our test cases so that `dipadj datc` runs such files unchanged: the
// lines of each case here, their meaning in jdip_case_conversion.cpp.
#include <algorithm>
#include <cctype>
#include <istream>
#include <optional>
#include <string_view>
#include <utility>

#include "jdip_case_conversion.hpp"
#include "jdip_case_reading.hpp"

namespace dipadj {
namespace {

enum class Section { None, Prestate, Dislodged, Results, Owners, Orders, Poststate, PostDislodged };

// The section a keyword opens, if it opens one.
std::optional<Section> section_opened_by(const std::string& keyword) {
  static constexpr std::pair<std::string_view, Section> kSections[] = {
      {"PRESTATE", Section::Prestate}, {"PRESTATE_DISLODGED", Section::Dislodged},
      {"PRESTATE_RESULTS", Section::Results}, {"PRESTATE_SUPPLYCENTER_OWNERS", Section::Owners},
      {"ORDERS", Section::Orders}, {"POSTSTATE", Section::Poststate}, {"POSTSTATE_DISLODGED", Section::PostDislodged}};
  for (const auto& [name, section] : kSections)
    if (keyword == name) return section;
  return std::nullopt;
}

// Where the lines of a section go; none outside a section.
std::vector<JdipLine>* entries_of(RawCase& raw, Section section) {
  switch (section) {
    case Section::Prestate: return &raw.prestate;
    case Section::Dislodged: return &raw.dislodged;
    case Section::Results: return &raw.results;
    case Section::Owners: return &raw.owners;
    case Section::Orders: return &raw.orders;
    case Section::Poststate: return &raw.poststate;
    case Section::PostDislodged: return &raw.post_dislodged;
    case Section::None: break;
  }
  return nullptr;
}

// Reads the file line by line and each case at its END (or where the next CASE or the end of the
// file shows that it has none), so that only one case is held at a time.
class JdipReader {
 public:
  JdipReader(std::string file, CaseFile& out, const CaseTaker& take, VariantCache* cache, const RuleOverrides& overrides,
             std::vector<Diagnostic>& file_errors)
      : file_(std::move(file)), out_(out), take_(take), file_errors_(file_errors), converter_(file_, out, cache, overrides) {}

  void read(std::istream& in) {
    std::string text;
    for (int number = 1; std::getline(in, text); ++number) {
      if (auto hash = text.find('#'); hash != std::string::npos) text.erase(hash);
      const std::string line = trim_jdip_blanks(text);
      if (line.empty()) continue;
      if (!take_line(line, number)) return;
    }
    if (current_) skip_without_end(*current_, " at the end of the file");
    if (!variant_given_ && file_errors_.empty()) error(1, "no VARIANT_ALL line");
  }

 private:
  // One line that is not blank: a keyword, or an entry of the section open. False when the file
  // cannot be read on (it has no variant to read its cases with).
  bool take_line(const std::string& line, int number) {
    const std::string written_keyword = line.substr(0, line.find_first_of(" \t"));
    const std::string rest = trim_jdip_blanks(line.substr(written_keyword.size()));
    // Keywords in any case ("Orders"), as jDip reads them.
    std::string keyword = written_keyword;
    for (char& c : keyword) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (keyword == "VARIANT_ALL") return take_variant(rest, number);
    if (keyword == "CASE") return open_case(rest, number);
    if (!current_) error(number, "'" + line + "' outside a CASE ... END block");
    else if (!take_case_keyword(keyword, rest, number)) take_entry(line, written_keyword, number);
    return true;
  }

  bool take_variant(const std::string& name, int number) {
    if (variant_given_) {
      error(number, "a second VARIANT_ALL: one file has one variant");
      return false;
    }
    variant_given_ = true;
    return converter_.load_variant(name, number, file_errors_);
  }

  bool open_case(const std::string& title, int number) {
    if (current_) skip_without_end(*current_, " before the CASE at line " + std::to_string(number));
    if (!converter_.has_variant()) {
      error(number, "no VARIANT_ALL line before the first CASE");
      return false;
    }
    current_.emplace();
    current_->title = title;
    current_->line = number;
    section_ = Section::None;
    return true;
  }

  // A keyword inside a case: END, the phase, or one that opens a section. False for any other line.
  bool take_case_keyword(const std::string& keyword, const std::string& rest, int number) {
    if (keyword == "END") {
      finish(*current_);
      current_.reset();
      section_ = Section::None;
    } else if (keyword == "PRESTATE_SETPHASE") {
      current_->phase_text = rest;
      current_->phase_line = number;
    } else if (keyword == "POSTSTATE_SAME") {
      current_->poststate_same = true;
      section_ = Section::None;
    } else if (const std::optional<Section> opened = section_opened_by(keyword)) {
      section_ = *opened;
      if (section_ == Section::Poststate) current_->has_poststate = true;
      if (section_ == Section::PostDislodged) current_->has_post_dislodged = true;
    } else {
      return false;
    }
    return true;
  }

  // A line of the section open. A word in capitals that is no keyword is a mistake, not an entry.
  void take_entry(const std::string& line, const std::string& written_keyword, int number) {
    const bool unknown_keyword =
        line.find(':') == std::string::npos && written_keyword.size() > 3 &&
        std::all_of(written_keyword.begin(), written_keyword.end(), [](char c) { return (c >= 'A' && c <= 'Z') || c == '_'; });
    std::vector<JdipLine>* list = unknown_keyword ? nullptr : entries_of(*current_, section_);
    if (list == nullptr) current_->problems.push_back(Diagnostic{file_, number, "cannot understand '" + line + "' here"});
    else list->emplace_back(line, number);
  }

  // jDip's runner passes over a case that has no END; so does this reader, and says so.
  void skip_without_end(const RawCase& r, const std::string& where) {
    out_.warnings.push_back(Diagnostic{file_, r.line, "the case '" + r.title + "' has no END" + where + ": skipped, as jDip skips it"});
  }

  // Converts a case that has been read whole and hands it over.
  void finish(RawCase& r) {
    std::vector<Diagnostic> case_errors = std::move(r.problems);
    TestCase test = converter_.convert(r, case_errors);
    take_(out_, test, case_errors);
  }

  void error(int line, const std::string& message) { file_errors_.push_back(Diagnostic{file_, line, message}); }

  std::string file_;
  CaseFile& out_;
  const CaseTaker& take_;
  std::vector<Diagnostic>& file_errors_;
  JdipCaseConverter converter_;
  // The reading: the case whose lines are being read, the section open, whether VARIANT_ALL came.
  std::optional<RawCase> current_;
  Section section_ = Section::None;
  bool variant_given_ = false;
};

}  // namespace

void read_jdip_cases(std::istream& in, const std::string& name, CaseFile& file, const CaseTaker& take, VariantCache* cache,
                     const RuleOverrides& overrides, std::vector<Diagnostic>& errors) {
  JdipReader(name, file, take, cache, overrides, errors).read(in);
}

}  // namespace dipadj
