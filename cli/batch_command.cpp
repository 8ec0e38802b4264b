#include <fstream>
#include <iostream>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/service/batch.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace dipadj::cli {

int run_batch(const std::vector<std::string>& args) {
  CommandLine line{"batch",
                   "Adjudicates many games: JSON lines in (one game file as JSON per line), one line out per game in input "
                   "order, the results exactly as adjudicate --json prints them (compact), or {\"line\": N, \"error\": ...} "
                   "for a line that is no playable game. Exit status 1 when any line failed.",
                   {{"FILE", "JSON-lines files; - or none: standard input", true, false}}};
  line.options.add_options()("help,h", "show this help")(
      "threads", po::value<unsigned>()->default_value(0)->value_name("N"), "worker threads (0: one per core)")(
      "with-next", "each result also holds \"next_game\": the game file of the following phase, to go on from in bulk");
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  std::vector<std::string> files = vm.count("file") ? vm["file"].as<std::vector<std::string>>() : std::vector<std::string>{"-"};
  VariantCache variants;
  BatchTotals totals;
  bool unreadable = false;
  for (const std::string& file : files) {
    BatchOptions options;
    options.threads = vm["threads"].as<unsigned>();
    options.with_next_game = vm.count("with-next") != 0;
    options.source = file == "-" ? std::string() : file;
    BatchTotals these;
    if (file == "-") {
      these = adjudicate_json_lines(std::cin, std::cout, variants, options);
    } else {
      std::ifstream in(file, std::ios::binary);
      if (!in) {
        std::cout.flush();
        std::cerr << file << ": cannot read the file\n";
        unreadable = true;
        continue;
      }
      these = adjudicate_json_lines(in, std::cout, variants, options);
    }
    if (!these.read_error.empty()) {
      std::cout.flush();
      std::cerr << (file == "-" ? "standard input" : file) << ": " << these.read_error << "\n";
      unreadable = true;
    }
    totals.games += these.games;
    totals.failed += these.failed;
    totals.not_json += these.not_json;
  }
  std::cout.flush();
  std::cerr << "dipadj batch: " << totals.games << " games, " << totals.failed << " failed\n";
  if (totals.not_json != 0)
    std::cerr << "dipadj batch: " << totals.not_json << " line(s) were not JSON: batch reads one game per line, so a game "
              << "written over several lines (pretty-printed) must be joined into one first (jq -c . game.json)\n";
  return totals.failed == 0 && !unreadable ? 0 : 1;
}

}  // namespace dipadj::cli
