// The cost of the Lua rule host (issue 29, docs/performance.md). BM_LuaOpening adjudicates the
// Standard opening (Spring 1901, the usual orders, read once) with play_phase, through the plain
// Standard variant (arg 0) and through the same variant with the Lua host loaded and a script that
// defines no hook (arg 1): the goal is at most 10 % more. BM_LuaHomeCentre times one hook call
// (Variant::is_home_centre answered by a script's home_centre, arg 1) against the C++ answer of
// the variant's list (arg 0). The variants are written to a temporary folder at the first run.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "dipadj/game/game.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/variant/variant.hpp"

#ifndef DIPADJ_BENCH_VARIANTS
#error "DIPADJ_BENCH_VARIANTS must name the bundled variants folder (set in tests/bench/CMakeLists.txt)"
#endif

namespace {

using namespace dipadj;
namespace fs = std::filesystem;

[[noreturn]] void fail(const std::string& message) {
  std::cerr << "dipadj_bench: " << message << '\n';
  std::exit(EXIT_FAILURE);
}

// The Standard variant, or (with a script) the Standard game with the Lua host running `script`.
std::shared_ptr<const Variant> variant_for(const std::string& script) {
  const fs::path standard = fs::path(DIPADJ_BENCH_VARIANTS) / "standard";
  fs::path file = standard / "variant.yaml";
  if (!script.empty()) {
    const fs::path dir = fs::temp_directory_path() / ("dipadj-bench-lua-" + std::to_string(std::hash<std::string>{}(script)));
    fs::create_directories(dir);
    std::ofstream(dir / "rules.lua") << script;
    std::ifstream in(file);
    std::ofstream out(dir / "variant.yaml");
    for (std::string line; std::getline(in, line);) {
      if (line.starts_with("map: ")) line = "map: " + (standard / "map.yaml").string();
      if (line.starts_with("artwork: ")) continue;
      out << line << '\n';
    }
    out << "plugins:\n  - name: lua\n    settings: {script: rules.lua}\n";
    out.close();
    file = dir / "variant.yaml";
  }
  auto loaded = load_variant(file);
  if (!loaded) fail(format_diagnostics(loaded.errors()));
  return loaded.value();
}

std::vector<SubmittedOrder> opening_orders(const Variant& variant) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> written = {
      {"Austria", {"A Vie - Gal", "A Bud - Ser", "F Tri - Alb"}},      {"England", {"F Lon - Nth", "F Edi - Nwg", "A Lvp - Yor"}},
      {"France", {"F Bre - Mao", "A Par - Bur", "A Mar - Spa"}},       {"Germany", {"F Kie - Den", "A Ber - Kie", "A Mun - Ruh"}},
      {"Italy", {"F Nap - Ion", "A Rom - Apu", "A Ven H"}},            {"Russia", {"A Mos - Ukr", "A War - Gal", "F Sev - Rum", "F StP(sc) - Bot"}},
      {"Turkey", {"F Ank - Bla", "A Con - Bul", "A Smy - Con"}}};
  const OrderParser parser(variant);
  std::vector<SubmittedOrder> out;
  for (const auto& [power, texts] : written)
    for (const std::string& text : texts) {
      const ParsedOrder read = parser.parse(text);
      if (!read.order) fail("cannot read '" + text + "': " + read.error);
      out.push_back(SubmittedOrder{*variant.find_power(power), *read.order, Reason::None});
    }
  return out;
}

void BM_LuaOpening(benchmark::State& bench) {
  const auto variant = variant_for(bench.range(0) == 0 ? "" : "-- a script that defines no hook\nlocal unused = 1\n");
  const Rulebook rules = variant->rules();
  const GameState start = initial_state(*variant);
  const std::vector<SubmittedOrder> orders = opening_orders(*variant);
  for (auto _ : bench) {
    PhaseReport report(variant->map().province_count());
    GameState next = play_phase(*variant, rules, start, orders, report);
    benchmark::DoNotOptimize(next);
  }
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations()));
  bench.SetLabel(bench.range(0) == 0 ? "standard" : "lua host, no hook");
}
BENCHMARK(BM_LuaOpening)->Arg(0)->Arg(1);

void BM_LuaHomeCentre(benchmark::State& bench) {
  const auto variant = variant_for(bench.range(0) == 0 ? "" : "function home_centre(centre, power, board)\n  return board.owner(centre) == power\nend\n");
  const Rulebook rules = variant->rules();
  const GameState start = initial_state(*variant);
  const ProvinceId paris = *variant->map().find_province("par");
  const PowerId france = *variant->find_power("France");
  if (!variant->is_home_centre(paris, france, start.position, rules)) fail("Paris is not French at the start");
  for (auto _ : bench) benchmark::DoNotOptimize(variant->is_home_centre(paris, france, start.position, rules));
  bench.SetItemsProcessed(static_cast<std::int64_t>(bench.iterations()));
  bench.SetLabel(bench.range(0) == 0 ? "the variant's list (C++)" : "a script's home_centre");
}
BENCHMARK(BM_LuaHomeCentre)->Arg(0)->Arg(1);

}  // namespace
