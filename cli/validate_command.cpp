#include <iostream>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/diagnostic.hpp"
#include "dipadj/draw/variant_warnings.hpp"
#include "dipadj/geo/map_checks.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace dipadj::cli {

int run_validate(const std::vector<std::string>& args) {
  CommandLine line{"validate", "Loads a variant with its map and plugins and reports every problem found, with file and line.",
                   {{"VARIANT", "a variant's name ('standard'), its directory or its variant.yaml"}}};
  line.options.add_options()("help,h", "show this help");
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  auto variant = find_variant_argument(vm["variant"].as<std::string>());
  if (!variant) {
    std::cerr << format_diagnostics(variant.errors());
    return 1;
  }
  const auto& v = *variant.value();
  if (const auto problems = connectivity_problems(v.map()); !problems.empty()) {
    for (const auto& problem : problems) std::cerr << Diagnostic{vm["variant"].as<std::string>(), 0, problem}.to_string() << "\n";
    return 1;
  }
  std::size_t centres = 0;
  for (std::size_t p = 0; p < v.map().province_count(); ++p) centres += v.map().province(static_cast<ProvinceId>(p)).supply_centre;
  std::cout << v.name() << ": " << v.map().province_count() << " provinces, " << v.map().location_count()
            << " locations, " << centres << " supply centres, " << v.power_count() << " powers, "
            << v.start_position().unit_count() << " starting units: OK\n";
  for (const auto& extension : v.extensions()) std::cout << "  plugin: " << extension.plugin << "\n";
  for (const auto& option : v.map().options()) std::cout << "  map option: " << option.name << " -- " << option.title << "\n";
  // One-way borders that trap units, and the artwork's missing and extra shapes, are warnings:
  // the variant plays with them.
  for (const auto& warning : variant_warnings(v, vm["variant"].as<std::string>())) std::cerr << "warning: " << warning << "\n";
  return 0;
}

}  // namespace dipadj::cli
