#include "dipadj/game/batch.hpp"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>
#include <vector>

#include "dipadj/game/game_file.hpp"
#include "dipadj/game/phase_json.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "json_writer.hpp"

namespace dipadj {
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
  for (const Diagnostic& d : diagnostics) out += (out.empty() ? "" : "; ") + d.message;
  return out;
}

}  // namespace

void adjudicate_json_game(std::string_view line, std::size_t number, const std::string& source, VariantCache& variants, JsonSink& out) {
  try {
    const auto game = read_game_json(line, source.empty() ? "-" : source, &variants);
    if (!game) return write_error(out, number, source, causes(game.errors()));
    const auto played = play_game_file(game.value(), source.empty() ? "-" : source);
    if (!played) return write_error(out, number, source, causes(played.errors()));
    write_phase_json(played_phase(game.value(), played.value()), out);
  } catch (const std::bad_alloc&) {
    write_error(out, number, source, "out of memory");
  } catch (const std::exception& e) {
    write_error(out, number, source, std::string("internal error: ") + e.what());
  }
}

std::string adjudicate_json_line(std::string_view line, std::size_t number, const std::string& source, VariantCache& variants) {
  std::string result;
  result.reserve(4096);
  JsonWriter writer(result);
  adjudicate_json_game(line, number, source, variants, writer);
  return result;
}

BatchTotals adjudicate_json_lines(std::istream& in, std::ostream& out, VariantCache& variants, const BatchOptions& options) {
  const unsigned threads = options.threads != 0 ? options.threads : std::max(1U, std::thread::hardware_concurrency());
  const std::size_t chunk = std::max<std::size_t>(1, options.chunk);
  BatchTotals totals;
  std::vector<std::string> lines;
  std::vector<std::size_t> numbers;
  std::vector<std::string> results;
  std::string text;     // a line read
  std::string written;  // a chunk's result lines
  std::size_t number = 0;
  auto flush = [&] {
    results.assign(lines.size(), std::string());
    std::atomic<std::size_t> next{0};
    auto work = [&] {
      for (std::size_t i = next++; i < lines.size(); i = next++)
        results[i] = adjudicate_json_line(lines[i], numbers[i], options.source, variants);
    };
    std::vector<std::thread> pool;
    const std::size_t helpers = std::min<std::size_t>(threads, lines.size()) - 1;
    for (std::size_t t = 0; t < helpers; ++t) pool.emplace_back(work);
    work();
    for (auto& thread : pool) thread.join();
    // One write per chunk: a write per line costs a system call per line on an unbuffered stream.
    std::size_t bytes = 0;
    for (const std::string& result : results) bytes += result.size() + 1;
    written.clear();
    written.reserve(bytes);
    for (const std::string& result : results) {
      written += result;
      written += '\n';
      // An error line starts {"file" or {"line"; a result starts {"phase".
      if (result.rfind("{\"phase\"", 0) != 0) ++totals.failed;
    }
    out.write(written.data(), static_cast<std::streamsize>(written.size()));
    lines.clear();
    numbers.clear();
  };
  while (std::getline(in, text)) {
    ++number;
    if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
    ++totals.games;
    lines.push_back(std::move(text));
    numbers.push_back(number);
    if (lines.size() == chunk) flush();
  }
  if (!lines.empty()) flush();
  return totals;
}

}  // namespace dipadj
