#include <gtest/gtest.h>

#include "dipadj/datc/case_file.hpp"

namespace {

using namespace dipadj;
const std::string kData = DIPADJ_TEST_DATA;

TEST(JdipReader, RunsTheFieldsCaseFormatUnchanged) {
  auto file = load_case_file(kData + "/jdip/sample.txt");
  ASSERT_TRUE(file) << format_diagnostics(file.errors());
  ASSERT_EQ(file->cases.size(), 4u);
  for (const auto& test : file->cases) {
    const CaseReport report = run_case(file.value(), test);
    std::string why;
    for (const auto& line : report.differences) why += line + "\n";
    EXPECT_TRUE(report.passed) << test.id << "\n" << why;
  }
}

TEST(JdipReader, ReadsTheFormsThePeersFilesUse) {
  auto file = load_case_file(kData + "/jdip/variations.txt");
  ASSERT_TRUE(file) << format_diagnostics(file.errors());
  std::vector<std::string> ids;
  for (const auto& test : file->cases) {
    ids.push_back(test.id);
    const CaseReport report = run_case(file.value(), test);
    std::string why;
    for (const auto& line : report.differences) why += line + "\n";
    EXPECT_TRUE(report.passed) << test.id << "\n" << why;
  }
  EXPECT_EQ(ids, (std::vector<std::string>{"var-1", "var-2", "var-3", "var-5"}));
  ASSERT_EQ(file->warnings.size(), 1u);
  EXPECT_EQ(file->warnings[0].line, 50);
  EXPECT_NE(file->warnings[0].message.find("has no END before the CASE at line 57: skipped"), std::string::npos);
}

TEST(JdipReader, ReportsLinesItCannotUnderstand) {
  auto file = load_case_file(kData + "/jdip/bad-line.txt");
  ASSERT_FALSE(file);
  const std::string errors = format_diagnostics(file.errors());
  EXPECT_NE(errors.find("bad-line.txt:8: cannot understand 'POSTSTATE_WHATEVER' here"), std::string::npos) << errors;
}

TEST(JdipReader, ResultsThatDoNotDislodgeTheListedUnitFailThatCaseOnly) {
  CaseFile header;
  std::vector<std::string> passed, failed;
  const auto file_problems = read_cases(kData + "/jdip/results-do-not-dislodge.txt", header,
                                        [&](const CaseFile& file, TestCase& test, const std::vector<Diagnostic>& problems) {
                                          if (!problems.empty()) {
                                            failed.push_back(test.id + ": " + format_diagnostics(problems));
                                            return;
                                          }
                                          if (run_case(file, test).passed) passed.push_back(test.id);
                                        });
  EXPECT_TRUE(file_problems.empty()) << format_diagnostics(file_problems);
  ASSERT_EQ(failed.size(), 1u);
  EXPECT_NE(failed[0].find("bad-results: "), std::string::npos) << failed[0];
  EXPECT_NE(failed[0].find("results-do-not-dislodge.txt:10: the orders of PRESTATE_RESULTS, adjudicated, do not dislodge this unit"),
            std::string::npos)
      << failed[0];
  EXPECT_EQ(passed, std::vector<std::string>{"6.A.11"});
}

TEST(JdipReader, TheBenchmarkPositionsPass) {
  for (const char* name : {"datc_opening.txt", "datc_midgame.txt"}) {
    auto file = load_case_file(std::string(DIPADJ_BENCH_DATA) + "/" + name);
    ASSERT_TRUE(file) << format_diagnostics(file.errors());
    for (const auto& test : file->cases) EXPECT_TRUE(run_case(file.value(), test).passed) << name;
  }
}

}  // namespace
