#include <iostream>

#include "commands.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace dipadj::cli {

int run_validate(const std::vector<std::string>& args) {
  if (args.size() != 1 || args[0] == "--help" || args[0] == "-h") {
    std::cout << "dipadj validate VARIANT   (a name such as 'standard', a directory or a variant.yaml)\n";
    return args.size() == 1 ? 0 : 2;
  }
  auto variant = find_variant(args[0]);
  if (!variant) {
    std::cerr << format_diagnostics(variant.errors());
    return 1;
  }
  const auto& v = *variant.value();
  std::size_t centres = 0;
  for (std::size_t p = 0; p < v.map().province_count(); ++p) centres += v.map().province(static_cast<ProvinceId>(p)).supply_centre;
  std::cout << v.name() << ": " << v.map().province_count() << " provinces, " << v.map().location_count()
            << " locations, " << centres << " supply centres, " << v.power_count() << " powers, "
            << v.start_position().unit_count() << " starting units: OK\n";
  for (const auto& extension : v.extensions()) std::cout << "  plugin: " << extension.plugin << "\n";
  for (const auto& option : v.map().options()) std::cout << "  map option: " << option.name << " -- " << option.title << "\n";
  return 0;
}

}  // namespace dipadj::cli
