// Case files are read case by case: each item of `cases` is parsed on its own when the list is
// written in block style (yaml_document.cpp), the whole file otherwise. Whatever the layout, the
// cases read are the same, with the lines of the whole file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "dipadj/datc/case_file.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace fs = std::filesystem;

namespace {

struct ReadCase {
  std::string id, title, note;
  int line;
  bool operator==(const ReadCase&) const = default;
  friend void PrintTo(const ReadCase& c, std::ostream* out) { *out << c.id << " '" << c.title << "' '" << c.note << "' line " << c.line; }
};

struct Reading {
  std::vector<ReadCase> cases;
  std::string source;
  std::string errors;
};

Reading read(const std::string& name, const std::string& text) {
  const fs::path path = fs::temp_directory_path() / ("dipadj_streaming_" + std::to_string(::getpid()) + "_" + name);
  std::ofstream(path, std::ios::binary) << text;
  Reading out;
  dipadj::CaseFile header;
  const auto errors = dipadj::read_cases(path, header, [&](const dipadj::CaseFile& file, dipadj::TestCase& test, const std::vector<dipadj::Diagnostic>& problems) {
    out.source = file.source;
    for (const auto& problem : problems) out.errors += problem.to_string() + "\n";
    out.cases.push_back({test.id, test.title, test.note, test.line});
    EXPECT_TRUE(dipadj::run_case(file, test).passed) << name << " " << test.id;
  });
  for (const auto& error : errors) out.errors += error.to_string() + "\n";
  fs::remove(path);
  return out;
}

const std::string kHead = "format: dipadj-cases/1\nsource: layouts\nvariant: standard\n";

}  // namespace

TEST(CaseStreaming, EveryLayoutReadsTheSameCases) {
  // Block list indented, with comments, blank lines, and notes that look like items and keys.
  const std::string indented = kHead +
                               "cases:   # the cases\n"
                               "\n"
                               "  # first\n"
                               "  - id: X.1\n"
                               "    title: one\n"
                               "    units: {France: [A Paris]}\n"
                               "    orders: {France: [A Paris - Burgundy: succeeds]}\n"
                               "    note: |\n"
                               "      - not an item\n"
                               "      cases: not a key\n"
                               "# a comment at the left edge\n"
                               "\n"
                               "  - id: X.2\n"
                               "    title: \"two,\n"
                               "      continued\"\n"
                               "    units:\n"
                               "      Italy:\n"
                               "      - A Rome\n"
                               "    orders:\n"
                               "      Italy: [A Rome - Apulia: succeeds]\n";
  const Reading a = read("indented.yaml", indented);
  EXPECT_EQ(a.errors, "");
  ASSERT_EQ(a.cases.size(), 2u);
  EXPECT_EQ(a.source, "layouts");
  EXPECT_EQ(a.cases[0], (ReadCase{"X.1", "one", "- not an item\ncases: not a key\n", 7}));
  EXPECT_EQ(a.cases[1], (ReadCase{"X.2", "two, continued", "", 16}));

  // Items at the left edge, Windows line ends.
  std::string left = kHead +
                     "cases:\n"
                     "- id: X.1\n"
                     "  title: one\n"
                     "  units: {France: [A Paris]}\n"
                     "  orders: {France: [A Paris - Burgundy: succeeds]}\n"
                     "- id: X.2\n"
                     "  title: two\n"
                     "  units: {Italy: [A Rome]}\n"
                     "  orders: {Italy: [A Rome - Apulia: succeeds]}\n";
  std::string crlf;
  for (const char c : left) crlf += c == '\n' ? std::string("\r\n") : std::string(1, c);
  for (const auto& [name, text] : {std::pair{"left.yaml", left}, std::pair{"crlf.yaml", crlf}}) {
    const Reading b = read(name, text);
    EXPECT_EQ(b.errors, "") << name;
    ASSERT_EQ(b.cases.size(), 2u) << name;
    EXPECT_EQ(b.cases[0], (ReadCase{"X.1", "one", "", 5})) << name;
    EXPECT_EQ(b.cases[1], (ReadCase{"X.2", "two", "", 9})) << name;
  }

  // A flow list, read whole: the same cases.
  const Reading c = read("flow.yaml", kHead +
                                          "cases: [\n"
                                          "  {id: X.1, title: one, units: {France: [A Paris]}, orders: {France: [A Paris - Burgundy: succeeds]}},\n"
                                          "  {id: X.2, title: two, units: {Italy: [A Rome]}, orders: {Italy: [A Rome - Apulia: succeeds]}}]\n");
  EXPECT_EQ(c.errors, "");
  ASSERT_EQ(c.cases.size(), 2u);
  EXPECT_EQ(c.cases[0], (ReadCase{"X.1", "one", "", 5}));
  EXPECT_EQ(c.cases[1], (ReadCase{"X.2", "two", "", 6}));

  // The list's key with its list on the next line but in flow style: read whole too.
  const Reading d = read("next-line.yaml", kHead + "cases:\n  [{id: X.1, units: {France: [A Paris]}, orders: {France: [A Paris - Burgundy: succeeds]}}]\n");
  EXPECT_EQ(d.errors, "");
  ASSERT_EQ(d.cases.size(), 1u);
  EXPECT_EQ(d.cases[0].line, 5);
}

TEST(CaseStreaming, ProblemsKeepTheirLinesInTheWholeFile) {
  const std::string text = kHead +
                           "cases:\n"
                           "  - id: X.1\n"
                           "    units: {France: [A Paris]}\n"
                           "    orders: {France: [A Paris - Burgundy: succeeds]}\n"
                           "  - id: X.2\n"
                           "    units: {France: [A Parsi]}\n"
                           "  - id: X.3\n"
                           "    units: {France: [A Paris]\n";
  const Reading r = read("bad.yaml", text);
  // X.2's province is unknown: X.2 alone cannot run; X.3's syntax error ends the file.
  ASSERT_EQ(r.cases.size(), 2u);
  EXPECT_NE(r.errors.find("bad.yaml:9: "), std::string::npos) << r.errors;
  EXPECT_NE(r.errors.find("Parsi"), std::string::npos) << r.errors;
  EXPECT_NE(r.errors.find("bad.yaml:12: YAML syntax error"), std::string::npos) << r.errors;
  // A key given twice across the list is found as in a whole parse.
  const Reading twice = read("twice.yaml", kHead + "cases:\n  - id: X.1\n    units: {France: [A Paris]}\nsource: again\n");
  EXPECT_NE(twice.errors.find("twice.yaml:7: the key 'source' is given twice in this mapping (first on line 2)"), std::string::npos)
      << twice.errors;
  // What follows the list must be keys of the top mapping.
  const Reading stray = read("stray.yaml", kHead + "cases:\n  - id: X.1\n    units: {France: [A Paris]}\n- stray\n");
  EXPECT_NE(stray.errors.find("stray.yaml:7: "), std::string::npos) << stray.errors;
}
