#include <iostream>

#include "commands.hpp"

namespace dipadj::cli {

std::string usage() {
  return "usage: dipadj <command> [options]\n"
         "  datc FILE...            run DATC case files and print a pass/fail table\n"
         "  adjudicate FILE [--json] adjudicate a position and its orders\n"
         "  validate VARIANT        check a variant's YAML files\n";
}

int run_adjudicate(const std::vector<std::string>& args) {
  (void)args;
  std::cerr << "dipadj adjudicate: coming in the next commit\n";
  return 2;
}

}  // namespace dipadj::cli
