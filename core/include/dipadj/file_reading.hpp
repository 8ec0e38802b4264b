#pragma once
// Reading an input file whole, as every reader of dipadj reads one: within the size limit (64 MB),
// a FIFO, device or directory refused, and a read error midway an error, never the end.
#include <filesystem>
#include <string>

#include "dipadj/diagnostic.hpp"

namespace dipadj {

// The whole of `file` ("-": standard input), or why it cannot be read, naming it.
Expected<std::string> read_input_file(const std::filesystem::path& file);

}  // namespace dipadj
