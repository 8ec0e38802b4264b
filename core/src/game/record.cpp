#include "dipadj/game/record.hpp"

#include <algorithm>
#include <numeric>
#include <tuple>

#include "dipadj/judge/submission.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/notation/order_text.hpp"
#include "dipadj/plugin/rule_script_error.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {
namespace {

bool unit_order(const Unit& a, const Unit& b) {
  return std::tuple(a.location, a.power, a.type) < std::tuple(b.location, b.power, b.type);
}

std::string unit_name(const Variant& variant, const Unit& unit) {
  return variant.power(unit.power).name + " " + unit_letter(unit.type) + " " + variant.map().location_name(unit.location);
}

}  // namespace

RecordRun play_record(const Variant& variant, const GameRecord& test, const Reorder& reorder) {
  const std::size_t provinces = variant.map().province_count();
  RecordRun run;
  GameState state = test.start;
  for (const RecordPhase& phase : test.phases) {
    if (!(state.phase == phase.phase) || state.over()) break;  // the game went elsewhere: run_case reports it
    std::vector<std::size_t> sequence(phase.orders.size());
    std::iota(sequence.begin(), sequence.end(), 0);
    if (reorder) reorder(phase, sequence);
    Submission submission;
    std::vector<std::size_t> index;  // where each submitted order stands in the record
    for (std::size_t i : sequence) {
      const RecordOrder& order = phase.orders[i];
      if (order.order) submission.orders.push_back(WrittenOrder{order.power, *order.order, {}, 0, order.corrected});
      else if (!order.readings.empty()) submission.orders.push_back(WrittenOrder::with_readings(order.power, order.readings, 0, order.corrected));
      else continue;
      index.push_back(i);
    }
    PhaseRun result(provinces);
    result.submitted = submit(variant.map(), test.rules, state.position, state.phase, submission, &result.notes);
    result.submitted_from = std::move(index);
    result.phase = state.phase;
    result.state_after = play_phase(variant, test.rules, state, result.submitted, result.report);
    result.outcomes.resize(phase.orders.size());
    for (std::size_t k = 0; k < result.submitted.size(); ++k) result.outcomes[result.submitted_from[k]] = result.report.outcomes[k];
    state = result.state_after;
    run.phases.push_back(std::move(result));
  }
  return run;
}

bool same_results(const RecordRun& a, const RecordRun& b) {
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
    if (!(x.report.disbanded == y.report.disbanded) || !(x.report.rebuilt == y.report.rebuilt)) return false;
  }
  return true;
}

namespace {

// Names joined by ", ", as a difference lists them.
template <class Items, class Name>
std::string listed(const Items& items, Name name) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + name(item);
  return out;
}

// One phase of a record against what playing it gave: each difference goes to the report,
// after the phase's name.
class PhaseComparison {
 public:
  PhaseComparison(const Variant& variant, const RecordPhase& phase, const PhaseRun& got, RecordCheck& report)
      : variant_(variant), map_(variant.map()), phase_(phase), got_(got), report_(report), where_(variant.phase_name(phase.phase) + ": ") {}

  // Each order's result, as the record expects it; `before`: the board the orders were given on.
  void compare_results(const Position& before) {
    for (std::size_t i = 0; i < phase_.orders.size(); ++i) {
      const RecordOrder& order = phase_.orders[i];
      if (!order.order && order.readings.empty()) {
        differ("line " + std::to_string(order.line) + ": '" + order.text + "' is not an order: " + order.parse_error);
        continue;
      }
      const OrderOutcome& outcome = *got_.outcomes[i];
      if (order.expected && outcome.resolution != *order.expected)
        differ(variant_.power(order.power).name + ": " + order.text + ": expected " + to_string(*order.expected) + ", got " +
               describe(outcome, variant_, before));
    }
  }

  void compare_units() {
    for (std::size_t p = 0; p < map_.province_count(); ++p) {
      const Unit& want = phase_.expect_units.unit_in(static_cast<ProvinceId>(p));
      const Unit& have = got_.state_after.position.unit_in(static_cast<ProvinceId>(p));
      if (want == have) continue;
      differ("after the phase in " + map_.province(static_cast<ProvinceId>(p)).name + ": expected " +
             (want.present() ? unit_name(variant_, want) : "no unit") + ", got " + (have.present() ? unit_name(variant_, have) : "no unit"));
    }
  }

  // The units dislodged, as a set (only those that may retreat, when the record says so).
  void compare_dislodged() {
    std::vector<Unit> want = phase_.expect_dislodged, have;
    for (const auto& d : got_.report.movement.dislodged)
      if (!phase_.dislodged_with_retreats_only || d.retreats_count > 0) have.push_back(d.unit);
    std::sort(want.begin(), want.end(), unit_order);
    std::sort(have.begin(), have.end(), unit_order);
    if (want == have) return;
    const auto name = [&](const Unit& u) { return unit_name(variant_, u); };
    differ("dislodged: expected [" + listed(want, name) + "], got [" + listed(have, name) + "]");
  }

  void compare_retreats() {
    const auto& dislodged = got_.report.movement.dislodged;
    for (const auto& [unit, places] : phase_.expect_retreats) {
      auto found = std::find_if(dislodged.begin(), dislodged.end(),
                                [location = unit.location](const Dislodgement& d) { return d.unit.location == location; });
      if (found == dislodged.end()) {
        differ(unit_name(variant_, unit) + " was expected to be dislodged, with retreat options");
        continue;
      }
      const auto options = got_.report.movement.retreats(*found);
      std::vector<LocationId> have(options.begin(), options.end());
      std::sort(have.begin(), have.end());
      if (have == places) continue;
      const auto name = [&](LocationId l) { return map_.location_name(l); };
      differ("retreat options of " + unit_name(variant_, unit) + ": expected [" + listed(places, name) + "], got [" + listed(have, name) + "]");
    }
  }

  void compare_end() {
    if (!phase_.expect_ended_by || *phase_.expect_ended_by == got_.state_after.ended_by) return;
    auto word = [](GameEnd end) { return end == GameEnd::NotOver ? std::string("not_over") : std::string(to_string(end)); };
    differ("ended by: expected " + word(*phase_.expect_ended_by) + ", got " + word(got_.state_after.ended_by));
  }

  void compare_winner() {
    if (phase_.expect_winner == got_.state_after.winner) return;
    auto name = [&](PowerId power) { return power == kNoPower ? std::string("none") : variant_.power(power).name; };
    differ("winner: expected " + name(phase_.expect_winner) + ", got " + name(got_.state_after.winner));
  }

  void compare_owners() {
    auto name = [&](PowerId power) { return power == kNoPower ? std::string("nobody") : variant_.power(power).name; };
    for (std::size_t p = 0; p < map_.province_count(); ++p) {
      const auto id = static_cast<ProvinceId>(p);
      if (!map_.province(id).supply_centre) continue;
      const PowerId want = phase_.expect_owners.owner(id), have = got_.state_after.position.owner(id);
      if (want != have) differ("owner of " + map_.province(id).name + ": expected " + name(want) + ", got " + name(have));
    }
  }

 private:
  void differ(const std::string& text) {
    report_.passed = false;
    report_.differences.push_back(where_ + text);
  }

  const Variant& variant_;
  const Map& map_;
  const RecordPhase& phase_;
  const PhaseRun& got_;
  RecordCheck& report_;
  const std::string where_;
};

}  // namespace

RecordCheck check_record(const Variant& variant, const GameRecord& test) {
  RecordCheck report;
  RecordRun run;
  try {
    run = play_record(variant, test);
  } catch (const RuleScriptError& e) {  // a rule of the variant failed: the case fails with its message
    report.passed = false;
    report.differences.push_back("the variant's rules failed: " + e.where().to_string());
    return report;
  }
  for (std::size_t k = 0; k < test.phases.size(); ++k) {
    const RecordPhase& phase = test.phases[k];
    if (k >= run.phases.size()) {
      // The game went elsewhere (it is over, or another phase came): the rest cannot be compared.
      const GameState& last = run.phases.empty() ? test.start : run.phases.back().state_after;
      report.passed = false;
      report.differences.push_back(variant.phase_name(phase.phase) + ": the game is in " + variant.phase_name(last.phase) + (last.over() ? " and over" : "") +
                                   " instead");
      break;
    }
    PhaseComparison comparison(variant, phase, run.phases[k], report);
    comparison.compare_results(k == 0 ? test.start.position : run.phases[k - 1].state_after.position);
    if (phase.check_units) comparison.compare_units();
    if (phase.check_dislodged) comparison.compare_dislodged();
    comparison.compare_retreats();
    if (phase.check_winner) comparison.compare_winner();
    comparison.compare_end();
    if (phase.check_owners) comparison.compare_owners();
  }
  return report;
}

}  // namespace dipadj
