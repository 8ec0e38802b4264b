#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <tuple>

#include "dipadj/datc/case_file.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/rules/rule_choices.hpp"
#include "dipadj/rules/rules_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "scratch_directory.hpp"

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
  EXPECT_EQ(ids, (std::vector<std::string>{"var-1", "var-2", "var-3", "var-5", "var-6", "var-7", "var-8", "var-9", "var-10"}));
  ASSERT_EQ(file->warnings.size(), 1u);
  EXPECT_EQ(file->warnings[0].line, 50);
  EXPECT_NE(file->warnings[0].message.find("has no END before the CASE at line 57: skipped"), std::string::npos);
}

TEST(JdipReader, JdipsTestVariantsAreTheBundledOnes) {
  // jDip's VARIANT_ALL names of the DATC test boards, and the variant and map options each is.
  const std::vector<std::tuple<std::string, std::string, std::vector<std::string>>> names{
      {"Standard", "standard", {}},
      {"DATC_Standard", "standard", {}},
      {"DATC_Loeb9", "loeb9", {}},
      {"DATC_Loeb9_tc14d", "loeb9", {"nafrica-tunis-difficult"}},
      {"DATC_Loeb9_tc14fgl", "loeb9", {"sicily-tunis-difficult"}},
      {"DATC_ConvoyingCoastal", "standard-convoyable-coasts", {}},
      {"DATC_Chaos", "chaos", {}},
      {"DATC_1898", "1898", {}}};
  const dipadj::testing::ScratchDirectory scratch;
  for (const auto& [theirs, ours, options] : names) {
    const auto path = scratch.path / (theirs + ".txt");
    std::ofstream(path) << "VARIANT_ALL " << theirs << "\n";
    CaseFile header;
    const auto problems = read_cases(path, header, [](const CaseFile&, TestCase&, const std::vector<Diagnostic>&) {});
    ASSERT_TRUE(problems.empty()) << theirs << ": " << format_diagnostics(problems);
    ASSERT_TRUE(header.variant) << theirs;
    EXPECT_EQ(header.variant->name(), ours) << theirs;
    EXPECT_EQ(header.variant->map().chosen_options(), options) << theirs;
  }
}

TEST(JdipReader, RetreatOptionsFollowThePlugins) {
  auto file = load_case_file(kData + "/jdip/loeb9-ice.txt");
  ASSERT_TRUE(file) << format_diagnostics(file.errors());
  ASSERT_EQ(file->cases.size(), 1u);
  ASSERT_EQ(file->cases[0].start.dislodged.size(), 1u);
  std::vector<std::string> options;
  for (LocationId place : file->cases[0].start.dislodged[0].retreats) options.push_back(file->variant->map().location_name(place));
  std::sort(options.begin(), options.end());
  // DATC 8.D: the Norwegian Sea's Loeb9 neighbours but the North Sea (occupied), the North
  // Atlantic Ocean (the attacker's) and the Arctic Ocean (ice in Fall).
  EXPECT_EQ(options, (std::vector<std::string>{"Barents Sea", "Clyde", "Edinburgh", "Iceland", "Norway"}));
  EXPECT_TRUE(run_case(file.value(), file->cases[0]).passed);
}

TEST(JdipReader, ReportsLinesItCannotUnderstand) {
  auto file = load_case_file(kData + "/jdip/bad-line.txt");
  ASSERT_FALSE(file);
  const std::string errors = format_diagnostics(file.errors());
  EXPECT_NE(errors.find("bad-line.txt:8: cannot understand 'POSTSTATE_WHATEVER' here"), std::string::npos) << errors;
}

// jDip's and godip's 6.H.5 name a support the DATC does not give, so their results, adjudicated,
// do not dislodge the unit the case lists: the file's word is taken, with a warning, as jDip's
// runner takes it (the fleet may retreat to Armenia, not to the Black Sea its attacker came from).
// Results with no successful move into the unit's province fail that case only.
TEST(JdipReader, ResultsThatDoNotDislodgeTheListedUnitAreTakenAtTheFilesWord) {
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
  EXPECT_EQ(passed, (std::vector<std::string>{"6.H.5-jdip", "6.H.5-jdip-arm", "6.A.11"}));
  ASSERT_EQ(failed.size(), 1u);
  EXPECT_NE(failed[0].find("bad-results: "), std::string::npos) << failed[0];
  EXPECT_NE(failed[0].find("results-do-not-dislodge.txt:50: the orders of PRESTATE_RESULTS, adjudicated, do not dislodge this "
                           "unit, and no successful move of the results goes into its province"),
            std::string::npos)
      << failed[0];
  ASSERT_EQ(header.warnings.size(), 2u);
  EXPECT_NE(header.warnings[0].to_string().find("results-do-not-dislodge.txt:16: the orders of PRESTATE_RESULTS, adjudicated, do not "
                                                "dislodge this unit (line 19 says 'SUCCESS: Russia: F bla-ank' succeeds): taken as "
                                                "dislodged from Black Sea as the file says"),
            std::string::npos)
      << header.warnings[0].to_string();
}

// jDip's explicit convoys ("A edi-nth-nwy"): the route is the order's convoy path (DATC 4.A.6).
// Under 4.A.6 b or c the army goes the way written, as jDip's runner has it; under the default a
// the route is ignored (with a warning) and the cases that need it fail.
TEST(JdipReader, ExplicitConvoyRoutesAreThePathSpecification) {
  const auto passed_under = [](std::optional<ConvoyPathSpecification> choice, std::vector<Diagnostic>* warnings = nullptr) {
    RuleOverrides overrides;
    if (choice)
      overrides = [choice](Rulebook& rules) {
        rules.set(*choice, "test");
        return std::vector<Diagnostic>{};
      };
    auto file = load_case_file(kData + "/jdip/explicit-convoys.txt", nullptr, overrides);
    EXPECT_TRUE(file) << format_diagnostics(file.errors());
    std::vector<std::string> ids;
    if (!file) return ids;
    for (const auto& test : file->cases)
      if (run_case(file.value(), test).passed) ids.push_back(test.id);
    if (warnings) *warnings = file->warnings;
    return ids;
  };
  const std::vector<std::string> all{"EXP.1", "EXP.2", "EXP.3", "EXP.4"};
  std::vector<Diagnostic> warnings;
  EXPECT_EQ(passed_under(ConvoyPathSpecification::Optional, &warnings), all);
  EXPECT_TRUE(warnings.empty()) << format_diagnostics(warnings);
  EXPECT_EQ(passed_under(ConvoyPathSpecification::Required), all);
  EXPECT_EQ(passed_under(std::nullopt, &warnings), (std::vector<std::string>{"EXP.1", "EXP.4"}));
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_EQ(warnings[0].to_string(), kData + "/jdip/explicit-convoys.txt:14: 'England: A edi-nth-nwy' writes its convoy route, which "
                                             "DATC 4.A.6 a (convoy_path_specification: ignored, the default) ignores: the army may go "
                                             "another way; jDip follows the route: --rule convoy_path_specification=optional");
}

TEST(JdipReader, TheBenchmarkPositionsPass) {
  for (const char* name : {"datc_opening.txt", "datc_midgame.txt"}) {
    auto file = load_case_file(std::string(DIPADJ_BENCH_DATA) + "/" + name);
    ASSERT_TRUE(file) << format_diagnostics(file.errors());
    for (const auto& test : file->cases) EXPECT_TRUE(run_case(file.value(), test).passed) << name;
  }
}

}  // namespace
