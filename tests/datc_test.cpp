// Every DATC case under datc/ becomes a named test (DATC.6_A_1, DATC_v3_1.6_B_15), and a second
// test replays it with its orders shuffled 20 times (DATC_shuffled.6_A_1): the results must not
// depend on the order in which orders are given. Known failures (datc/known-failures.yaml) are
// reported as skipped with their differences, and fail once they pass.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <numeric>
#include <random>

#include "dipadj/datc/case_file.hpp"
#include "dipadj/rules/rules_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace {

namespace fs = std::filesystem;
using namespace dipadj;

// A GoogleTest name: letters, digits and underscores only ("6.B.2@4.B.2c" -> "6_B_2_4_B_2c").
std::string test_name(std::string id) {
  for (char& c : id)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return id;
}

std::string suite_for(const std::string& version) {
  return version == "v2.4" ? "DATC" : "DATC_" + test_name(version == "v3.1" ? "v3.1" : version);
}

std::string report_text(const CaseReport& report) {
  std::string out;
  for (const auto& line : report.differences) out += "  " + line + "\n";
  return out;
}

class CaseTest : public testing::Test {
 public:
  CaseTest(std::shared_ptr<const CaseFile> file, std::size_t index, std::string known_failure)
      : file_(std::move(file)), index_(index), known_failure_(std::move(known_failure)) {}
  void TestBody() override {
    const TestCase& test = file_->cases[index_];
    const CaseReport report = run_case(*file_, test);
    if (!known_failure_.empty()) {
      if (report.passed) FAIL() << test.id << " passes now: remove it from datc/known-failures.yaml";
      GTEST_SKIP() << "known failure (" << known_failure_ << "):\n" << report_text(report);
    }
    EXPECT_TRUE(report.passed) << file_->path << ":" << test.line << ": " << test.id << " " << test.title << "\n"
                               << report_text(report);
  }

 private:
  std::shared_ptr<const CaseFile> file_;
  std::size_t index_;
  std::string known_failure_;
};

class ShuffledCaseTest : public testing::Test {
 public:
  ShuffledCaseTest(std::shared_ptr<const CaseFile> file, std::size_t index) : file_(std::move(file)), index_(index) {}
  void TestBody() override {
    const TestCase& test = file_->cases[index_];
    const CaseRun reference = execute_case(*file_, test);
    std::mt19937 random(static_cast<unsigned>(index_ * 7919 + 17));
    for (int round = 0; round < 20; ++round) {
      const CaseRun shuffled = execute_case(*file_, test, [&](const CasePhase& phase, std::vector<std::size_t>& order) {
        std::shuffle(order.begin(), order.end(), random);
        // What the rules make depend on the order in which orders are given keeps its order:
        // each power's adjustment orders (taken one by one, 4.D.4, 4.D.6) and the orders to one
        // unit (first or last counts, 4.D.3 a, b). Only the rest is interleaved at random.
        auto group = [&](std::size_t i) -> std::pair<PowerId, LocationId> {
          const CaseOrder& o = phase.orders[i];
          if (phase.phase.kind == PhaseKind::Adjustment || !o.order) return {o.power, kNoLocation};
          return {o.power, o.order->unit.location};
        };
        std::map<std::pair<PowerId, LocationId>, std::vector<std::size_t>> members;
        for (std::size_t i : order) members[group(i)].push_back(i);
        for (auto& [key, list] : members) std::sort(list.begin(), list.end());
        std::map<std::pair<PowerId, LocationId>, std::size_t> next;
        for (std::size_t& i : order) {
          const auto key = group(i);
          i = members[key][next[key]++];
        }
      });
      ASSERT_TRUE(same_results(shuffled, reference)) << test.id << ": different results in shuffle " << round;
    }
  }

 private:
  std::shared_ptr<const CaseFile> file_;
  std::size_t index_;
};

class SkippedTest : public testing::Test {
 public:
  explicit SkippedTest(std::string why) : why_(std::move(why)) {}
  void TestBody() override { GTEST_SKIP() << why_; }

 private:
  std::string why_;
};

class BrokenFileTest : public testing::Test {
 public:
  explicit BrokenFileTest(std::string message) : message_(std::move(message)) {}
  void TestBody() override { FAIL() << message_; }

 private:
  std::string message_;
};

std::map<std::pair<std::string, std::string>, std::string> read_known_failures(const fs::path& file) {
  std::map<std::pair<std::string, std::string>, std::string> out;
  const YAML::Node root = YAML::LoadFile(file.string());
  for (const auto& item : root["known_failures"])
  {
    // `version` is the folder under datc/: "2.4" for datc/v2.4, or a folder name ("options").
    std::string folder = item["version"].as<std::string>();
    if (!folder.empty() && std::isdigit(static_cast<unsigned char>(folder[0]))) folder = "v" + folder;
    out[{folder, item["id"].as<std::string>()}] = item["reason"].as<std::string>();
  }
  return out;
}

// The whole of DATC v2.4 chapter 6 once per shipped profile (DATC_<profile>.6_A_1, ...): each case
// with the rules of the profile, unless the case says the DATC gives other results under that
// profile (`not_under`; the results under it are then a case of their own in datc/profiles/).
// A profile the adjudicator cannot apply yet is reported as a skipped test with the reason.
void register_profile_runs(const std::vector<std::shared_ptr<const CaseFile>>& chapter6) {
  for (const auto& profile : profile_names()) {
    const std::string suite = "DATC_" + test_name(profile);
    Rulebook probe;
    const auto problems = apply_profile(profile, probe);
    if (!problems.empty()) {
      const std::string why = format_diagnostics(problems);
      testing::RegisterTest(suite.c_str(), "profile_usable", nullptr, nullptr, __FILE__, __LINE__,
                            [why]() -> testing::Test* { return new SkippedTest("profile not applicable yet:\n" + why); });
      continue;
    }
    auto probe_for = [&](const Variant& variant) {
      Rulebook rules = variant.rules();
      apply_profile(profile, rules);
      return rules;
    };
    for (const auto& file : chapter6) {
      auto under = std::make_shared<CaseFile>(*file);
      for (std::size_t i = 0; i < under->cases.size(); ++i) {
        TestCase& test = under->cases[i];
        if (test.own_rules) continue;
        if (std::find(test.not_under.begin(), test.not_under.end(), profile) != test.not_under.end()) continue;
        // The case has no rules of its own: its rules are the variant's, with the profile on top.
        test.rules = probe_for(*under->variant);
        std::shared_ptr<const CaseFile> shared = under;
        testing::RegisterTest(suite.c_str(), test_name(test.id).c_str(), nullptr, nullptr, file->path.c_str(), test.line,
                              [shared, i]() -> testing::Test* { return new CaseTest(shared, i, ""); });
      }
    }
  }
}


void register_cases() {
  const fs::path root(DIPADJ_DATC_DIR);
  const auto known = read_known_failures(root / "known-failures.yaml");
  std::vector<fs::path> files;
  for (const auto& version : fs::directory_iterator(root))
    if (version.is_directory())
      for (const auto& entry : fs::directory_iterator(version.path()))
        if (entry.path().extension() == ".yaml") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<std::shared_ptr<const CaseFile>> chapter6;  // DATC v2.4, replayed under every profile
  VariantCache variants;
  for (const auto& path : files) {
    const std::string version = path.parent_path().filename().string();
    auto loaded = load_case_file(path, &variants);
    if (!loaded) {
      const std::string message = format_diagnostics(loaded.errors());
      testing::RegisterTest("DATC_files", test_name(version + "_" + path.stem().string()).c_str(), nullptr, nullptr,
                            __FILE__, __LINE__, [message]() -> testing::Test* { return new BrokenFileTest(message); });
      continue;
    }
    auto file = std::make_shared<const CaseFile>(std::move(loaded.value()));
    // Only chapter 6 (the Standard game): the profiles are rulebooks of the Standard game.
    if (version == "v2.4" && path.stem().string().rfind("6.", 0) == 0) chapter6.push_back(file);
    for (std::size_t i = 0; i < file->cases.size(); ++i) {
      const std::string name = test_name(file->cases[i].id);
      auto k = known.find({version, file->cases[i].id});
      const std::string known_failure = k == known.end() ? std::string() : k->second;
      testing::RegisterTest(suite_for(version).c_str(), name.c_str(), nullptr, nullptr, path.c_str(),
                            file->cases[i].line,
                            [file, i, known_failure]() -> testing::Test* { return new CaseTest(file, i, known_failure); });
      testing::RegisterTest((suite_for(version) + "_shuffled").c_str(), name.c_str(), nullptr, nullptr, path.c_str(),
                            file->cases[i].line, [file, i]() -> testing::Test* { return new ShuffledCaseTest(file, i); });
    }
  }
  register_profile_runs(chapter6);
}

}  // namespace

int main(int argc, char** argv) {
  testing::InitGoogleTest(&argc, argv);
  register_cases();
  return RUN_ALL_TESTS();
}
