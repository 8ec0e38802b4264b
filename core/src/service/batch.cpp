#include "dipadj/service/batch.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <exception>
#include <string_view>
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
#include "formats/result_texts.hpp"
#include "service/batch_errors.hpp"
#include "service/batch_pipeline.hpp"
#include "service/line_memory.hpp"

namespace dipadj {

// A batch line is a game file on one line: it has an input file's limit (batch.hpp).
static_assert(kMaxBatchLineBytes == yaml::kMaxFileSize, "a batch line's limit is an input file's");

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

std::string error_line(std::size_t number, const std::string& source, const std::string& message) {
  std::string out;
  JsonWriter writer(out);
  write_error(writer, number, source, message);
  writer.finish();
  return out;
}

namespace {

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

// The results of a game's phase (played from `game`) into `out`, with the game after it when asked.
// `texts`: made before for the game's variant, or none.
void write_played(const GameFile& game, const PlayedPhase& phase, JsonSink& out, bool with_next_game, const ResultTexts* texts = nullptr) {
  if (!with_next_game) return write_phase_json(phase, out, texts);
  const nlohmann::ordered_json next = game_file_json(*game.variant, game.variant_name, phase.after, game.rules);
  WithNextGame both(out, next);
  write_phase_json(phase, both, texts);
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
      return write_played(*played->game, played->phase(), out, with_next_game, played->texts);
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

BatchTotals adjudicate_json_lines(std::istream& in, std::ostream& out, VariantCache& variants, const BatchOptions& options) {
  const unsigned threads = options.threads != 0 ? options.threads : std::max(1U, std::thread::hardware_concurrency());
  if (in.rdbuf() == nullptr) return BatchTotals{};
  BatchPipeline pipeline(out, variants, options, threads);
  return pipeline.run(*in.rdbuf());
}

}  // namespace dipadj
