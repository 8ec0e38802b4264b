// Inputs that once aborted the program or did something silently wrong (tests/data/reliability,
// README there): each now ends in a clear message naming the file and line, or in correct output.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "cli_run.hpp"
#include "scratch_directory.hpp"
#include "dipadj/board/phase.hpp"
#include "dipadj/datc/case_file.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/formats/record_file.hpp"
#include "dipadj/text.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace {

namespace fs = std::filesystem;
using dipadj::testing::ScratchDirectory;
using dipadj::testing::run_cli;

const fs::path kInputs = fs::path(DIPADJ_TEST_DATA) / "reliability";
const fs::path kVariants = DIPADJ_VARIANTS_DIR;

template <class T>
std::string all_errors(const dipadj::Expected<T>& loaded) {
  return loaded ? std::string("(loaded)") : dipadj::format_diagnostics(loaded.errors());
}

std::string read_text(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// A value of the wrong YAML kind: yaml-cpp's exception becomes a diagnostic with file and line.
TEST(Reliability, WrongKindsOfYamlValuesAreErrorsWithTheirLine) {
  const auto scalar_case = dipadj::load_case_file(kInputs / "crash-case-scalar-case/case-scalar-case.yaml");
  EXPECT_NE(all_errors(scalar_case).find("case-scalar-case.yaml:3: expected a mapping (with the key \"id\") here"), std::string::npos)
      << all_errors(scalar_case);
  const auto scalar_then = dipadj::load_case_file(kInputs / "crash-case-then-scalar/case-then-scalar.yaml");
  EXPECT_NE(all_errors(scalar_then).find("case-then-scalar.yaml:7: expected a mapping"), std::string::npos) << all_errors(scalar_then);
  const auto dislodged = dipadj::load_game_file(kInputs / "crash-game-dislodged-scalar/game.yaml");
  EXPECT_NE(all_errors(dislodged).find("game.yaml:7: expected a mapping (with the key \"unit\")"), std::string::npos)
      << all_errors(dislodged);
  const auto proxies = dipadj::load_game_file(kInputs / "crash-game-proxies-scalar/game.yaml");
  EXPECT_NE(all_errors(proxies).find("game.yaml:8: expected a mapping"), std::string::npos) << all_errors(proxies);
  const auto record = dipadj::load_record_file(kInputs / "crash-record-phase-scalar/record-phase-scalar.yaml");
  EXPECT_NE(all_errors(record).find("record-phase-scalar.yaml:3: expected a mapping (with the key \"phase\")"), std::string::npos)
      << all_errors(record);
  const auto start = dipadj::load_variant(kInputs / "crash-variant-start-scalar/variant.yaml");
  EXPECT_NE(all_errors(start).find("variant.yaml:7: expected a mapping"), std::string::npos) << all_errors(start);
  for (const auto& [folder, line] : {std::pair{"crash-map-coast-key-province", 5}, std::pair{"crash-map-coast-key-toplevel", 3}}) {
    const auto variant = dipadj::load_variant(kInputs / folder / "variant.yaml");
    EXPECT_NE(all_errors(variant).find("map.yaml:" + std::to_string(line) + ": expected a single value here"), std::string::npos)
        << all_errors(variant);
  }
  const auto game = dipadj::load_game_file(kInputs / "crash-map-coast-key-toplevel/game.yaml");
  EXPECT_NE(all_errors(game).find("map.yaml:3: expected a single value here"), std::string::npos) << all_errors(game);
}

TEST(Reliability, AVariantNameLongerThanAFileNameIsAnError) {
  const auto game = dipadj::load_game_file(kInputs / "crash-game-variant-name-too-long/game.yaml");
  ASSERT_FALSE(game);
  EXPECT_NE(all_errors(game).find("game.yaml:2: cannot load variant"), std::string::npos) << all_errors(game);
  // A message quotes at most a couple of hundred bytes of it.
  for (const auto& error : game.errors()) EXPECT_LT(error.to_string().size(), 2300u) << error.to_string();
}

TEST(Reliability, AProvinceIdIsOneThatOrdersCanName) {
  const auto variant = dipadj::load_variant(kInputs / "id-with-underscore/variant.yaml");
  EXPECT_NE(all_errors(variant).find("map.yaml:3: province id 'a_b': an id has only small letters and digits"), std::string::npos)
      << all_errors(variant);
}

TEST(Reliability, YearsAreNumbersFromOneToTheLimit) {
  EXPECT_TRUE(dipadj::parse_phase("Spring 1 Movement"));
  EXPECT_TRUE(dipadj::parse_phase("Fall 1000000 Movement"));
  for (const char* text : {"Spring 0 Movement", "Spring -1 Movement", "Spring 1000001 Movement", "Spring 2147483647 Movement",
                           "Spring 99999999999999999999 Movement", "Spring 19.01 Movement", "Spring 1901x Movement", "Spring +5 Movement"})
    EXPECT_FALSE(dipadj::parse_phase(text)) << text;
  for (const char* file : {"year-intmax.yaml", "year-intmax-winter.yaml"}) {
    const auto game = dipadj::load_game_file(kInputs / "ubsan-year-overflow" / file);
    EXPECT_NE(all_errors(game).find(":3: cannot read the phase"), std::string::npos) << all_errors(game);
    EXPECT_NE(all_errors(game).find("years from 1 to 1000000"), std::string::npos) << all_errors(game);
  }
}

// YAML's .nan as a random-map setting is refused like any number out of range (it once passed the
// range check and was cast to an integer: undefined behaviour).
TEST(Reliability, NotANumberIsOutOfEveryRange) {
  for (const auto& [folder, key] : {std::pair{"nanvar-seed", "seed"}, std::pair{"nanvar-centres", "centres"}}) {
    const auto variant = dipadj::load_variant(kInputs / "ubsan-random-map-nan" / folder / "variant.yaml");
    EXPECT_NE(all_errors(variant).find(std::string("'") + key + "' must be a number from"), std::string::npos)
        << all_errors(variant);
  }
}

// A raw 0xFF byte in an order: the JSON output stays valid UTF-8.
TEST(Reliability, JsonOutputIsValidUtf8) {
  const auto run = run_cli("adjudicate --json '" + (kInputs / "json-invalid-utf8/game.yaml").string() + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  const auto result = nlohmann::json::parse(run.output, nullptr, false);  // refuses invalid UTF-8
  ASSERT_FALSE(result.is_discarded()) << run.output;
  EXPECT_NE(result.dump().find("\xEF\xBF\xBD"), std::string::npos) << "the bad byte is shown as U+FFFD";
}

// A next file written elsewhere finds the variant its game named by a relative path.
TEST(Reliability, ARelativeVariantPathIsRewrittenForTheNextFile) {
  ScratchDirectory scratch;
  const auto next = scratch.path / "elsewhere" / "next.yaml";
  fs::create_directories(next.parent_path());
  auto run = run_cli("adjudicate next-file-relative-variant/games/sub/g.yaml --next '" + next.string() + "'", kInputs.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  run = run_cli("adjudicate '" + next.string() + "'", "/");
  EXPECT_EQ(run.exit_code, 0) << run.output << read_text(next);
  run = run_cli("adjudicate elsewhere/next.yaml", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output << read_text(next);
}

// A variant path with '#' is quoted in the next file, so YAML does not read it as a comment.
TEST(Reliability, AVariantPathWithAHashIsQuoted) {
  ScratchDirectory scratch;
  fs::create_directories(scratch.path / "games #2");
  fs::create_directory_symlink(kVariants / "amber", scratch.path / "games #2" / "amber");
  std::string game = read_text(kVariants / "amber/examples/spring-1901.yaml");
  const auto at = game.find("variant: ");
  ASSERT_NE(at, std::string::npos);
  game.replace(at, game.find('\n', at) - at, "variant: \"games #2/amber\"");
  std::ofstream(scratch.path / "game.yaml") << game;
  auto run = run_cli("adjudicate game.yaml --next next.yaml", scratch.path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  run = run_cli("adjudicate next.yaml", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output << read_text(scratch.path / "next.yaml");
}

// A variant's name is looked for on the search path only: a folder of that name in the current
// directory does not replace it.
TEST(Reliability, TheCurrentDirectoryCannotReplaceABundledVariant) {
  ScratchDirectory scratch;
  fs::create_directories(scratch.path / "standard");
  for (const char* file : {"variant.yaml", "map.yaml"}) fs::copy_file(kVariants / "standard" / file, scratch.path / "standard" / file);
  std::string variant = read_text(scratch.path / "standard/variant.yaml");
  const auto title = variant.find("title: ");
  variant.replace(title, variant.find('\n', title) - title, "title: IMPOSTOR");
  std::ofstream(scratch.path / "standard/variant.yaml") << variant;
  const auto run = run_cli("adjudicate '" + (kVariants / "standard/examples/spring-1901.yaml").string() + "'", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(run.output.find("IMPOSTOR"), std::string::npos) << run.output;
  // Named as a path, it is used.
  const auto own = run_cli("validate ./standard", scratch.path.string());
  EXPECT_NE(own.output.find("standard"), std::string::npos) << own.output;
}

// A plugin name that is not a plain name is refused, with its line, before any file is looked at.
TEST(Reliability, PluginNamesMustBePlainNames) {
  ScratchDirectory scratch;
  const std::string head = "format: dipadj-variant/1\nname: v\ntitle: t\nmap: " + (kVariants / "standard/map.yaml").string() +
                           "\npowers:\n  - {name: England, adjective: English, home_centres: [lon]}\nplugins:\n  - name: ";
  for (const char* name : {"\"../../x\"", "\"a/b\"", "\"x\\0y\"", "\"..\"", "\"-x\"", "\"libdipadj-x.so\""}) {
    std::ofstream(scratch.path / "variant.yaml") << head << name << "\n";
    const auto variant = dipadj::load_variant(scratch.path / "variant.yaml", std::vector<fs::path>{scratch.path});
    EXPECT_NE(all_errors(variant).find("variant.yaml:8: plugin name '"), std::string::npos) << name << "\n" << all_errors(variant);
    EXPECT_NE(all_errors(variant).find("' refused: a plugin name has only letters, digits"), std::string::npos) << all_errors(variant);
  }
  EXPECT_TRUE(dipadj::is_plain_name("trans-siberian-railroad"));
  EXPECT_FALSE(dipadj::is_plain_name(std::string("x\0y", 3)));
}

// Control bytes from the input are not printed raw (a terminal would obey them).
TEST(Reliability, MessagesDoNotEchoControlBytes) {
  const dipadj::Diagnostic d{"f.yaml", 3, "order 'A Par \x1b[2J - Bur': no such province"};
  EXPECT_EQ(d.to_string(), "f.yaml:3: order 'A Par \\x1b[2J - Bur': no such province");
  const dipadj::Diagnostic huge{"f.yaml", 1, std::string(50 << 20, 'A')};
  EXPECT_LT(huge.to_string().size(), 2100u);
}

TEST(Reliability, AFileIsWrittenWhole) {
  ScratchDirectory scratch;
  const fs::path file = scratch.path / "game.yaml";
  EXPECT_EQ(dipadj::write_file_atomically(file, "first\n"), "");
  EXPECT_EQ(read_text(file), "first\n");
  EXPECT_EQ(dipadj::write_file_atomically(file, "second\n"), "");
  EXPECT_EQ(read_text(file), "second\n");
  // Only regular files are replaced.
  EXPECT_NE(dipadj::write_file_atomically("/dev/null", "x"), "");
  EXPECT_NE(dipadj::write_file_atomically(scratch.path, "x"), "");
  EXPECT_NE(dipadj::write_file_atomically(scratch.path / "no-such-dir" / "f.yaml", "x"), "");
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(scratch.path)) ++entries;
  EXPECT_EQ(entries, 1u) << "no temporary file is left behind";
}

// A write that fails midway (here: the file-size limit is reached after 100 bytes, as a full disk
// would stop it) leaves the old file as it was and no temporary file.
TEST(Reliability, AWriteThatFailsMidwayLeavesTheOldFile) {
  ScratchDirectory scratch;
  const fs::path file = scratch.path / "game.yaml";
  std::ofstream(file) << "the old game\n";
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    std::signal(SIGXFSZ, SIG_IGN);
    const rlimit limit{100, 100};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    const std::string error = dipadj::write_file_atomically(file, std::string(10000, 'x'));
    ::_exit(error.find("cannot write") != std::string::npos ? 0 : 1);
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "the failed write was not reported";
  EXPECT_EQ(read_text(file), "the old game\n");
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(scratch.path)) ++entries;
  EXPECT_EQ(entries, 1u) << "no temporary file is left behind";
}

TEST(Reliability, TheNextFileIsNeverTheGameFileByAccident) {
  ScratchDirectory scratch;
  fs::copy_file(kVariants / "standard/examples/spring-1901.yaml", scratch.path / "g.yaml");
  std::string game = read_text(scratch.path / "g.yaml");
  // The example names its variant by name; nothing else to adjust.
  auto run = run_cli("adjudicate g.yaml --next g.yaml", scratch.path.string());
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_NE(run.output.find("--in-place"), std::string::npos) << run.output;
  run = run_cli("adjudicate g.yaml --next ./g.yaml", scratch.path.string());
  EXPECT_EQ(run.exit_code, 2) << run.output;
  EXPECT_EQ(read_text(scratch.path / "g.yaml"), game);
  // --in-place plays on in the same file and keeps the phase played beside it.
  run = run_cli("adjudicate g.yaml --in-place", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_EQ(read_text(scratch.path / "g.spring-1901-movement.yaml"), game);
  EXPECT_NE(read_text(scratch.path / "g.yaml").find("phase: Fall 1901 Movement"), std::string::npos) << read_text(scratch.path / "g.yaml");
}

TEST(Reliability, AFullDiskIsAFailure) {
  const std::string game = "'" + (kVariants / "standard/examples/spring-1901.yaml").string() + "'";
  auto run = run_cli("adjudicate " + game + " --next /dev/full");
  EXPECT_EQ(run.exit_code, 1) << run.output;
  EXPECT_NE(run.output.find("not a regular file"), std::string::npos) << run.output;
  // Standard output on a full disk: the messages go to a file, the results nowhere.
  ScratchDirectory scratch;
  const fs::path messages = scratch.path / "stderr.txt";
  const int status = std::system(("'" + std::string(DIPADJ_CLI) + "' adjudicate " + game + " --json > /dev/full 2> '" +
                                  messages.string() + "'").c_str());
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << status;
  EXPECT_NE(read_text(messages).find("cannot write the output"), std::string::npos) << read_text(messages);
}

// What yaml-cpp accepts but a reader must not: nesting past a limit (yaml-cpp said "bad file"),
// aliases standing for far more than the file (a 1 MB case file that repeated one anchored case
// 200,000 times took 92 s and 8.7 GB), and a key given twice (the first one silently won).
TEST(Reliability, YamlNestingAliasesAndRepeatedKeysHaveLimits) {
  ScratchDirectory scratch;
  const std::string game_head = "format: dipadj-game/1\nvariant: standard\nphase: Spring 1901 Movement\n";
  auto write = [&](const std::string& name, const std::string& text) {
    std::ofstream(scratch.path / name, std::ios::binary) << text;
    return scratch.path / name;
  };
  for (const std::size_t depth : {std::size_t{70}, std::size_t{100'000}}) {
    const auto deep = dipadj::load_game_file(write("deep.yaml", game_head + "units: " + std::string(depth, '[') + std::string(depth, ']')));
    EXPECT_NE(all_errors(deep).find("deep.yaml:4: lists and mappings nested deeper than 64 levels"), std::string::npos)
        << all_errors(deep).substr(0, 500);
  }
  std::string cases = "format: dipadj-cases/1\nsource: aliases\nvariant: standard\ncases:\n"
                      "  - id: X.1\n    units: &u {France: [A Paris]}\n    orders: {France: [A Paris - Burgundy: succeeds]}\n    note: [*u";
  for (int i = 0; i < 200'000; ++i) cases += ", *u";
  const auto bomb = dipadj::load_case_file(write("bomb.yaml", cases + "]\n"));
  EXPECT_NE(all_errors(bomb).find("bomb.yaml:8: aliases stand for more than 100000 values"), std::string::npos) << all_errors(bomb).substr(0, 500);
  // Each case is read on its own (case files are read case by case): an alias names an anchor
  // of its own case.
  const auto across = dipadj::load_case_file(
      write("across.yaml", "format: dipadj-cases/1\nvariant: standard\ncases:\n  - &c\n    id: X.1\n    units: {France: [A Paris]}\n  - *c\n"));
  EXPECT_NE(all_errors(across).find("across.yaml:7: YAML syntax error: the referenced anchor is not defined here (each case is read on its own"),
            std::string::npos)
      << all_errors(across);
  // A few aliases are fine.
  const auto few = dipadj::load_game_file(write("few.yaml", game_head + "units:\n  France: &army [A Paris]\n  Italy: [A Rome]\n"));
  EXPECT_TRUE(few) << all_errors(few);
  const auto twice = dipadj::load_game_file(write("twice.yaml", game_head + "phase: Fall 1901 Movement\nunits: {France: [A Paris]}\n"));
  EXPECT_NE(all_errors(twice).find("twice.yaml:4: the key 'phase' is given twice in this mapping (first on line 3)"), std::string::npos)
      << all_errors(twice);
  const auto nested_twice = dipadj::load_game_file(write("nested.yaml", game_head + "units: {France: [A Paris], France: [A Brest]}\n"));
  EXPECT_NE(all_errors(nested_twice).find("nested.yaml:4: the key 'France' is given twice"), std::string::npos) << all_errors(nested_twice);
}

// A case file is read case by case (a jDip file of a million tiny cases once ran out of memory
// and aborted; the number of cases was then bounded): any number of cases is read, each handed
// over as it is read, and a case that cannot be read fails alone.
TEST(Reliability, ACaseFileIsReadCaseByCase) {
  ScratchDirectory scratch;
  constexpr int kCases = 12'000;
  std::string jdip = "VARIANT_ALL Standard\n";
  for (int i = 0; i < kCases; ++i) {
    const std::string unit = i == 7 ? "A lundon" : "A lon";  // case 7 names no province
    jdip += "CASE c" + std::to_string(i) + "\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\n\tEngland: " + unit + "\nORDERS\n\tEngland: A lon - wal\nPOSTSTATE\n\tEngland: A wal\nEND\n";
  }
  std::ofstream(scratch.path / "many.txt") << jdip;
  std::string yaml = "format: dipadj-cases/1\nsource: many\nvariant: standard\ncases:\n";
  for (int i = 0; i < kCases; ++i)
    yaml += "  - {id: c" + std::to_string(i) + ", units: {England: [" + (i == 7 ? "A Lundon" : "A London") +
            "]}, orders: {England: [A London - Wales: succeeds]}}\n";
  std::ofstream(scratch.path / "many.yaml") << yaml;
  for (const char* name : {"many.txt", "many.yaml"}) {
    int taken = 0;
    std::vector<std::string> broken;
    dipadj::CaseFile header;
    const auto errors = dipadj::read_cases(scratch.path / name, header,
                                           [&](const dipadj::CaseFile& file, dipadj::TestCase& test, const std::vector<dipadj::Diagnostic>& problems) {
                                             EXPECT_TRUE(file.variant != nullptr);
                                             ++taken;
                                             if (!problems.empty()) broken.push_back(test.id + ": " + problems.front().message);
                                           });
    EXPECT_TRUE(errors.empty()) << name << ": " << dipadj::format_diagnostics(errors);
    EXPECT_EQ(taken, kCases) << name;
    ASSERT_EQ(broken.size(), 1u) << name;
    EXPECT_NE(broken.front().find("c7: "), std::string::npos) << broken.front();
    EXPECT_NE(broken.front().find("undon"), std::string::npos) << broken.front();
    // Collected whole, the one bad case refuses the file, with its line.
    const auto whole = dipadj::load_case_file(scratch.path / name);
    EXPECT_FALSE(whole);
    EXPECT_NE(all_errors(whole).find(std::string(name) + (name == std::string("many.txt") ? ":68:" : ":12:")), std::string::npos)
        << all_errors(whole);
  }
}

// The file's own keys come before its cases (which are read and run as they come); one after
// them is said so, not silently applied to some cases only.
TEST(Reliability, ACaseFilesKeysComeBeforeItsCases) {
  ScratchDirectory scratch;
  std::ofstream(scratch.path / "late.yaml") << "format: dipadj-cases/1\nvariant: standard\ncases:\n"
                                               "  - {id: X.1, units: {France: [A Paris]}, orders: {France: [A Paris - Burgundy: succeeds]}}\n"
                                               "rules: {convoy_paradox: szykman}\nwhatever: 1\n";
  const auto late = dipadj::load_case_file(scratch.path / "late.yaml");
  EXPECT_NE(all_errors(late).find("late.yaml:5: 'rules' comes after 'cases'"), std::string::npos) << all_errors(late);
  EXPECT_NE(all_errors(late).find("late.yaml:6: unknown key 'whatever'"), std::string::npos) << all_errors(late);
  std::ofstream(scratch.path / "no-format.yaml") << "variant: standard\ncases:\n  - {id: X.1}\nformat: dipadj-cases/1\n";
  const auto no_format = dipadj::load_case_file(scratch.path / "no-format.yaml");
  EXPECT_NE(all_errors(no_format).find("no-format.yaml:4: 'format' comes after 'cases'"), std::string::npos) << all_errors(no_format);
  // No case at all: the keys may come in any order.
  std::ofstream(scratch.path / "empty.yaml") << "cases: []\nformat: dipadj-cases/1\nvariant: standard\n";
  EXPECT_TRUE(dipadj::load_case_file(scratch.path / "empty.yaml")) << all_errors(dipadj::load_case_file(scratch.path / "empty.yaml"));
}

// Files that are no game files: a directory, a device, a file whose read fails (EIO once escaped
// as an uncaught std::ios_base::failure).
TEST(Reliability, WhatCannotBeReadIsSaidSo) {
  const auto directory = dipadj::load_game_file(fs::temp_directory_path());
  EXPECT_NE(all_errors(directory).find("a directory, not a file"), std::string::npos) << all_errors(directory);
  const auto device = dipadj::load_game_file("/dev/null");
  EXPECT_NE(all_errors(device).find("not a regular file"), std::string::npos) << all_errors(device);
  const auto memory = dipadj::load_game_file("/proc/self/mem");
  EXPECT_FALSE(memory);
}

// A variant's `map:` (and a game's `variant:`) may name any file; until the file says it is a map
// (a variant), nothing of it is quoted in messages (its keys once were, line by line).
TEST(Reliability, AFileThatIsNoMapIsNotQuoted) {
  const auto variant = dipadj::load_variant(kInputs / "variant-map-file-read/variant.yaml");
  const std::string errors = all_errors(variant);
  EXPECT_NE(errors.find("settings.yaml:2: missing 'format: dipadj-map/1'"), std::string::npos) << errors;
  EXPECT_EQ(errors.find("database_password"), std::string::npos) << errors;
  EXPECT_EQ(errors.find("hunter2"), std::string::npos) << errors;
  ScratchDirectory scratch;
  std::ofstream(scratch.path / "game.yaml") << "format: dipadj-game/1\nvariant: '"
                                            << (kInputs / "variant-map-file-read/private/settings.yaml").string()
                                            << "'\nphase: Spring 1901 Movement\n";
  const auto game = dipadj::load_game_file(scratch.path / "game.yaml");
  EXPECT_FALSE(game);
  EXPECT_EQ(all_errors(game).find("database_password"), std::string::npos) << all_errors(game);
}

// A province name with a comma (valid in a map) is written into the next game file and read back
// (the order parser reads a comma as a space; names are compared the same way).
TEST(Reliability, AProvinceNameWithACommaReadsBack) {
  ScratchDirectory scratch;
  fs::copy(kVariants / "amber", scratch.path / "amber", fs::copy_options::recursive);
  {
    std::string map = read_text(scratch.path / "amber/map.yaml");
    const auto at = map.find("name: Lorne\n");
    ASSERT_NE(at, std::string::npos);
    map.replace(at, std::string("name: Lorne\n").size(), "name: \"Lorne, the Isle\"\n");
    std::ofstream(scratch.path / "amber/map.yaml") << map;
    std::string variant = read_text(scratch.path / "amber/variant.yaml");
    for (std::size_t p = variant.find("A Lorne"); p != std::string::npos; p = variant.find("A Lorne")) variant.replace(p, 7, "A lor");
    std::ofstream(scratch.path / "amber/variant.yaml") << variant;
  }
  std::ofstream(scratch.path / "g.yaml") << "format: dipadj-game/1\nvariant: ./amber\nphase: Spring 1901 Movement\n"
                                           "orders:\n  Arden: [\"A Lorne, the Isle Hold\"]\n";
  auto run = run_cli("adjudicate g.yaml --next n.yaml", scratch.path.string());
  ASSERT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(read_text(scratch.path / "n.yaml").find("\"A Lorne, the Isle\""), std::string::npos) << read_text(scratch.path / "n.yaml");
  run = run_cli("adjudicate n.yaml", scratch.path.string());
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_NE(run.output.find("A Lorne, the Isle"), std::string::npos) << run.output;
}

}  // namespace
