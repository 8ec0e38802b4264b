#include "dipadj/notation/order_text.hpp"
#include "dipadj/datc/case_file.hpp"

#include <algorithm>
#include <sstream>
#include <numeric>

#include "../game/game_state_reading.hpp"
#include "../game/record_reading.hpp"
#include "../rules/rules_reading.hpp"
#include "dipadj/rules/rules_loader.hpp"
#include "../yaml_support.hpp"
#include "dipadj/game/order_reading.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace dipadj {
namespace {

using record_reading::check_needed_plugins;
using record_reading::RecordReader;

Expected<CaseFile> read_case_file(const std::filesystem::path& path, VariantCache* cache, const RuleOverrides& overrides) {
  const std::string file = path.string();
  std::vector<Diagnostic> errors;
  std::string contents;
  if (!yaml::read_text_file(path, contents, errors)) return errors;
  {
    // The plain-text format of jDip and godip starts (after comments) with VARIANT_ALL or CASE.
    std::istringstream in(contents);
    std::string line;
    while (std::getline(in, line)) {
      const auto first = line.find_first_not_of(" \t\r");
      if (first == std::string::npos || line[first] == '#') continue;
      if (line.compare(first, 11, "VARIANT_ALL") == 0 || line.compare(first, 4, "CASE") == 0) {
        auto cases = read_jdip_cases(contents, file);
        if (!cases || !overrides) return cases;
        for (TestCase& test : cases.value().cases) {
          for (auto& problem : overrides(test.rules)) errors.push_back(std::move(problem));
          test.own_rules = true;
        }
        if (!errors.empty()) return errors;
        return cases;
      }
      break;
    }
  }
  DocNode root;
  if (!yaml::load_document_string(contents, file, root, errors)) return errors;
  if (!root.is_map()) return std::vector<Diagnostic>{doc::diagnostic(file, root, "a case file must be a YAML mapping")};
  if (!doc::check_format(file, root, "dipadj-cases/1", errors)) return errors;
  doc::check_keys(file, root, {"format", "source", "variant", "map_options", "plugins", "profile", "rules", "cases"}, errors);
  CaseFile out;
  out.path = file;
  out.source = doc::get_string(file, root, "source", errors);
  const std::string variant_name =
      resolve_variant_reference(doc::get_string(file, root, "variant", errors, true), path.parent_path());
  const std::vector<std::string> map_options = doc::get_string_list(file, root, "map_options", errors);
  if (!errors.empty()) return errors;
  auto variant = find_variant(variant_name, map_options, cache);
  if (!variant) {
    errors = variant.errors();
    errors.push_back(doc::diagnostic(file, root["variant"], "cannot load variant '" + variant_name + "'"));
    return errors;
  }
  out.variant = variant.value();
  const Variant& v = *out.variant;
  check_needed_plugins(file, root, v, errors);
  const std::size_t provinces = v.map().province_count();
  const DocNode& cases = root["cases"];
  if (!cases || !cases.is_sequence()) {
    errors.push_back(doc::diagnostic(file, cases ? cases : root, "'cases' must be a list"));
    return errors;
  }
  // A file may set rules for all its cases (a case's own profile and rules come on top).
  Rulebook file_rules = v.rules();
  apply_profile_and_rules(file, root, file_rules, errors);
  const bool file_sets_rules = root["profile"] || root["rules"];
  RecordReader reader(file, v, errors);
  auto add_phase = [&](const DocNode& node, const std::string& text, int line, std::vector<CasePhase>& phases) {
    auto parsed = parse_phase(text);
    if (!parsed) {
      reader.error(node, "cannot read the phase '" + text + "' (e.g. 'Fall 1901 Retreats')");
      return;
    }
    CasePhase phase(provinces);
    phase.phase = *parsed;
    phase.line = line;
    phases.push_back(std::move(phase));
  };
  if (cases.size() > kMaxCasesPerFile) {
    errors.push_back(doc::diagnostic(file, cases, "the file has " + std::to_string(cases.size()) + " cases; at most " +
                                                       std::to_string(kMaxCasesPerFile) + " are read from one file (split it)"));
    return errors;
  }
  for (const DocNode& node : cases.items()) {
    TestCase test(provinces);
    test.line = node.line();
    doc::check_keys(file, node, {"id", "title", "phase", "profile", "rules", "units", "supply_centres", "civil_disorder", "perpetual_orders", "proxies", "built", "flying_dutchmen", "orders", "expect_units",
                                  "expect_dislodged", "expect_retreats", "expect_supply_centres", "expect_winner", "then", "not_under", "note"},
                     errors);
    test.id = doc::get_string(file, node, "id", errors, true);
    test.title = doc::get_string(file, node, "title", errors);
    test.note = doc::get_string(file, node, "note", errors);
    test.rules = file_rules;
    apply_profile_and_rules(file, node, test.rules, errors);
    if (overrides)
      for (auto& problem : overrides(test.rules)) errors.push_back(std::move(problem));
    test.own_rules = file_sets_rules || node["profile"] || node["rules"] || overrides;
    test.not_under = doc::get_string_list(file, node, "not_under", errors);
    for (const auto& name : test.not_under) {
      const auto known = profile_names();
      if (std::find(known.begin(), known.end(), name) == known.end())
        errors.push_back(doc::diagnostic(file, node["not_under"], "unknown rule profile '" + name + "'"));
    }
    add_phase(node, node["phase"] ? doc::get_string(file, node, "phase", errors) : to_string(v.start_phase()), test.line,
               test.phases);
    if (test.phases.empty()) continue;
    test.start.phase = test.phases.front().phase;
    read_units(file, node["units"], v, test.start.position, errors);
    read_owners(file, node["supply_centres"], v, test.start.position, errors);
    read_civil_disorder(file, node["civil_disorder"], v, test.start.civil_disorder, errors);
    read_perpetual_orders(file, node["perpetual_orders"], v, test.rules, test.start.perpetual_orders, errors);
    read_proxies(file, node["proxies"], v, test.rules, test.start.position, test.start.proxies, errors);
    read_build_history(file, node["built"], v, test.start, errors);
    read_flying_dutchmen(file, node["flying_dutchmen"], v, test.start, errors);
    reader.allow_places_off_map(test.rules.is(OrderLegality::AnyWellFormed));
    reader.expectations(node, test.phases.front(), test.id);
    if (const DocNode& then = node["then"]) {
      if (!then.is_sequence()) reader.error(then, "'then' must be a list of phases");
      else
        for (const DocNode& step : then.items()) {
          if (!doc::expect_map(file, step, "phase", errors)) continue;
          doc::check_keys(file, step, {"phase", "orders", "expect_units", "expect_dislodged", "expect_retreats",
                                        "expect_supply_centres", "expect_winner", "note"},
                           errors);
          if (!step["phase"]) {
            reader.error(step, "case " + test.id + ": each 'then' entry names its phase");
            continue;
          }
          add_phase(step, doc::get_string(file, step, "phase", errors), step.line(), test.phases);
          reader.expectations(step, test.phases.back(), test.id);
        }
    }
    out.cases.push_back(std::move(test));
  }
  if (!errors.empty()) return errors;
  return out;
}

}  // namespace

Expected<CaseFile> load_case_file(const std::filesystem::path& path, VariantCache* cache, const RuleOverrides& overrides) {
  return yaml::guarded<CaseFile>(path.string(), [&] { return read_case_file(path, cache, overrides); });
}

CaseRun execute_case(const CaseFile& file, const TestCase& test, const Reorder& reorder) {
  return play_record(*file.variant, test, reorder);
}

CaseReport run_case(const CaseFile& file, const TestCase& test) { return check_record(*file.variant, test); }

}  // namespace dipadj
