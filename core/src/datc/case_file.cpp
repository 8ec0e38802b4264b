#include "dipadj/datc/case_file.hpp"

#include <algorithm>
#include <numeric>

#include "../position_yaml.hpp"
#include "../yaml_support.hpp"
#include "dipadj/judge/adjustment.hpp"
#include "dipadj/judge/movement.hpp"
#include "dipadj/order/order_parser.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/variant/variant_loader.hpp"

namespace dipadj {
namespace {

std::optional<Resolution> parse_resolution(const std::string& text) {
  if (text == "succeeds") return Resolution::Succeeds;
  if (text == "fails") return Resolution::Fails;
  if (text == "illegal") return Resolution::Illegal;
  return std::nullopt;
}

void read_orders(const std::string& file, const YAML::Node& node, const Variant& variant, TestCase& test,
                 std::vector<Diagnostic>& errors) {
  if (!node || !node.IsMap()) {
    errors.push_back(yaml::diagnostic(file, node ? node : YAML::Node(), "case " + test.id + ": 'orders' must map powers to lists"));
    return;
  }
  const OrderParser parser(variant);
  for (const auto& entry : node) {
    auto power = variant.find_power(entry.first.Scalar());
    if (!power) {
      errors.push_back(yaml::diagnostic(file, entry.first, "unknown power '" + entry.first.Scalar() + "'"));
      continue;
    }
    if (!entry.second.IsSequence()) {
      errors.push_back(yaml::diagnostic(file, entry.second, "the orders of a power must be a list"));
      continue;
    }
    for (const auto& item : entry.second) {
      if (!item.IsMap() || item.size() != 1) {
        errors.push_back(yaml::diagnostic(file, item, "an order must be written '<order>: <succeeds|fails|illegal>'"));
        continue;
      }
      const auto pair = *item.begin();
      CaseOrder order;
      order.power = *power;
      order.text = pair.first.Scalar();
      order.line = yaml::line_of(pair.first);
      auto expected = parse_resolution(pair.second.Scalar());
      if (!expected) {
        errors.push_back(yaml::diagnostic(file, pair.second, "result '" + pair.second.Scalar() +
                                                                 "' is not one of succeeds, fails, illegal"));
        continue;
      }
      order.expected = *expected;
      ParsedOrder parsed = parser.parse(order.text, test.phase.kind == PhaseKind::Retreat);
      if (parsed.order) order.order = std::move(parsed.order);
      else order.parse_error = parsed.error;
      test.orders.push_back(std::move(order));
    }
  }
}

std::string unit_name(const Variant& variant, const Unit& unit) {
  return variant.power(unit.power).name + " " + unit_letter(unit.type) + " " + variant.map().location_name(unit.location);
}

bool unit_order(const Unit& a, const Unit& b) {
  return std::tuple(a.location, a.power, a.type) < std::tuple(b.location, b.power, b.type);
}

}  // namespace

Expected<CaseFile> load_case_file(const std::filesystem::path& path) {
  const std::string file = path.string();
  std::vector<Diagnostic> errors;
  YAML::Node root;
  if (!yaml::load_file(file, root, errors)) return errors;
  if (!root.IsMap()) return std::vector<Diagnostic>{yaml::diagnostic(file, root, "a case file must be a YAML mapping")};
  yaml::check_keys(file, root, {"format", "source", "variant", "cases"}, errors);
  yaml::check_format(file, root, "dipadj-cases/1", errors);
  CaseFile out;
  out.path = file;
  out.source = yaml::get_string(file, root, "source", errors);
  const std::string variant_name = yaml::get_string(file, root, "variant", errors, true);
  if (!errors.empty()) return errors;
  auto variant = find_variant(variant_name);
  if (!variant) {
    for (auto d : variant.errors()) errors.push_back(d);
    errors.push_back(yaml::diagnostic(file, root["variant"], "cannot load variant '" + variant_name + "'"));
    return errors;
  }
  out.variant = variant.value();
  const Variant& v = *out.variant;
  const YAML::Node cases = root["cases"];
  if (!cases || !cases.IsSequence()) {
    errors.push_back(yaml::diagnostic(file, cases ? cases : root, "'cases' must be a list"));
    return errors;
  }
  for (const auto& node : cases) {
    TestCase test(v.map().province_count());
    test.line = yaml::line_of(node);
    yaml::check_keys(file, node, {"id", "title", "phase", "rules", "units", "supply_centres", "orders", "expect_units",
                                  "expect_dislodged", "note"}, errors);
    test.id = yaml::get_string(file, node, "id", errors, true);
    test.title = yaml::get_string(file, node, "title", errors);
    test.note = yaml::get_string(file, node, "note", errors);
    test.phase = v.start_phase();
    if (node["phase"]) {
      auto phase = parse_phase(yaml::get_string(file, node, "phase", errors));
      if (!phase) errors.push_back(yaml::diagnostic(file, node["phase"], "cannot read the phase"));
      else test.phase = *phase;
    }
    if (node["rules"] && node["rules"].size() != 0)
      errors.push_back(yaml::diagnostic(file, node["rules"], "case " + test.id + ": rule options are not supported yet"));
    read_units(file, node["units"], v, test.before, errors);
    read_owners(file, node["supply_centres"], v, test.before, errors);
    read_orders(file, node["orders"], v, test, errors);
    read_units(file, node["expect_units"], v, test.expect_after, errors);
    read_unit_list(file, node["expect_dislodged"], v, test.expect_dislodged, errors);
    out.cases.push_back(std::move(test));
  }
  if (!errors.empty()) return errors;
  return out;
}

CaseRun execute_case(const CaseFile& file, const TestCase& test, std::span<const std::size_t> order_permutation) {
  const Variant& variant = *file.variant;
  std::vector<std::size_t> sequence(test.orders.size());
  if (order_permutation.empty()) std::iota(sequence.begin(), sequence.end(), 0);
  else sequence.assign(order_permutation.begin(), order_permutation.end());

  std::vector<SubmittedOrder> submitted;
  std::vector<std::size_t> case_index;
  for (std::size_t i : sequence) {
    const CaseOrder& order = test.orders[i];
    if (!order.order) continue;
    submitted.push_back(SubmittedOrder{order.power, *order.order});
    case_index.push_back(i);
  }
  CaseRun run{std::vector<std::optional<OrderOutcome>>(test.orders.size()), Position(variant.map().province_count()), {}};
  if (test.phase.kind == PhaseKind::Adjustment) {
    AdjustmentResult result(variant.map().province_count());
    adjudicate_adjustments(variant, test.before, submitted, result);
    run.after = result.after;
    for (std::size_t k = 0; k < submitted.size(); ++k) run.outcomes[case_index[k]] = result.outcomes[k];
    return run;
  }
  MovementAdjudicator adjudicator(variant);
  MovementResult result(variant.map().province_count());
  adjudicator.adjudicate(test.before, submitted, result);
  run.after = result.after;
  for (std::size_t k = 0; k < submitted.size(); ++k) run.outcomes[case_index[k]] = result.outcomes[k];
  for (const auto& d : result.dislodged) run.dislodged.push_back(d.unit);
  std::sort(run.dislodged.begin(), run.dislodged.end(), unit_order);
  return run;
}

CaseReport run_case(const CaseFile& file, const TestCase& test, std::span<const std::size_t> order_permutation) {
  const Variant& variant = *file.variant;
  const Map& map = variant.map();
  CaseReport report;
  auto differ = [&](std::string line) {
    report.passed = false;
    report.differences.push_back(std::move(line));
  };
  if (test.phase.kind == PhaseKind::Retreat) {
    differ(to_string(test.phase) + ": retreat phases are not adjudicated yet");
    return report;
  }
  const CaseRun run = execute_case(file, test, order_permutation);
  for (std::size_t i = 0; i < test.orders.size(); ++i) {
    const CaseOrder& order = test.orders[i];
    if (!order.order) {
      differ("line " + std::to_string(order.line) + ": '" + order.text + "' is not an order: " + order.parse_error);
      continue;
    }
    const OrderOutcome& outcome = *run.outcomes[i];
    if (outcome.resolution != order.expected)
      differ(variant.power(order.power).name + ": " + order.text + ": expected " + to_string(order.expected) + ", got " +
             describe(outcome, variant, test.before));
  }
  for (std::size_t p = 0; p < map.province_count(); ++p) {
    const Unit& want = test.expect_after.unit_in(static_cast<ProvinceId>(p));
    const Unit& got = run.after.unit_in(static_cast<ProvinceId>(p));
    if (want == got) continue;
    const std::string w = want.present() ? unit_name(variant, want) : "no unit";
    const std::string g = got.present() ? unit_name(variant, got) : "no unit";
    differ("after the phase in " + map.province(static_cast<ProvinceId>(p)).name + ": expected " + w + ", got " + g);
  }
  std::vector<Unit> want_dislodged = test.expect_dislodged;
  std::sort(want_dislodged.begin(), want_dislodged.end(), unit_order);
  if (want_dislodged != run.dislodged) {
    std::string w, g;
    for (const auto& u : want_dislodged) w += (w.empty() ? "" : ", ") + unit_name(variant, u);
    for (const auto& u : run.dislodged) g += (g.empty() ? "" : ", ") + unit_name(variant, u);
    differ("dislodged: expected [" + w + "], got [" + g + "]");
  }
  return report;
}

}  // namespace dipadj
