// Throughput of MovementAdjudicator::adjudicate on two fixed positions of the standard variant:
// the opening (Spring 1901) and a midgame (Fall 1905) with supports, convoys, cuts and a
// dislodgement. The positions, their orders and the expected results are read from the JSON
// file named by DIPADJ_BENCH_POSITIONS. Before anything is timed, every position is adjudicated
// once and the results are compared with the expected ones; any difference aborts the run, as a
// benchmark of wrong results measures nothing.
//
// items_per_second in the output is phases adjudicated per second.
//
// BM_BatchLines/threads:N times `dipadj batch`'s core (adjudicate_json_lines) on the JSON lines of
// DIPADJ_BENCH_BATCH_LINES: reading each game, adjudicating it, writing its result line. Every
// line must come back a result (no error line) before anything is timed. BM_BatchChunks: the same
// lines 16 times over in one call, in many chunks. BM_BatchPipe and BM_CApi
// (batch_paths_bench.cpp) time the same lines read from a pipe and given one by one to the C API.
#include <benchmark/benchmark.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "count_and_drop.hpp"
#include "dipadj/notation/order_text.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/service/batch.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/judge/movement.hpp"
#include "dipadj/order/outcome.hpp"
#include "dipadj/order/order.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "batch_paths_bench.hpp"
#include "random_board_bench.hpp"

#include <fstream>
#include <sstream>

#ifndef DIPADJ_BENCH_BATCH_LINES
#error "DIPADJ_BENCH_BATCH_LINES must name the JSON-lines file (set in tests/bench/CMakeLists.txt)"
#endif
#ifndef DIPADJ_BENCH_POSITIONS
#error "DIPADJ_BENCH_POSITIONS must name the positions file (set in tests/bench/CMakeLists.txt)"
#endif

namespace {

using namespace dipadj;

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "dipadj_bench: " << message << '\n';
  std::exit(EXIT_FAILURE);
}

struct BenchPosition {
  std::string name;
  Position position;
  std::vector<SubmittedOrder> orders;
  std::vector<std::string> texts;         // the orders as written, for messages
  std::vector<OrderOutcome> reference;    // the checked outcomes, to guard the timed runs

  explicit BenchPosition(std::size_t province_count) : position(province_count) {}
};


std::string trim(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return std::string(text.substr(first, last - first + 1));
}

PowerId power_named(const Variant& variant, const std::string& name, const std::string& where) {
  auto power = variant.find_power(name);
  if (!power) fail(where + ": unknown power '" + name + "'");
  return *power;
}

// By value: a reference to the argument would dangle in a range-for over a temporary node.
YAML::Node need_map(const YAML::Node& node, const std::string& where) {
  if (!node || !node.IsMap()) fail(where + ": expected a mapping from power to list");
  return node;
}

std::vector<std::string> scalars(const YAML::Node& node, const std::string& where) {
  std::vector<std::string> out;
  if (!node) return out;
  if (!node.IsSequence()) fail(where + ": expected a list");
  for (const auto& item : node) {
    if (!item.IsScalar()) fail(where + ": expected text items");
    out.push_back(item.Scalar());
  }
  return out;
}

Order parse_order(const OrderParser& parser, const std::string& text, const std::string& where) {
  ParsedOrder parsed = parser.parse(text);
  if (!parsed.order) fail(where + ": '" + text + "' is not an order: " + parsed.error);
  return std::move(*parsed.order);
}

// In the short names the bench positions are written with: "A par".
std::string unit_short_text(const Map& map, const Unit& unit) {
  return std::string(1, unit_letter(unit.type)) + " " + map.location_short_name(unit.location);
}

BenchPosition read_position(const YAML::Node& root, const std::string& name, const Variant& variant) {
  const Map& map = variant.map();
  const OrderParser parser(variant);
  const YAML::Node node = root[name];
  if (!node || !node.IsMap()) fail(std::string(DIPADJ_BENCH_POSITIONS) + ": no position '" + name + "'");
  BenchPosition out(map.province_count());
  out.name = name;

  for (const auto& entry : need_map(node["units"], name + ".units")) {
    const std::string power_name = entry.first.Scalar();
    const PowerId power = power_named(variant, power_name, name + ".units");
    for (const auto& text : scalars(entry.second, name + ".units." + power_name)) {
      std::string error;
      auto ref = parser.parse_unit(text, error);
      if (!ref) fail(name + ": unit '" + text + "': " + error);
      const Unit unit{*ref->type, power, ref->location};
      if (!out.position.place(map, unit))
        fail(name + ": unit '" + text + "' cannot be placed (wrong terrain, missing coast, or province taken)");
    }
  }

  for (const auto& entry : need_map(node["centers"], name + ".centers")) {
    const std::string power_name = entry.first.Scalar();
    const PowerId power = power_named(variant, power_name, name + ".centers");
    for (const auto& text : scalars(entry.second, name + ".centers." + power_name)) {
      auto province = map.find_province(normalize_name(text));
      if (!province) fail(name + ": unknown centre '" + text + "'");
      out.position.set_owner(*province, power);
    }
  }

  for (const auto& entry : need_map(node["orders"], name + ".orders")) {
    const std::string power_name = entry.first.Scalar();
    const PowerId power = power_named(variant, power_name, name + ".orders");
    for (const auto& text : scalars(entry.second, name + ".orders." + power_name)) {
      ParsedOrder parsed = parser.parse(text);
      if (!parsed.order) fail(name + ": '" + text + "' is not an order: " + parsed.error);
      if (parsed.power != kNoPower && parsed.power != power)
        fail(name + ": '" + text + "' is listed under " + power_name + " but names another power");
      out.orders.push_back(SubmittedOrder{power, std::move(*parsed.order)});
      out.texts.push_back(power_name + ": " + text);
    }
  }
  if (out.orders.empty()) fail(name + ": no orders");
  return out;
}

// Adjudicates the position once and compares with `expected`: the moves listed under
// succeeding_moves succeed and every other move fails; no order is illegal (the positions are
// meant to be legal play); exactly the units listed under dislodged ("Russia: A NWY") are
// dislodged. Every difference is reported, then the run is aborted.
void check_position(const YAML::Node& root, BenchPosition& bench, const Variant& variant) {
  const Map& map = variant.map();
  const OrderParser parser(variant);
  const std::string& name = bench.name;
  const YAML::Node expected = root[name]["expected"];
  if (!expected || !expected.IsMap()) fail(name + ": no 'expected' results");

  std::vector<bool> should_succeed(bench.orders.size(), false);
  for (const auto& text : scalars(expected["succeeding_moves"], name + ".expected.succeeding_moves")) {
    const Order order = parse_order(parser, text, name + ".expected.succeeding_moves");
    bool found = false;
    for (std::size_t i = 0; i < bench.orders.size(); ++i) {
      if (bench.orders[i].order.kind == OrderKind::Move && bench.orders[i].order == order) {
        should_succeed[i] = true;
        found = true;
      }
    }
    if (!found) fail(name + ": expected succeeding move '" + text + "' is not among the orders");
  }

  struct ExpectedUnit {
    PowerId power;
    UnitType type;
    ProvinceId province;
    std::string text;
  };
  std::vector<ExpectedUnit> should_be_dislodged;
  for (const auto& text : scalars(expected["dislodged"], name + ".expected.dislodged")) {
    const auto colon = text.find(':');
    if (colon == std::string::npos) fail(name + ": dislodged unit '" + text + "' should read 'Power: A Xxx'");
    const PowerId power = power_named(variant, trim(std::string_view(text).substr(0, colon)), name + ".expected.dislodged");
    std::string error;
    auto ref = parser.parse_unit(trim(std::string_view(text).substr(colon + 1)), error);
    if (!ref) fail(name + ": dislodged unit '" + text + "': " + error);
    should_be_dislodged.push_back(ExpectedUnit{power, *ref->type, map.province_of(ref->location), text});
  }

  MovementAdjudicator adjudicator(variant, variant.rules());
  MovementResult result(map.province_count());
  adjudicator.adjudicate(bench.position, bench.orders, result);
  if (result.outcomes.size() != bench.orders.size())
    fail(name + ": " + std::to_string(result.outcomes.size()) + " outcomes for " + std::to_string(bench.orders.size()) +
         " orders");

  std::vector<std::string> differences;
  for (std::size_t i = 0; i < bench.orders.size(); ++i) {
    const OrderOutcome& outcome = result.outcomes[i];
    const std::string got = describe(outcome, variant, bench.position);
    if (outcome.resolution == Resolution::Illegal) {
      differences.push_back("'" + bench.texts[i] + "': expected a legal order, got " + got);
    } else if (bench.orders[i].order.kind == OrderKind::Move) {
      const bool succeeded = outcome.resolution == Resolution::Succeeds;
      if (succeeded != should_succeed[i])
        differences.push_back("'" + bench.texts[i] + "': expected " + (should_succeed[i] ? "succeeds" : "fails") +
                              ", got " + got);
    }
  }
  for (const auto& want : should_be_dislodged) {
    const bool found = std::any_of(result.dislodged.begin(), result.dislodged.end(), [&](const Dislodgement& d) {
      return d.unit.power == want.power && d.unit.type == want.type && map.province_of(d.unit.location) == want.province;
    });
    if (!found) differences.push_back("'" + want.text + "': expected dislodged, but it was not");
  }
  for (const auto& d : result.dislodged) {
    const bool wanted = std::any_of(should_be_dislodged.begin(), should_be_dislodged.end(), [&](const ExpectedUnit& want) {
      return d.unit.power == want.power && d.unit.type == want.type && map.province_of(d.unit.location) == want.province;
    });
    if (!wanted)
      differences.push_back("'" + variant.power(d.unit.power).name + ": " + unit_short_text(map, d.unit) +
                            "': dislodged, but not expected to be");
  }

  if (!differences.empty()) {
    std::string message = "position '" + name + "': the adjudicator's results differ from the expected ones in " +
                          std::string(DIPADJ_BENCH_POSITIONS) + "; not benchmarking wrong results:";
    for (const auto& line : differences) message += "\n  " + line;
    fail(message);
  }
  bench.reference = result.outcomes;
  std::cerr << "dipadj_bench: " << name << ": " << bench.orders.size() << " orders, "
            << result.dislodged.size() << " dislodged: results match the expected ones\n";
}

struct BenchData {
  std::shared_ptr<const Variant> variant;
  std::vector<BenchPosition> positions;  // "opening", then "midgame"
};

BenchData load_and_check() {
  BenchData data;
  auto variant = find_variant("standard");
  if (!variant) fail("cannot load the standard variant:\n" + format_diagnostics(variant.errors()));
  data.variant = variant.value();

  YAML::Node root;
  try {
    root = YAML::LoadFile(DIPADJ_BENCH_POSITIONS);
  } catch (const std::exception& e) {
    fail(std::string("cannot read ") + DIPADJ_BENCH_POSITIONS + ": " + e.what());
  }
  try {
    for (const char* name : {"opening", "midgame"}) {
      data.positions.push_back(read_position(root, name, *data.variant));
      check_position(root, data.positions.back(), *data.variant);
    }
  } catch (const YAML::Exception& e) {
    fail(std::string(DIPADJ_BENCH_POSITIONS) + ": " + e.what());
  }
  return data;
}

void run_position(benchmark::State& state, const Variant& variant, const BenchPosition& bench) {
  MovementAdjudicator adjudicator(variant, variant.rules());
  MovementResult result(variant.map().province_count());
  adjudicator.adjudicate(bench.position, bench.orders, result);  // warm the working memory
  for (auto _ : state) {
    adjudicator.adjudicate(bench.position, bench.orders, result);
    benchmark::DoNotOptimize(result);
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations());  // one phase per iteration
  state.counters["orders"] = static_cast<double>(bench.orders.size());
  if (result.outcomes != bench.reference) state.SkipWithError("the reused adjudicator gave different outcomes");
}

// The lines read in place, and the results counted and dropped: the harness itself copies and
// allocates nothing per iteration that the batch would not.
class ReadInPlace : public std::streambuf {
 public:
  explicit ReadInPlace(const std::string& text) {
    char* begin = const_cast<char*>(text.data());  // only read: std::streambuf wants char*
    setg(begin, begin, begin + text.size());
  }
};

struct BatchData {
  std::string lines;
  std::size_t count = 0;
};

BatchData load_batch_lines() {
  std::ifstream in(DIPADJ_BENCH_BATCH_LINES);
  if (!in) fail(std::string("cannot read ") + DIPADJ_BENCH_BATCH_LINES);
  std::ostringstream text;
  text << in.rdbuf();
  BatchData data{text.str(), 0};
  VariantCache variants;
  std::istringstream lines(data.lines);
  std::ostringstream results;
  const BatchTotals totals = adjudicate_json_lines(lines, results, variants, BatchOptions{1, 1024, {}});
  if (totals.games == 0 || totals.failed != 0)
    fail(std::string(DIPADJ_BENCH_BATCH_LINES) + ": " + std::to_string(totals.failed) + " of " + std::to_string(totals.games) +
         " lines gave an error line: " + results.str().substr(0, 300));
  data.count = totals.games;
  return data;
}

// `chunk`: BatchOptions::chunk (0: the default).
void run_batch(benchmark::State& state, const BatchData& data, unsigned threads, std::size_t chunk) {
  VariantCache variants;  // loaded once, before the timing, as a batch does
  {
    std::istringstream warm(data.lines.substr(0, data.lines.find('\n') + 1));
    std::ostringstream ignored;
    adjudicate_json_lines(warm, ignored, variants, BatchOptions{1, 1024, {}});
  }
  for (auto _ : state) {
    ReadInPlace input(data.lines);
    dipadj::bench::CountAndDrop output;
    std::istream lines(&input);
    std::ostream results(&output);
    const BatchTotals totals = adjudicate_json_lines(lines, results, variants, BatchOptions{threads, chunk, {}});
    if (totals.failed != 0) state.SkipWithError("a line gave an error line");
    benchmark::DoNotOptimize(output.bytes);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * data.count));  // phases
}

// `--adjudicate=opening:N` (or midgame:N): that position adjudicated N times, untimed, and nothing
// else run. For the judge's instructions a phase, exactly: under callgrind, (Ir at 2N - Ir at N) / N
// (a benchmark's runs are of iteration counts it chooses and does not report).
int adjudicate_times(const BenchData& data, std::string_view spec) {
  const std::size_t colon = spec.find(':');
  const std::string_view name = spec.substr(0, colon);
  const long times = colon == std::string_view::npos ? 0 : std::atol(std::string(spec.substr(colon + 1)).c_str());
  if ((name != "opening" && name != "midgame") || times <= 0) fail("--adjudicate wants opening:N or midgame:N, N > 0");
  const BenchPosition& bench = data.positions.at(name == "opening" ? 0 : 1);
  MovementAdjudicator adjudicator(*data.variant, data.variant->rules());
  MovementResult result(data.variant->map().province_count());
  for (long i = 0; i < times; ++i) {
    adjudicator.adjudicate(bench.position, bench.orders, result);
    benchmark::DoNotOptimize(result);
  }
  if (result.outcomes != bench.reference) fail("the reused adjudicator gave different outcomes");
  return EXIT_SUCCESS;
}

}  // namespace

int main(int argc, char** argv) {
  constexpr std::string_view kAdjudicate = "--adjudicate=";
  if (argc == 2 && std::string_view(argv[1]).starts_with(kAdjudicate))
    return adjudicate_times(load_and_check(), std::string_view(argv[1]).substr(kAdjudicate.size()));
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return EXIT_FAILURE;
  const BenchData data = load_and_check();
  benchmark::RegisterBenchmark("BM_Opening", [&data](benchmark::State& state) {
    run_position(state, *data.variant, data.positions.at(0));
  });
  benchmark::RegisterBenchmark("BM_Midgame", [&data](benchmark::State& state) {
    run_position(state, *data.variant, data.positions.at(1));
  });
  dipadj::bench::register_random_board_benchmarks();
  const BatchData batch = load_batch_lines();
  for (const unsigned threads : {1U, 2U})
    benchmark::RegisterBenchmark(("BM_BatchLines/threads:" + std::to_string(threads)).c_str(),
                                 [&batch, threads](benchmark::State& state) { run_batch(state, batch, threads, 1024); })
        ->UseRealTime();
  // The same lines 16 times over in one call, in the default chunks (256 lines at one or two
  // threads): many chunks, so that with two threads the next chunk is read and the last written
  // while one is adjudicated (BM_BatchLines is one chunk a call). Its orders repeat more than a
  // real batch's: the reading memo finds more of them.
  BatchData many{{}, batch.count * 16};
  for (int copy = 0; copy < 16; ++copy) many.lines += batch.lines;
  for (const unsigned threads : {1U, 2U})
    benchmark::RegisterBenchmark(("BM_BatchChunks/threads:" + std::to_string(threads)).c_str(),
                                 [&many, threads](benchmark::State& state) { run_batch(state, many, threads, 0); })
        ->UseRealTime();
  dipadj::bench::register_batch_path_benchmarks(batch.lines);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return EXIT_SUCCESS;
}
