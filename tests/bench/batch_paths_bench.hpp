#pragma once
// The benchmarks of the other ways in to the batch (batch_paths_bench.cpp): JSON lines through a
// pipe, as `dipadj batch` reads a producer's output, and one game at a time through the C API.
#include <string>

namespace dipadj::bench {

// Registers them on `lines` (JSON lines that all give a result; kept alive by the caller).
void register_batch_path_benchmarks(const std::string& lines);

}  // namespace dipadj::bench
