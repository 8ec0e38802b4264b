#include "dipadj/service/variant_cases.hpp"
#include "problems_json.hpp"

#include <nlohmann/json.hpp>

#include <functional>

#include "dipadj/datc/case_file.hpp"
#include "dipadj/draw/game_picture.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/game/played_phase.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

namespace {

using json = nlohmann::ordered_json;

// A case file and how the page names it: its path from the folder it was found in.
struct ListedFile {
  std::filesystem::path path;
  std::string name;
  bool own = false;  // in the variant's own `cases/` folder: the variant's whatever it names
};

std::vector<ListedFile> listed_files(const CaseSources& sources) {
  std::vector<ListedFile> out;
  for (const auto& folder : sources.shared_folders)
    for (const auto& path : case_files_below(folder)) out.push_back({path, path.lexically_relative(folder).generic_string(), false});
  if (!sources.own_folder.empty())
    for (const auto& path : case_files_below(sources.own_folder))
      out.push_back({path, (std::filesystem::path("cases") / path.lexically_relative(sources.own_folder)).generic_string(), true});
  return out;
}

// Each case of the variant's files handed to `visit` with its file as listed; the files of the
// variant that could not be read in whole are `broken`. A shared file is the variant's when its
// `variant:` loads the same variant (one cache: one variant per name).
using CaseVisitor = std::function<void(const ListedFile&, const CaseFile&, TestCase&, const std::vector<Diagnostic>&)>;

// `only_file`, when not empty: that file alone.
void visit_cases(const std::string& variant_reference, const CaseSources& sources, const CaseVisitor& visit, json& broken,
                 const std::string& only_file = "") {
  VariantCache variants;
  const auto wanted = variants.find(variant_reference);
  if (!wanted) return;
  for (const ListedFile& listed : listed_files(sources)) {
    if (!only_file.empty() && listed.name != only_file) continue;
    CaseFile header;
    const auto ours = [&](const CaseFile& file) { return listed.own || file.variant == wanted.value(); };
    const auto errors = read_cases(
        listed.path, header,
        [&](const CaseFile& file, TestCase& test, const std::vector<Diagnostic>& problems) {
          if (ours(file)) visit(listed, file, test, problems);
        },
        &variants);
    if (!errors.empty() && (listed.own || (header.variant && ours(header))))
      broken.push_back({{"file", listed.name}, {"problems", problems_json(errors)}});
  }
}

// A case's expected board after a phase, as a game file writes units and centres (only what the
// case checks); null when it checks neither.
std::optional<GameState> expected_state(const RecordPhase& phase, const Map& map) {
  if (!phase.check_units && !phase.check_owners) return std::nullopt;
  GameState state(map.province_count());
  state.phase = phase.phase;
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    const auto province = static_cast<ProvinceId>(p);
    if (phase.check_units && phase.expect_units.unit_in(province).present()) state.position.place(map, phase.expect_units.unit_in(province));
    if (phase.check_owners) state.position.set_owner(province, phase.expect_owners.owner(province));
  }
  return state;
}

// The case's orders beside what came of them: the expected result from the case, the result and
// reason from the results JSON (the order's entry there, found by where it was submitted).
json orders_side_by_side(const Variant& variant, const RecordPhase& phase, const PhaseRun& run, const json& results) {
  json out = json::array();
  for (std::size_t i = 0; i < phase.orders.size(); ++i) {
    const RecordOrder& order = phase.orders[i];
    json row = {{"power", variant.power(order.power).name}, {"order", order.text},
                {"expected", order.expected ? json(to_string(*order.expected)) : json()}, {"result", nullptr}, {"reason", nullptr}};
    for (std::size_t k = 0; k < run.submitted_from.size(); ++k)
      if (run.submitted_from[k] == i && k < results["orders"].size()) {
        row["result"] = results["orders"][k].value("result", "");
        row["reason"] = results["orders"][k].value("reason", "");
      }
    out.push_back(std::move(row));
  }
  return out;
}

json phase_detail(const Variant& variant, const TestCase& test, const RecordPhase& phase, const PhaseRun& run, const GameState& before) {
  std::vector<std::string> written;
  for (const std::size_t from : run.submitted_from) written.push_back(from < phase.orders.size() ? phase.orders[from].text : "");
  const PlayedPhase played{variant, before, run.submitted, written, run.report, run.state_after, run.notes};
  const json results = json(played);
  json out = {{"phase", variant.phase_name(run.phase)}, {"before", draw_phase(played).svg}, {"after", draw_after(played).svg}};
  json expected = json::object();
  if (const auto state = expected_state(phase, variant.map())) {
    const json file = game_file_json(variant, variant.name(), *state, test.rules);
    if (phase.check_units) expected["units"] = file.contains("units") ? file["units"] : json::object();
    if (phase.check_owners) expected["supply_centres"] = file.contains("supply_centres") ? file["supply_centres"] : json::object();
    if (phase.check_units) out["expected_after"] = draw_state(variant, *state).svg;
  }
  out["orders"] = orders_side_by_side(variant, phase, run, results);
  out["expected"] = std::move(expected);
  out["results"] = results;
  return out;
}

json case_detail(const std::string& file, const CaseFile& header, const TestCase& test) {
  const Variant& variant = test.variant ? *test.variant : *header.variant;
  const CaseReport report = run_case(header, test);
  const CaseRun run = execute_case(header, test);
  json out = {{"file", file},        {"id", test.id},         {"title", test.title}, {"note", test.note},
              {"passed", report.passed}, {"differences", report.differences}, {"phases", json::array()}};
  const GameState* before = &test.start;
  for (std::size_t k = 0; k < run.phases.size() && k < test.phases.size(); ++k) {
    out["phases"].push_back(phase_detail(variant, test, test.phases[k], run.phases[k], *before));
    before = &run.phases[k].state_after;
  }
  return out;
}

}  // namespace

json list_variant_cases(const std::string& variant_reference, const CaseSources& sources) {
  json cases = json::array(), broken = json::array();
  int passed = 0, failed = 0;
  visit_cases(
      variant_reference, sources,
      [&](const ListedFile& listed, const CaseFile& header, TestCase& test, const std::vector<Diagnostic>& problems) {
        json entry = {{"file", listed.name}, {"id", test.id}, {"title", test.title}};
        if (!problems.empty()) {
          entry["problems"] = problems_json(problems);
          ++failed;
        } else {
          const CaseReport report = run_case(header, test);
          entry["passed"] = report.passed;
          entry["differences"] = report.differences;
          (report.passed ? passed : failed)++;
        }
        cases.push_back(std::move(entry));
      },
      broken);
  return json{{"variant", variant_reference}, {"cases", cases}, {"files", broken}, {"passed", passed}, {"failed", failed}};
}

std::optional<json> describe_variant_case(const std::string& variant_reference, const CaseSources& sources, const std::string& file,
                                          const std::string& id) {
  std::optional<json> found;
  json broken = json::array();
  visit_cases(
      variant_reference, sources,
      [&](const ListedFile& listed, const CaseFile& header, TestCase& test, const std::vector<Diagnostic>& problems) {
        if (found || listed.name != file || test.id != id) return;
        if (!problems.empty()) found = json{{"file", file}, {"id", id}, {"title", test.title}, {"problems", problems_json(problems)}};
        else found = case_detail(file, header, test);
      },
      broken, file);
  return found;
}

}  // namespace dipadj
