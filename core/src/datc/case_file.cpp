#include "dipadj/notation/order_text.hpp"
#include "dipadj/datc/case_file.hpp"

#include <algorithm>
#include <sstream>
#include <numeric>

#include "../game/game_state_yaml.hpp"
#include "../rules/rules_yaml.hpp"
#include "dipadj/rules/rules_loader.hpp"
#include "../yaml_support.hpp"
#include "dipadj/game/order_reading.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace dipadj {
namespace {

std::optional<Resolution> parse_resolution(const std::string& text) {
  if (text == "succeeds") return Resolution::Succeeds;
  if (text == "fails") return Resolution::Fails;
  if (text == "illegal") return Resolution::Illegal;
  return std::nullopt;
}

bool unit_order(const Unit& a, const Unit& b) {
  return std::tuple(a.location, a.power, a.type) < std::tuple(b.location, b.power, b.type);
}

std::string unit_name(const Variant& variant, const Unit& unit) {
  return variant.power(unit.power).name + " " + unit_letter(unit.type) + " " + variant.map().location_name(unit.location);
}

class CaseReader {
 public:
  CaseReader(std::string file, const Variant& variant, std::vector<Diagnostic>& errors, bool plain_orders = false)
      : file_(std::move(file)), variant_(variant), parser_(variant), errors_(errors), plain_orders_(plain_orders) {}

  // Under 4.E.1 a an order may name a place that is not on the map; otherwise such a text is
  // no order and the case fails, so that a misspelt province never passes as an illegal order.
  void allow_places_off_map(bool allowed) { places_off_map_ = allowed; }

  void orders(const YAML::Node& node, CasePhase& phase, const std::string& id) {
    if (!node) return;
    if (!node.IsMap()) {
      error(node, "case " + id + ": 'orders' must map powers to lists");
      return;
    }
    for (const auto& entry : node) {
      auto power = variant_.find_power(entry.first.Scalar());
      if (!power) {
        error(entry.first, "unknown power '" + entry.first.Scalar() + "'");
        continue;
      }
      if (entry.second.IsNull()) continue;
      if (!entry.second.IsSequence()) {
        error(entry.second, "the orders of a power must be a list");
        continue;
      }
      for (const auto& item : entry.second) {
        CaseOrder order;
        order.power = *power;
        if (plain_orders_ && item.IsScalar()) {
          order.text = item.Scalar();
          order.line = yaml::line_of(item);
        } else if (!item.IsMap() || item.size() != 1) {
          error(item, plain_orders_ ? "an order must be text, or '<order>: <succeeds|fails|illegal>'"
                                    : "an order must be written '<order>: <succeeds|fails|illegal>'");
          continue;
        } else {
          const auto pair = *item.begin();
          order.text = pair.first.Scalar();
          order.line = yaml::line_of(pair.first);
          auto expected = parse_resolution(pair.second.Scalar());
          if (!expected) {
            error(pair.second, "result '" + pair.second.Scalar() + "' is not one of succeeds, fails, illegal");
            continue;
          }
          order.expected = *expected;
        }
        ParsedOrder parsed = parser_.parse(order.text, phase.phase.kind == PhaseKind::Retreat, places_off_map_);
        if (parsed.order) order.order = std::move(parsed.order);
        else order.parse_error = parsed.error;
        order.readings = std::move(parsed.readings);
        phase.orders.push_back(std::move(order));
      }
    }
  }

  void retreats(const YAML::Node& node, CasePhase& phase) {
    if (!node) return;
    if (!node.IsMap()) {
      error(node, "'expect_retreats' maps powers to {unit: [places]}");
      return;
    }
    for (const auto& entry : node) {
      auto power = variant_.find_power(entry.first.Scalar());
      if (!power || !entry.second.IsMap()) {
        error(entry.first, power ? "expected {unit: [places]}" : "unknown power '" + entry.first.Scalar() + "'");
        continue;
      }
      for (const auto& unit_entry : entry.second) {
        std::string why;
        auto unit = parser_.parse_unit(unit_entry.first.Scalar(), why);
        if (!unit) {
          error(unit_entry.first, "unit '" + unit_entry.first.Scalar() + "': " + why);
          continue;
        }
        std::vector<LocationId> places;
        if (!unit_entry.second.IsSequence()) {
          error(unit_entry.second, "the retreat options must be a list (possibly empty)");
          continue;
        }
        for (const auto& place : unit_entry.second) {
          auto parsed = parser_.parse_unit(std::string(1, unit_letter(*unit->type)) + " " + place.Scalar(), why);
          if (!parsed) error(place, "place '" + place.Scalar() + "': " + why);
          else places.push_back(parsed->location);
        }
        std::sort(places.begin(), places.end());
        phase.expect_retreats.emplace_back(Unit{*unit->type, *power, unit->location}, std::move(places));
      }
    }
  }

  // The expectations of one phase (`orders` and `expect_*` keys of a case or of a `then` entry).
  void expectations(const YAML::Node& node, CasePhase& phase, const std::string& id) {
    orders(node["orders"], phase, id);
    if (node["expect_units"]) {
      phase.check_units = true;
      read_units(file_, node["expect_units"], variant_, phase.expect_units, errors_);
    }
    if (phase.phase.kind == PhaseKind::Movement) {
      phase.check_dislodged = true;  // omitted: nobody is dislodged
      read_unit_list(file_, node["expect_dislodged"], variant_, phase.expect_dislodged, errors_);
    } else if (node["expect_dislodged"]) {
      error(node["expect_dislodged"], "case " + id + ": units are dislodged only in movement phases");
    }
    retreats(node["expect_retreats"], phase);
    if (node["expect_supply_centres"]) {
      phase.check_owners = true;
      read_owners(file_, node["expect_supply_centres"], variant_, phase.expect_owners, errors_);
    }
    if (const YAML::Node winner = node["expect_winner"]) {
      phase.check_winner = true;
      const std::string name = winner.IsScalar() ? winner.Scalar() : std::string();
      if (normalize_name(name) != "none") {
        const auto power = variant_.find_power(name);
        if (!power) error(winner, "case " + id + ": 'expect_winner' is a power or 'none', not '" + name + "'");
        else phase.expect_winner = *power;
      }
    }
  }

  void error(const YAML::Node& node, const std::string& message) { errors_.push_back(yaml::diagnostic(file_, node, message)); }

  const std::string& file() const { return file_; }

 private:
  std::string file_;
  const Variant& variant_;
  bool places_off_map_ = false;
  OrderParser parser_;
  std::vector<Diagnostic>& errors_;
  bool plain_orders_;
};

// `plugins:` of a case file or a record: the plugins it needs; the variant must use each of them.
void check_needed_plugins(const std::string& file, const YAML::Node& root, const Variant& variant,
                          std::vector<Diagnostic>& errors) {
  for (const auto& needed : yaml::get_string_list(file, root, "plugins", errors)) {
    const auto& used = variant.extensions();
    if (std::none_of(used.begin(), used.end(), [&](const VariantExtension& e) { return e.plugin == needed; }))
      errors.push_back(yaml::diagnostic(file, root["plugins"], "the file needs plugin '" + needed + "', which variant '" +
                                                                   variant.name() + "' does not use"));
  }
}

}  // namespace

namespace {

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
        auto cases = load_jdip_case_file(path);
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
  YAML::Node root;
  if (!yaml::load_string(contents, file, root, errors)) return errors;
  if (!root.IsMap()) return std::vector<Diagnostic>{yaml::diagnostic(file, root, "a case file must be a YAML mapping")};
  if (!yaml::check_format(file, root, "dipadj-cases/1", errors)) return errors;
  yaml::check_keys(file, root, {"format", "source", "variant", "map_options", "plugins", "profile", "rules", "cases"}, errors);
  CaseFile out;
  out.path = file;
  out.source = yaml::get_string(file, root, "source", errors);
  const std::string variant_name =
      resolve_variant_reference(yaml::get_string(file, root, "variant", errors, true), path.parent_path());
  const std::vector<std::string> map_options = yaml::get_string_list(file, root, "map_options", errors);
  if (!errors.empty()) return errors;
  auto variant = find_variant(variant_name, map_options, cache);
  if (!variant) {
    errors = variant.errors();
    errors.push_back(yaml::diagnostic(file, root["variant"], "cannot load variant '" + variant_name + "'"));
    return errors;
  }
  out.variant = variant.value();
  const Variant& v = *out.variant;
  check_needed_plugins(file, root, v, errors);
  const std::size_t provinces = v.map().province_count();
  const YAML::Node cases = root["cases"];
  if (!cases || !cases.IsSequence()) {
    errors.push_back(yaml::diagnostic(file, cases ? cases : root, "'cases' must be a list"));
    return errors;
  }
  // A file may set rules for all its cases (a case's own profile and rules come on top).
  Rulebook file_rules = v.rules();
  apply_profile_and_rules(file, root, file_rules, errors);
  const bool file_sets_rules = root["profile"] || root["rules"];
  CaseReader reader(file, v, errors);
  auto add_phase = [&](const YAML::Node& node, const std::string& text, int line, std::vector<CasePhase>& phases) {
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
    errors.push_back(yaml::diagnostic(file, cases, "the file has " + std::to_string(cases.size()) + " cases; at most " +
                                                       std::to_string(kMaxCasesPerFile) + " are read from one file (split it)"));
    return errors;
  }
  for (const auto& node : cases) {
    TestCase test(provinces);
    test.line = yaml::line_of(node);
    yaml::check_keys(file, node, {"id", "title", "phase", "profile", "rules", "units", "supply_centres", "civil_disorder", "perpetual_orders", "proxies", "built", "flying_dutchmen", "orders", "expect_units",
                                  "expect_dislodged", "expect_retreats", "expect_supply_centres", "expect_winner", "then", "not_under", "note"},
                     errors);
    test.id = yaml::get_string(file, node, "id", errors, true);
    test.title = yaml::get_string(file, node, "title", errors);
    test.note = yaml::get_string(file, node, "note", errors);
    test.rules = file_rules;
    apply_profile_and_rules(file, node, test.rules, errors);
    if (overrides)
      for (auto& problem : overrides(test.rules)) errors.push_back(std::move(problem));
    test.own_rules = file_sets_rules || node["profile"] || node["rules"] || overrides;
    test.not_under = yaml::get_string_list(file, node, "not_under", errors);
    for (const auto& name : test.not_under) {
      const auto known = profile_names();
      if (std::find(known.begin(), known.end(), name) == known.end())
        errors.push_back(yaml::diagnostic(file, node["not_under"], "unknown rule profile '" + name + "'"));
    }
    add_phase(node, node["phase"] ? yaml::get_string(file, node, "phase", errors) : to_string(v.start_phase()), test.line,
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
    if (const YAML::Node then = node["then"]) {
      if (!then.IsSequence()) reader.error(then, "'then' must be a list of phases");
      else
        for (const auto& step : then) {
          yaml::check_keys(file, step, {"phase", "orders", "expect_units", "expect_dislodged", "expect_retreats",
                                        "expect_supply_centres", "expect_winner", "note"},
                           errors);
          if (!step["phase"]) {
            reader.error(step, "case " + test.id + ": each 'then' entry names its phase");
            continue;
          }
          add_phase(step, yaml::get_string(file, step, "phase", errors), yaml::line_of(step), test.phases);
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

namespace {

Expected<CaseFile> read_record_file(const std::filesystem::path& path, const RuleOverrides& overrides) {
  const std::string file = path.string();
  std::vector<Diagnostic> errors;
  YAML::Node root;
  if (!yaml::load_file(file, root, errors)) return errors;
  if (!root.IsMap()) return std::vector<Diagnostic>{yaml::diagnostic(file, root, "a record file must be a YAML mapping")};
  if (!yaml::check_format(file, root, "dipadj-record/1", errors)) return errors;
  yaml::check_keys(file, root, {"format", "title", "variant", "plugins", "profile", "rules", "start", "phases"}, errors);
  const std::string variant_name =
      resolve_variant_reference(yaml::get_string(file, root, "variant", errors, true), path.parent_path());
  if (!errors.empty()) return errors;
  auto variant = find_variant(variant_name);
  if (!variant) {
    errors = variant.errors();
    errors.push_back(yaml::diagnostic(file, root["variant"], "cannot load variant '" + variant_name + "'"));
    return errors;
  }
  CaseFile out;
  out.path = file;
  out.source = yaml::get_string(file, root, "title", errors);
  out.variant = variant.value();
  const Variant& v = *out.variant;
  check_needed_plugins(file, root, v, errors);
  const std::size_t provinces = v.map().province_count();
  TestCase game(provinces);
  game.id = path.stem().string();
  game.title = out.source;
  game.line = 1;
  game.start = initial_state(v);
  game.rules = v.rules();
  apply_profile_and_rules(file, root, game.rules, errors);
  if (overrides)
    for (auto& problem : overrides(game.rules)) errors.push_back(std::move(problem));
  if (const YAML::Node start = root["start"]) {
    yaml::check_keys(file, start, {"phase", "units", "supply_centres"}, errors);
    game.start.position = Position(provinces);
    read_phase(file, start, "phase", game.start.phase, errors);
    read_units(file, start["units"], v, game.start.position, errors);
    read_owners(file, start["supply_centres"], v, game.start.position, errors);
  }
  CaseReader reader(file, v, errors, true);
  reader.allow_places_off_map(game.rules.is(OrderLegality::AnyWellFormed));
  const YAML::Node phases = root["phases"];
  if (!phases || !phases.IsSequence()) {
    errors.push_back(yaml::diagnostic(file, phases ? phases : root, "'phases' must be a list"));
    return errors;
  }
  for (const auto& step : phases) {
    yaml::check_keys(file, step, {"phase", "orders", "expect_units", "expect_dislodged", "expect_retreats",
                                  "expect_supply_centres", "note"},
                     errors);
    CasePhase expect(provinces);
    const std::size_t before = errors.size();
    read_phase(file, step, "phase", expect.phase, errors, true);
    if (errors.size() != before) continue;
    expect.line = yaml::line_of(step);
    reader.expectations(step, expect, game.id);
    expect.check_dislodged = expect.check_dislodged && step["expect_dislodged"];
    game.phases.push_back(std::move(expect));
  }
  out.cases.push_back(std::move(game));
  if (!errors.empty()) return errors;
  return out;
}

}  // namespace

Expected<CaseFile> load_record_file(const std::filesystem::path& path, const RuleOverrides& overrides) {
  return yaml::guarded<CaseFile>(path.string(), [&] { return read_record_file(path, overrides); });
}

CaseRun execute_case(const CaseFile& file, const TestCase& test, const Reorder& reorder) {
  const Variant& variant = *file.variant;
  const std::size_t provinces = variant.map().province_count();
  CaseRun run;
  GameState state = test.start;
  for (const CasePhase& phase : test.phases) {
    if (!(state.phase == phase.phase) || state.over()) break;  // the game went elsewhere: run_case reports it
    std::vector<std::size_t> sequence(phase.orders.size());
    std::iota(sequence.begin(), sequence.end(), 0);
    if (reorder) reorder(phase, sequence);
    std::vector<WrittenOrder> written;
    std::vector<std::size_t> index;
    for (std::size_t i : sequence) {
      const CaseOrder& order = phase.orders[i];
      if (order.order) written.push_back(WrittenOrder{order.power, {*order.order}});
      else if (!order.readings.empty()) written.push_back(WrittenOrder{order.power, order.readings});
      else continue;
      index.push_back(i);
    }
    const std::vector<SubmittedOrder> submitted = read_written_orders(variant.map(), test.rules, state, written);
    PhaseRun result(provinces);
    result.phase = state.phase;
    result.state_after = play_phase(variant, test.rules, state, submitted, result.report);
    result.outcomes.resize(phase.orders.size());
    for (std::size_t k = 0; k < submitted.size(); ++k) result.outcomes[index[k]] = result.report.outcomes[k];
    state = result.state_after;
    run.phases.push_back(std::move(result));
  }
  return run;
}

bool same_results(const CaseRun& a, const CaseRun& b) {
  if (a.phases.size() != b.phases.size()) return false;
  for (std::size_t k = 0; k < a.phases.size(); ++k) {
    const PhaseRun& x = a.phases[k];
    const PhaseRun& y = b.phases[k];
    if (!(x.outcomes == y.outcomes) || !(x.state_after == y.state_after)) return false;
    if (x.report.movement.dislodged.size() != y.report.movement.dislodged.size()) return false;
    for (std::size_t d = 0; d < x.report.movement.dislodged.size(); ++d) {
      const auto& dx = x.report.movement.dislodged[d];
      const auto& dy = y.report.movement.dislodged[d];
      const auto rx = x.report.movement.retreats(dx);
      const auto ry = y.report.movement.retreats(dy);
      if (!(dx.unit == dy.unit) || !std::equal(rx.begin(), rx.end(), ry.begin(), ry.end())) return false;
    }
    if (!(x.report.disbanded == y.report.disbanded)) return false;
  }
  return true;
}

CaseReport run_case(const CaseFile& file, const TestCase& test) {
  const Variant& variant = *file.variant;
  const Map& map = variant.map();
  CaseReport report;
  auto differ = [&](std::string line) {
    report.passed = false;
    report.differences.push_back(std::move(line));
  };
  const CaseRun run = execute_case(file, test);
  for (std::size_t k = 0; k < test.phases.size(); ++k) {
    const CasePhase& phase = test.phases[k];
    const std::string where = to_string(phase.phase) + ": ";
    if (k >= run.phases.size()) {
      const GameState& last = run.phases.empty() ? test.start : run.phases.back().state_after;
      differ(where + "the game is in " + to_string(last.phase) + (last.over() ? " and over" : "") + " instead");
      break;
    }
    const PhaseRun& got = run.phases[k];
    for (std::size_t i = 0; i < phase.orders.size(); ++i) {
      const CaseOrder& order = phase.orders[i];
      if (!order.order && order.readings.empty()) {
        differ(where + "line " + std::to_string(order.line) + ": '" + order.text + "' is not an order: " + order.parse_error);
        continue;
      }
      const OrderOutcome& outcome = *got.outcomes[i];
      if (order.expected && outcome.resolution != *order.expected)
        differ(where + variant.power(order.power).name + ": " + order.text + ": expected " + to_string(*order.expected) +
               ", got " + describe(outcome, variant, k == 0 ? test.start.position : run.phases[k - 1].state_after.position));
    }
    if (phase.check_units) {
      for (std::size_t p = 0; p < map.province_count(); ++p) {
        const Unit& want = phase.expect_units.unit_in(static_cast<ProvinceId>(p));
        const Unit& have = got.state_after.position.unit_in(static_cast<ProvinceId>(p));
        if (want == have) continue;
        differ(where + "after the phase in " + map.province(static_cast<ProvinceId>(p)).name + ": expected " +
               (want.present() ? unit_name(variant, want) : "no unit") + ", got " +
               (have.present() ? unit_name(variant, have) : "no unit"));
      }
    }
    if (phase.check_dislodged) {
      std::vector<Unit> want = phase.expect_dislodged, have;
      for (const auto& d : got.report.movement.dislodged)
        if (!phase.dislodged_with_retreats_only || d.retreats_count > 0) have.push_back(d.unit);
      std::sort(want.begin(), want.end(), unit_order);
      std::sort(have.begin(), have.end(), unit_order);
      if (want != have) {
        std::string w, h;
        for (const auto& u : want) w += (w.empty() ? "" : ", ") + unit_name(variant, u);
        for (const auto& u : have) h += (h.empty() ? "" : ", ") + unit_name(variant, u);
        differ(where + "dislodged: expected [" + w + "], got [" + h + "]");
      }
    }
    for (const auto& [unit, places] : phase.expect_retreats) {
      auto found = std::find_if(got.report.movement.dislodged.begin(), got.report.movement.dislodged.end(),
                                [location = unit.location](const Dislodgement& d) { return d.unit.location == location; });
      if (found == got.report.movement.dislodged.end()) {
        differ(where + unit_name(variant, unit) + " was expected to be dislodged, with retreat options");
        continue;
      }
      const auto options = got.report.movement.retreats(*found);
      std::vector<LocationId> have(options.begin(), options.end());
      std::sort(have.begin(), have.end());
      if (have != places) {
        std::string w, h;
        for (LocationId l : places) w += (w.empty() ? "" : ", ") + map.location_name(l);
        for (LocationId l : have) h += (h.empty() ? "" : ", ") + map.location_name(l);
        differ(where + "retreat options of " + unit_name(variant, unit) + ": expected [" + w + "], got [" + h + "]");
      }
    }
    if (phase.check_winner && phase.expect_winner != got.state_after.winner) {
      auto name = [&](PowerId power) { return power == kNoPower ? std::string("none") : variant.power(power).name; };
      differ(where + "winner: expected " + name(phase.expect_winner) + ", got " + name(got.state_after.winner));
    }
    if (phase.check_owners) {
      for (std::size_t p = 0; p < map.province_count(); ++p) {
        const auto id = static_cast<ProvinceId>(p);
        if (!map.province(id).supply_centre) continue;
        const PowerId want = phase.expect_owners.owner(id), have = got.state_after.position.owner(id);
        if (want != have)
          differ(where + "owner of " + map.province(id).name + ": expected " +
                 (want == kNoPower ? std::string("nobody") : variant.power(want).name) + ", got " +
                 (have == kNoPower ? std::string("nobody") : variant.power(have).name));
      }
    }
  }
  return report;
}

}  // namespace dipadj
