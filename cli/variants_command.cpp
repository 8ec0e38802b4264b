#include <filesystem>
#include <iomanip>
#include <iostream>
#include <algorithm>
#include <set>

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
  std::set<std::string> seen;
  bool all_load = true;
  for (const auto& directory : variant_search_path()) {
    std::error_code ec;
    std::vector<std::filesystem::path> folders;
    for (const auto& entry : std::filesystem::directory_iterator(directory, ec))
      if (std::filesystem::is_regular_file(entry.path() / "variant.yaml", ec)) folders.push_back(entry.path());
    std::sort(folders.begin(), folders.end());
    if (folders.empty()) continue;
    std::cout << directory.string() << ":\n";
    for (const auto& folder : folders) {
      const std::string name = folder.filename().string();
      const bool hidden = !seen.insert(name).second;
      auto variant = load_variant(folder / "variant.yaml", plugin_search_path());
      std::cout << "  " << std::left << std::setw(27) << name << " ";
      if (variant) {
        std::cout << variant.value()->title();
      } else {
        all_load = false;
        std::cout << "(does not load: dipadj validate " << folder.string() << ")";
      }
      std::cout << (hidden ? "  (hidden by a variant of that name above)" : "") << "\n";
    }
  }
  return all_load ? 0 : 1;
}

}  // namespace dipadj::cli
