// Cost against size: movement phases on random-map boards of 100 to 400 provinces with 25 to 300
// units, each phase twice, with convoys and without (its twin: the same board and units, the
// convoying armies and fleets given ordinary orders instead). The time per unit of the two should
// stay close: a phase with a few convoys must not cost many times its size (issue 16's "convoy
// cliff"). BM_ConvoyCliff_Random400_300 is the phase that showed the cliff
// (data/scale/convoy-cliff-random400-300.yaml).
//
// Before anything is timed each phase is adjudicated once and checked: no generated order is
// illegal, the results are the same with the orders in reverse, and the named phase's results are
// those its case file expects.
#include "random_board_bench.hpp"

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "dipadj/datc/case_file.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/judge/movement.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"

#ifndef DIPADJ_BENCH_SCALE_CASE
#error "DIPADJ_BENCH_SCALE_CASE must name the convoy-cliff case file (set in tests/bench/CMakeLists.txt)"
#endif

namespace dipadj::bench {
namespace {

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "dipadj_bench: " << message << '\n';
  std::exit(EXIT_FAILURE);
}

struct BoardPhase {
  std::string name;
  std::shared_ptr<const Variant> variant;
  Position position;
  std::vector<SubmittedOrder> orders;
  std::size_t units = 0, convoys = 0;
  std::vector<OrderOutcome> reference;

  BoardPhase(std::shared_ptr<const Variant> v, std::size_t provinces) : variant(std::move(v)), position(provinces) {}
};

// A random-map board of this many provinces (20 powers, 30% seas), written as a variant file in a
// scratch folder and loaded as any variant is.
std::shared_ptr<const Variant> random_board(int provinces, const std::filesystem::path& folder) {
  const std::filesystem::path file = folder / ("random" + std::to_string(provinces) + ".yaml");
  const std::string text = "format: dipadj-variant/1\nname: random" + std::to_string(provinces) +
                           "\ntitle: benchmark board\nmap_plugin:\n  name: random-map\n  settings: {seed: " +
                           std::to_string(1000 + provinces) + ", provinces: " + std::to_string(provinces) +
                           ", powers: 20, seas: 0.3, two_coasts: 2}\n";
  if (const std::string problem = write_file_atomically(file, text); !problem.empty()) fail(file.string() + ": " + problem);
  auto variant = load_variant(file);
  if (!variant) fail("cannot load a random-map board:\n" + format_diagnostics(variant.errors()));
  return variant.value();
}

Order unit_order(OrderKind kind, const Unit& unit) {
  Order order;
  order.kind = kind;
  order.unit = UnitRef{unit.type, unit.location, kNoPower};
  return order;
}

// An army on a coast, the fleets of a chain of one to three seas, and the coast they could carry
// it to (one it cannot reach by land).
struct ConvoyGroup {
  ProvinceId army = kNoProvince, destination = kNoProvince;
  std::vector<ProvinceId> fleets;
};

// `units` units: first a few convoy groups (one per 35 units), then units placed at random. With
// convoys, each group's army is convoyed by its fleets; without (the twin), its units are ordered
// as the others. The others move to a neighbour, hold, or support a move or a unit they can reach.
// The same seed gives the same board and units with and without convoys.
BoardPhase generate(const std::shared_ptr<const Variant>& variant, std::size_t units, bool with_convoys, unsigned seed) {
  const Map& map = variant->map();
  const std::size_t n = map.province_count();
  BoardPhase phase(variant, n);
  std::mt19937 random(seed);
  std::vector<ProvinceId> provinces(n);
  for (std::size_t p = 0; p < n; ++p) provinces[p] = static_cast<ProvinceId>(p);
  std::shuffle(provinces.begin(), provinces.end(), random);
  auto power = [&] { return static_cast<PowerId>(random() % variant->power_count()); };
  std::vector<ProvinceId> occupied;
  auto place = [&](UnitType type, LocationId location) {
    if (phase.position.place(map, Unit{type, power(), location})) occupied.push_back(map.province_of(location));
  };

  std::vector<ConvoyGroup> groups;
  const std::size_t wanted = std::max<std::size_t>(1, units / 35);
  std::vector<ProvinceId> parent(n);
  for (ProvinceId army : provinces) {
    if (groups.size() == wanted) break;
    if (map.province(army).kind != ProvinceKind::Coastal || phase.position.unit_in(army).present()) continue;
    // Breadth first over empty seas from the army's coast, to a coast three seas away at most.
    std::fill(parent.begin(), parent.end(), kNoProvince);
    std::vector<std::pair<ProvinceId, std::size_t>> queue;
    for (LocationId loc : map.fleet_neighbours(map.province(army).location)) {
      const ProvinceId sea = map.province_of(loc);
      if (map.province(sea).kind != ProvinceKind::Sea || phase.position.unit_in(sea).present() || parent[sea] != kNoProvince) continue;
      parent[sea] = sea;
      queue.emplace_back(sea, 1);
    }
    ConvoyGroup group;
    ProvinceId last = kNoProvince;
    const std::size_t length_wanted = 1 + random() % 3;
    // Every fleet of the chain must be needed: no sea before the last touches the destination.
    auto chain_touches = [&](ProvinceId before, ProvinceId q) {
      for (ProvinceId sea = before;; sea = parent[sea]) {
        if (map.fleet_reaches(map.province(sea).location, q)) return true;
        if (parent[sea] == sea) return false;
      }
    };
    for (std::size_t next = 0; next < queue.size() && last == kNoProvince; ++next) {
      const auto [sea, length] = queue[next];
      for (LocationId loc : map.fleet_neighbours(map.province(sea).location)) {
        const ProvinceId q = map.province_of(loc);
        if (map.province(q).kind == ProvinceKind::Coastal && q != army && !map.army_adjacent(army, q) && length >= length_wanted &&
            (parent[sea] == sea || !chain_touches(parent[sea], q))) {
          group.destination = q, last = sea;
          break;
        }
        if (length < 3 && map.province(q).kind == ProvinceKind::Sea && !phase.position.unit_in(q).present() && parent[q] == kNoProvince) {
          parent[q] = sea;
          queue.emplace_back(q, length + 1);
        }
      }
    }
    if (last == kNoProvince) continue;
    group.army = army;
    for (ProvinceId sea = last;; sea = parent[sea]) {
      group.fleets.push_back(sea);
      if (parent[sea] == sea) break;
    }
    if (occupied.size() + 1 + group.fleets.size() > units) continue;
    place(UnitType::Army, map.province(army).location);
    for (ProvinceId sea : group.fleets) place(UnitType::Fleet, map.province(sea).location);
    groups.push_back(std::move(group));
  }
  if (groups.empty()) fail("no convoy could be made on a board of " + std::to_string(n) + " provinces");

  for (ProvinceId p : provinces) {
    if (occupied.size() == units) break;
    const Province& province = map.province(p);
    if (phase.position.unit_in(p).present()) continue;
    UnitType type = province.kind == ProvinceKind::Sea ? UnitType::Fleet : UnitType::Army;
    if (province.kind == ProvinceKind::Coastal && random() % 3 == 0) type = UnitType::Fleet;
    LocationId location = province.location;
    if (type == UnitType::Fleet && !province.coasts.empty()) location = province.coasts[random() % province.coasts.size()];
    if (!map.can_hold(type, location)) type = UnitType::Army, location = province.location;
    if (map.can_hold(type, location)) place(type, location);
  }
  if (occupied.size() != units) fail("could not place " + std::to_string(units) + " units on " + std::to_string(n) + " provinces");
  phase.units = units;

  std::vector<std::uint8_t> ordered(n, 0);
  auto give = [&](ProvinceId p, const Order& order) {
    phase.orders.push_back(SubmittedOrder{phase.position.unit_in(p).power, order});
    ordered[p] = 1;
  };
  if (with_convoys) {
    for (const ConvoyGroup& group : groups) {
      const Unit& a = phase.position.unit_in(group.army);
      Order move = unit_order(OrderKind::Move, a);
      move.target = map.province(group.destination).location;
      move.via_convoy = true;
      give(group.army, move);
      for (ProvinceId sea : group.fleets) {
        Order convoy = unit_order(OrderKind::Convoy, phase.position.unit_in(sea));
        convoy.other = UnitRef{UnitType::Army, a.location, kNoPower};
        convoy.target = move.target;
        give(sea, convoy);
      }
    }
    phase.convoys = groups.size();
  }

  // Moves and holds first, then supports of those moves and units.
  std::vector<ProvinceId> supporters;
  std::vector<std::pair<ProvinceId, LocationId>> moves;  // (mover, target)
  for (ProvinceId p : occupied) {
    if (ordered[p]) continue;
    const Unit& u = phase.position.unit_in(p);
    const auto roll = random() % 20;
    if (roll < 9) {
      std::vector<LocationId> targets;
      if (u.type == UnitType::Army)
        for (ProvinceId q : map.army_neighbours(p)) targets.push_back(map.province(q).location);
      else
        for (LocationId loc : map.fleet_neighbours(u.location)) targets.push_back(loc);
      if (!targets.empty()) {
        Order move = unit_order(OrderKind::Move, u);
        move.target = targets[random() % targets.size()];
        give(p, move);
        moves.emplace_back(p, move.target);
        continue;
      }
    } else if (roll < 14) {
      supporters.push_back(p);
      continue;
    }
    give(p, unit_order(OrderKind::Hold, u));
  }
  auto reaches = [&](const Unit& u, ProvinceId q) {
    return u.type == UnitType::Army ? map.army_adjacent(map.province_of(u.location), q) : map.fleet_reaches(u.location, q);
  };
  for (ProvinceId p : supporters) {
    const Unit& u = phase.position.unit_in(p);
    std::vector<std::pair<ProvinceId, LocationId>> can;
    for (const auto& move : moves)
      if (move.first != p && map.province_of(move.second) != p && reaches(u, map.province_of(move.second))) can.push_back(move);
    Order support = unit_order(OrderKind::Support, u);
    if (!can.empty()) {
      const auto& [mover, target] = can[random() % can.size()];
      const Unit& m = phase.position.unit_in(mover);
      support.other = UnitRef{m.type, m.location, kNoPower};
      support.target = map.province(map.province_of(target)).location;
      give(p, support);
      continue;
    }
    std::vector<ProvinceId> held;
    for (ProvinceId q : occupied)
      if (q != p && reaches(u, q)) held.push_back(q);
    if (held.empty()) {
      give(p, unit_order(OrderKind::Hold, u));
      continue;
    }
    const Unit& h = phase.position.unit_in(held[random() % held.size()]);
    support.other = UnitRef{h.type, h.location, kNoPower};
    give(p, support);
  }
  return phase;
}

// Adjudicates once and checks: no order illegal (unless `illegal_allowed`), the same outcomes with
// the orders in reverse.
void check(BoardPhase& phase, bool illegal_allowed) {
  const Variant& variant = *phase.variant;
  MovementAdjudicator adjudicator(variant, variant.rules());
  MovementResult result(variant.map().province_count()), reversed(variant.map().province_count());
  adjudicator.adjudicate(phase.position, phase.orders, result);
  std::vector<SubmittedOrder> backwards(phase.orders.rbegin(), phase.orders.rend());
  adjudicator.adjudicate(phase.position, backwards, reversed);
  for (std::size_t i = 0; i < phase.orders.size(); ++i) {
    if (!illegal_allowed && result.outcomes[i].resolution == Resolution::Illegal)
      fail(phase.name + ": generated order " + std::to_string(i) + " is illegal");
    if (!(result.outcomes[i] == reversed.outcomes[phase.orders.size() - 1 - i]))
      fail(phase.name + ": order " + std::to_string(i) + " has another outcome when the orders come in reverse");
  }
  phase.reference = result.outcomes;
}

void run(benchmark::State& state, const BoardPhase& phase) {
  const Variant& variant = *phase.variant;
  MovementAdjudicator adjudicator(variant, variant.rules());
  MovementResult result(variant.map().province_count());
  adjudicator.adjudicate(phase.position, phase.orders, result);
  for (auto _ : state) {
    adjudicator.adjudicate(phase.position, phase.orders, result);
    benchmark::DoNotOptimize(result);
    benchmark::ClobberMemory();
  }
  if (result.outcomes != phase.reference) state.SkipWithError("the reused adjudicator gave different outcomes");
  state.SetItemsProcessed(state.iterations());  // phases
  state.counters["units"] = static_cast<double>(phase.units);
  state.counters["convoys"] = static_cast<double>(phase.convoys);
  // Seconds per unit: the figure to compare across sizes and between twins.
  state.counters["per_unit"] =
      benchmark::Counter(static_cast<double>(phase.units), benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// The phase of the case file, as its case gives it, checked against the case's expectations.
BoardPhase scale_case() {
  auto file = load_case_file(DIPADJ_BENCH_SCALE_CASE);
  if (!file) fail(std::string("cannot read ") + DIPADJ_BENCH_SCALE_CASE + ":\n" + format_diagnostics(file.errors()));
  const TestCase& test = file.value().cases.at(0);
  if (const CaseReport report = run_case(file.value(), test); !report.passed)
    fail(std::string(DIPADJ_BENCH_SCALE_CASE) + ": the case fails; not benchmarking wrong results");
  BoardPhase phase(file.value().variant, file.value().variant->map().province_count());
  phase.name = "BM_ConvoyCliff_Random400_300";
  phase.position = test.start.position;
  for (const CaseOrder& order : test.phases.at(0).orders) {
    if (!order.order) fail(std::string(DIPADJ_BENCH_SCALE_CASE) + ": '" + order.text + "' is not an order");
    phase.orders.push_back(SubmittedOrder{order.power, *order.order});
    if (order.order->kind == OrderKind::Convoy) ++phase.convoys;
  }
  phase.units = phase.position.unit_count();
  return phase;
}

}  // namespace

void register_random_board_benchmarks() {
  const std::filesystem::path folder = std::filesystem::temp_directory_path() / ("dipadj_bench_" + std::to_string(::getpid()));
  std::filesystem::create_directories(folder);
  // Owned by the registered benchmarks, which run after this function returns.
  auto phases = std::make_shared<std::vector<BoardPhase>>();
  phases->push_back(scale_case());
  check(phases->back(), true);
  const std::pair<int, std::size_t> sizes[] = {{100, 25}, {100, 75}, {200, 50}, {200, 150}, {300, 75}, {300, 225}, {400, 100}, {400, 300}};
  for (const auto& [provinces, units] : sizes) {
    const auto variant = random_board(provinces, folder);
    for (const bool convoys : {false, true}) {
      phases->push_back(generate(variant, units, convoys, static_cast<unsigned>(provinces * 1000 + units)));
      BoardPhase& phase = phases->back();
      phase.name = "BM_RandomBoard/provinces:" + std::to_string(provinces) + "/units:" + std::to_string(units) +
                   (convoys ? "/convoys" : "/no_convoys");
      check(phase, false);
    }
  }
  std::error_code ignored;
  std::filesystem::remove_all(folder, ignored);
  for (const BoardPhase& phase : *phases)
    benchmark::RegisterBenchmark(phase.name.c_str(), [phases, &phase](benchmark::State& state) { run(state, phase); });
  std::cerr << "dipadj_bench: " << phases->size() << " random-board phases: no illegal generated order, the same results in reverse order\n";
}

}  // namespace dipadj::bench
