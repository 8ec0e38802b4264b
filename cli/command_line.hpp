#pragma once
// One way to read every command's arguments: Boost.Program_options, with the positional
// arguments named and shown in the help, --help on every command, and "did you mean ...?" for a
// misspelt option. Errors go to standard error with exit status 2.
#include <boost/program_options.hpp>

#include <optional>
#include <string>
#include <vector>

#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/rules/rules_loader.hpp"

namespace dipadj {
struct GameFile;
}

namespace dipadj::cli {

namespace po = boost::program_options;

struct Argument {
  std::string name;  // as the synopsis shows it: "GAME", "FILE..."
  std::string help;
  bool many = false;     // FILE...: one or more
  bool required = true;
};

struct CommandLine {
  std::string command;  // "adjudicate"
  std::string summary;  // one line: what it does
  std::vector<Argument> arguments;
  po::options_description options{"Options"};

  // "usage: dipadj adjudicate GAME [options]"
  [[nodiscard]] std::string synopsis() const;
  // The synopsis, the summary, the arguments and the options, as --help prints them.
  [[nodiscard]] std::string help() const;
  // Reads `args` into `values`. Returns an exit status when the command must stop here: 0 after
  // --help (printed to standard output), 2 after a usage error (printed to standard error with
  // the synopsis). An argument is stored under its name in small letters ("game", "file").
  [[nodiscard]] std::optional<int> parse(const std::vector<std::string>& args, po::variables_map& values) const;
};

// --profile and --rule KEY=CHOICE (repeatable): rules on top of a game's, a case's or a variant's.
void add_rule_options(po::options_description& options);
// Them as rules on top of a file's (for the readers); empty when neither is given. The problems
// (an unknown profile, key or choice) are reported as the file's.
RuleOverrides rule_overrides(const po::variables_map& values);
// The game file the command names (its argument `game`), read with those rules on top; nothing,
// with the file's problems printed to standard error, when it cannot be read.
std::optional<GameFile> load_game(const po::variables_map& values);

// A line under a results title whose rules are not the variant's own (the title may say "2000
// rulebook"): "Rules: the rulebook-1971 profile" when a profile gives them, else "Rules: custom
// (...)" naming the options that differ; empty when they are the variant's.
std::string rules_heading(const Variant& variant, const Rulebook& rules);

// The variant a command's VARIANT argument names. A plain name is looked for on the variant
// search path; when it is not there but is a folder here (with a variant.yaml), that folder is
// taken, and said on standard error; when it is there and also a folder here, which one was taken
// is said. An unknown name gets "did you mean" among the variants found.
Expected<std::shared_ptr<const Variant>> find_variant_argument(const std::string& name, std::span<const std::string> map_options = {});

}  // namespace dipadj::cli
