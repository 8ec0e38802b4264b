#include <iostream>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/installation.hpp"
#include "dipadj/plugin/plugin.hpp"
#include "dipadj/plugin/plugin_loader.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/version.hpp"

namespace dipadj::cli {

std::string version_text() {
  return "dipadj " + std::string(kVersion) + " (library " + version() + ", plugin interface " +
         std::to_string(kPluginInterfaceVersion) + ")\n";
}

int run_paths(const std::vector<std::string>& args) {
  CommandLine line{"paths", "Prints the version and where this dipadj looks for variants, plugins and DATC files.", {}};
  line.options.add_options()("help,h", "show this help");
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  const Installation& here = installation();
  std::cout << version_text();
  std::cout << "library: " << (here.library.empty() ? "(unknown)" : here.library.string())
            << (here.build_tree ? "  (in its build tree)" : "") << "\n";
  std::cout << "variant search path ($DIPADJ_VARIANT_PATH first):\n";
  for (const auto& dir : variant_search_path()) std::cout << "  " << dir.string() << "\n";
  std::cout << "plugin search path ($DIPADJ_PLUGIN_PATH first):\n";
  for (const auto& dir : plugin_search_path()) std::cout << "  " << dir.string() << "\n";
  std::cout << "DATC case files: " << here.datc.string() << "\n";
  return 0;
}

}  // namespace dipadj::cli
