#include "dipadj/notation/order_text.hpp"
#include "dipadj/datc/case_file.hpp"

#include <algorithm>
#include <memory>
#include <numeric>
#include <sstream>
#include <unordered_map>

#include "formats/game_state_reading.hpp"
#include "formats/record_reading.hpp"
#include "rules/rules_reading.hpp"
#include "dipadj/judge/submission.hpp"
#include "dipadj/rules/rules_loader.hpp"
#include "base/input_stream.hpp"
#include "jdip_case_reading.hpp"
#include "base/yaml_document.hpp"
#include "base/yaml_support.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace dipadj {
namespace {

using record_reading::check_needed_plugins;
using record_reading::RecordReader;

// The keys of a case file that concern all its cases: they come before `cases`, whose items are
// read and handed over one at a time.
const std::initializer_list<std::string_view> kFileKeys = {"format", "source", "variant", "map_options", "plugins", "profile", "rules"};
const std::initializer_list<std::string_view> kKeys = {"format", "source", "variant", "map_options", "plugins", "profile", "rules", "cases"};

class YamlCaseReader {
 public:
  YamlCaseReader(const std::filesystem::path& path, CaseFile& out, const CaseTaker& take, VariantCache* cache,
                 const RuleOverrides& overrides, std::vector<Diagnostic>& file_errors)
      : path_(path), out_(out), take_(take), cache_(cache), overrides_(overrides), doc_(path.string(), file_errors),
        case_doc_(path.string(), problems_) {}
  YamlCaseReader(const YamlCaseReader&) = delete;
  YamlCaseReader& operator=(const YamlCaseReader&) = delete;

  void read(std::istream& in) {
    yaml::ListStream stream{"cases", [this](const DocNode& top, DocNode item) { take_item(top, std::move(item)); }, "case"};
    DocNode root;
    if (!yaml::read_document(in, doc_.file(), root, doc_.errors(), &stream)) return;
    finish(root);
  }

 private:
  void take_item(const DocNode& top, DocNode item) {
    if (!header_read_) {
      header_read_ = true;
      header_during_cases_ = true;
      header_ok_ = header(top);
    }
    if (header_ok_) read_case(item);
  }

  // After the whole file: the header if no case came, and what came after the cases.
  void finish(const DocNode& root) {
    if (!header_read_) {
      header_read_ = true;
      if (!root.is_map()) {
        doc_.error(root, "a case file must be a YAML mapping");
        return;
      }
      header_ok_ = header(root);
      if (!header_ok_) return;
    }
    const DocNode& cases = root["cases"];
    if (!cases || !cases.is_sequence()) {
      if (header_ok_) doc_.error(cases ? cases : root, "'cases' must be a list");
      return;
    }
    if (!header_during_cases_) return;
    // Keys after `cases` came too late for the cases already read; unknown ones are said as the
    // header says those before.
    DocNode unknown(DocNode::Kind::Map, root.line());
    bool after = false;
    for (const DocNode& entry : root.items()) {
      if (after) {
        const bool file_key = std::any_of(kFileKeys.begin(), kFileKeys.end(), [&](std::string_view k) { return entry.key() == k; });
        if (file_key)
          doc_.key_error(entry, "'" + entry.key() +
                                    "' comes after 'cases': a case file's own keys come before its cases (the cases are read and "
                                    "run as they come)");
        else
          unknown.add(entry);
      }
      after = after || entry.key() == "cases";
    }
    doc_.check_keys(unknown, kKeys);
  }

  // The file's own keys (those in `top`); false when its cases cannot be read.
  bool header(const DocNode& top) {
    const std::size_t before = doc_.error_count();
    if (!top.is_map()) {
      doc_.error(top, "a case file must be a YAML mapping");
      return false;
    }
    if (!doc_.check_format(top, "dipadj-cases/1")) return false;
    doc_.check_keys(top, kKeys);
    out_.path = doc_.file();
    out_.source = doc_.string(top, "source");
    const std::string variant_name = resolve_variant_reference(doc_.string(top, "variant", true), path_.parent_path());
    const std::vector<std::string> map_options = doc_.string_list(top, "map_options");
    if (doc_.error_count() != before) return false;
    auto variant = find_variant(variant_name, map_options, cache_);
    if (!variant) {
      for (const auto& problem : variant.errors()) doc_.errors().push_back(problem);
      doc_.error(top["variant"], "cannot load variant '" + variant_name + "'");
      return false;
    }
    out_.variant = variant.value();
    variant_name_ = variant_name;
    check_needed_plugins(doc_, top, *out_.variant);
    // A file may set rules for all its cases (a case's own profile and rules come on top).
    file_rules_.emplace(out_.variant->rules());
    apply_profile_and_rules(doc_, top, *file_rules_);
    file_sets_rules_ = top["profile"] || top["rules"];
    if (overrides_) {
      // Tried once here, so that a bad override is said once, not once per case.
      Rulebook tried = *file_rules_;
      for (auto& problem : overrides_(tried)) doc_.errors().push_back(std::move(problem));
    }
    if (doc_.error_count() != before) return false;
    reader_.emplace(case_doc_, *out_.variant);
    return true;
  }

  void add_phase(const DocNode& node, const std::string& text, int line, std::vector<CasePhase>& phases) {
    auto parsed = out_.variant->calendar().read(text);
    if (!parsed) {
      case_doc_.error(node, "cannot read the phase '" + text + "' (" + out_.variant->calendar().phase_name_help() + ")");
      return;
    }
    CasePhase phase(out_.variant->map().province_count());
    phase.phase = *parsed;
    phase.line = line;
    phases.push_back(std::move(phase));
  }

  // A case's own map options (`map_options:`): the file's variant with these options instead of the
  // file's, or null when it names none (or they cannot be used: said as the case's problem).
  std::shared_ptr<const Variant> case_variant(const DocNode& node) {
    if (!node["map_options"]) return nullptr;
    const std::vector<std::string> options = case_doc_.string_list(node, "map_options");
    auto variant = find_variant(variant_name_, options, cache_);
    if (!variant) {
      for (const auto& problem : variant.errors()) case_doc_.errors().push_back(problem);
      case_doc_.error(node["map_options"], "cannot use these map options of '" + variant_name_ + "'");
      return nullptr;
    }
    return variant.value();
  }

  void read_case(const DocNode& node) {
    problems_.clear();
    DocumentReader& doc = case_doc_;
    std::shared_ptr<const Variant> own = case_variant(node);
    const Variant& v = own ? *own : *out_.variant;
    std::optional<RecordReader> own_reader;
    if (own) own_reader.emplace(case_doc_, *own);
    RecordReader& reader = own ? *own_reader : *reader_;
    TestCase test(v.map().province_count());
    test.variant = std::move(own);
    test.line = node.line();
    doc.check_keys(node, {"id", "title", "phase", "map_options", "profile", "rules", "units", "supply_centres", "civil_disorder", "perpetual_orders", "proxies", "built", "flying_dutchmen", "plugin_state", "orders",
                          "expect_units", "expect_dislodged", "expect_retreats", "expect_supply_centres", "expect_winner", "expect_ended_by", "then", "not_under", "note"});
    test.id = doc.string(node, "id", true);
    test.title = doc.string(node, "title");
    test.note = doc.string(node, "note");
    test.rules = *file_rules_;
    apply_profile_and_rules(doc, node, test.rules);
    if (overrides_)
      for (auto& problem : overrides_(test.rules)) problems_.push_back(std::move(problem));
    test.own_rules = file_sets_rules_ || node["profile"] || node["rules"] || overrides_;
    test.not_under = doc.string_list(node, "not_under");
    for (const auto& name : test.not_under) {
      const auto known = profile_names();
      if (std::find(known.begin(), known.end(), name) == known.end()) doc.error(node["not_under"], "unknown rule profile '" + name + "'");
    }
    add_phase(node, node["phase"] ? doc.string(node, "phase") : v.phase_name(v.start_phase()), test.line, test.phases);
    if (!test.phases.empty()) {
      test.start.phase = test.phases.front().phase;
      // A case at a mobilizing variant's first phase mobilizes, as a game file does.
      test.start.mobilizing = v.mobilizes_in(test.start.phase);
      read_units(doc, node["units"], v, test.start.position);
      read_owners(doc, node["supply_centres"], v, test.start.position);
      read_civil_disorder(doc, node["civil_disorder"], v, test.start.civil_disorder);
      read_perpetual_orders(doc, node["perpetual_orders"], v, test.rules, test.start.perpetual_orders);
      read_proxies(doc, node["proxies"], v, test.rules, test.start.position, test.start.proxies);
      read_build_history(doc, node["built"], v, test.start);
      read_flying_dutchmen(doc, node["flying_dutchmen"], v, test.start);
      read_plugin_state(doc, node["plugin_state"], test.start.position);
      reader.allow_places_off_map(reads_places_off_the_map(test.rules));
      reader.expectations(node, test.phases.front(), test.id);
      if (const DocNode& then = node["then"]) {
        if (!then.is_sequence()) doc.error(then, "'then' must be a list of phases");
        else
          for (const DocNode& step : then.items()) {
            if (!doc.expect_map(step, "phase")) continue;
            doc.check_keys(step, {"phase", "orders", "expect_units", "expect_dislodged", "expect_retreats", "expect_supply_centres",
                                  "expect_winner", "expect_ended_by", "note"});
            if (!step["phase"]) {
              doc.error(step, "case " + test.id + ": each 'then' entry names its phase");
              continue;
            }
            add_phase(step, doc.string(step, "phase"), step.line(), test.phases);
            reader.expectations(step, test.phases.back(), test.id);
          }
      }
    }
    take_(out_, test, problems_);
  }

  const std::filesystem::path& path_;
  CaseFile& out_;
  const CaseTaker& take_;
  VariantCache* cache_;
  const RuleOverrides& overrides_;
  std::vector<Diagnostic> problems_;  // the case's being read
  DocumentReader doc_;                // the file, its own problems
  DocumentReader case_doc_;           // the file, the problems of the case being read
  std::optional<Rulebook> file_rules_;
  std::optional<RecordReader> reader_;
  std::string variant_name_;  // as the file names it, for a case's own map options
  bool file_sets_rules_ = false;
  bool header_read_ = false, header_ok_ = false, header_during_cases_ = false;
};

// `take`, with a problem added to each case whose id an earlier case of the file has (the second
// case fails, naming the first's line): a table of results, or a test named by its case's id,
// would show only one of them. The ids are kept, tens of bytes a case.
CaseTaker refusing_repeated_ids(const std::string& name, const CaseTaker& take) {
  auto first_lines = std::make_shared<std::unordered_map<std::string, int>>();
  return [name, first_lines, &take](const CaseFile& file, TestCase& test, const std::vector<Diagnostic>& problems) {
    if (test.id.empty()) return take(file, test, problems);
    const auto [first, new_id] = first_lines->try_emplace(test.id, test.line);
    if (new_id) return take(file, test, problems);
    std::vector<Diagnostic> with = problems;
    with.push_back(Diagnostic{name, test.line,
                              "the case id '" + test.id + "' is already that of the case at line " + std::to_string(first->second) +
                                  ": each case of a file has an id of its own"});
    take(file, test, with);
  };
}

// Opens `path` as a stream and hands it to `read`; the problems of the file as a whole: it cannot be
// opened, an exception a reader let through, an input/output error on the way.
template <class Read>
std::vector<Diagnostic> read_input(const std::filesystem::path& path, Read&& read) {
  std::vector<Diagnostic> errors;
  const std::string name = path.string();
  const auto done = yaml::guarded<bool>(name, [&]() -> Expected<bool> {
    InputStream input;
    if (!input.open(path, errors)) return true;
    read(input, errors);
    // First: what the reader found after the failure (a cut list, a missing END) follows from it.
    if (input.failed()) errors.insert(errors.begin(), Diagnostic{name, 0, "cannot read the rest of the file: " + input.error()});
    return true;
  });
  for (const auto& problem : done.errors()) errors.push_back(problem);
  return errors;
}

}  // namespace

std::vector<Diagnostic> read_cases(const std::filesystem::path& path, CaseFile& file, const CaseTaker& take, VariantCache* cache,
                                   const RuleOverrides& overrides) {
  const CaseTaker take_once = refusing_repeated_ids(path.string(), take);
  return read_input(path, [&](InputStream& input, std::vector<Diagnostic>& errors) {
    // The plain-text format of jDip and godip starts (after comments) with VARIANT_ALL or CASE.
    const std::string first = input.first_meaningful_line();
    if (first.starts_with("VARIANT_ALL") || first.starts_with("CASE"))
      read_jdip_cases(input.stream(), path.string(), file, take_once, cache, overrides, errors);
    else
      YamlCaseReader(path, file, take_once, cache, overrides, errors).read(input.stream());
  });
}

namespace {

// The cases of a file kept, or every problem of the file and its cases.
template <class Read>
Expected<CaseFile> collect_cases(Read&& read) {
  CaseFile whole;
  std::vector<Diagnostic> problems;
  std::vector<Diagnostic> errors = read(whole, [&](const CaseFile&, TestCase& test, const std::vector<Diagnostic>& case_problems) {
    if (!case_problems.empty()) problems.insert(problems.end(), case_problems.begin(), case_problems.end());
    else if (problems.empty()) whole.cases.push_back(std::move(test));
  });
  if (errors.empty() && problems.empty()) return whole;
  errors.insert(errors.end(), problems.begin(), problems.end());
  return errors;
}

}  // namespace

Expected<CaseFile> load_case_file(const std::filesystem::path& path, VariantCache* cache, const RuleOverrides& overrides) {
  return collect_cases([&](CaseFile& whole, const CaseTaker& take) { return read_cases(path, whole, take, cache, overrides); });
}

Expected<CaseFile> load_jdip_case_file(const std::filesystem::path& path, VariantCache* cache) {
  return collect_cases([&](CaseFile& whole, const CaseTaker& take) {
    const CaseTaker take_once = refusing_repeated_ids(path.string(), take);
    return read_input(path, [&](InputStream& input, std::vector<Diagnostic>& errors) {
      read_jdip_cases(input.stream(), path.string(), whole, take_once, cache, {}, errors);
    });
  });
}

std::vector<std::filesystem::path> case_files_below(const std::filesystem::path& directory) {
  const auto is_case_file = [](const std::filesystem::path& path) {
    const std::string extension = path.extension().string();
    return path.filename() != "known-failures.yaml" &&
           (extension == ".yaml" || extension == ".yml" || extension == ".json" || extension == ".txt");
  };
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  for (auto it = std::filesystem::recursive_directory_iterator(directory, ec); !ec && it != std::filesystem::recursive_directory_iterator();
       it.increment(ec))
    if (it->is_regular_file(ec) && is_case_file(it->path())) out.push_back(it->path());
  std::sort(out.begin(), out.end());
  return out;
}

CaseRun execute_case(const CaseFile& file, const TestCase& test, const Reorder& reorder) {
  return play_record(test.variant ? *test.variant : *file.variant, test, reorder);
}

CaseReport run_case(const CaseFile& file, const TestCase& test) { return check_record(test.variant ? *test.variant : *file.variant, test); }

}  // namespace dipadj
