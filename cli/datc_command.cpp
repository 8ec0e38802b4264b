#include <boost/program_options.hpp>

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <iostream>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/datc/case_file.hpp"
#include "dipadj/installation.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/rules/rules_loader.hpp"

namespace dipadj::cli {
namespace {

namespace fs = std::filesystem;

// Every case file below `directory`, as names.
std::vector<std::string> case_files_below(const fs::path& directory) {
  std::vector<std::string> out;
  for (const auto& path : dipadj::case_files_below(directory)) out.push_back(path.string());
  return out;
}

// The case files to run: each FILE as given, a directory standing for every case file below it; a
// relative FILE that is not here but is in the bundled DATC folder is that one (and says so, never
// in place of a file here); nothing given: every bundled case file.
std::vector<std::string> case_files(const std::vector<std::string>& given) {
  const fs::path bundled = installation().datc;
  if (given.empty()) return case_files_below(bundled);
  std::vector<std::string> out;
  for (const std::string& name : given) {
    fs::path path = name;
    std::error_code ec;
    if (name != "-" && !fs::exists(path, ec) && path.is_relative() && fs::exists(bundled / path, ec)) {
      path = bundled / path;
      std::cerr << "dipadj datc: " << name << " is not here; reading the bundled " << path.string() << "\n";
    }
    if (fs::is_directory(path, ec)) {
      const std::vector<std::string> below = case_files_below(path);
      if (below.empty()) std::cerr << "dipadj datc: no case file in " << path.string() << "\n";
      out.insert(out.end(), below.begin(), below.end());
    } else {
      out.push_back(path.string());
    }
  }
  return out;
}

}  // namespace

int run_datc(const std::vector<std::string>& args) {
  CommandLine line{"datc", "Runs DATC case files (dipadj's YAML format or jDip's text format) and prints a pass/fail table.",
                   {{"FILE", "case files, or folders of them (every case file below, in name order); - for standard input; "
                             "none: every bundled case file (dipadj paths shows where)", true, false}}};
  line.options.add_options()("help,h", "show this help")("failures", "list only the failing cases (and the totals)");
  add_rule_options(line.options);
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  const bool only_failures = vm.count("failures") != 0;
  int passed = 0, failed = 0, unreadable = 0, broken_files = 0, skipped = 0;
  VariantCache variants;
  const RuleOverrides overrides = rule_overrides(vm);
  const std::vector<std::string> files = case_files(vm.count("file") ? vm["file"].as<std::vector<std::string>>() : std::vector<std::string>());
  for (const auto& path : files) {
    // Each case runs as soon as it is read: a file of any length is held one case at a time.
    CaseFile file;
    const auto errors = read_cases(
        path, file,
        [&](const CaseFile& header, TestCase& test, const std::vector<Diagnostic>& problems) {
          if (!problems.empty()) {
            // A case whose id could not be read is named by where it starts.
            const std::string name = !test.id.empty() ? test.id : test.line > 0 ? "line " + std::to_string(test.line) : "(no id)";
            std::cout << std::left << std::setw(10) << name << " " << "ERROR " << test.title << "\n";
            for (const auto& problem : problems) std::cout << "            " << problem.to_string() << "\n";
            ++unreadable;
            return;
          }
          const CaseReport report = run_case(header, test);
          if (!report.passed || !only_failures)
            std::cout << std::left << std::setw(10) << test.id << " " << (report.passed ? "pass  " : "FAIL  ") << test.title << "\n";
          if (!report.passed)
            for (const auto& difference : report.differences) std::cout << "            " << difference << "\n";
          (report.passed ? passed : failed)++;
        },
        &variants, overrides);
    for (const auto& warning : file.warnings) {
      std::cout.flush();
      std::cerr << "warning: " << warning.to_string() << "\n";
      ++skipped;
    }
    if (!errors.empty()) {
      std::cout.flush();
      std::cerr << format_diagnostics(errors);
      ++broken_files;
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  if (unreadable) std::cout << unreadable << " case(s) could not be read\n";
  if (skipped) std::cout << skipped << " warning(s), see above\n";
  if (broken_files) std::cout << broken_files << " file(s) could not be read, in whole or in part (see above)\n";
  return failed == 0 && unreadable == 0 && broken_files == 0 ? 0 : 1;
}

}  // namespace dipadj::cli
