#include "dipadj/game/record.hpp"

#include <algorithm>
#include <numeric>
#include <tuple>

#include "dipadj/judge/submission.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/notation/order_text.hpp"
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
    std::vector<std::size_t> index;
    for (std::size_t i : sequence) {
      const RecordOrder& order = phase.orders[i];
      if (order.order) submission.orders.push_back(WrittenOrder{order.power, {*order.order}});
      else if (!order.readings.empty()) submission.orders.push_back(WrittenOrder{order.power, order.readings});
      else continue;
      index.push_back(i);
    }
    const std::vector<SubmittedOrder> submitted = submit(variant.map(), test.rules, state.position, state.phase, submission);
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
    if (!(x.report.disbanded == y.report.disbanded)) return false;
  }
  return true;
}

RecordCheck check_record(const Variant& variant, const GameRecord& test) {
  const Map& map = variant.map();
  RecordCheck report;
  auto differ = [&](std::string line) {
    report.passed = false;
    report.differences.push_back(std::move(line));
  };
  const RecordRun run = play_record(variant, test);
  for (std::size_t k = 0; k < test.phases.size(); ++k) {
    const RecordPhase& phase = test.phases[k];
    const std::string where = to_string(phase.phase) + ": ";
    if (k >= run.phases.size()) {
      const GameState& last = run.phases.empty() ? test.start : run.phases.back().state_after;
      differ(where + "the game is in " + to_string(last.phase) + (last.over() ? " and over" : "") + " instead");
      break;
    }
    const PhaseRun& got = run.phases[k];
    for (std::size_t i = 0; i < phase.orders.size(); ++i) {
      const RecordOrder& order = phase.orders[i];
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
