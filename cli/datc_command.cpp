#include <boost/program_options.hpp>

#include <iomanip>
#include <iostream>

#include "commands.hpp"
#include "dipadj/datc/case_file.hpp"
#include "dipadj/rules/rules_loader.hpp"

namespace po = boost::program_options;

namespace dipadj::cli {

int run_datc(const std::vector<std::string>& args) {
  po::options_description options("dipadj datc FILE... [options]");
  options.add_options()("help,h", "show this help")("verbose,v", "show the differences of failing cases")(
      "profile", po::value<std::string>(), "apply this rule profile on top of each case's rules")(
      "rule", po::value<std::vector<std::string>>(), "KEY=CHOICE: set a rule option on top (repeatable)")(
      "files", po::value<std::vector<std::string>>()->multitoken(), "case files");
  po::positional_options_description positional;
  positional.add("files", -1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
  po::notify(vm);
  if (vm.count("help") || !vm.count("files")) {
    std::cout << options;
    return vm.count("help") ? 0 : 2;
  }
  int passed = 0, failed = 0, broken_files = 0;
  for (const auto& path : vm["files"].as<std::vector<std::string>>()) {
    auto file = load_case_file(path);
    if (!file) {
      std::cerr << format_diagnostics(file.errors());
      ++broken_files;
      continue;
    }
    for (auto& test : file->cases) {
      std::vector<Diagnostic> problems;
      if (vm.count("profile")) problems = apply_profile(vm["profile"].as<std::string>(), test.rules);
      if (vm.count("rule"))
        for (const auto& setting : vm["rule"].as<std::vector<std::string>>()) {
          const auto equals = setting.find('=');
          auto option = test.rules.find_option(setting.substr(0, equals));
          if (equals == std::string::npos || !option) {
            problems.push_back(Diagnostic{"--rule", 0, "expected KEY=CHOICE with a known key, got '" + setting + "'"});
            continue;
          }
          if (auto error = test.rules.set(*option, setting.substr(equals + 1), "--rule"))
            problems.push_back(Diagnostic{"--rule", 0, *error});
        }
      if (!problems.empty()) {
        std::cerr << format_diagnostics(problems);
        return 2;
      }
    }
    for (const auto& test : file->cases) {
      const CaseReport report = run_case(file.value(), test);
      std::cout << std::left << std::setw(10) << test.id << " " << (report.passed ? "pass  " : "FAIL  ") << test.title << "\n";
      if (!report.passed)
        for (const auto& line : report.differences) std::cout << "            " << line << "\n";
      (report.passed ? passed : failed)++;
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  if (broken_files) std::cout << broken_files << " file(s) could not be read\n";
  return failed == 0 && broken_files == 0 ? 0 : 1;
}

}  // namespace dipadj::cli
