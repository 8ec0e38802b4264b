#include <boost/program_options.hpp>

#include <iostream>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/diagnostic.hpp"
#include "dipadj/draw/artwork.hpp"
#include "dipadj/draw/game_picture.hpp"
#include "dipadj/draw/map_picture.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj::cli {
namespace {

// The picture of the game file the command names: its phase with orders and results, or with
// --after the position after it; a game already over is drawn as it stands.
std::optional<Picture> game_picture(const po::variables_map& vm) {
  const auto game = load_game(vm);
  if (!game) return std::nullopt;
  if (game->state.over()) return draw_state(*game->variant, game->state);
  const auto played = play_game_file(*game, vm["game"].as<std::string>());
  if (!played) {
    std::cerr << format_diagnostics(played.errors());
    return std::nullopt;
  }
  const PlayedPhase phase = played_phase(*game, played.value());
  return vm.count("after") ? draw_after(phase) : draw_phase(phase);
}

// The map's picture; with --generate-artwork, province shapes made from the map instead; with
// --stats, the artwork's figures against the map's borders (the picture is then empty).
std::optional<Picture> map_picture(const po::variables_map& vm) {
  const std::vector<std::string> options = vm.count("option") ? vm["option"].as<std::vector<std::string>>() : std::vector<std::string>{};
  auto variant = find_variant_argument(vm["map"].as<std::string>(), options);
  if (!variant) {
    std::cerr << format_diagnostics(variant.errors());
    return std::nullopt;
  }
  if (vm.count("generate-artwork")) {
    Picture shapes;
    shapes.svg = generate_artwork(*variant.value(), shapes.warnings);
    return shapes;
  }
  if (vm.count("stats")) {
    Picture none;
    const auto fidelity = measure_artwork(*variant.value(), none.warnings);
    for (const auto& warning : none.warnings) std::cerr << "warning: " << warning << "\n";
    if (!fidelity) return std::nullopt;
    std::cout << fidelity_text(*fidelity);
    none.warnings.clear();
    return none;
  }
  return draw_map(*variant.value());
}

}  // namespace

int run_draw(const std::vector<std::string>& args) {
  CommandLine line{"draw",
                   "Draws as SVG a game's phase (the board, the orders and their results) or, with --map, a variant's map "
                   "(provinces, supply and home centres, army and fleet borders, coasts, tags and map options).",
                   {{"GAME", "the game file to draw, YAML or JSON; - for standard input (or --map instead)", false, false}}};
  line.options.add_options()("help,h", "show this help")("after", "draw the position after the phase instead of its orders")(
      "map", po::value<std::string>()->value_name("VARIANT"), "draw the map of this variant: a name ('standard'), a directory or a variant.yaml")(
      "option", po::value<std::vector<std::string>>()->value_name("NAME"), "with --map: a map option to apply before drawing (repeatable)")(
      "stats", "with --map: print how faithfully the variant's artwork draws its borders (shapes that touch, false contacts)")(
      "generate-artwork", "with --map: write province shapes made from the map's points and borders (an artwork for the variant)")(
      "output,o", po::value<std::string>()->value_name("FILE"), "the SVG file to write (default: standard output)");
  add_rule_options(line.options);
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  const bool has_game = vm.count("game") != 0, has_map = vm.count("map") != 0;
  if (has_game == has_map) {
    std::cerr << "dipadj draw: give a game file or --map VARIANT, not " << (has_game ? "both" : "neither") << "\n" << line.synopsis() << "\n";
    return 2;
  }
  if (has_map && vm.count("after")) {
    std::cerr << "dipadj draw: --after draws a game's phase; --map draws a map\n";
    return 2;
  }
  if (has_game && vm.count("option")) {
    std::cerr << "dipadj draw: --option applies to --map; a game file names its map options itself\n";
    return 2;
  }
  if (has_game && (vm.count("stats") || vm.count("generate-artwork"))) {
    std::cerr << "dipadj draw: --stats and --generate-artwork apply to --map\n";
    return 2;
  }
  const auto picture = has_map ? map_picture(vm) : game_picture(vm);
  if (!picture) return 1;
  if (picture->svg.empty()) return 0;  // --stats: printed already
  const std::string source = has_map ? vm["map"].as<std::string>() : vm["game"].as<std::string>();
  for (const auto& warning : picture->warnings) std::cerr << "warning: " << Diagnostic{source, 0, warning}.to_string() << "\n";
  if (!vm.count("output")) {
    std::cout << picture->svg;
    return 0;
  }
  const std::string file = vm["output"].as<std::string>();
  if (const std::string problem = write_file_atomically(file, picture->svg); !problem.empty()) {
    std::cerr << Diagnostic{file, 0, problem}.to_string() << "\n";
    return 1;
  }
  std::cout << "wrote " << file << "\n";
  return 0;
}

}  // namespace dipadj::cli
