// Bad maps and variants: each problem is reported with its file, line and cause; nothing throws.
#include <gtest/gtest.h>

#include <algorithm>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "dipadj/loading/variant_loader.hpp"

namespace {

namespace fs = std::filesystem;
using namespace dipadj;

class LoaderTest : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("dipadj_loader_" + std::string(testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
    return dir_ / name;
  }
  // The messages of loading `map` as a map file.
  std::string map_errors(const std::string& map) {
    auto loaded = load_map(write("map.yaml", map));
    EXPECT_FALSE(loaded) << "the map should be refused";
    return loaded ? std::string() : format_diagnostics(loaded.errors());
  }
  fs::path dir_;
};

const char* kHeader = "format: dipadj-map/1\ncoasts:\n  nc: {name: North Coast}\n  sc: {name: South Coast}\nprovinces:\n";

TEST_F(LoaderTest, MalformedYamlNamesFileAndLine) {
  const std::string errors = map_errors("format: dipadj-map/1\nprovinces:\n  - id: a\n    army: [b\n");
  EXPECT_NE(errors.find("map.yaml:"), std::string::npos) << errors;
  EXPECT_NE(errors.find("YAML syntax error"), std::string::npos) << errors;
}

TEST_F(LoaderTest, UnknownProvinceInAdjacency) {
  const std::string errors = map_errors(std::string(kHeader) +
                                        "  - {id: aaa, name: Aaa, kind: land, army: [zzz]}\n");
  EXPECT_NE(errors.find("map.yaml:6: province 'aaa': unknown province 'zzz'"), std::string::npos) << errors;
}

TEST_F(LoaderTest, AsymmetricAdjacency) {
  const std::string errors = map_errors(std::string(kHeader) +
                                        "  - {id: aaa, name: Aaa, kind: land, army: [bbb]}\n"
                                        "  - {id: bbb, name: Bbb, kind: land}\n");
  EXPECT_NE(errors.find("map.yaml:6: asymmetric army adjacency: 'aaa' lists 'bbb'"), std::string::npos) << errors;
}

TEST_F(LoaderTest, DuplicateIdsNamesAndWrongEdges) {
  const std::string errors = map_errors(std::string(kHeader) +
                                        "  - {id: aaa, name: Aaa, kind: land, army: [sea]}\n"
                                        "  - {id: aaa, name: Other, kind: land}\n"
                                        "  - {id: ccc, name: Aaa, kind: coastal, fleet: [ddd]}\n"
                                        "  - {id: ddd, name: Ddd, kind: land, fleet: [ccc]}\n"
                                        "  - {id: sea, name: Sea, kind: sea, fleet: [two]}\n"
                                        "  - {id: two, name: Two, kind: coastal, coasts: {nc: [sea], wc: [sea]}}\n"
                                        "  - {id: eee, name: Eee, kind: swamp, colour: red}\n");
  EXPECT_NE(errors.find("map.yaml:7: duplicate province id 'aaa'"), std::string::npos) << errors;
  EXPECT_NE(errors.find("name 'Aaa' of province 'ccc' is already a name of 'aaa'"), std::string::npos) << errors;
  EXPECT_NE(errors.find("province 'ddd' is land but has fleet adjacencies"), std::string::npos) << errors;
  EXPECT_NE(errors.find("coast 'wc' is not declared"), std::string::npos) << errors;
  EXPECT_NE(errors.find("kind 'swamp' is not one of land, coastal, sea"), std::string::npos) << errors;
  EXPECT_NE(errors.find("unknown key 'colour'"), std::string::npos) << errors;
  EXPECT_NE(errors.find("army edge to the sea 'sea'"), std::string::npos) << errors;
  EXPECT_NE(errors.find("fleet edge to 'two' must name one of its coasts"), std::string::npos) << errors;
}

TEST_F(LoaderTest, CoastThatDoesNotExist) {
  const std::string errors = map_errors(std::string(kHeader) +
                                        "  - {id: sea, name: Sea, kind: sea, fleet: [two/sc]}\n"
                                        "  - {id: two, name: Two, kind: coastal, coasts: {nc: [sea], sc: []}}\n");
  EXPECT_NE(errors.find("map.yaml:7: asymmetric fleet adjacency: 'two/nc' lists 'sea'"), std::string::npos) << errors;
  const std::string missing = map_errors(std::string(kHeader) +
                                         "  - {id: sea, name: Sea, kind: sea, fleet: [one/nc]}\n"
                                         "  - {id: one, name: One, kind: coastal, fleet: [sea]}\n");
  EXPECT_NE(missing.find("map.yaml:6: province 'sea': 'one' has no coast 'nc'"), std::string::npos) << missing;
}

TEST_F(LoaderTest, VariantWithImpossibleUnits) {
  write("map.yaml", std::string(kHeader) +
                        "  - {id: lan, name: Landia, kind: land, supply_centre: true, army: [cst]}\n"
                        "  - {id: cst, name: Coastia, kind: coastal, army: [lan], fleet: [sea]}\n"
                        "  - {id: sea, name: Sea, kind: sea, fleet: [cst]}\n");
  const fs::path file = write("variant.yaml",
                              "format: dipadj-variant/1\nname: tiny\nmap: map.yaml\npowers:\n"
                              "  - {name: Red, home_centres: [lan]}\n"
                              "start:\n  units:\n    Red: [F Landia, A Sea, A Coastia, A Coastia, X Foo]\n    Blue: [A Landia]\n");
  auto loaded = load_variant(file);
  ASSERT_FALSE(loaded);
  const std::string errors = format_diagnostics(loaded.errors());
  EXPECT_NE(errors.find("variant.yaml:8: unit 'F Landia': a fleet cannot stand in Landia"), std::string::npos) << errors;
  EXPECT_NE(errors.find("unit 'A Sea': an army cannot stand in Sea"), std::string::npos) << errors;
  EXPECT_NE(errors.find("unit 'A Coastia': Coastia already holds a unit"), std::string::npos) << errors;
  EXPECT_NE(errors.find("unit 'X Foo': expected 'A' or 'F' before 'x'"), std::string::npos) << errors;
  EXPECT_NE(errors.find("variant.yaml:9: unknown power 'Blue'"), std::string::npos) << errors;
}

TEST_F(LoaderTest, DefaultCoastMustBeOneOfTheProvincesCoasts) {
  const std::string errors = map_errors(std::string(kHeader) +
                                        "  - {id: sea, name: Sea, kind: sea, fleet: [two/nc, two/sc]}\n"
                                        "  - {id: two, name: Two, kind: coastal, default_coast: ec, coasts: {nc: [sea], sc: [sea]}}\n");
  EXPECT_NE(errors.find("map.yaml:7: province 'two': default coast 'ec' is not one of its coasts"), std::string::npos) << errors;
}

TEST_F(LoaderTest, CoastNamesMustBeUnique) {
  const std::string errors = map_errors("format: dipadj-map/1\ncoasts:\n  nc: {name: North Coast}\n"
                                        "  xc: {name: Other, aliases: [north coast]}\nprovinces: []\n");
  EXPECT_NE(errors.find("map.yaml:4: coast name 'north coast' of 'xc' is already a name of coast 'nc'"), std::string::npos)
      << errors;
}

TEST_F(LoaderTest, MissingFile) {
  auto loaded = load_variant(dir_ / "nothing.yaml");
  ASSERT_FALSE(loaded);
  EXPECT_NE(format_diagnostics(loaded.errors()).find("nothing.yaml: no such file"), std::string::npos);
}

TEST_F(LoaderTest, StandardVariantLoads) {
  auto loaded = find_variant("standard");
  ASSERT_TRUE(loaded) << format_diagnostics(loaded.errors());
  const Map& map = loaded.value()->map();
  EXPECT_EQ(map.province_count(), 75u);
  EXPECT_EQ(map.location_count(), 81u);
  EXPECT_EQ(loaded.value()->start_position().unit_count(), 22u);
  // Its 34 supply centres, each once, in province order.
  const auto centres = map.supply_centres();
  EXPECT_EQ(centres.size(), 34u);
  EXPECT_TRUE(std::is_sorted(centres.begin(), centres.end()));
  EXPECT_EQ(std::adjacent_find(centres.begin(), centres.end()), centres.end());
  std::size_t counted = 0;
  for (std::size_t p = 0; p < map.province_count(); ++p) counted += map.province(static_cast<ProvinceId>(p)).supply_centre ? 1 : 0;
  EXPECT_EQ(counted, centres.size());
  for (const ProvinceId centre : centres) EXPECT_TRUE(map.province(centre).supply_centre) << map.province(centre).name;
}

}  // namespace

// Named map options (docs/map-format.md): the Colonial map's Sakhalin land bridge.
TEST(MapOptions, ColonialSakhalinBridgeIsANamedOption) {
  auto plain = dipadj::find_variant("colonial");
  ASSERT_TRUE(plain) << dipadj::format_diagnostics(plain.errors());
  const std::vector<std::string> chosen{"sakhalin-vladivostok"};
  auto hawes = dipadj::find_variant("colonial", chosen);
  ASSERT_TRUE(hawes) << dipadj::format_diagnostics(hawes.errors());
  const dipadj::Map& a = plain.value()->map();
  const dipadj::Map& b = hawes.value()->map();
  const auto sak = *a.find_province("sak"), ota = *a.find_province("ota"), vla = *a.find_province("vla");
  EXPECT_TRUE(a.army_adjacent(sak, ota));
  EXPECT_FALSE(a.army_adjacent(sak, vla));
  EXPECT_FALSE(b.army_adjacent(sak, ota));
  EXPECT_TRUE(b.army_adjacent(sak, vla));
  EXPECT_TRUE(b.army_adjacent(vla, sak));
  EXPECT_EQ(b.chosen_options(), chosen);
  ASSERT_EQ(a.options().size(), 1U);
  EXPECT_EQ(a.options().front().name, "sakhalin-vladivostok");
}

TEST(MapOptions, AnUnknownOptionNamesTheOnesThereAre) {
  const std::vector<std::string> chosen{"no-such-option"};
  auto loaded = dipadj::find_variant("colonial", chosen);
  ASSERT_FALSE(loaded);
  const std::string text = dipadj::format_diagnostics(loaded.errors());
  EXPECT_NE(text.find("the map has no option 'no-such-option' (it has: sakhalin-vladivostok)"), std::string::npos) << text;
}

TEST(MapOptions, MistakesInAnOptionAreReportedWithTheirLines) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "dipadj-map-options";
  std::filesystem::create_directories(dir);
  {
    std::ifstream in(std::filesystem::path(DIPADJ_VARIANTS_DIR) / "standard" / "map.yaml");
    std::ofstream out(dir / "map.yaml");
    out << in.rdbuf()
        << "options:\n"
           "  broken:\n"
           "    title: Mistakes\n"
           "    remove:\n"
           "      - {army: [par, mos]}\n"
           "    add:\n"
           "      - {army: [par, bur]}\n"
           "      - {army: [par, nth]}\n"
           "      - {fleet: [nth, atlantis]}\n";
  }
  auto loaded = dipadj::load_map(dir / "map.yaml");
  ASSERT_FALSE(loaded);
  const std::string text = dipadj::format_diagnostics(loaded.errors());
  EXPECT_NE(text.find("option 'broken': the map has no army border par-mos to remove"), std::string::npos) << text;
  EXPECT_NE(text.find("option 'broken': the army border par-bur exists already"), std::string::npos) << text;
  EXPECT_NE(text.find("option 'broken': no army border can link 'par' and 'nth'"), std::string::npos) << text;
  EXPECT_NE(text.find("unknown province 'atlantis'"), std::string::npos) << text;
  EXPECT_NE(text.find("map.yaml:"), std::string::npos) << text;
}

// A variant may use another variant's map with a small overlay, and maps carry tags that plugins
// read (docs/map-format.md).
namespace {
std::filesystem::path overlay_variant(const std::string& dir_name, const std::string& overlay) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / dir_name;
  std::filesystem::create_directories(dir);
  std::ifstream in(std::filesystem::path(DIPADJ_VARIANTS_DIR) / "standard" / "variant.yaml");
  std::stringstream text;
  text << in.rdbuf();
  std::string variant = text.str();
  const std::string standard_map = (std::filesystem::path(DIPADJ_VARIANTS_DIR) / "standard" / "map.yaml").string();
  variant.replace(variant.find("map: map.yaml"), 13, "map: " + standard_map);
  std::ofstream(dir / "variant.yaml") << variant << "\n" << overlay;
  return dir / "variant.yaml";
}
}  // namespace

TEST(MapOverlay, AddsBordersAndTagsToAnotherVariantsMap) {
  const auto file = overlay_variant("dipadj-overlay",
                                    "map_overlay:\n"
                                    "  add:\n"
                                    "    - {fleet: [ber, den]}\n"
                                    "  tags:\n"
                                    "    - {province: den, tags: [convoyable]}\n"
                                    "    - {border: [ber, den], tags: [narrow, shallow]}\n");
  auto loaded = dipadj::load_variant(file);
  ASSERT_TRUE(loaded) << dipadj::format_diagnostics(loaded.errors());
  const dipadj::Map& map = loaded.value()->map();
  const auto ber = *map.find_province("ber"), den = *map.find_province("den"), kie = *map.find_province("kie");
  EXPECT_TRUE(map.fleet_adjacent(map.province(ber).location, map.province(den).location));
  EXPECT_FALSE(map.army_adjacent(ber, den));
  EXPECT_TRUE(map.has_tag(den, "convoyable"));
  EXPECT_FALSE(map.has_tag(kie, "convoyable"));
  EXPECT_TRUE(map.border_has_tag(den, ber, "shallow"));
  EXPECT_EQ(map.provinces_tagged("convoyable"), std::vector<dipadj::ProvinceId>{den});
  EXPECT_TRUE(map.options().empty());  // an overlay is no option for games to choose
}

TEST(MapOverlay, MistakesAreReportedWithTheVariantFilesLines) {
  const auto file = overlay_variant("dipadj-bad-overlay",
                                    "map_overlay:\n"
                                    "  tags:\n"
                                    "    - {province: atlantis, tags: [ice]}\n"
                                    "    - {border: [par, mos], tags: [difficult]}\n"
                                    "    - {province: par}\n");
  auto loaded = dipadj::load_variant(file);
  ASSERT_FALSE(loaded);
  const std::string text = dipadj::format_diagnostics(loaded.errors());
  EXPECT_NE(text.find(file.string() + ":"), std::string::npos) << text;
  EXPECT_NE(text.find("unknown province 'atlantis'"), std::string::npos) << text;
  EXPECT_NE(text.find("no border between 'par' and 'mos' to tag"), std::string::npos) << text;
  EXPECT_NE(text.find("a tag entry is {province: p, tags: [..]} or {border: [a, b], tags: [..]}"), std::string::npos) << text;
}
