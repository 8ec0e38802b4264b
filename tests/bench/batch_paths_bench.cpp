// BM_BatchPipe/threads:N: adjudicate_json_lines reading the lines from a pipe that another thread
// writes, in pipe-sized writes, as a server or a generator feeds `dipadj batch`; the results are
// counted and dropped. BM_CApi: the same games one by one through dipadj_adjudicate_json_with (a
// session opened once), each result freed, as a C or FFI caller does. items_per_second is phases.
#include "batch_paths_bench.hpp"

#include <benchmark/benchmark.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <istream>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <thread>
#include <vector>

#include "count_and_drop.hpp"
#include "dipadj/dipadj.h"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/service/batch.hpp"

namespace dipadj::bench {
namespace {

// The read end of a pipe as a stream buffer: what std::cin's is, minus stdio.
class PipeReader : public std::streambuf {
 public:
  explicit PipeReader(int fd) : fd_(fd), buffer_(1 << 16) {}

 protected:
  int_type underflow() override {
    const ssize_t got = ::read(fd_, buffer_.data(), buffer_.size());
    if (got <= 0) return traits_type::eof();
    setg(buffer_.data(), buffer_.data(), buffer_.data() + got);
    return traits_type::to_int_type(buffer_[0]);
  }

 private:
  int fd_;
  std::vector<char> buffer_;
};


void write_all(int fd, const std::string& text) {
  for (std::size_t at = 0; at < text.size();) {
    const ssize_t put = ::write(fd, text.data() + at, std::min<std::size_t>(text.size() - at, 1 << 16));
    if (put <= 0) break;
    at += static_cast<std::size_t>(put);
  }
  ::close(fd);
}

std::size_t count_lines(const std::string& text) {
  std::size_t count = 0;
  for (const char c : text) count += c == '\n' ? 1 : 0;
  return count;
}

void run_pipe(benchmark::State& state, const std::string& lines, unsigned threads) {
  VariantCache variants;  // loaded once, before the timing, as a batch does
  {
    std::istringstream warm(lines.substr(0, lines.find('\n') + 1));
    std::ostringstream ignored;
    adjudicate_json_lines(warm, ignored, variants, BatchOptions{1, 1024, {}});
  }
  for (auto _ : state) {
    int ends[2];
    if (::pipe(ends) != 0) {
      state.SkipWithError("no pipe");
      break;
    }
    std::thread producer(write_all, ends[1], std::cref(lines));
    PipeReader input(ends[0]);
    CountAndDrop output;
    std::istream in(&input);
    std::ostream out(&output);
    const BatchTotals totals = adjudicate_json_lines(in, out, variants, BatchOptions{threads, 1024, {}});
    producer.join();
    ::close(ends[0]);
    if (totals.failed != 0) state.SkipWithError("a line gave an error line");
    benchmark::DoNotOptimize(output.bytes);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * count_lines(lines)));
}

void run_c_api(benchmark::State& state, const std::vector<std::string>& games) {
  char* error = nullptr;
  dipadj_session* session = dipadj_open("standard", &error);
  if (session == nullptr) {
    state.SkipWithError(error != nullptr ? error : "dipadj_open failed");
    dipadj_free(error);
    return;
  }
  for (auto _ : state) {
    for (const std::string& game : games) {
      char* result = dipadj_adjudicate_json_with(session, game.c_str(), &error);
      if (result == nullptr) {
        state.SkipWithError(error != nullptr ? error : "no result");
        dipadj_free(error);
        break;
      }
      benchmark::DoNotOptimize(result);
      dipadj_free(result);
    }
  }
  dipadj_close(session);
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * games.size()));
}

}  // namespace

void register_batch_path_benchmarks(const std::string& lines) {
  for (const unsigned threads : {1U, 2U})
    benchmark::RegisterBenchmark(("BM_BatchPipe/threads:" + std::to_string(threads)).c_str(),
                                 [&lines, threads](benchmark::State& state) { run_pipe(state, lines, threads); })
        ->UseRealTime();
  std::vector<std::string> games;
  std::istringstream in(lines);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) games.push_back(line);
  benchmark::RegisterBenchmark("BM_CApi", [games = std::move(games)](benchmark::State& state) { run_c_api(state, games); });
}

}  // namespace dipadj::bench
