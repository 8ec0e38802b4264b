// The loaders' checks of powers, home centres and plugins cost a look-up each, report each
// duplicate once (naming the first) and at most kMaxReported problems with the count of the rest;
// too many powers are refused before they are read (tests/data/reliability/variant-powers-quadratic).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "dipadj/import/map_import.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "scratch_directory.hpp"

namespace {

namespace fs = std::filesystem;
using dipadj::testing::ScratchDirectory;

const fs::path kStandardMap = fs::path(DIPADJ_VARIANTS_DIR) / "standard" / "map.yaml";
const fs::path kTiny = fs::path(DIPADJ_TEST_DATA) / "import" / "dpjudge";

// A variant of the Standard map with the given `powers:` entries (one YAML line each, from line 6).
fs::path variant_with_powers(const fs::path& folder, const std::vector<std::string>& powers, const std::string& more = "") {
  std::ofstream out(folder / "variant.yaml");
  out << "format: dipadj-variant/1\nname: v\ntitle: v\nmap: " << kStandardMap.string() << "\npowers:\n";
  for (const auto& power : powers) out << "  - " << power << "\n";
  out << more;
  return folder / "variant.yaml";
}

std::vector<dipadj::Diagnostic> problems(const fs::path& variant) {
  auto loaded = dipadj::load_variant(variant);
  EXPECT_FALSE(loaded);
  return loaded ? std::vector<dipadj::Diagnostic>{} : loaded.errors();
}

std::size_t count_containing(const std::vector<dipadj::Diagnostic>& diagnostics, const std::string& text) {
  return static_cast<std::size_t>(
      std::count_if(diagnostics.begin(), diagnostics.end(), [&](const auto& d) { return d.message.find(text) != std::string::npos; }));
}

TEST(VariantLimits, EachDuplicatePowerIsReportedOnceNamingTheFirst) {
  const ScratchDirectory scratch;
  const auto found = problems(variant_with_powers(
      scratch.path, {"{name: P, adjective: P}", "{name: Q, adjective: Q}", "{name: P, adjective: P}", "{name: p, adjective: P}",
                     "{name: P, adjective: P}"}));
  // Three repeats of P: three messages (not one per pair of the four), each naming line 6.
  EXPECT_EQ(count_containing(found, "duplicate power"), 3u) << dipadj::format_diagnostics(found);
  EXPECT_EQ(count_containing(found, "(first on line 6)"), 3u) << dipadj::format_diagnostics(found);
  EXPECT_NE(dipadj::format_diagnostics(found).find("variant.yaml:8: duplicate power 'P' (first on line 6)"), std::string::npos)
      << dipadj::format_diagnostics(found);
}

TEST(VariantLimits, AHomeCentreGivenTwiceNamesItsFirstPowerOnce) {
  const ScratchDirectory scratch;
  const auto found = problems(variant_with_powers(
      scratch.path, {"{name: A, adjective: A, home_centres: [par]}", "{name: B, adjective: B, home_centres: [par]}",
                     "{name: C, adjective: C, home_centres: [par]}"}));
  EXPECT_EQ(count_containing(found, "home centre 'par' is already a home centre of A"), 2u) << dipadj::format_diagnostics(found);
  EXPECT_EQ(count_containing(found, "home centre 'par' is already a home centre of B"), 0u) << dipadj::format_diagnostics(found);
}

TEST(VariantLimits, APluginNamedTwiceIsReportedOncePerRepeat) {
  const ScratchDirectory scratch;
  const auto found = problems(variant_with_powers(scratch.path, {"{name: A, adjective: A}", "{name: A, adjective: A}"},
                                                  "plugins:\n  - name: ice\n  - name: ice\n  - name: ice\n"));
  EXPECT_EQ(count_containing(found, "plugin 'ice' named twice (first on line 9)"), 2u) << dipadj::format_diagnostics(found);
}

TEST(VariantLimits, ThousandsOfIdenticalPowersGiveAShortReport) {
  const ScratchDirectory scratch;
  const std::vector<std::string> powers(5000, "{name: P, adjective: P}");
  const auto found = problems(variant_with_powers(scratch.path, powers));
  // 12,497,503 messages (2.1 GB, 16 s) before: now the count first, the first 100 problems and
  // how many more.
  ASSERT_EQ(found.size(), dipadj::kMaxReported + 1) << dipadj::format_diagnostics(found).substr(0, 3000);
  EXPECT_EQ(found.front().to_string(), (scratch.path / "variant.yaml").string() + ":6: 5000 powers: a variant has at most 254; the rest are not read");
  EXPECT_EQ(found[1].message, "duplicate power 'P' (first on line 6)");
  EXPECT_EQ(found.back().to_string(),
            (scratch.path / "variant.yaml").string() + ": 154 more problems, left out (the first 100 are above)");  // 1 + 253 in all
}

TEST(VariantLimits, AJdipVariantOfTooManyPowersIsRefusedByTheImport) {
  const ScratchDirectory scratch;
  std::ofstream(scratch.path / "adj.xml") << R"(<?xml version="1.0"?>
<PROVINCES><PROVINCE shortname="aaa" fullname="A"><ADJACENCY type="mv" refs="bbb"/></PROVINCE><PROVINCE shortname="bbb" fullname="B"><ADJACENCY type="mv" refs="aaa"/></PROVINCE></PROVINCES>
)";
  {
    std::ofstream xml(scratch.path / "variants.xml");
    xml << "<?xml version=\"1.0\"?>\n<VARIANTS>\n<VARIANT name=\"v\" version=\"1\" default=\"true\"><MAP adjacencyURI=\"adj.xml\"/>\n";
    for (int p = 0; p < 20'000; ++p) xml << "<POWER name=\"P" << p << "\" adjective=\"A\"/>\n";
    xml << "</VARIANT>\n</VARIANTS>\n";
  }
  const auto imported = dipadj::import_map(scratch.path / "variants.xml", dipadj::MapSource::Jdip, "v");
  ASSERT_FALSE(imported);
  ASSERT_EQ(imported.errors().size(), 1u);
  EXPECT_EQ(imported.errors().front().to_string(),
            (scratch.path / "variants.xml").string() + ":258: 20000 powers: a dipadj variant has at most 254; this is the first too many");
}

// The DPjudge reader finds a power's earlier line and a province's unit by look-ups: a later unit
// still replaces the one a file read before placed there, and a DROP still takes its unit.
TEST(VariantLimits, DpjudgeUnitsAreReplacedAndDroppedAsBefore) {
  const ScratchDirectory scratch;
  for (const char* part : {"tiny.map", "tiny.geography", "tiny.politics", "tiny.military"}) fs::copy_file(kTiny / part, scratch.path / part);
  std::ofstream(scratch.path / "more.map") << "USE tiny.map\nSOUTHLAND\nF HAR\nNORTHLAND\nA VAL\nDROP VAL\n";
  const auto imported = dipadj::import_map(scratch.path / "more.map", dipadj::MapSource::DPjudge, "more");
  ASSERT_TRUE(imported) << dipadj::format_diagnostics(imported.errors());
  const std::string& variant = imported->variant_yaml;
  // Northland's fleet at Harbour is replaced by Southland's, its army at Valley dropped with it.
  EXPECT_NE(variant.find("  units:\n    Southland: [A cap, F har]\nplugins:"), std::string::npos) << variant;
}

}  // namespace
