// Input and output that once went silently wrong (issue 26, fifth round): a read error taken for
// the end of the input, a batch line of any length, a next game file past the last year, a
// history appended before the next file was written, repeated case ids, temporary files left by
// interrupted writes, --in-place replacing a symbolic link. Each now ends in a clear message, or in
// correct output.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/file.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ios>
#include <sstream>
#include <streambuf>
#include <string>
#include <system_error>
#include <vector>

#include "cli_run.hpp"
#include "dipadj/datc/case_file.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/service/batch.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/service/session.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "scratch_directory.hpp"

namespace {

namespace fs = std::filesystem;
using dipadj::testing::CliRun;
using dipadj::testing::run_cli;
using dipadj::testing::ScratchDirectory;

const fs::path kInputs = fs::path(DIPADJ_TEST_DATA) / "reliability";
const fs::path kExamples = fs::path(DIPADJ_VARIANTS_DIR) / "standard" / "examples";

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

template <class T>
std::string all_errors(const dipadj::Expected<T>& loaded) {
  return loaded ? std::string("(loaded)") : dipadj::format_diagnostics(loaded.errors());
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++count;
  return count;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// Runs dipadj with `arguments` (as a shell reads them), its standard input the master side of a
// pseudo-terminal whose other side wrote `text` and closed: dipadj reads `text`, then the read
// fails with EIO, as a terminal emulator's read fails when its shell exits. A real read error
// after some data, on a real file descriptor, with neither FUSE nor strace.
CliRun run_cli_with_failing_input(const std::string& arguments, const std::string& text, const std::string& directory) {
  CliRun run;
  const int master = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (master < 0 || ::grantpt(master) != 0 || ::unlockpt(master) != 0) {
    ADD_FAILURE() << "no pseudo-terminal: " << std::strerror(errno);
    return run;
  }
  const int other = ::open(::ptsname(master), O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (other < 0) {
    ADD_FAILURE() << "cannot open the pseudo-terminal's other side: " << std::strerror(errno);
    ::close(master);
    return run;
  }
  // Bytes through unchanged (no "\n" -> "\r\n", no line editing).
  for (const int side : {master, other}) {
    termios raw{};
    ::tcgetattr(side, &raw);
    ::cfmakeraw(&raw);
    ::tcsetattr(side, TCSANOW, &raw);
  }
  const fs::path out = fs::temp_directory_path() / ("dipadj_failing_input_" + std::to_string(::getpid()) + ".txt");
  const std::string command = "cd '" + directory + "' && exec '" + DIPADJ_CLI + "' " + arguments + " > '" + out.string() + "' 2>&1";
  const pid_t child = ::fork();
  if (child == 0) {
    ::dup2(master, 0);
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(master);
  // Written while dipadj reads (a pseudo-terminal holds only some kilobytes), then closed.
  for (std::string_view rest = text; !rest.empty();) {
    const ssize_t written = ::write(other, rest.data(), rest.size());
    if (written <= 0) break;
    rest.remove_prefix(static_cast<std::size_t>(written));
  }
  ::close(other);
  int status = 0;
  ::waitpid(child, &status, 0);
  run.output = read_text(out);
  fs::remove(out);
  EXPECT_TRUE(WIFEXITED(status)) << "the tool did not exit normally (crashed?): " << command;
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  return run;
}

// Gives `text`, then fails as std::filebuf fails on an input/output error: it throws
// std::ios_base::failure with the error number.
class FailingBuffer final : public std::streambuf {
 public:
  explicit FailingBuffer(std::string text) : text_(std::move(text)) { setg(text_.data(), text_.data(), text_.data() + text_.size()); }

 protected:
  int_type underflow() override {
    throw std::ios_base::failure("basic_filebuf::underflow error reading the file", std::error_code(EIO, std::system_category()));
  }

 private:
  std::string text_;
};

// The Spring 1901 example as one JSON line (what `dipadj batch` reads).
std::string spring_game_line() {
  const auto game = dipadj::load_game_file(kExamples / "spring-1901.yaml");
  EXPECT_TRUE(game) << all_errors(game);
  nlohmann::ordered_json file = dipadj::game_file_json(*game->variant, "standard", game->state, game->rules);
  file["orders"] = {{"France", {"A Paris - Burgundy"}}, {"Germany", {"A Munich - Burgundy"}}};
  return file.dump();
}

// A read error in the middle of standard input ends in an error naming it, never in the part read
// taken for the whole: the game cut after Germany's orders once adjudicated with the others'
// units holding, exit 0; a batch answered the lines read, "0 failed"; a jDip case file ran the
// cases before the cut, exit 0.
TEST(IoReliability, AReadErrorMidwayThroughStandardInputIsNoEnd) {
  ScratchDirectory scratch;
  const std::string game = read_text(kExamples / "spring-1901.yaml");
  const std::string cut = game.substr(0, game.find("  Italy: [F Nap"));
  ASSERT_LT(cut.size(), game.size());
  auto run = run_cli_with_failing_input("adjudicate - --next next.yaml", cut, scratch.path.string());
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("-: cannot read standard input (after " + std::to_string(cut.size()) + " bytes): Input/output error"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(run.output.find("Italy:"), std::string::npos) << "nothing is adjudicated\n" << run.output;
  EXPECT_FALSE(fs::exists(scratch.path / "next.yaml"));

  const std::string line = spring_game_line() + "\n";
  run = run_cli_with_failing_input("batch --threads 1", line + line + "\n" + line, scratch.path.string());
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_EQ(count_of(run.output, "{\"phase\":\"Spring 1901 Movement\""), 3u) << run.output;
  EXPECT_NE(run.output.find("{\"line\":5,\"error\":\"cannot read the input past line 4: Input/output error; the lines after it were not "
                            "adjudicated\"}"),
            std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("standard input: cannot read the input past line 4: Input/output error"), std::string::npos) << run.output;

  const std::string cases = read_text(fs::path(DIPADJ_TEST_DATA) / "jdip" / "sample.txt");
  const std::string two_cases = cases.substr(0, cases.find("END\n", cases.find("END\n") + 1) + 4);
  run = run_cli_with_failing_input("datc -", two_cases, scratch.path.string());
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("2 passed, 0 failed"), std::string::npos) << run.output;
  EXPECT_NE(run.output.find("-: cannot read the rest of the file: Input/output error"), std::string::npos) << run.output;
}

// The same in a batch read from a file: std::filebuf throws on a read error, which std::getline
// swallowed (it sets badbit and stops, as at the end).
// With one thread, and with several: there, the input is read ahead while a chunk is adjudicated
// (chunks of one line: the error comes while the line before is being adjudicated).
TEST(IoReliability, ABatchWhoseInputFailsMidwaySaysWhereAndFails) {
  const std::string line = spring_game_line() + "\n";
  for (const unsigned threads : {1U, 2U})
    for (const std::size_t chunk : {std::size_t{256}, std::size_t{1}}) {
      FailingBuffer failing(line + line);
      std::istream in(&failing);
      std::ostringstream out;
      dipadj::VariantCache variants;
      dipadj::BatchOptions options;
      options.threads = threads;
      options.chunk = chunk;
      options.source = "games.jsonl";
      const dipadj::BatchTotals totals = dipadj::adjudicate_json_lines(in, out, variants, options);
      const auto lines = lines_of(out.str());
      ASSERT_EQ(lines.size(), 3u) << out.str();
      EXPECT_TRUE(lines[0].starts_with("{\"phase\":")) << lines[0];
      EXPECT_TRUE(lines[1].starts_with("{\"phase\":")) << lines[1];
      EXPECT_EQ(lines[2], "{\"file\":\"games.jsonl\",\"line\":3,\"error\":\"cannot read the input past line 2: Input/output error; the "
                          "lines after it were not adjudicated\"}");
      EXPECT_EQ(totals.games, 2u);
      EXPECT_EQ(totals.failed, 1u);
    }
}

// A file whose first read fails (/proc/self/mem: nothing is mapped at 0) was read as empty: "a
// game file must be a mapping", a batch of no games (exit 0), an import of "no map file".
TEST(IoReliability, AFileThatCannotBeReadIsNotTakenForEmpty) {
  const auto game = dipadj::load_game_file("/proc/self/mem");
  EXPECT_NE(all_errors(game).find("/proc/self/mem: cannot read the file (after 0 bytes): Input/output error"), std::string::npos)
      << all_errors(game);
  for (const char* command : {"adjudicate /proc/self/mem", "batch /proc/self/mem", "history /proc/self/mem", "play /proc/self/mem"}) {
    const auto run = run_cli(command);
    EXPECT_EQ(run.exit_code, 1) << command << "\n" << run.output;
    EXPECT_NE(run.output.find("Input/output error"), std::string::npos) << command << "\n" << run.output;
  }
  ScratchDirectory scratch;
  const auto run = run_cli("import /proc/self/mem -o '" + (scratch.path / "out").string() + "'");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("/proc/self/mem: cannot read the file (after 0 bytes): Input/output error"), std::string::npos) << run.output;
}

// Whether peaks of memory mean anything: AddressSanitizer's shadow memory and quarantine of freed
// blocks make them many times what a run needs.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kPeakMemoryMeasured = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kPeakMemoryMeasured = false;
#else
constexpr bool kPeakMemoryMeasured = true;
#endif
#else
constexpr bool kPeakMemoryMeasured = true;
#endif

// Peak memory of a dipadj run (its own process, not a shell's), with its output.
struct MeasuredRun {
  int exit_code = -1;
  std::string output;
  long peak_kb = 0;
};

MeasuredRun run_cli_measured(const std::string& arguments, const fs::path& directory) {
  MeasuredRun run;
  const fs::path out = directory / "measured-output.txt";
  const std::string command =
      "cd '" + directory.string() + "' && exec '" + std::string(DIPADJ_CLI) + "' " + arguments + " > '" + out.string() + "' 2>&1";
  const pid_t child = ::fork();
  if (child == 0) {
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  rusage usage{};
  ::wait4(child, &status, 0, &usage);
  run.output = read_text(out);
  run.peak_kb = usage.ru_maxrss;
  EXPECT_TRUE(WIFEXITED(status)) << command;
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  return run;
}

// One line over the limit (64 MB) is answered with an error line naming it, without being held,
// and the lines after it go on (a 600 MB line took 2.16 GB).
TEST(IoReliability, ABatchLineOverTheLimitIsAnErrorLineAndTheRestGoesOn) {
  ScratchDirectory scratch;
  const std::string game = spring_game_line();
  {
    std::ofstream file(scratch.path / "games.jsonl", std::ios::binary);
    file << game << "\n";
    // A game with a string of 65 MB: it would be refused as a game anyway, but only once parsed.
    std::string huge = game;
    huge.insert(huge.size() - 1, ",\"note\":\"" + std::string(dipadj::kMaxBatchLineBytes + 1024 * 1024, 'a') + "\"");
    file << huge << "\n" << game << "\n";
  }
  const auto run = run_cli_measured("batch --threads 1 games.jsonl", scratch.path);
  EXPECT_EQ(run.exit_code, 1) << run.output.substr(0, 2000);
  const auto lines = lines_of(run.output);
  ASSERT_EQ(lines.size(), 4u) << run.output.substr(0, 2000);
  EXPECT_TRUE(lines[0].starts_with("{\"phase\":")) << lines[0];
  EXPECT_EQ(lines[1], "{\"file\":\"games.jsonl\",\"line\":2,\"error\":\"the line is over 64 MB, the most a game line may have; it was not "
                      "read\"}");
  EXPECT_TRUE(lines[2].starts_with("{\"phase\":")) << lines[2];
  EXPECT_EQ(lines[3], "dipadj batch: 3 games, 1 failed");
  // At most the limit is held (about twice that while the buffer grows), and nothing is parsed:
  // 130 MB here, where the line parsed took 271 MB.
  if (kPeakMemoryMeasured) {
    EXPECT_LT(run.peak_kb, 180 * 1024) << "peak memory " << run.peak_kb << " KB";
  }
}

// A game given in memory (the C API, Python, a program's batch reader) has a game file's limit:
// over 64 MB it is refused unparsed, with the reason, as a file or a batch line is.
TEST(IoReliability, AGameInMemoryOverTheLimitIsRefusedUnread) {
  std::string huge = spring_game_line();
  huge.insert(huge.size() - 1, ",\"note\":\"" + std::string(std::size_t{64} << 20U, 'a') + "\"");
  const auto read = dipadj::read_game_json(huge, "<game JSON>");
  ASSERT_FALSE(read);
  ASSERT_EQ(read.errors().size(), 1u);
  EXPECT_EQ(read.errors()[0].to_string(), "<game JSON>: the game JSON is over 64 MB, the most a game file may have; it was not read");
  dipadj::VariantCache variants;
  dipadj::GameLineAdjudicator reader;
  const std::string line = reader.line(huge, 7, "", variants);
  EXPECT_EQ(line, "{\"line\":7,\"error\":\"the game JSON is over 64 MB, the most a game file may have; it was not read\"}");
  // The same reader goes on with the next game.
  EXPECT_TRUE(reader.line(spring_game_line(), 8, "", variants).starts_with("{\"phase\":"));
}

// The last year a game can have (1,000,000) is where it stops: a next file for year 1,000,001
// was written with exit 0 and could not be read back (by the CLI, or by Python's Game.process()).
TEST(IoReliability, AGameStopsBeforeAYearItCouldNotReadBack) {
  for (const char* name : {"y1000000.yaml", "yw1000000.yaml"}) {
    const auto game = dipadj::load_game_file(kInputs / "year-limit-next-unreadable" / name);
    ASSERT_TRUE(game) << all_errors(game);
    const auto played = dipadj::play_game_file(game.value(), name);
    EXPECT_NE(all_errors(played).find(std::string(name) + ": " + dipadj::to_string(game->state.phase) +
                                      " is not played: the game would go on to Spring 1000001 Movement, past the last year a game "
                                      "can have (1000000)"),
              std::string::npos)
        << all_errors(played);
    ScratchDirectory scratch;
    const auto run = run_cli("adjudicate '" + (kInputs / "year-limit-next-unreadable" / name).string() + "' --next next.yaml",
                             scratch.path.string());
    EXPECT_EQ(run.exit_code, 1) << run.output;
    EXPECT_NE(run.output.find("past the last year a game can have (1000000)"), std::string::npos) << run.output;
    EXPECT_FALSE(fs::exists(scratch.path / "next.yaml"));
  }
  // A session (Python's Game, the C interface) stays in its phase.
  auto session = dipadj::GameSession::from_json(
      R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Fall 1000000 Movement"})");
  ASSERT_TRUE(session) << all_errors(session);
  const auto results = session->process();
  EXPECT_NE(all_errors(results).find("past the last year"), std::string::npos) << all_errors(results);
  EXPECT_EQ(dipadj::to_string(session->state().phase), "Fall 1000000 Movement");
  // The year before the last goes on as ever.
  auto earlier = dipadj::GameSession::from_json(
      R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Fall 999999 Movement"})");
  ASSERT_TRUE(earlier) << all_errors(earlier);
  const auto on = earlier->process();
  ASSERT_TRUE(on) << all_errors(on);
  EXPECT_EQ(dipadj::to_string(earlier->state().phase), "Spring 1000000 Movement");
}

// --history is written after --next: a failed --next leaves the history as it was, and the run
// again appends the phase once; a phase already the history's last, or one its last does not
// lead to, is refused (the history once held the phase twice, and `dipadj history` refused it).
TEST(IoReliability, TheHistoryIsWrittenAfterTheNextFileAndOnce) {
  ScratchDirectory scratch;
  const std::string spring = "'" + (kExamples / "spring-1901.yaml").string() + "'";
  auto run = run_cli("adjudicate " + spring + " --next nodir/next.yaml --history h.json", scratch.path.string());
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("nodir/next.yaml: cannot create a temporary file beside it"), std::string::npos) << run.output;
  EXPECT_FALSE(fs::exists(scratch.path / "h.json")) << read_text(scratch.path / "h.json");
  fs::create_directory(scratch.path / "nodir");
  run = run_cli("adjudicate " + spring + " --next nodir/next.yaml --history h.json", scratch.path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  run = run_cli("history h.json", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("1 phase(s)"), std::string::npos) << run.output;

  // The same phase again: refused, nothing written.
  const std::string history = read_text(scratch.path / "h.json");
  fs::remove(scratch.path / "nodir/next.yaml");
  run = run_cli("adjudicate " + spring + " --next nodir/next.yaml --history h.json", scratch.path.string());
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("h.json: Spring 1901 Movement (in the same position) is already the history's last phase"), std::string::npos)
      << run.output;
  EXPECT_NE(run.output.find("(nothing was written)"), std::string::npos) << run.output;
  EXPECT_EQ(read_text(scratch.path / "h.json"), history);
  EXPECT_FALSE(fs::exists(scratch.path / "nodir/next.yaml"));

  // A phase the last one does not lead to: refused.
  std::string other = read_text(kExamples / "spring-1901.yaml");
  other.replace(other.find("F Trieste]"), 10, "F Trieste, A Tyrolia]");
  std::ofstream(scratch.path / "other.yaml") << other;
  run = run_cli("adjudicate other.yaml --history h.json", scratch.path.string());
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("h.json: the history's last phase, \"Spring 1901 Movement\", leads to \"Fall 1901 Movement\", not to Spring "
                            "1901 Movement"),
            std::string::npos)
      << run.output;
  EXPECT_EQ(read_text(scratch.path / "h.json"), history);

  // The phase it leads to: appended.
  run = run_cli("adjudicate " + spring + " --next nodir/next.yaml", scratch.path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  run = run_cli("adjudicate nodir/next.yaml --history h.json", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  run = run_cli("history h.json", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("2 phase(s)"), std::string::npos) << run.output;

  // Results that cannot be written out (a full disk) stop the run before it writes a file.
  const int status = std::system(("cd '" + scratch.path.string() + "' && '" + DIPADJ_CLI + "' adjudicate " + spring +
                                  " --next full.yaml --history full.json > /dev/full 2> messages.txt")
                                     .c_str());
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << status;
  EXPECT_NE(read_text(scratch.path / "messages.txt").find("neither the next game file nor the history was written"), std::string::npos)
      << read_text(scratch.path / "messages.txt");
  EXPECT_FALSE(fs::exists(scratch.path / "full.yaml"));
  EXPECT_FALSE(fs::exists(scratch.path / "full.json"));
}

// Two cases of one file with the same id: the second is an error of its own, naming its line and
// the first's, in both formats (they were run as two cases of one name).
TEST(IoReliability, ARepeatedCaseIdIsAnErrorOfTheSecondCase) {
  ScratchDirectory scratch;
  std::ofstream(scratch.path / "twice.yaml") << "format: dipadj-cases/1\nvariant: standard\ncases:\n"
                                                "  - {id: X.1, units: {France: [A Paris]}, orders: {France: [A Paris - Burgundy: succeeds]}}\n"
                                                "  - {id: X.2, units: {France: [A Paris]}, orders: {France: [A Paris - Picardy: succeeds]}}\n"
                                                "  - {id: X.1, units: {France: [A Paris]}, orders: {France: [A Paris - Gascony: succeeds]}}\n";
  std::ofstream(scratch.path / "twice.txt") << "VARIANT_ALL Standard\n"
                                               "CASE 6.A.1 first\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\n\tEngland: A lon\n"
                                               "ORDERS\n\tEngland: A lon - wal\nPOSTSTATE\n\tEngland: A wal\nEND\n"
                                               "CASE 6.A.1 again\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\n\tEngland: A lon\n"
                                               "ORDERS\n\tEngland: A lon - yor\nPOSTSTATE\n\tEngland: A yor\nEND\n";
  for (const auto& [name, first, second] : {std::tuple{"twice.yaml", 4, 6}, std::tuple{"twice.txt", 2, 11}}) {
    std::vector<std::string> taken;
    dipadj::CaseFile header;
    const auto errors = dipadj::read_cases(scratch.path / name, header,
                                           [&](const dipadj::CaseFile&, dipadj::TestCase& test, const std::vector<dipadj::Diagnostic>& problems) {
                                             taken.push_back(test.id + (problems.empty() ? "" : " " + dipadj::format_diagnostics(problems)));
                                           });
    EXPECT_TRUE(errors.empty()) << dipadj::format_diagnostics(errors);
    ASSERT_EQ(taken.size(), name == std::string("twice.yaml") ? 3u : 2u) << name;
    EXPECT_EQ(taken.front(), name == std::string("twice.yaml") ? "X.1" : "6.A.1");
    const std::string id = name == std::string("twice.yaml") ? "X.1" : "6.A.1";
    EXPECT_EQ(taken.back(), id + " " + (scratch.path / name).string() + ":" + std::to_string(second) + ": the case id '" + id +
                                "' is already that of the case at line " + std::to_string(first) +
                                ": each case of a file has an id of its own\n");
    const auto run = run_cli("datc " + std::string(name), scratch.path.string());
    EXPECT_EQ(run.exit_code, 1) << run.output;
    EXPECT_NE(run.output.find("1 case(s) could not be read"), std::string::npos) << run.output;
    EXPECT_NE(run.output.find("the case id '" + id + "' is already that of the case at line"), std::string::npos) << run.output;
    const auto whole = dipadj::load_case_file(scratch.path / name);
    EXPECT_NE(all_errors(whole).find(std::string(name) + ":" + std::to_string(second) + ": the case id"), std::string::npos)
        << all_errors(whole);
  }
}

fs::path only_temporary_file(const fs::path& directory, const std::string& prefix) {
  fs::path found;
  for (const auto& entry : fs::directory_iterator(directory))
    if (entry.path().filename().string().starts_with(prefix)) {
      EXPECT_TRUE(found.empty()) << "two: " << found << " and " << entry.path();
      found = entry.path();
    }
  return found;
}

void make_old(const fs::path& file) { fs::last_write_time(file, fs::file_time_type::clock::now() - std::chrono::hours(2)); }

// A write killed midway left its temporary file for ever (59 after 300 kills). It is named after
// its file, and the next write of that file removes those no writer holds and nobody changed
// lately; other files, and a temporary file a writer still holds, stay.
TEST(IoReliability, TemporaryFilesOfInterruptedWritesAreCleanedUp) {
  ScratchDirectory scratch;
  const fs::path file = scratch.path / "game.yaml";
  ASSERT_EQ(dipadj::write_file_atomically(file, "the old game\n"), "");
  // Killed in the middle of writing (by the file-size limit's signal, as a kill would).
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    const rlimit no_core{0, 0};
    ::setrlimit(RLIMIT_CORE, &no_core);
    const rlimit limit{100, 100};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    std::signal(SIGXFSZ, SIG_DFL);
    (void)dipadj::write_file_atomically(file, std::string(10000, 'x'));
    ::_exit(0);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGXFSZ) << status;
  EXPECT_EQ(read_text(file), "the old game\n");
  const fs::path left = only_temporary_file(scratch.path, ".game.yaml.");
  ASSERT_FALSE(left.empty()) << "the interrupted write left its temporary file";
  EXPECT_EQ(left.filename().string().size(), std::string(".game.yaml.dipadj-tmp-XXXXXX").size()) << left;
  EXPECT_TRUE(left.filename().string().starts_with(".game.yaml.dipadj-tmp-")) << left;

  // Some others: one a writer holds, one just made, one of another file, a link by that name.
  const fs::path held = scratch.path / ".game.yaml.dipadj-tmp-held01";
  const fs::path fresh = scratch.path / ".game.yaml.dipadj-tmp-fresh1";
  const fs::path another = scratch.path / ".other.yaml.dipadj-tmp-abcdef";
  const fs::path link = scratch.path / ".game.yaml.dipadj-tmp-link01";
  for (const fs::path& made : {held, fresh, another}) std::ofstream(made) << "part of a game";
  fs::create_symlink(another, link);
  const int holder = ::open(held.c_str(), O_RDWR | O_CLOEXEC);
  ASSERT_GE(holder, 0);
  ASSERT_EQ(::flock(holder, LOCK_EX), 0);
  // Left over after its permissions were set to those of a read-only file it was to replace.
  const fs::path read_only = scratch.path / ".game.yaml.dipadj-tmp-ronly1";
  std::ofstream(read_only) << "part of a game";
  fs::permissions(read_only, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  for (const fs::path& old : {left, held, another, read_only}) make_old(old);

  // The next write of the file removes the left-over one only.
  ASSERT_EQ(dipadj::write_file_atomically(file, "the new game\n"), "");
  EXPECT_EQ(read_text(file), "the new game\n");
  EXPECT_FALSE(fs::exists(left)) << "the interrupted write's file is removed";
  EXPECT_FALSE(fs::exists(read_only));
  for (const fs::path& kept : {held, fresh, another}) EXPECT_TRUE(fs::exists(kept)) << kept;
  EXPECT_TRUE(fs::is_symlink(link));
  // Let go by its writer (which died), the held one is left over too.
  ::close(holder);
  ASSERT_EQ(dipadj::write_file_atomically(file, "the newer game\n"), "");
  EXPECT_FALSE(fs::exists(held));
  EXPECT_TRUE(fs::exists(fresh));
  EXPECT_TRUE(fs::exists(another));
}

// A symbolic link is written through: the file it points to gets the new text and the link stays
// (--in-place replaced the link with a plain file).
TEST(IoReliability, WritingThroughASymbolicLinkKeepsTheLink) {
  ScratchDirectory scratch;
  fs::create_directories(scratch.path / "games" / "real");
  const std::string spring = read_text(kExamples / "spring-1901.yaml");
  std::ofstream(scratch.path / "games" / "real" / "game.yaml") << spring;
  fs::create_symlink("games/real/game.yaml", scratch.path / "current.yaml");
  auto run = run_cli("adjudicate current.yaml --in-place", scratch.path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(fs::is_symlink(scratch.path / "current.yaml"));
  EXPECT_EQ(fs::read_symlink(scratch.path / "current.yaml"), "games/real/game.yaml");
  EXPECT_NE(read_text(scratch.path / "games" / "real" / "game.yaml").find("phase: Fall 1901 Movement"), std::string::npos);
  EXPECT_EQ(read_text(scratch.path / "current.spring-1901-movement.yaml"), spring);
  run = run_cli("adjudicate current.yaml --in-place --allow-missing", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(fs::is_symlink(scratch.path / "current.yaml"));
  EXPECT_TRUE(fs::exists(scratch.path / "current.fall-1901-movement.yaml"));

  // A chain of links, relative to where each is; a link to a file not there yet makes the file.
  fs::create_directory(scratch.path / "a");
  fs::create_symlink("../current.yaml", scratch.path / "a" / "link.yaml");
  ASSERT_EQ(dipadj::write_file_atomically(scratch.path / "a" / "link.yaml", "through two links\n"), "");
  EXPECT_TRUE(fs::is_symlink(scratch.path / "a" / "link.yaml"));
  EXPECT_TRUE(fs::is_symlink(scratch.path / "current.yaml"));
  EXPECT_EQ(read_text(scratch.path / "games" / "real" / "game.yaml"), "through two links\n");
  fs::create_symlink("not-yet.yaml", scratch.path / "dangling.yaml");
  ASSERT_EQ(dipadj::write_file_atomically(scratch.path / "dangling.yaml", "made\n"), "");
  EXPECT_TRUE(fs::is_symlink(scratch.path / "dangling.yaml"));
  EXPECT_EQ(read_text(scratch.path / "not-yet.yaml"), "made\n");
  // A loop of links is an error, not a hang.
  fs::create_symlink("loop2", scratch.path / "loop1");
  fs::create_symlink("loop1", scratch.path / "loop2");
  EXPECT_NE(dipadj::write_file_atomically(scratch.path / "loop1", "x").find("cannot follow its symbolic links"), std::string::npos);
}

}  // namespace
