// The texts a writer of many results makes once for a variant (ResultTexts): each power's opening
// of an order's result, made for the variant it was asked for and never used for another; results
// written with them are the results written without.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>

#include "dipadj/formats/game_file.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "formats/json_writer.hpp"
#include "formats/result_texts.hpp"
#include "scratch_directory.hpp"

namespace dipadj {
namespace {

namespace fs = std::filesystem;
const fs::path kVariants = DIPADJ_VARIANTS_DIR;

std::shared_ptr<const Variant> loaded(const fs::path& file) {
  auto variant = load_variant(file);
  EXPECT_TRUE(variant) << (variant ? "" : format_diagnostics(variant.errors()));
  return variant ? variant.value() : nullptr;
}

TEST(ResultTexts, OpensEachPowersOrdersForTheVariantItWasMadeFor) {
  const auto standard = loaded(kVariants / "standard/variant.yaml");
  ASSERT_NE(standard, nullptr);
  ResultTexts texts;
  EXPECT_FALSE(texts.serves(*standard));
  texts.use(standard);
  ASSERT_TRUE(texts.serves(*standard));
  for (std::size_t power = 0; power < standard->power_count(); ++power) {
    const auto id = static_cast<PowerId>(power);
    EXPECT_EQ(texts.order_opening(id), R"({"power":")" + standard->power(id).name + R"(","order":")");
  }
  // The same variant loaded again is another: not served, though its names are the same.
  const auto again = loaded(kVariants / "standard/variant.yaml");
  ASSERT_NE(again, nullptr);
  EXPECT_FALSE(texts.serves(*again));
  texts.use(again);
  EXPECT_TRUE(texts.serves(*again));
  EXPECT_FALSE(texts.serves(*standard));
}

TEST(ResultTexts, AreMadeForNoVariantWhoseNamesNeedEscapes) {
  const testing::ScratchDirectory scratch;
  fs::copy(kVariants / "amber", scratch.path / "amber", fs::copy_options::recursive);
  std::ifstream in(scratch.path / "amber/map.yaml");
  std::string map((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::string frost = "name: Frost Sea\n";
  ASSERT_NE(map.find(frost), std::string::npos);
  map.replace(map.find(frost), frost.size(), "name: Fr\u00f8st Sea\n");
  std::ofstream(scratch.path / "amber/map.yaml") << map;
  const auto amber = loaded(scratch.path / "amber/variant.yaml");
  ASSERT_NE(amber, nullptr);
  ASSERT_FALSE(amber->names_are_plain());
  ResultTexts texts;
  texts.use(loaded(kVariants / "standard/variant.yaml"));
  texts.use(amber);
  EXPECT_FALSE(texts.serves(*amber));
}

TEST(ResultTexts, ResultsWrittenWithThemAreTheResultsWrittenWithout) {
  VariantCache variants;
  const auto game = read_game_json(R"({"format": "dipadj-game/1", "variant": "standard", "orders": {
      "France": ["A Par - Bur", "F Bre - MAO", "A Mar S A Par - Bur"], "Germany": ["A Mun - Bur", "F Kie - Hol", "A Ber H"],
      "Austria": ["A Vie - Tri"], "Italy": ["A Ven - Tri", "F Nap - Ion", "A Rom - Ven"]}})",
                                   "<test>", &variants);
  ASSERT_TRUE(game) << format_diagnostics(game.errors());
  const auto played = play_game_file(game.value(), "<test>");
  ASSERT_TRUE(played);
  const PlayedPhase phase = played_phase(game.value(), played.value());
  ResultTexts texts;
  texts.use(game.value().variant);
  ASSERT_TRUE(texts.serves(phase.variant));
  std::string with;
  JsonWriter writer(with);
  write_phase_json(phase, writer, &texts);
  writer.finish();
  EXPECT_EQ(with, phase_json_text(phase));
  EXPECT_NE(with.find(R"({"power":"Italy","order":"A Venice - Trieste","written":"A Ven - Tri","result":"fails")"), std::string::npos) << with;
  // Texts made for another variant are not used: the results are written as without.
  ResultTexts others;
  others.use(loaded(kVariants / "standard-neutral/variant.yaml"));
  std::string without;
  JsonWriter other_writer(without);
  write_phase_json(phase, other_writer, &others);
  other_writer.finish();
  EXPECT_EQ(without, phase_json_text(phase));
}

}  // namespace
}  // namespace dipadj
