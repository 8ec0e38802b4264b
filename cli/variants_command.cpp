#include <filesystem>
#include <iomanip>
#include <iostream>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/diagnostic.hpp"
#include "dipadj/installation.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace dipadj::cli {

int run_variants(const std::vector<std::string>& args) {
  CommandLine line{"variants",
                   "Lists the variants found on the variant search path ($DIPADJ_VARIANT_PATH, then the bundled ones): "
                   "name and title, folder by folder. A name found twice is taken from the first folder; the later one is marked hidden.",
                   {}};
  line.options.add_options()("help,h", "show this help");
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  bool all_load = true;
  std::filesystem::path directory;
  for (const VariantFolder& found : variant_folders()) {
    if (found.directory != directory) {
      directory = found.directory;
      std::cout << directory.string() << ":\n";
    }
    auto variant = load_variant(found.folder / "variant.yaml", plugin_search_path());
    std::cout << "  " << std::left << std::setw(27) << found.name << " ";
    if (variant) {
      std::cout << variant.value()->title();
    } else {
      all_load = false;
      std::cout << "(does not load: dipadj validate " << found.folder.string() << ")";
    }
    std::cout << (found.hidden ? "  (hidden by a variant of that name above)" : "") << "\n";
  }
  return all_load ? 0 : 1;
}

}  // namespace dipadj::cli
