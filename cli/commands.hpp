#pragma once
#include <string>
#include <vector>

namespace dipadj::cli {

std::string usage();
int run_datc(const std::vector<std::string>& args);
int run_adjudicate(const std::vector<std::string>& args);
int run_validate(const std::vector<std::string>& args);
int run_import(const std::vector<std::string>& args);
int run_draw(const std::vector<std::string>& args);
int run_play(const std::vector<std::string>& args);
int run_rules(const std::vector<std::string>& args);
int run_paths(const std::vector<std::string>& args);
int run_variants(const std::vector<std::string>& args);
int run_batch(const std::vector<std::string>& args);
int run_orders(const std::vector<std::string>& args);
int run_history(const std::vector<std::string>& args);
int run_undo(const std::vector<std::string>& args);
int run_serve(const std::vector<std::string>& args);
// "dipadj 0.2.0 (library 0.2.0, plugin interface 2)"
std::string version_text();

}  // namespace dipadj::cli
