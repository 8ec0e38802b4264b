#pragma once
// The benchmarks of movement phases on random-map boards (random_board_bench.cpp).

namespace dipadj::bench {

// Generates and checks the phases, then registers one benchmark per phase.
void register_random_board_benchmarks();

}  // namespace dipadj::bench
