#include <boost/program_options.hpp>

#include <iostream>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/draw/map_picture.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj::cli {

int run_draw(const std::vector<std::string>& args) {
  CommandLine line{"draw",
                   "Draws a variant's map as SVG: provinces (land, coastal, sea; supply centres; home centres in their power's "
                   "colour), army and fleet borders, coasts, tags and the map's options, with a legend.",
                   {}};
  line.options.add_options()("help,h", "show this help")("map", po::value<std::string>()->required(),
                                                          "the variant whose map to draw: a name ('standard'), a directory or a variant.yaml")(
      "option", po::value<std::vector<std::string>>(), "a map option to apply before drawing (repeatable)")(
      "output,o", po::value<std::string>(), "the SVG file to write (default: standard output)");
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  const std::vector<std::string> options = vm.count("option") ? vm["option"].as<std::vector<std::string>>() : std::vector<std::string>{};
  auto variant = find_variant(vm["map"].as<std::string>(), options);
  if (!variant) {
    std::cerr << format_diagnostics(variant.errors());
    return 1;
  }
  const Picture picture = draw_map(*variant.value());
  for (const auto& warning : picture.warnings) std::cerr << "warning: " << vm["map"].as<std::string>() << ": " << warning << "\n";
  if (!vm.count("output")) {
    std::cout << picture.svg;
    return 0;
  }
  const std::string file = vm["output"].as<std::string>();
  if (const std::string problem = write_file_atomically(file, picture.svg); !problem.empty()) {
    std::cerr << file << ": " << problem << "\n";
    return 1;
  }
  std::cout << "wrote " << file << " (" << variant.value()->map().province_count() << " provinces)\n";
  return 0;
}

}  // namespace dipadj::cli
