#include "batch_pipeline.hpp"

#include <algorithm>
#include <array>
#include <system_error>

#include "formats/json_writer.hpp"
#include "service/batch_errors.hpp"
#include "service/line_reader.hpp"

namespace dipadj {

namespace {

// A result line's room: a group of kGroupLines lines in a row, written one after another into the
// group's writer by the reader that took the group, and sent out from there in one piece (a
// string per line copied into one for the chunk was a copy of every result more: 5 % of a batch's
// time; each line written in the reader's writer and copied into the group's string, 1 %).
constexpr std::size_t kGroupLines = 16;
// The most a chunk read ahead and the chunk in flight hold together.
constexpr std::size_t kReadAheadBytes = std::size_t{8} << 20;

// A chunk's lines: as asked, or by default 256 (its lines and results stay in the cache) but at
// least four groups a thread.
std::size_t chunk_lines(std::size_t asked, unsigned threads) {
  if (asked != 0) return asked;
  return std::max<std::size_t>(256, std::size_t{threads} * kGroupLines * 4);
}

// A result line that tells a failure (an error line starts {"file" or {"line"; a result starts
// {"phase"), counted in `totals`.
void count_failure(std::string_view line, BatchTotals& totals) {
  if (line.starts_with("{\"phase\"")) return;
  ++totals.failed;
  if (line.find("\"error\":\"not JSON") != std::string_view::npos) ++totals.not_json;
}

}  // namespace

// A group's result lines, in a cache line of its own: the writers of two groups written by two
// threads at once, side by side in memory, made each thread wait for the other's writes to the
// line they shared (the writer's size and state change with every value). (Outside the anonymous
// namespace: BatchChunk, which holds them, is not in it.)
struct alignas(64) GroupLines {
  JsonWriter lines;
};

// The lines of one chunk and their results, by group.
struct BatchChunk {
  // Its lines one after another, each read into the memory kept from the chunk before it (a
  // string a line cost each an allocation and a free), unless a long line left more than
  // kKeptTextBytes: that is given back.
  static constexpr std::size_t kKeptTextBytes = std::size_t{8} << 20;
  std::string text;
  std::vector<std::size_t> ends;  // per line: where it ends in `text`
  std::vector<std::size_t> numbers;
  std::vector<char> too_long;      // per line: over the limit, not kept
  std::vector<GroupLines> groups;  // each group's result lines, their memory kept from chunk to chunk
  std::vector<BatchTotals> group_totals;  // each group's failures, counted by its reader
  std::size_t group_count = 0;
  // The groups taken by a thread, and those done (with BatchPipeline::mutex_ held).
  std::size_t taken = 0, finished = 0;

  [[nodiscard]] std::size_t size() const { return ends.size(); }
  [[nodiscard]] std::size_t held() const { return text.size(); }  // the bytes of its lines
  [[nodiscard]] bool done() const { return finished == group_count; }
  [[nodiscard]] std::string_view line(std::size_t i) const {
    const std::size_t begin = i == 0 ? 0 : ends[i - 1];
    return std::string_view(text).substr(begin, ends[i] - begin);
  }
  // The line read last into `text` taken as the chunk's next.
  void add(std::size_t number, bool over_limit) {
    ends.push_back(text.size());
    numbers.push_back(number);
    too_long.push_back(over_limit ? 1 : 0);
  }
  void clear() {
    text.clear();
    if (text.capacity() > kKeptTextBytes) std::string().swap(text);
    ends.clear();
    numbers.clear();
    too_long.clear();
    group_count = taken = finished = 0;
  }
  // Ready for its readers: its groups counted, none taken, their totals zero.
  void open_groups() {
    group_count = (size() + kGroupLines - 1) / kGroupLines;
    if (groups.size() < group_count) groups.resize(group_count);
    group_totals.assign(group_count, BatchTotals{});
    taken = finished = 0;
  }
};

BatchPipeline::BatchPipeline(std::ostream& out, VariantCache& variants, const BatchOptions& options, unsigned threads)
    : out_(out),
      variants_(variants),
      options_(options),
      chunk_lines_(chunk_lines(options.chunk, threads)),
      readers_(threads),
      too_long_message_("the line is over " + std::to_string(kMaxBatchLineBytes >> 20) + " MB, the most a game line may have; it was not read") {}

BatchPipeline::~BatchPipeline() { stop_helpers(); }

BatchTotals BatchPipeline::run(std::streambuf& in) {
  LineReader reader(in);
  std::array<BatchChunk, 2> chunks;
  try {
    // With no other thread to adjudicate meanwhile, each chunk is read, adjudicated and written
    // in turn: reading ahead and writing late would only let its lines and results go cold.
    if (readers_.size() == 1) run_alone(reader, chunks[0]);
    else run_pipelined(reader, chunks[0], chunks[1]);
  } catch (...) {  // out of memory, say: the helpers leave their groups before the chunks go
    stop_helpers();
    throw;
  }
  stop_helpers();
  if (!reader.error().empty()) {
    // What was read is answered; the line the error cut and those after it are not, and the
    // output says so where they would be.
    totals_.read_error = "cannot read the input past line " + std::to_string(number_) + ": " + reader.error() +
                         "; the lines after it were not adjudicated";
    out_ << error_line(number_ + 1, options_.source, totals_.read_error) << '\n';
    ++totals_.failed;
  }
  return totals_;
}

void BatchPipeline::run_alone(LineReader& reader, BatchChunk& chunk) {
  more_ = read_chunk(reader, chunk, kMaxBatchLineBytes);
  while (chunk.size() != 0) {
    chunk.open_groups();
    for (std::size_t g = 0; g < chunk.group_count; ++g) adjudicate_group(chunk, g, readers_[0]);
    write(chunk);  // the same chunk again: its memory (its results' above all) is warm
    chunk.clear();
    if (more_) more_ = read_chunk(reader, chunk, kMaxBatchLineBytes);
  }
}

void BatchPipeline::run_pipelined(LineReader& reader, BatchChunk& older, BatchChunk& newer) {
  // Each chunk not in flight read and published, while the input lasts and memory allows: in
  // full when none is in flight, ahead while the one in flight holds less than kReadAheadBytes.
  // Only this thread changes in_flight_: it reads it here without the lock.
  const auto fill = [&] {
    for (BatchChunk* chunk : {&older, &newer}) {
      if (!more_ || std::find(in_flight_.begin(), in_flight_.end(), chunk) != in_flight_.end()) continue;
      const BatchChunk* flying = in_flight_.empty() ? nullptr : in_flight_.front();
      if (flying != nullptr && flying->held() >= kReadAheadBytes) return;
      more_ = read_chunk(reader, *chunk, flying == nullptr ? kMaxBatchLineBytes : kReadAheadBytes - flying->held());
      if (chunk->size() != 0) publish(*chunk);
    }
  };
  fill();
  std::unique_lock lock(mutex_);
  while (!in_flight_.empty()) {
    BatchChunk& oldest = *in_flight_.front();
    if (oldest.done()) {
      in_flight_.erase(in_flight_.begin());
      lock.unlock();
      write(oldest);
      oldest.clear();
      fill();
      lock.lock();
      continue;
    }
    if (const Job job = take_locked(); job.chunk != nullptr) {
      lock.unlock();
      adjudicate_group(*job.chunk, job.group, readers_[0]);
      lock.lock();
      done_locked(job);
      continue;
    }
    // Every group taken, the oldest chunk's last still being adjudicated by another thread.
    done_.wait(lock, [&] { return oldest.done(); });
  }
}

// Lines into `chunk` until it has its number of lines or holds `bytes`. False at the end of the
// input.
bool BatchPipeline::read_chunk(LineReader& reader, BatchChunk& chunk, std::size_t bytes) {
  for (LineReader::Got got; (got = reader.next(chunk.text)) != LineReader::Got::End;) {
    ++number_;
    const std::size_t start = chunk.size() == 0 ? 0 : chunk.ends.back();
    if (got == LineReader::Got::Line && std::string_view(chunk.text).substr(start).find_first_not_of(" \t\r") == std::string_view::npos) {
      chunk.text.resize(start);  // a blank line: not a game
      continue;
    }
    ++totals_.games;
    chunk.add(number_, got == LineReader::Got::TooLong);
    if (chunk.size() == chunk_lines_ || chunk.held() >= bytes) return true;
  }
  return false;
}

void BatchPipeline::adjudicate_group(BatchChunk& chunk, std::size_t g, GameLineAdjudicator& reader) {
  JsonWriter& group = chunk.groups[g].lines;
  group.clear();
  for (std::size_t i = g * kGroupLines; i < std::min(chunk.size(), (g + 1) * kGroupLines); ++i) {
    // The lines before kept: a line that fails midway is written again as its error alone.
    group.keep();
    const std::size_t start = group.written().size();
    if (chunk.too_long[i] != 0) write_error(group, chunk.numbers[i], options_.source, too_long_message_);
    else reader.game(chunk.line(i), chunk.numbers[i], options_.source, variants_, group, options_.with_next_game);
    count_failure(group.written().substr(start), chunk.group_totals[g]);
    group.text("\n");
  }
}

void BatchPipeline::write(const BatchChunk& chunk) {
  for (std::size_t g = 0; g < chunk.group_count; ++g) {
    totals_.failed += chunk.group_totals[g].failed;
    totals_.not_json += chunk.group_totals[g].not_json;
    const std::string_view lines = chunk.groups[g].lines.written();
    out_.write(lines.data(), static_cast<std::streamsize>(lines.size()));
  }
}

// The helpers are started with the first chunk, just before it is handed over (one started
// earlier would be asleep by then, and waking it took longer: a batch of one chunk took 4 %
// longer); as many as its groups can use when it is the only one. A helper the system cannot
// start is done without: the others, or the calling thread alone, take its groups.
void BatchPipeline::publish(BatchChunk& chunk) {
  chunk.open_groups();
  if (!helpers_started_) {
    helpers_started_ = true;
    const std::size_t wanted = more_ ? readers_.size() - 1 : std::min(readers_.size(), chunk.group_count) - 1;
    try {
      for (std::size_t t = 1; t <= wanted; ++t) helpers_.emplace_back([this, t] { help(readers_[t]); });
    } catch (const std::system_error&) {  // no more threads to be had: those started do the work
    }
  }
  {
    const std::lock_guard lock(mutex_);
    in_flight_.push_back(&chunk);
  }
  work_.notify_all();
}

BatchPipeline::Job BatchPipeline::take_locked() {
  for (BatchChunk* chunk : in_flight_)
    if (chunk->taken < chunk->group_count) return Job{chunk, chunk->taken++};
  return Job{};
}

void BatchPipeline::done_locked(const Job& job) {
  if (++job.chunk->finished == job.chunk->group_count) done_.notify_one();
}

// A helper thread: the groups it can take, oldest chunk first, until the pipeline stops.
void BatchPipeline::help(GameLineAdjudicator& reader) {
  std::unique_lock lock(mutex_);
  for (;;) {
    Job job;
    work_.wait(lock, [&] { return stopping_ || (job = take_locked()).chunk != nullptr; });
    if (job.chunk == nullptr) return;  // stopping
    lock.unlock();
    adjudicate_group(*job.chunk, job.group, reader);
    lock.lock();
    done_locked(job);
  }
}

void BatchPipeline::stop_helpers() {
  {
    const std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  work_.notify_all();
  for (auto& helper : helpers_)
    if (helper.joinable()) helper.join();
}

}  // namespace dipadj
