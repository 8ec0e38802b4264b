// A game's phase as a picture (core/src/draw/game_picture.cpp): each kind of order drawn, each
// result marked, dislodged units set aside with their retreat options, builds, plugins' orders,
// the position after, and the command line. tests/draw/draw_pictures.py checks the pictures with
// xmllint and rsvg-convert, tests/draw/browser_screenshot.py in Chromium.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>

#include "cli_run.hpp"
#include "dipadj/draw/game_picture.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "scratch_directory.hpp"

namespace {

using namespace dipadj;
using dipadj::testing::run_cli;

const std::string kVariants = DIPADJ_VARIANTS_DIR;

// How many times `what` is in `text`.
std::size_t count(std::string_view text, std::string_view what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string_view::npos; at = text.find(what, at + what.size())) ++n;
  return n;
}

// The fill of the first unit of a power in a picture.
std::string unit_colour(const std::string& svg, const std::string& power) {
  const std::size_t unit = svg.find("data-power=\"" + power + "\"");
  if (unit == std::string::npos) return "";
  const std::size_t fill = svg.find("fill=\"", unit);
  return fill == std::string::npos ? "" : svg.substr(fill + 6, 7);
}

// The picture of a game file's phase (`after`: the position after it).
std::string drawn(const std::string& file, bool after = false) {
  auto game = load_game_file(file);
  EXPECT_TRUE(game) << format_diagnostics(game.errors());
  if (!game) return {};
  auto played = play_game_file(game.value(), file);
  EXPECT_TRUE(played) << format_diagnostics(played.errors());
  if (!played) return {};
  const PlayedPhase phase = played_phase(game.value(), played.value());
  const Picture picture = after ? draw_after(phase) : draw_phase(phase);
  EXPECT_TRUE(picture.warnings.empty()) << picture.warnings.front();
  EXPECT_TRUE(picture.svg.ends_with("</svg>\n"));
  return picture.svg;
}

TEST(GamePicture, TheStandardOpeningShowsEveryOrderAndItsResult) {
  const std::string svg = drawn(kVariants + "/standard/examples/spring-1901.yaml");
  EXPECT_NE(svg.find("<title>Diplomacy (Standard map, 2000 rulebook): Spring 1901 Movement</title>"), std::string::npos);
  EXPECT_EQ(count(svg, "<g class=\"unit "), 22u);
  EXPECT_EQ(count(svg, "<g class=\"move\">"), 21u);  // every move, the illegal A Venice - Greece too
  EXPECT_EQ(count(svg, "<g class=\"support\">"), 1u);
  // Bounces: Vienna and Warsaw in Galicia, Sevastopol and Ankara in the Black Sea, Munich beaten
  // in Burgundy; the army in Venice cannot reach Greece.
  EXPECT_EQ(count(svg, "<g class=\"failed\">"), 5u);
  EXPECT_EQ(count(svg, "<g class=\"illegal\">"), 1u);
  EXPECT_EQ(count(svg, "class=\"standoff\""), 2u);  // Burgundy was entered: no standoff there
  EXPECT_EQ(count(svg, "class=\"unit dislodged\""), 0u);
  // Units in their powers' colours, centres in their owners'.
  EXPECT_NE(svg.find("data-power=\"France\" data-province=\"par\""), std::string::npos);
  EXPECT_NE(svg.find("fill=\"#4aa3df\""), std::string::npos);
  EXPECT_EQ(count(svg, "class=\"order-line\""), 22u);
  EXPECT_NE(svg.find("Italy: A Venice - Greece: illegal"), std::string::npos);
  EXPECT_NE(svg.find("Germany: A Munich - Burgundy: fails: bounced (by A Paris)"), std::string::npos);
}

TEST(GamePicture, ADislodgedUnitIsSetAsideWithItsRetreatOptions) {
  const std::string svg = drawn(kVariants + "/standard/examples/fall-1901.yaml");
  EXPECT_EQ(count(svg, "<g class=\"unit "), 22u);
  EXPECT_EQ(count(svg, "class=\"unit dislodged\" data-power=\"Austria\" data-province=\"gal\""), 1u);
  EXPECT_EQ(count(svg, "<g class=\"retreat-option\">"), 4u);  // Bohemia, Budapest, Silesia, Vienna
  EXPECT_EQ(count(svg, "<g class=\"convoy\">"), 1u);
  EXPECT_EQ(count(svg, "<g class=\"support\">"), 3u);
  EXPECT_EQ(count(svg, "class=\"hold\""), 7u);
  // The hold in Galicia failed (dislodged); Serbia and Bulgaria bounced in Rumania.
  EXPECT_EQ(count(svg, "<g class=\"failed\">"), 3u);
  EXPECT_EQ(count(svg, "class=\"standoff\""), 1u);
  EXPECT_NE(svg.find("Austria: A Galicia dislodged"), std::string::npos);
}

TEST(GamePicture, ThePositionAfterThePhase) {
  const std::string svg = drawn(kVariants + "/standard/examples/fall-1901.yaml", true);
  EXPECT_NE(svg.find(": after Fall 1901 Movement (next: Fall 1901 Retreats)</title>"), std::string::npos);
  EXPECT_EQ(count(svg, "<g class=\"unit army\""), 12u);
  EXPECT_EQ(count(svg, "<g class=\"unit fleet\""), 9u);
  EXPECT_EQ(count(svg, "class=\"unit dislodged\" data-power=\"Austria\" data-province=\"gal\""), 1u);
  EXPECT_EQ(count(svg, "data-province=\"gal\""), 2u);  // the Russian army that took it, and the Austrian set aside
  EXPECT_EQ(count(svg, "<g class=\"retreat-option\">"), 4u);
  EXPECT_EQ(count(svg, "<g class=\"move\">"), 0u);  // no orders on the position after
  EXPECT_EQ(count(svg, "class=\"order-line\""), 0u);
}

TEST(GamePicture, ARetreatPhase) {
  const std::string svg = drawn(std::string(DIPADJ_TEST_DATA) + "/retreat-phase.yaml");
  EXPECT_EQ(count(svg, "class=\"unit dislodged\""), 1u);
  EXPECT_EQ(count(svg, "<g class=\"retreat\">"), 1u);
  EXPECT_EQ(count(svg, "<g class=\"retreat-option\">"), 4u);
  EXPECT_EQ(count(svg, "<g class=\"failed\">"), 0u);
}

TEST(GamePicture, BuildsAreDrawnAsUnitsToBe) {
  const std::string svg = drawn(kVariants + "/amber/examples/winter-1901.yaml");
  EXPECT_EQ(count(svg, "<g class=\"build\">"), 2u);
  EXPECT_NE(svg.find("Arden: Build F Calder: succeeds"), std::string::npos);
}

TEST(GamePicture, RemovalsOrderedAndChosenByTheRulesAreCrossed) {
  const dipadj::testing::ScratchDirectory scratch;
  ASSERT_EQ(write_file_atomically(scratch.path / "winter.yaml",
                                  "format: dipadj-game/1\nvariant: standard\nphase: Winter 1901 Adjustments\n"
                                  "units:\n  France: [A Paris, A Burgundy, F Brest, A Marseilles]\n"
                                  "  Germany: [A Berlin, A Munich, F Kiel, A Ruhr]\n"
                                  "supply_centres:\n  France: [Paris, Brest, Marseilles]\n  Germany: [Berlin, Munich, Kiel]\n"
                                  "orders:\n  France: [Remove A Burgundy]\n"),
            "");
  const std::string svg = drawn((scratch.path / "winter.yaml").string());
  EXPECT_EQ(count(svg, "<g class=\"removal\">"), 1u);
  EXPECT_EQ(count(svg, "<g class=\"disbanded\">"), 1u);  // Germany gave no order: the rules remove one
  EXPECT_NE(svg.find("France: Remove A Burgundy: succeeds"), std::string::npos);
  EXPECT_NE(svg.find("Germany: A Ruhr removed (no removal ordered)"), std::string::npos);
}

TEST(GamePicture, PluginsOrdersAreDrawnAsArrows) {
  // Colonial: the railroad journey Omsk - Irkutsk and the canal passage Mediterranean - Red Sea
  // are moves like the others.
  const std::string svg = drawn(kVariants + "/colonial/examples/spring-1871.yaml");
  EXPECT_EQ(count(svg, "<g class=\"move\">"), 4u);
  EXPECT_EQ(count(svg, "<g class=\"failed\">"), 0u);
  EXPECT_NE(svg.find("Russia: A Omsk - TSR - Irkutsk: succeeds"), std::string::npos);
  // Colonial's powers that have no usual colour are told apart from those that have one.
  std::set<std::string> colours;
  for (const char* power : {"Britain", "China", "France", "Holland", "Japan", "Russia", "Turkey"}) colours.insert(unit_colour(svg, power));
  EXPECT_EQ(colours.size(), 7u);
  EXPECT_EQ(unit_colour(svg, "Russia"), "#9b59b6");
}

TEST(GamePicture, AGameThatIsOverIsDrawnAsItStands) {
  auto game = load_game_file(kVariants + "/standard/examples/spring-1901.yaml");
  ASSERT_TRUE(game) << format_diagnostics(game.errors());
  GameState state = game.value().state;
  state.winner = 2;  // France
  const Picture picture = draw_state(*game.value().variant, state);
  EXPECT_NE(picture.svg.find("Spring 1901 Movement (France wins)</title>"), std::string::npos);
  EXPECT_NE(picture.svg.find("France: 3 units, 3 centres - wins"), std::string::npos);
  EXPECT_EQ(count(picture.svg, "<g class=\"unit "), 22u);
}

TEST(GamePicture, ARandomBoardIsLaidOutFromItsBorders) {
  auto variant = load_variant(kVariants + "/random/variant.yaml");
  ASSERT_TRUE(variant) << format_diagnostics(variant.errors());
  const Picture picture = draw_state(*variant.value(), initial_state(*variant.value()));
  EXPECT_TRUE(picture.warnings.empty());
  EXPECT_NE(picture.svg.find("the map gives no positions: layout computed"), std::string::npos);
  EXPECT_EQ(count(picture.svg, "<g class=\"unit "), variant.value()->start_position().unit_count());
}

TEST(GamePicture, TheLegendCountsOneUnitAndOneCentreInTheSingular) {
  auto variant = load_variant(kVariants + "/1898/variant.yaml");
  ASSERT_TRUE(variant) << format_diagnostics(variant.errors());
  const Picture picture = draw_state(*variant.value(), initial_state(*variant.value()));
  EXPECT_NE(picture.svg.find("France: 1 unit, 1 centre<"), std::string::npos);
  EXPECT_EQ(picture.svg.find("1 units"), std::string::npos);
}

TEST(GamePicture, TheCommandLineDrawsAGameOrAMapButNotBoth) {
  const dipadj::testing::ScratchDirectory scratch;
  const std::string game = kVariants + "/standard/examples/spring-1901.yaml";
  auto run = run_cli("draw '" + game + "' -o '" + (scratch.path / "s.svg").string() + "'");
  EXPECT_EQ(run.exit_code, 0) << run.output;
  EXPECT_TRUE(std::filesystem::exists(scratch.path / "s.svg"));
  run = run_cli("draw '" + game + "' --after");
  EXPECT_EQ(run.exit_code, 0);
  EXPECT_NE(run.output.find("after Spring 1901 Movement"), std::string::npos);
  run = run_cli("draw '" + game + "' --map standard");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("give a game file or --map VARIANT, not both"), std::string::npos) << run.output;
  run = run_cli("draw");
  EXPECT_EQ(run.exit_code, 2);
  EXPECT_NE(run.output.find("not neither"), std::string::npos) << run.output;
  run = run_cli("draw --map standard --after");
  EXPECT_EQ(run.exit_code, 2);
  run = run_cli("draw '" + std::string(DIPADJ_TEST_DATA) + "/no-such-game.yaml'");
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.output.find("no-such-game.yaml"), std::string::npos) << run.output;
}

}  // namespace
