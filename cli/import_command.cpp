#include <boost/program_options.hpp>

#include <cstdlib>
#include <filesystem>
#include <iostream>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/file_writing.hpp"
#include "dipadj/geo/map_checks.hpp"
#include "dipadj/import/map_import.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj::cli {

namespace {

// The picture the variant names as its artwork, copied beside its files (not over itself, and
// over another file only with --force).
int copy_artwork(const ImportedVariant& imported, const std::filesystem::path& folder, bool force) {
  if (imported.artwork_name.empty()) return 0;
  const std::filesystem::path target = folder / imported.artwork_name;
  std::error_code ec;
  if (std::filesystem::equivalent(imported.artwork_source, target, ec)) return 0;
  if (std::filesystem::exists(target) && !force) {
    std::cerr << target.string() << " exists: give --force to replace it\n";
    return 1;
  }
  std::filesystem::copy_file(imported.artwork_source, target, std::filesystem::copy_options::overwrite_existing, ec);
  if (ec) {
    std::cerr << imported.artwork_source.string() << ": cannot copy it to " << target.string() << ": " << ec.message() << "\n";
    return 1;
  }
  return 0;
}

}  // namespace

int run_import(const std::vector<std::string>& args) {
  CommandLine line{"import",
                   "Turns another program's map files into a dipadj variant directory (map.yaml, variant.yaml), says what "
                   "it could not carry over, with file and line, and checks the variant as 'dipadj validate' does.",
                   {{"FILE", "the map file: DPjudge's .map (with the files it USEs beside it, read only from its folder), MILA's .map, "
                             "jDip's variants.xml (with the adjacency file it names beside it), or an SVG drawing with a shape per province"}}};
  line.options.add_options()("help,h", "show this help")("output,o", po::value<std::string>()->required(), "the directory to write")(
      "from", po::value<std::string>(), "the format: dpjudge, mila, jdip or svg (default: told from the file)")(
      "tolerance", po::value<std::string>(), "a drawing's: how far apart two shapes' outlines may lie and still share a border, in its "
                                             "units (2.5) or a share of its diagonal (0.1%); default 0.2%")(
      "artwork", po::value<std::string>(), "an SVG picture of the map, a shape per province, copied into the directory as the variant's artwork")(
      "variant", po::value<std::string>(), "the variant of a jDip variants.xml to import (default: its default one, or its only one)")(
      "name", po::value<std::string>(), "the variant's name (default: the directory's name)")(
      "force", "write into a directory that already holds map.yaml or variant.yaml");
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  const std::filesystem::path file = vm["file"].as<std::string>();
  const std::filesystem::path folder = vm["output"].as<std::string>();
  std::optional<MapSource> source;
  if (vm.count("from")) {
    source = map_source_named(vm["from"].as<std::string>());
    if (!source) {
      std::cerr << "dipadj import: --from must be dpjudge, mila, jdip or svg, not '" << vm["from"].as<std::string>() << "'\n";
      return 2;
    }
  } else {
    std::vector<Diagnostic> unreadable;
    if (!(source = detect_map_source(file, &unreadable))) {
      if (!unreadable.empty())
        std::cerr << format_diagnostics(unreadable);
      else
        std::cerr << Diagnostic{file.string(), 0, "not a map file this importer reads (DPjudge or MILA .map, jDip variants.xml, SVG drawing); give --from to insist"}.to_string()
                  << "\n";
      return 1;
    }
  }
  std::string name = vm.count("name") ? vm["name"].as<std::string>() : folder.filename().string();
  if (name.empty()) name = folder.parent_path().filename().string();
  ImportOptions options;
  if (vm.count("variant")) options.source_variant = vm["variant"].as<std::string>();
  if (vm.count("tolerance")) {
    std::string text = vm["tolerance"].as<std::string>();
    const bool share = !text.empty() && text.back() == '%';
    if (share) text.pop_back();
    char* end = nullptr;
    const double value = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0') {
      std::cerr << "dipadj import: --tolerance must be a number of drawing units (2.5) or a share of its diagonal (0.1%), not '"
                << vm["tolerance"].as<std::string>() << "'\n";
      return 2;
    }
    (share ? options.tolerance_share : options.tolerance) = share ? value / 100 : value;
  }
  if (vm.count("artwork")) options.artwork = vm["artwork"].as<std::string>();
  auto imported = import_map(file, *source, name, options);
  if (!imported) {
    std::cerr << format_diagnostics(imported.errors());
    return 1;
  }
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  for (const char* written : {"map.yaml", "variant.yaml"}) {
    if (std::filesystem::exists(folder / written) && vm.count("force") == 0) {
      std::cerr << (folder / written).string() << " exists: give --force to replace it\n";
      return 1;
    }
  }
  for (const auto& [written, text] : {std::pair{"map.yaml", &imported->map_yaml}, std::pair{"variant.yaml", &imported->variant_yaml}}) {
    if (const std::string problem = write_file_atomically(folder / written, *text); !problem.empty()) {
      std::cerr << (folder / written).string() << ": " << problem << "\n";
      return 1;
    }
  }
  if (const int status = copy_artwork(imported.value(), folder, vm.count("force") != 0)) return status;
  for (const auto& note : imported->notes) std::cout << "note: " << note.to_string() << "\n";
  for (const auto& found : imported->report) std::cout << found << "\n";
  std::cout << "wrote " << (folder / "map.yaml").string() << " and " << (folder / "variant.yaml").string();
  if (!imported->artwork_name.empty()) std::cout << ", with the artwork " << (folder / imported->artwork_name).string();
  std::cout << " (from " << to_string(*source) << ")\n";
  auto variant = load_variant(folder / "variant.yaml");
  if (!variant) {
    std::cerr << "the imported variant does not validate:\n" << format_diagnostics(variant.errors());
    return 1;
  }
  if (const auto problems = connectivity_problems(variant.value()->map()); !problems.empty()) {
    for (const auto& problem : problems) std::cerr << folder.string() << ": " << problem << "\n";
    return 1;
  }
  std::cout << variant.value()->name() << ": " << variant.value()->map().province_count() << " provinces, "
            << variant.value()->power_count() << " powers: validates\n";
  return 0;
}

}  // namespace dipadj::cli
