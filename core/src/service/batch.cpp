#include "dipadj/service/batch.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cassert>
#include <condition_variable>
#include <cstdint>
#include <cstring>
#include <exception>
#include <mutex>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

#include "dipadj/formats/game_file.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/plugin/rule_script_error.hpp"
#include "base/input_source.hpp"
#include "base/yaml_support.hpp"
#include "formats/game_file_reading.hpp"
#include "formats/json_writer.hpp"
#include "service/line_memory.hpp"
#include "service/line_reader.hpp"

namespace dipadj {

// A batch line is a game file on one line: it has an input file's limit (batch.hpp).
static_assert(kMaxBatchLineBytes == yaml::kMaxFileSize, "a batch line's limit is an input file's");

namespace {

void write_error(JsonSink& out, std::size_t number, const std::string& source, const std::string& message) {
  out.discard();
  out.begin_object();
  if (!source.empty()) {
    out.key("file");
    out.string(source);
  }
  out.key("line");
  out.number(number);
  out.key("error");
  out.string(message);
  out.end_object();
}

// The causes, without the "name:line:" a one-line document would put before each.
std::string causes(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics) out += (out.empty() ? "" : "; ") + d.printable_message();
  return out;
}

// A value of the game-file model written to a sink, event by event (its values are texts, lists,
// mappings, counts and nulls).
void write_value(const nlohmann::ordered_json& value, JsonSink& out) {
  if (value.is_object()) {
    out.begin_object();
    for (const auto& [key, item] : value.items()) {
      out.key(key);
      write_value(item, out);
    }
    out.end_object();
  } else if (value.is_array()) {
    out.begin_array();
    for (const auto& item : value) write_value(item, out);
    out.end_array();
  } else if (value.is_string()) {
    out.string(value.get_ref<const std::string&>());
  } else if (value.is_number_unsigned() || (value.is_number_integer() && value.get<std::int64_t>() >= 0)) {
    out.number(value.get<std::size_t>());
  } else if (value.is_null()) {
    out.null();
  } else {
    out.string(value.dump());  // not in the model; kept readable rather than lost
  }
}

// Passes every event on, and puts "next_game" last in the outermost object.
class WithNextGame final : public JsonSink {
 public:
  WithNextGame(JsonSink& out, const nlohmann::ordered_json& next) : out_(out), next_(next) {}
  void begin_object() override {
    ++depth_;
    out_.begin_object();
  }
  void end_object() override {
    if (--depth_ == 0) {
      out_.key("next_game");
      write_value(next_, out_);
    }
    out_.end_object();
  }
  void begin_array() override { out_.begin_array(); }
  void end_array() override { out_.end_array(); }
  void key(std::string_view name) override { out_.key(name); }
  void string(std::string_view value) override { out_.string(value); }
  void null() override { out_.null(); }
  void number(std::size_t value) override { out_.number(value); }
  void discard() override {
    depth_ = 0;
    out_.discard();
  }

 private:
  JsonSink& out_;
  const nlohmann::ordered_json& next_;
  int depth_ = 0;
};

std::string error_line(std::size_t number, const std::string& source, const std::string& message) {
  std::string out;
  JsonWriter writer(out);
  write_error(writer, number, source, message);
  writer.finish();
  return out;
}

// The results of a game's phase (played from `game`) into `out`, with the game after it when asked.
void write_played(const GameFile& game, const PlayedPhase& phase, JsonSink& out, bool with_next_game) {
  if (!with_next_game) return write_phase_json(phase, out);
  const nlohmann::ordered_json next = game_file_json(*game.variant, game.variant_name, phase.after, game.rules);
  WithNextGame both(out, next);
  write_phase_json(phase, both);
}

// One game line's results into `out`; `memory`: what this reader kept from the lines before.
void adjudicate_game_line(std::string_view line, std::size_t number, const std::string& source, VariantCache& variants, JsonSink& out,
                          bool with_next_game, LineMemory* memory) {
  try {
    const std::string name = source.empty() ? "-" : source;
    GameFileContext context{&variants, {}, {}, {}};
    if (memory != nullptr) {
      const auto played = memory->play(line, name, context);
      if (!played) return write_error(out, number, source, causes(played.errors()));
      return write_played(*played->game, played->phase(), out, with_next_game);
    }
    const auto game = read_game_json_with(line, name, context);
    if (!game) return write_error(out, number, source, causes(game.errors()));
    const auto played = play_game_file(game.value(), name);
    if (!played) return write_error(out, number, source, causes(played.errors()));
    write_played(game.value(), played_phase(game.value(), played.value()), out, with_next_game);
  } catch (const RuleScriptError& e) {  // a rule of the variant failed outside the phase's adjudication
    write_error(out, number, source, e.where().to_string());
  } catch (const std::bad_alloc&) {
    write_error(out, number, source, "out of memory");
  } catch (const std::exception& e) {
    write_error(out, number, source, std::string("internal error: ") + e.what());
  }
}

// The result line appended to `result`; written with `memory`'s writer when there is one.
void append_results_line(std::string& result, std::string_view line, std::size_t number, const std::string& source, VariantCache& variants,
                         bool with_next_game, LineMemory* memory) {
  if (memory != nullptr) {
    memory->results.discard();  // nothing left of a line that an exception cut short
    adjudicate_game_line(line, number, source, variants, memory->results, with_next_game, memory);
    memory->results.finish_into(result);
    return;
  }
  JsonWriter writer(result);
  adjudicate_game_line(line, number, source, variants, writer, with_next_game, nullptr);
  writer.finish();
}

// A result line that tells a failure (an error line starts {"file" or {"line"; a result starts
// {"phase"), counted in `totals`.
void count_failure(std::string_view line, BatchTotals& totals) {
  if (line.starts_with("{\"phase\"")) return;
  ++totals.failed;
  if (line.find("\"error\":\"not JSON") != std::string_view::npos) ++totals.not_json;
}

}  // namespace

void adjudicate_json_game(std::string_view line, std::size_t number, const std::string& source, VariantCache& variants, JsonSink& out,
                          bool with_next_game) {
  adjudicate_game_line(line, number, source, variants, out, with_next_game, nullptr);
}

std::string adjudicate_json_line(std::string_view line, std::size_t number, const std::string& source, VariantCache& variants,
                                 bool with_next_game) {
  std::string result;
  append_results_line(result, line, number, source, variants, with_next_game, nullptr);
  return result;
}

GameLineAdjudicator::GameLineAdjudicator() : memory_(std::make_unique<LineMemory>()) {}
GameLineAdjudicator::~GameLineAdjudicator() = default;
GameLineAdjudicator::GameLineAdjudicator(GameLineAdjudicator&&) noexcept = default;
GameLineAdjudicator& GameLineAdjudicator::operator=(GameLineAdjudicator&&) noexcept = default;

void GameLineAdjudicator::game(std::string_view line, std::size_t number, const std::string& source, VariantCache& variants, JsonSink& out,
                               bool with_next_game) {
  adjudicate_game_line(line, number, source, variants, out, with_next_game, memory_.get());
}

std::string GameLineAdjudicator::line(std::string_view line, std::size_t number, const std::string& source, VariantCache& variants,
                                      bool with_next_game) {
  std::string result;
  append_line(result, line, number, source, variants, with_next_game);
  return result;
}

void GameLineAdjudicator::append_line(std::string& out, std::string_view line, std::size_t number, const std::string& source,
                                      VariantCache& variants, bool with_next_game) {
  append_results_line(out, line, number, source, variants, with_next_game, memory_.get());
}

namespace {

// A result line's room: a group of kGroupLines lines in a row, written one after another into the
// group's writer by the reader that took the group, and sent out from there in one piece (a
// string per line copied into one for the chunk was a copy of every result more: 5 % of a batch's
// time; each line written in the reader's writer and copied into the group's string, 1 %).
constexpr std::size_t kGroupLines = 16;
// The most a chunk read ahead and the chunk being adjudicated hold together (BatchPipeline).
constexpr std::size_t kReadAheadBytes = std::size_t{8} << 20;

// A chunk's lines: as asked, or by default 256 (its lines and results stay in the cache) but at
// least four groups a thread, so that no thread waits long for the others at a chunk's end.
std::size_t chunk_lines(std::size_t asked, unsigned threads) {
  if (asked != 0) return asked;
  return std::max<std::size_t>(256, std::size_t{threads} * kGroupLines * 4);
}

// The lines of one chunk and their results, by group.
struct Chunk {
  // Its lines one after another, each read into the memory kept from the chunk before it (a
  // string a line cost each an allocation and a free), unless a long line left more than
  // kKeptTextBytes: that is given back.
  static constexpr std::size_t kKeptTextBytes = std::size_t{8} << 20;
  std::string text;
  std::vector<std::size_t> ends;  // per line: where it ends in `text`
  std::vector<std::size_t> numbers;
  std::vector<char> too_long;  // per line: over the limit, not kept
  std::vector<JsonWriter> groups;  // each group's result lines, its memory kept from chunk to chunk
  std::vector<BatchTotals> group_totals;  // each group's failures, counted by its reader
  std::size_t group_count = 0;
  std::atomic<std::size_t> next_group{0};

  [[nodiscard]] std::size_t size() const { return ends.size(); }
  [[nodiscard]] std::size_t held() const { return text.size(); }  // the bytes of its lines
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
  }
  // Ready for its readers: its groups counted, their totals zero.
  void open_groups() {
    group_count = (size() + kGroupLines - 1) / kGroupLines;
    if (groups.size() < group_count) groups.resize(group_count);
    group_totals.assign(group_count, BatchTotals{});
    next_group = 0;
  }
};

// The batch as a pipeline: while the other threads adjudicate a chunk, the calling thread writes
// the chunk before and reads the one after, then joins them. Reading and writing one chunk after
// another around the adjudication left a core idle while they ran (one thread to two: 1.7x).
// Memory: a chunk is read ahead only while the chunk adjudicated holds less than kReadAheadBytes,
// and only until the two hold that much: a long line is never adjudicated with another read
// ahead, and the most held at once is what it was without reading ahead (a chunk of about one
// line's limit and the longest line, then the memory of parsing one).
class BatchPipeline {
 public:
  BatchPipeline(std::ostream& out, VariantCache& variants, const BatchOptions& options, unsigned threads)
      : out_(out), variants_(variants), options_(options), chunk_lines_(chunk_lines(options.chunk, threads)), readers_(threads),
        too_long_message_("the line is over " + std::to_string(kMaxBatchLineBytes >> 20) +
                          " MB, the most a game line may have; it was not read") {}
  BatchPipeline(const BatchPipeline&) = delete;
  BatchPipeline& operator=(const BatchPipeline&) = delete;
  ~BatchPipeline() {
    {
      const std::lock_guard lock(mutex_);
      stopping_ = true;
    }
    wake_.notify_all();
    for (auto& helper : helpers_) helper.join();
  }

  BatchTotals run(std::streambuf& in) {
    LineReader reader(in);
    std::array<Chunk, 2> chunks;
    Chunk* current = &chunks[0];
    Chunk* written = nullptr;  // the chunk adjudicated last, not written yet
    bool more = read_chunk(reader, *current, kMaxBatchLineBytes);
    // With no other thread to adjudicate meanwhile, each chunk is read, adjudicated and written
    // in turn: reading ahead and writing late would only let its lines and results go cold.
    const bool pipelined = readers_.size() > 1;
    while (current->size() != 0) {
      current->open_groups();
      publish(*current, more);
      Chunk& ahead = current == &chunks[0] ? chunks[1] : chunks[0];
      try {
        if (written != nullptr) write(*written);  // `ahead` is that chunk: written first, then read into
        ahead.clear();
        if (pipelined && more && current->held() < kReadAheadBytes) more = read_chunk(reader, ahead, kReadAheadBytes - current->held());
        work(*current, readers_[0]);
      } catch (...) {  // out of memory, say: the helpers leave the chunk before it goes
        wait_for_helpers();
        throw;
      }
      wait_for_helpers();
      if (!pipelined) {  // the same chunk again: its memory (its results' above all) is warm
        write(*current);
        current->clear();
        if (more) more = read_chunk(reader, *current, kMaxBatchLineBytes);
        continue;
      }
      if (more && ahead.size() == 0) more = read_chunk(reader, ahead, kMaxBatchLineBytes);
      written = current;
      current = &ahead;
    }
    if (written != nullptr) write(*written);
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

 private:
  // Lines into `chunk` until it has its number of lines or holds `bytes`. False at the end of the
  // input.
  bool read_chunk(LineReader& reader, Chunk& chunk, std::size_t bytes) {
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

  // The groups of `chunk` that no other reader took, adjudicated with `reader`.
  void work(Chunk& chunk, GameLineAdjudicator& reader) {
    for (std::size_t g = chunk.next_group++; g < chunk.group_count; g = chunk.next_group++) {
      JsonWriter& group = chunk.groups[g];
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
  }

  void write(const Chunk& chunk) {
    for (std::size_t g = 0; g < chunk.group_count; ++g) {
      totals_.failed += chunk.group_totals[g].failed;
      totals_.not_json += chunk.group_totals[g].not_json;
      const std::string_view lines = chunk.groups[g].written();
      out_.write(lines.data(), static_cast<std::streamsize>(lines.size()));
    }
  }

  // The helpers are started with the first chunk, just before it is handed over (one started
  // earlier would be asleep by then, and waking it took longer: a batch of one chunk took 4 %
  // longer); as many as its groups can use when it is the only one (`more_to_come` false). A
  // helper the system cannot start is done without: the others, or the calling thread alone,
  // take its groups.
  void publish(Chunk& chunk, bool more_to_come) {
    if (readers_.size() == 1) return;
    assert(!last_ && "no chunk after the input's last: its helpers have ended");
    if (!helpers_started_) {
      helpers_started_ = true;
      const std::size_t wanted = more_to_come ? readers_.size() - 1 : std::min(readers_.size(), chunk.group_count) - 1;
      try {
        for (std::size_t t = 1; t <= wanted; ++t) helpers_.emplace_back([this, t] { help(readers_[t]); });
      } catch (const std::system_error&) {  // no more threads to be had: those started do the work
      }
    }
    {
      const std::lock_guard lock(mutex_);
      published_ = &chunk;
      ++generation_;
      busy_ = helpers_.size();
      last_ = !more_to_come;
    }
    wake_.notify_all();
  }
  void wait_for_helpers() {
    std::unique_lock lock(mutex_);
    done_.wait(lock, [this] { return busy_ == 0; });
  }
  // A helper thread: each chunk published, its groups that are left, until the last chunk or
  // until the pipeline stops.
  void help(GameLineAdjudicator& reader) {
    std::uint64_t seen = 0;
    for (;;) {
      Chunk* chunk = nullptr;
      {
        std::unique_lock lock(mutex_);
        wake_.wait(lock, [&] { return stopping_ || generation_ != seen; });
        if (stopping_) return;
        seen = generation_;
        chunk = published_;
      }
      work(*chunk, reader);
      const std::lock_guard lock(mutex_);
      if (--busy_ == 0) done_.notify_one();
      if (last_) return;  // the input's last chunk: ended now rather than woken to end
    }
  }

  std::ostream& out_;
  VariantCache& variants_;
  const BatchOptions& options_;
  const std::size_t chunk_lines_;
  // A reader per thread, kept from chunk to chunk: a batch's order texts repeat.
  std::vector<GameLineAdjudicator> readers_;
  const std::string too_long_message_;
  BatchTotals totals_;
  std::size_t number_ = 0;   // the input's lines read, blank ones too
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  Chunk* published_ = nullptr;
  std::uint64_t generation_ = 0;  // chunks published
  std::size_t busy_ = 0;          // helpers still on the chunk published
  bool stopping_ = false;
  bool last_ = false;  // the chunk published is the input's last
  bool helpers_started_ = false;
  std::vector<std::thread> helpers_;  // last: started once the rest is made, with the first chunk
};

}  // namespace

BatchTotals adjudicate_json_lines(std::istream& in, std::ostream& out, VariantCache& variants, const BatchOptions& options) {
  const unsigned threads = options.threads != 0 ? options.threads : std::max(1U, std::thread::hardware_concurrency());
  if (in.rdbuf() == nullptr) return BatchTotals{};
  BatchPipeline pipeline(out, variants, options, threads);
  return pipeline.run(*in.rdbuf());
}

}  // namespace dipadj
