#include <boost/program_options.hpp>

#include <filesystem>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/diagnostic.hpp"
#include "dipadj/draw/artwork.hpp"
#include "dipadj/draw/game_picture.hpp"
#include "dipadj/draw/history_pages.hpp"
#include "dipadj/draw/map_picture.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/formats/history.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"
#include "png_output.hpp"

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

// The picture written to `file`: SVG, or PNG with --png. Returns why it could not be, or "".
std::string write_picture(const Picture& picture, const std::filesystem::path& file, const po::variables_map& vm) {
  if (vm.count("png")) return write_png(picture.svg, file, vm["width"].as<int>());
  return write_file_atomically(file, picture.svg);
}

// --all: one picture per phase of a history, named by the phase, and an index.html that steps
// through them (history_index_html).
int draw_history(const po::variables_map& vm) {
  const std::string file = vm["game"].as<std::string>();
  const auto history = load_history(file);
  if (!history) {
    std::cerr << format_diagnostics(history.errors());
    return 1;
  }
  const std::filesystem::path folder = vm["output"].as<std::string>();
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) {
    std::cerr << Diagnostic{folder.string(), 0, "cannot make the folder: " + ec.message()}.to_string() << "\n";
    return 1;
  }
  const std::string extension = vm.count("png") ? ".png" : ".svg";
  std::vector<HistoryPage> pages;
  for (const GameFile& phase : history->phases) {
    const auto played = play_game_file(phase, file);
    if (!played) {
      std::cerr << format_diagnostics(played.errors());
      return 1;
    }
    const Picture picture = draw_phase(played_phase(phase, played.value()));
    HistoryPage page{to_string(phase.state.phase), history_page_file(pages.size(), phase.state.phase) + extension};
    for (const auto& warning : picture.warnings) std::cerr << "warning: " << Diagnostic{file, 0, page.title + ": " + warning}.to_string() << "\n";
    if (const std::string problem = write_picture(picture, folder / page.file, vm); !problem.empty()) {
      std::cerr << Diagnostic{(folder / page.file).string(), 0, problem}.to_string() << "\n";
      return 1;
    }
    pages.push_back(std::move(page));
  }
  const std::filesystem::path index = folder / "index.html";
  if (const std::string problem = write_file_atomically(index, history_index_html(file, pages)); !problem.empty()) {
    std::cerr << Diagnostic{index.string(), 0, problem}.to_string() << "\n";
    return 1;
  }
  std::cout << "wrote " << pages.size() << " pictures and " << index.string() << "\n";
  return 0;
}

// The combinations of options that make no sense, said; nullopt when the command line is fine.
std::optional<std::string> misused_options(const po::variables_map& vm) {
  const bool has_game = vm.count("game") != 0, has_map = vm.count("map") != 0;
  if (has_game == has_map) return std::string("give a game file or --map VARIANT, not ") + (has_game ? "both" : "neither");
  if (has_map && vm.count("after")) return "--after draws a game's phase; --map draws a map";
  if (has_game && vm.count("option")) return "--option applies to --map; a game file names its map options itself";
  if (has_game && (vm.count("stats") || vm.count("generate-artwork"))) return "--stats and --generate-artwork apply to --map";
  if (vm.count("all") && (has_map || vm.count("after"))) return "--all draws every phase of a game history; not with --map or --after";
  if (vm.count("all") && !vm.count("output")) return "--all writes a picture per phase into a folder: give -o DIR";
  if (vm.count("png") && !vm.count("output")) return "--png writes a file: give -o FILE";
  if (vm.count("png") && (vm.count("stats") || vm.count("generate-artwork"))) return "--png draws a picture; --stats and --generate-artwork write none";
  if (vm["width"].as<int>() < 1 || vm["width"].as<int>() > 20000) return "--width must be between 1 and 20000 pixels";
  return std::nullopt;
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
      "all", "draw every phase of a game history (JSON) into the folder -o names, with an index.html to step through them")(
      "png", "write PNG instead of SVG (through rsvg-convert, Debian's librsvg2-bin)")(
      "width", po::value<int>()->default_value(kDefaultPngWidth)->value_name("N"), "with --png: the picture's width in pixels")(
      "output,o", po::value<std::string>()->value_name("FILE"), "the file to write (default: standard output); with --all, the folder");
  add_rule_options(line.options);
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  if (const auto misuse = misused_options(vm)) {
    std::cerr << "dipadj draw: " << *misuse << "\n" << line.synopsis() << "\n";
    return 2;
  }
  if (vm.count("all")) return draw_history(vm);
  const bool has_map = vm.count("map") != 0;
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
  if (const std::string problem = write_picture(*picture, file, vm); !problem.empty()) {
    std::cerr << Diagnostic{file, 0, problem}.to_string() << "\n";
    return 1;
  }
  std::cout << "wrote " << file << "\n";
  return 0;
}

}  // namespace dipadj::cli
