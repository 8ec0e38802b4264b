#include "command_line.hpp"

#include <algorithm>
#include <filesystem>
#include <cctype>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "dipadj/diagnostic.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/rules/rules_loader.hpp"
#include "dipadj/text.hpp"

namespace dipadj::cli {
namespace {

std::string key_of(const Argument& argument) {
  std::string key;
  for (char c : argument.name)
    if (std::isalpha(static_cast<unsigned char>(c))) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return key;
}

std::vector<std::string> long_names(const po::options_description& options) {
  std::vector<std::string> names;
  for (const auto& option : options.options()) names.push_back("--" + option->long_name());
  return names;
}

}  // namespace

std::string CommandLine::synopsis() const {
  std::string out = "usage: dipadj " + command;
  for (const Argument& argument : arguments) {
    const std::string shown = argument.many ? argument.name + "..." : argument.name;
    out += " " + (argument.required ? shown : "[" + shown + "]");
  }
  if (!options.options().empty()) out += " [options]";
  return out;
}

std::string CommandLine::help() const {
  std::ostringstream out;
  out << synopsis() << "\n\n" << summary << "\n";
  if (!arguments.empty()) {
    out << "\nArguments:\n";
    for (const Argument& argument : arguments)
      out << "  " << std::left << std::setw(22) << (argument.many ? argument.name + "..." : argument.name) << argument.help
          << "\n";
  }
  if (!options.options().empty()) out << "\n" << options;
  return out.str();
}

std::optional<int> CommandLine::parse(const std::vector<std::string>& args, po::variables_map& values) const {
  po::options_description all;
  all.add(options);
  po::options_description hidden;
  po::positional_options_description positional;
  for (const Argument& argument : arguments) {
    const std::string key = key_of(argument);
    if (argument.many) hidden.add_options()(key.c_str(), po::value<std::vector<std::string>>()->multitoken(), "");
    else hidden.add_options()(key.c_str(), po::value<std::string>(), "");
    positional.add(key.c_str(), argument.many ? -1 : 1);
  }
  all.add(hidden);
  try {
    po::store(po::command_line_parser(args).options(all).positional(positional).run(), values);
    po::notify(values);
  } catch (const po::unknown_option& e) {
    const std::string hint = did_you_mean(e.get_option_name(), long_names(options));
    std::cerr << "dipadj " << command << ": unknown option '" << e.get_option_name() << "'" << (hint.empty() ? "" : "; " + hint)
              << "\n" << synopsis() << "\n(dipadj " << command << " --help for more)\n";
    return 2;
  } catch (const po::too_many_positional_options_error&) {
    std::cerr << "dipadj " << command << ": too many arguments\n" << synopsis() << "\n";
    return 2;
  } catch (const po::error& e) {
    std::cerr << "dipadj " << command << ": " << e.what() << "\n" << synopsis() << "\n";
    return 2;
  }
  if (values.count("help")) {
    std::cout << help();
    return 0;
  }
  for (const Argument& argument : arguments)
    if (argument.required && !values.count(key_of(argument))) {
      std::cerr << "dipadj " << command << ": " << argument.name << " is missing\n"
                << synopsis() << "\n(dipadj " << command << " --help for more)\n";
      return 2;
    }
  return std::nullopt;
}

void add_rule_options(po::options_description& options) {
  options.add_options()("profile", po::value<std::string>()->value_name("NAME"),
                        "apply this rule profile on top (dipadj rules --help lists them)")(
      "rule", po::value<std::vector<std::string>>()->value_name("KEY=CHOICE"),
      "set one rule option on top, by its key and the choice's name or letter (repeatable; dipadj rules --choices)");
}

namespace {

std::vector<Diagnostic> apply_rule_options(const std::string& profile, const std::vector<std::string>& settings, Rulebook& rules) {
  std::vector<Diagnostic> problems;
  if (!profile.empty()) {
    problems = apply_profile(profile, rules);
    // The profile's problems are the option's: named by it.
    for (Diagnostic& problem : problems)
      if (problem.file.empty()) problem.file = "--profile";
  }
  for (const std::string& setting : settings) {
    const auto equals = setting.find('=');
    const std::string key = setting.substr(0, equals);
    const auto option = rules.find_option(key);
    if (equals == std::string::npos) {
      problems.push_back(Diagnostic{"--rule", 0, "expected KEY=CHOICE, got '" + setting + "'"});
    } else if (!option) {
      std::vector<std::string> keys;
      for (std::size_t i = 0; i < rules.option_count(); ++i) keys.push_back(rules.option(i).key);
      const std::string hint = did_you_mean(key, keys);
      problems.push_back(Diagnostic{"--rule", 0, "no rule option '" + key + "'" + (hint.empty() ? "" : "; " + hint)});
    } else if (auto error = rules.set(*option, setting.substr(equals + 1), "--rule")) {
      problems.push_back(Diagnostic{"--rule", 0, *error});
    }
  }
  return problems;
}

}  // namespace

RuleOverrides rule_overrides(const po::variables_map& values) {
  if (!values.count("profile") && !values.count("rule")) return {};
  const std::string profile = values.count("profile") ? values["profile"].as<std::string>() : std::string();
  const std::vector<std::string> settings = values.count("rule") ? values["rule"].as<std::vector<std::string>>() : std::vector<std::string>();
  return [profile, settings](Rulebook& rules) { return apply_rule_options(profile, settings, rules); };
}

std::optional<GameFile> load_game(const po::variables_map& values) {
  auto loaded = load_game_file(values["game"].as<std::string>(), nullptr, rule_overrides(values));
  if (!loaded) {
    std::cerr << format_diagnostics(loaded.errors());
    return std::nullopt;
  }
  return std::move(loaded.value());
}

std::string rules_heading(const Variant& variant, const Rulebook& rules) {
  const Rulebook& own = variant.rules();
  if (rules == own) return "";
  for (const std::string& profile : profile_names()) {
    Rulebook with_profile = own;
    if (apply_profile(profile, with_profile).empty() && with_profile == rules) return "Rules: the " + profile + " profile";
  }
  std::string differ;
  std::size_t count = 0;
  for (std::size_t i = 0; i < rules.option_count(); ++i) {
    if (rules.choice(i) == own.choice(i)) continue;
    const RuleOption& option = rules.option(i);
    if (++count <= 4) differ += (differ.empty() ? "" : ", ") + option.issue + " " + option.key + ": " + rules.value_name(i);
  }
  if (count > 4) differ += ", and " + std::to_string(count - 4) + " more";
  return "Rules: custom (" + differ + ")";
}

Expected<std::shared_ptr<const Variant>> find_variant_argument(const std::string& name, std::span<const std::string> map_options) {
  if (!is_plain_name(name)) return find_variant(name, map_options);
  std::error_code ec;
  const bool folder_here = std::filesystem::is_regular_file(std::filesystem::path(name) / "variant.yaml", ec);
  auto found = find_variant(name, map_options);
  if (found && folder_here) {
    std::cerr << "dipadj: '" << name << "' is the variant of that name on the search path, not the folder here (give ./" << name
              << " for the folder)\n";
  } else if (!found && folder_here) {
    std::cerr << "dipadj: no variant '" << name << "' on the search path: taking the folder ./" << name << " here\n";
    return find_variant("./" + name, map_options);
  } else if (!found) {
    std::vector<std::string> names;
    for (const VariantFolder& folder : variant_folders()) names.push_back(folder.name);
    if (const std::string hint = did_you_mean(name, names); !hint.empty()) {
      std::vector<Diagnostic> problems = found.errors();
      if (!problems.empty()) problems.back().message += "; " + hint;
      return problems;
    }
  }
  return found;
}

}  // namespace dipadj::cli
