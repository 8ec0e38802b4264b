#include "png_output.hpp"

#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include "dipadj/file_writing.hpp"

extern char** environ;

namespace dipadj::cli {
namespace {

// Runs `program` with `arguments` (found on PATH) and waits for it; its exit status, or why it
// could not run.
std::string run_program(const std::string& program, std::vector<std::string> arguments) {
  arguments.insert(arguments.begin(), program);
  std::vector<char*> argv;
  for (std::string& argument : arguments) argv.push_back(argument.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  if (const int error = posix_spawnp(&pid, program.c_str(), nullptr, nullptr, argv.data(), environ); error != 0) {
    if (error == ENOENT) return program + " was not found: install it (Debian: apt-get install librsvg2-bin) to write PNG, or draw SVG";
    return "cannot run " + program + ": " + std::strerror(error);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return "cannot wait for " + program + ": " + std::strerror(errno);
  if (!WIFEXITED(status)) return program + " was stopped by signal " + std::to_string(WTERMSIG(status));
  if (WEXITSTATUS(status) != 0) return program + " failed (exit status " + std::to_string(WEXITSTATUS(status)) + "; its message is above)";
  return "";
}

}  // namespace

std::string write_png(const std::string& svg, const std::filesystem::path& file, int width) {
  // The picture goes to rsvg-convert through a file beside the PNG, removed afterwards.
  const std::filesystem::path drawing = file.string() + ".tmp.svg";
  if (std::string problem = write_file_atomically(drawing, svg); !problem.empty()) return problem;
  const std::string problem = run_program("rsvg-convert", {"--width", std::to_string(width), "--keep-aspect-ratio", "--format", "png",
                                                           "--output", file.string(), drawing.string()});
  std::error_code ignored;
  std::filesystem::remove(drawing, ignored);
  return problem;
}

}  // namespace dipadj::cli
