#include "dipadj/formats/record_file.hpp"

#include "rules/rules_reading.hpp"
#include "dipadj/judge/submission.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "record_reading.hpp"
#include "base/yaml_support.hpp"

namespace dipadj {
namespace {

using record_reading::check_needed_plugins;
using record_reading::RecordReader;

Expected<RecordFile> read_record_file(const std::filesystem::path& path, const RuleOverrides& overrides) {
  std::vector<Diagnostic> errors;
  DocumentReader doc(path.string(), errors);
  DocNode root;
  if (!yaml::load_document(doc.file(), root, errors)) return errors;
  if (!root.is_map()) return std::vector<Diagnostic>{doc.diagnostic(root, "a record file must be a YAML mapping")};
  if (!doc.check_format(root, "dipadj-record/1")) return errors;
  doc.check_keys(root, {"format", "title", "variant", "plugins", "profile", "rules", "start", "phases"});
  const std::string variant_name = resolve_variant_reference(doc.string(root, "variant", true), path.parent_path());
  if (!errors.empty()) return errors;
  auto variant = find_variant(variant_name);
  if (!variant) {
    errors = variant.errors();
    doc.error(root["variant"], "cannot load variant '" + variant_name + "'");
    return errors;
  }
  const Variant& v = *variant.value();
  RecordFile out(v.map().province_count());
  out.path = doc.file();
  out.title = doc.string(root, "title");
  out.variant = variant.value();
  out.variant_name = variant_name;
  check_needed_plugins(doc, root, v);
  const std::size_t provinces = v.map().province_count();
  GameRecord& game = out.record;
  game.start = initial_state(v);
  game.rules = v.rules();
  apply_profile_and_rules(doc, root, game.rules);
  if (overrides)
    for (auto& problem : overrides(game.rules)) errors.push_back(std::move(problem));
  if (const DocNode& start = root["start"]) {
    doc.check_keys(start, {"phase", "units", "supply_centres"});
    game.start.position = Position(provinces);
    read_phase(doc, start, "phase", v.calendar(), game.start.phase);
    read_units(doc, start["units"], v, game.start.position);
    read_owners(doc, start["supply_centres"], v, game.start.position);
    game.start.mobilizing = v.start_mobilizes() && game.start.phase == v.start_phase();
  }
  RecordReader reader(doc, v, true);
  reader.allow_places_off_map(reads_places_off_the_map(game.rules));
  const DocNode& phases = root["phases"];
  if (!phases || !phases.is_sequence()) {
    doc.error(phases ? phases : root, "'phases' must be a list");
    return errors;
  }
  for (const DocNode& step : phases.items()) {
    doc.check_keys(step, {"phase", "orders", "expect_units", "expect_dislodged", "expect_retreats", "expect_supply_centres", "note"});
    RecordPhase expect(provinces);
    const std::size_t before = errors.size();
    read_phase(doc, step, "phase", v.calendar(), expect.phase, true);
    if (errors.size() != before) continue;
    expect.line = step.line();
    reader.expectations(step, expect, path.stem().string());
    expect.check_dislodged = expect.check_dislodged && step["expect_dislodged"];
    game.phases.push_back(std::move(expect));
  }
  if (!errors.empty()) return errors;
  return out;
}

}  // namespace

Expected<RecordFile> load_record_file(const std::filesystem::path& path, const RuleOverrides& overrides) {
  return yaml::guarded<RecordFile>(path.string(), [&] { return read_record_file(path, overrides); });
}

}  // namespace dipadj
