// dipadj import reads a map's parts only from inside the folder of the file imported, and its
// report is bounded: 100 notes and the count of the rest, 100 problems and then it stops
// (tests/data/reliability/import-use-reads-any-file).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "cli_run.hpp"
#include "dipadj/import/map_import.hpp"
#include "scratch_directory.hpp"

namespace {

namespace fs = std::filesystem;
using dipadj::testing::run_cli;
using dipadj::testing::ScratchDirectory;

const fs::path kInputs = fs::path(DIPADJ_TEST_DATA) / "reliability" / "import-use-reads-any-file";
const fs::path kTiny = fs::path(DIPADJ_TEST_DATA) / "import" / "dpjudge";
const fs::path kJdip = fs::path(DIPADJ_TEST_DATA) / "import" / "jdip";

std::string errors_of(const dipadj::Expected<dipadj::ImportedVariant>& imported) {
  return imported ? std::string("(imported)") : dipadj::format_diagnostics(imported.errors());
}

// A map of the tiny board whose own file adds `extra`, with its parts copied beside it.
fs::path tiny_map_with(const fs::path& folder, const std::string& extra) {
  for (const char* part : {"tiny.geography", "tiny.politics", "tiny.military"}) fs::copy_file(kTiny / part, folder / part);
  std::ofstream(folder / "big.map") << "USE tiny.politics\nUSE tiny.geography\nUSE tiny.military\n" << extra;
  return folder / "big.map";
}

std::string repeated(const std::string& line, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += line;
  return out;
}

TEST(ImportLimits, AnAbsolutePathOrDotDotInUseIsRefusedOnItsLine) {
  const auto absolute = dipadj::import_map(kInputs / "pw" / "a.map", dipadj::MapSource::DPjudge, "a");
  ASSERT_FALSE(absolute);
  EXPECT_EQ(absolute.errors().size(), 1u) << errors_of(absolute);
  EXPECT_NE(errors_of(absolute).find("a.map:1: USE '/etc/passwd': not read: a map's parts are read only from inside the folder of "
                                     "the file imported"),
            std::string::npos)
      << errors_of(absolute);
  EXPECT_NE(errors_of(absolute).find("this is an absolute path"), std::string::npos);
  const auto climbing = dipadj::import_map(kInputs / "pw" / "b.map", dipadj::MapSource::DPjudge, "b");
  ASSERT_FALSE(climbing);
  EXPECT_NE(errors_of(climbing).find("b.map:1: USE '../../../../../../../etc/passwd': not read:"), std::string::npos)
      << errors_of(climbing);
  EXPECT_NE(errors_of(climbing).find("'..' leads out of it"), std::string::npos);
  const auto map_line = dipadj::import_map(kInputs / "pw" / "c.map", dipadj::MapSource::DPjudge, "c");
  EXPECT_NE(errors_of(map_line).find("c.map:1: MAP '/etc/passwd': not read:"), std::string::npos) << errors_of(map_line);
  // Nothing of the file named is quoted.
  for (const auto* imported : {&absolute, &climbing, &map_line}) EXPECT_EQ(errors_of(*imported).find("root:"), std::string::npos);
}

TEST(ImportLimits, ALinkThatLeadsOutOfTheFolderIsRefused) {
  const ScratchDirectory scratch;
  fs::create_directories(scratch.path / "elsewhere");
  fs::create_directories(scratch.path / "map");
  std::ofstream(scratch.path / "elsewhere" / "secret.map") << "the secret line\n";
  fs::create_symlink("../elsewhere/secret.map", scratch.path / "map" / "part.map");
  std::ofstream(scratch.path / "map" / "main.map") << "USE part\n";
  const auto imported = dipadj::import_map(scratch.path / "map" / "main.map", dipadj::MapSource::DPjudge, "m");
  ASSERT_FALSE(imported);
  EXPECT_NE(errors_of(imported).find("main.map:1: USE 'part': not read:"), std::string::npos) << errors_of(imported);
  EXPECT_NE(errors_of(imported).find("a link that leads out of it"), std::string::npos) << errors_of(imported);
  EXPECT_EQ(errors_of(imported).find("secret line"), std::string::npos) << errors_of(imported);
}

TEST(ImportLimits, PartsInAFolderInsideAreStillRead) {
  const ScratchDirectory scratch;
  fs::create_directories(scratch.path / "parts");
  for (const char* part : {"tiny.geography", "tiny.politics", "tiny.military"}) fs::copy_file(kTiny / part, scratch.path / "parts" / part);
  // A link inside the folder, to a part inside it, is fine too.
  fs::create_symlink("parts/tiny.military", scratch.path / "military.map");
  std::ofstream(scratch.path / "main.map") << "USE parts/tiny.politics\nUSE ./parts/tiny.geography\nUSE military\n";
  const auto imported = dipadj::import_map(scratch.path / "main.map", dipadj::MapSource::DPjudge, "m");
  EXPECT_TRUE(imported) << errors_of(imported);
}

TEST(ImportLimits, AJdipAdjacencyFileOutsideTheFolderIsRefused) {
  const ScratchDirectory scratch;
  fs::create_directories(scratch.path / "variant");
  fs::copy_file(kJdip / "tiny_adjacency.xml", scratch.path / "tiny_adjacency.xml");
  std::ifstream in(kJdip / "variants.xml");
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const std::string& uri : {std::string("../tiny_adjacency.xml"), (scratch.path / "tiny_adjacency.xml").string()}) {
    std::string changed = text;
    for (std::size_t at = 0; (at = changed.find("adjacencyURI=\"tiny_adjacency.xml\"", at)) != std::string::npos;)
      changed.replace(at, 33, "adjacencyURI=\"" + uri + "\"");
    std::ofstream(scratch.path / "variant" / "variants.xml") << changed;
    const auto imported = dipadj::import_map(scratch.path / "variant" / "variants.xml", dipadj::MapSource::Jdip, "j");
    ASSERT_FALSE(imported) << uri;
    EXPECT_NE(errors_of(imported).find("variants.xml:12: adjacencyURI '" + uri + "': not read: a map's parts are read only from inside"),
              std::string::npos)
        << errors_of(imported);
  }
}

TEST(ImportLimits, NotesStopAtAHundredAndSayHowManyMore) {
  const ScratchDirectory scratch;
  const fs::path map = tiny_map_with(scratch.path, repeated("FLAGS SOMETHING\n", 300'000));
  const auto imported = dipadj::import_map(map, dipadj::MapSource::DPjudge, "big");
  ASSERT_TRUE(imported) << errors_of(imported);
  const auto& notes = imported->notes;
  ASSERT_EQ(notes.size(), 101u);
  EXPECT_NE(notes.back().to_string().find("big.map: "), std::string::npos) << notes.back().to_string();
  EXPECT_NE(notes.back().to_string().find(" more notes like these, left out (the first 100 are above)"), std::string::npos)
      << notes.back().to_string();
  // The tiny board's own notes and the 300,000 directives: all counted.
  const std::string count = notes.back().message.substr(0, notes.back().message.find(' '));
  EXPECT_GE(std::stoul(count), 300'000u - 100u) << notes.back().message;
}

TEST(ImportLimits, ProblemsStopTheImportAtAHundred) {
  const ScratchDirectory scratch;
  const fs::path map = tiny_map_with(scratch.path, repeated("LAND %%% ABUTS NSE\n", 300'000));
  const auto imported = dipadj::import_map(map, dipadj::MapSource::DPjudge, "big");
  ASSERT_FALSE(imported);
  ASSERT_EQ(imported.errors().size(), 101u);
  EXPECT_EQ(imported.errors().back().to_string(), map.string() + ": 100 problems: the import stopped reading there; mend these first");
  EXPECT_EQ(imported.errors()[99].line, 103);  // the three USE lines, then the 100th bad line
}

TEST(ImportLimits, TheCommandLinePrintsABoundedReport) {
  const ScratchDirectory scratch;
  fs::create_directories(scratch.path / "in");
  const fs::path map = tiny_map_with(scratch.path / "in", repeated("FLAGS SOMETHING\n", 300'000));
  const auto run = run_cli("import '" + map.string() + "' -o '" + (scratch.path / "out").string() + "'");
  EXPECT_LT(run.output.size(), 40'000u);
  EXPECT_NE(run.output.find("more notes like these, left out"), std::string::npos) << run.output.substr(0, 2000);
}

}  // namespace
