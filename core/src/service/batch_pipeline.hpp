#pragma once
// `dipadj batch` as a pipeline (adjudicate_json_lines): the input's lines read in chunks, each
// chunk's groups of lines adjudicated by the threads, the results written in the input's order.
// Private to the core library.
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "dipadj/service/batch.hpp"

namespace dipadj {

class LineReader;
struct BatchChunk;

// With one thread, each chunk is read, adjudicated and written in turn. With more, two chunks are
// in flight: while the threads adjudicate the groups of both, the calling thread, between its own
// groups, writes the older chunk as soon as its last group is done and reads the next chunk into
// its memory. No thread waits for another at a chunk's end (a thread that had done its share of a
// chunk waited for the last group of the others, and then for the calling thread to write and
// read: one thread to two was 1.75x where two processes on the two halves of the input were 1.85x).
// Memory: a chunk is read ahead only while the chunk in flight holds less than kReadAheadBytes,
// and only until the two hold that much: a long line is never adjudicated with another read
// ahead, and the most held at once is what it was without reading ahead.
class BatchPipeline {
 public:
  BatchPipeline(std::ostream& out, VariantCache& variants, const BatchOptions& options, unsigned threads);
  BatchPipeline(const BatchPipeline&) = delete;
  BatchPipeline& operator=(const BatchPipeline&) = delete;
  ~BatchPipeline();

  BatchTotals run(std::streambuf& in);

 private:
  struct Job {
    BatchChunk* chunk = nullptr;
    std::size_t group = 0;
  };
  void run_alone(LineReader& reader, BatchChunk& chunk);
  void run_pipelined(LineReader& reader, BatchChunk& older, BatchChunk& newer);
  bool read_chunk(LineReader& reader, BatchChunk& chunk, std::size_t bytes);
  void adjudicate_group(BatchChunk& chunk, std::size_t group, GameLineAdjudicator& reader);
  void write(const BatchChunk& chunk);
  void publish(BatchChunk& chunk);
  // With mutex_ held: the first group of a chunk in flight that no thread took, taken; or none.
  Job take_locked();
  void done_locked(const Job& job);
  void help(GameLineAdjudicator& reader);
  void stop_helpers();

  std::ostream& out_;
  VariantCache& variants_;
  const BatchOptions& options_;
  const std::size_t chunk_lines_;
  // A reader per thread, kept from chunk to chunk: a batch's order texts repeat.
  std::vector<GameLineAdjudicator> readers_;
  const std::string too_long_message_;
  BatchTotals totals_;
  std::size_t number_ = 0;  // the input's lines read, blank ones too
  bool more_ = true;        // input left to read
  std::mutex mutex_;
  std::condition_variable work_;  // a group to take, or the end: for the helpers
  std::condition_variable done_;  // a chunk's last group done: for the calling thread
  // In flight, oldest first (at most two): published and not yet written. Changed by the calling
  // thread only, with mutex_ held.
  std::vector<BatchChunk*> in_flight_;
  bool stopping_ = false;
  bool helpers_started_ = false;
  std::vector<std::thread> helpers_;  // last: started once the rest is made, with the first chunk
};

}  // namespace dipadj
