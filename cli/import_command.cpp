#include <boost/program_options.hpp>

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

int run_import(const std::vector<std::string>& args) {
  CommandLine line{"import",
                   "Turns another program's map files into a dipadj variant directory (map.yaml, variant.yaml), says what "
                   "it could not carry over, with file and line, and checks the variant as 'dipadj validate' does.",
                   {{"FILE", "the map file: DPjudge's .map (with the files it USEs beside it, read only from its folder), MILA's .map, "
                             "or jDip's variants.xml (with the adjacency file it names beside it)"}}};
  line.options.add_options()("help,h", "show this help")("output,o", po::value<std::string>()->required(), "the directory to write")(
      "from", po::value<std::string>(), "the format: dpjudge, mila or jdip (default: told from the file)")(
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
      std::cerr << "dipadj import: --from must be dpjudge, mila or jdip, not '" << vm["from"].as<std::string>() << "'\n";
      return 2;
    }
  } else {
    std::vector<Diagnostic> unreadable;
    if (!(source = detect_map_source(file, &unreadable))) {
      if (!unreadable.empty())
        std::cerr << format_diagnostics(unreadable);
      else
        std::cerr << Diagnostic{file.string(), 0, "not a map file this importer reads (DPjudge or MILA .map, jDip variants.xml); give --from to insist"}.to_string()
                  << "\n";
      return 1;
    }
  }
  std::string name = vm.count("name") ? vm["name"].as<std::string>() : folder.filename().string();
  if (name.empty()) name = folder.parent_path().filename().string();
  auto imported = import_map(file, *source, name, vm.count("variant") ? vm["variant"].as<std::string>() : std::string());
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
  for (const auto& note : imported->notes) std::cout << "note: " << note.to_string() << "\n";
  std::cout << "wrote " << (folder / "map.yaml").string() << " and " << (folder / "variant.yaml").string() << " (from "
            << to_string(*source) << ")\n";
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
