#include <gtest/gtest.h>

#include "dipadj/datc/case_file.hpp"

namespace {

using namespace dipadj;
const std::string kData = DIPADJ_TEST_DATA;

TEST(JdipReader, RunsTheFieldsCaseFormatUnchanged) {
  auto file = load_case_file(kData + "/jdip/sample.txt");
  ASSERT_TRUE(file) << format_diagnostics(file.errors());
  ASSERT_EQ(file->cases.size(), 3u);
  for (const auto& test : file->cases) {
    const CaseReport report = run_case(file.value(), test);
    std::string why;
    for (const auto& line : report.differences) why += line + "\n";
    EXPECT_TRUE(report.passed) << test.id << "\n" << why;
  }
}

TEST(JdipReader, ReportsLinesItCannotUnderstand) {
  auto file = load_case_file(kData + "/jdip/bad-line.txt");
  ASSERT_FALSE(file);
  const std::string errors = format_diagnostics(file.errors());
  EXPECT_NE(errors.find("bad-line.txt:8: cannot understand 'POSTSTATE_WHATEVER' here"), std::string::npos) << errors;
}

TEST(JdipReader, TheBenchmarkPositionsPass) {
  for (const char* name : {"datc_opening.txt", "datc_midgame.txt"}) {
    auto file = load_case_file(std::string(DIPADJ_BENCH_DATA) + "/" + name);
    ASSERT_TRUE(file) << format_diagnostics(file.errors());
    for (const auto& test : file->cases) EXPECT_TRUE(run_case(file.value(), test).passed) << name;
  }
}

}  // namespace
