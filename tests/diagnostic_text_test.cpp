// A message names a file from the input (a game's `variant:` path, say) as it quotes the input:
// control bytes written as \xNN and a long name cut, in the CLI, the C interface and every
// Diagnostic (tests/data/reliability/diag-path-unescaped).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli_run.hpp"
#include "scratch_directory.hpp"
#include "dipadj/diagnostic.hpp"
#include "dipadj/dipadj.h"
#include "dipadj/formats/game_file.hpp"

namespace {

namespace fs = std::filesystem;
using dipadj::testing::run_cli;

const fs::path kEscape = fs::path(DIPADJ_TEST_DATA) / "reliability" / "diag-path-unescaped" / "escape.yaml";

// Whether `text` holds a byte a terminal acts on (ESC, BEL, NUL, ...); line ends are allowed.
bool has_control_byte(const std::string& text) {
  return std::any_of(text.begin(), text.end(), [](char raw) {
    const auto c = static_cast<unsigned char>(raw);
    return (c < 0x20 && c != '\n') || c == 0x7f;
  });
}

// The C interface's error for a game, as a string the test owns.
std::string c_api_error(const std::string& game) {
  char* error = nullptr;
  char* result = dipadj_adjudicate_json(game.c_str(), &error);
  std::string text = error ? error : "";
  dipadj_free(result);
  dipadj_free(error);
  return text;
}

TEST(DiagnosticText, TheFileIsWrittenWithItsControlBytesEscaped) {
  const dipadj::Diagnostic diagnostic{"x\x1b]0;TITLE\x07\x1b[2J", 3, "no such file"};
  EXPECT_EQ(diagnostic.to_string(), "x\\x1b]0;TITLE\\x07\\x1b[2J:3: no such file");
  const dipadj::Diagnostic with_nul{std::string("stan\0dard", 9), 0, "no such file"};
  EXPECT_EQ(with_nul.to_string(), "stan\\x00dard: no such file");
}

TEST(DiagnosticText, ALongFileIsCutAsALongMessageIs) {
  const dipadj::Diagnostic diagnostic{"./" + std::string(1'000'000, 'a'), 2, "no such file"};
  const std::string text = diagnostic.to_string();
  EXPECT_LT(text.size(), 2100u);
  EXPECT_NE(text.find("bytes)..."), std::string::npos) << text.substr(0, 200);
  EXPECT_TRUE(text.ends_with(":2: no such file")) << text.substr(text.size() - 100);
}

TEST(DiagnosticText, AVariantPathWithEscapeSequencesReachesNoTerminal) {
  const auto game = dipadj::load_game_file(kEscape);
  ASSERT_FALSE(game);
  const std::string text = dipadj::format_diagnostics(game.errors());
  EXPECT_FALSE(has_control_byte(text)) << text;
  EXPECT_NE(text.find("/x\\x1b]0;PWNED-TITLE\\x07\\x1b[2J\\x1b[31mRED: no such file"), std::string::npos) << text;

  const auto run = run_cli("adjudicate '" + kEscape.string() + "'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_FALSE(has_control_byte(run.output)) << run.output;
  EXPECT_NE(run.output.find("escape.yaml:2: cannot load variant"), std::string::npos) << run.output;
}

// The command line's own messages that begin with a path the user gave follow the rule too: a
// folder whose name holds an escape sequence (unpacked from an archive, say) is written escaped.
TEST(DiagnosticText, TheCommandLinesOwnMessagesEscapeThePathTheyName) {
  const dipadj::testing::ScratchDirectory scratch;
  const fs::path folder = scratch.path / "cut\x1b[31moff";
  fs::create_directories(folder);
  for (const char* file : {"map.yaml", "variant.yaml"})
    fs::copy_file(fs::path(DIPADJ_TEST_DATA) / "cut-off-map" / file, folder / file);
  const auto validated = run_cli("validate '" + folder.string() + "'");
  EXPECT_EQ(validated.exit_code, 1);
  EXPECT_FALSE(has_control_byte(validated.output)) << validated.output;
  EXPECT_NE(validated.output.find("cut\\x1b[31moff: province 'f' has no neighbour"), std::string::npos) << validated.output;
  // A map that places one province of two: drawn with a warning that names the folder.
  std::ofstream(folder / "map.yaml") << "format: dipadj-map/1\nprovinces:\n"
                                        "  - {id: a, name: Alder, kind: land, supply_centre: true, army: [b], at: [0, 0]}\n"
                                        "  - {id: b, name: Birch, kind: land, supply_centre: true, army: [a]}\n";
  std::ofstream(folder / "variant.yaml") << "format: dipadj-variant/1\nname: ab\ntitle: ab\nmap: map.yaml\npowers:\n"
                                            "  - {name: P, adjective: P, home_centres: [a]}\n";
  const auto drawn = run_cli("draw --map '" + folder.string() + "' -o '" + (scratch.path / "ab.svg").string() + "'");
  EXPECT_EQ(drawn.exit_code, 0) << drawn.output;
  EXPECT_FALSE(has_control_byte(drawn.output)) << drawn.output;
  EXPECT_NE(drawn.output.find("warning: " + scratch.path.string() + "/cut\\x1b[31moff: 1 province(s) have no position"), std::string::npos)
      << drawn.output;
}

TEST(DiagnosticText, AMegabyteVariantPathGivesAShortMessage) {
  const std::string game = R"({"format": "dipadj-game/1", "variant": "./)" + std::string(1'000'000, 'v') +
                           R"(", "phase": "Spring 1901 Movement", "units": {}, "orders": {}})";
  const std::string error = c_api_error(game);
  EXPECT_NE(error.find("bytes)..."), std::string::npos) << error.substr(0, 300);
  EXPECT_LT(error.size(), 5000u);
}

TEST(DiagnosticText, TheCInterfaceEscapesTheFileItNames) {
  const std::string escaped = c_api_error(R"({"format": "dipadj-game/1", "variant": "x\u001b[31mred", "phase": "Spring 1901 Movement",
                                              "units": {}, "orders": {}})");
  EXPECT_FALSE(has_control_byte(escaped)) << escaped;
  EXPECT_NE(escaped.find("x\\x1b[31mred"), std::string::npos) << escaped;
  // A NUL in the name is written, not the end of the C string: the message goes on after it.
  const std::string nul = c_api_error(R"({"format": "dipadj-game/1", "variant": "stan\u0000dard", "phase": "Spring 1901 Movement",
                                         "units": {}, "orders": {}})");
  EXPECT_NE(nul.find("stan\\x00dard: no such file"), std::string::npos) << nul;
}

}  // namespace
