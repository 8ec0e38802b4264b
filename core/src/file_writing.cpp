#include "dipadj/file_writing.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace dipadj {
namespace {

std::string failure(const std::filesystem::path& file, const std::string& what, int error) {
  return file.string() + ": " + what + ": " + std::strerror(error);
}

// Writes all of `text` to `fd`, retrying short writes and interruptions; the errno of a failure.
int write_all(int fd, std::string_view text) {
  while (!text.empty()) {
    const ssize_t written = ::write(fd, text.data(), text.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    if (written == 0) return EIO;
    text.remove_prefix(static_cast<std::size_t>(written));
  }
  return 0;
}

// The umask, read without changing it (umask() would set it, racing other threads).
mode_t process_umask() {
  std::ifstream status("/proc/self/status");
  std::string line;
  while (std::getline(status, line))
    if (line.starts_with("Umask:")) return static_cast<mode_t>(std::strtoul(line.c_str() + 6, nullptr, 8));
  return 022;
}

}  // namespace

std::string write_file_atomically(const std::filesystem::path& file, std::string_view text) {
  struct stat existing {};
  if (::stat(file.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode))
    return file.string() + ": not a regular file; only regular files are written";
  const std::filesystem::path directory = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  std::string pattern = (directory / ("." + file.filename().string() + ".XXXXXX")).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  const int fd = ::mkstemp(name.data());
  if (fd < 0) return failure(file, "cannot create a temporary file beside it", errno);
  const std::string temporary(name.data());
  int error = write_all(fd, text);
  const char* step = "cannot write";
  // The new file keeps the old one's permissions; a new file gets the usual ones (0666 & ~umask).
  if (error == 0) {
    mode_t mode = existing.st_mode & 07777;
    if (mode == 0) mode = 0666 & ~process_umask();
    if (::fchmod(fd, mode) != 0) error = errno, step = "cannot set its permissions";
  }
  if (error == 0 && ::fsync(fd) != 0) error = errno, step = "cannot flush it to the disk";
  if (::close(fd) != 0 && error == 0) error = errno, step = "cannot close it";
  if (error == 0 && ::rename(temporary.c_str(), file.c_str()) != 0) error = errno, step = "cannot put it in place";
  if (error != 0) {
    ::unlink(temporary.c_str());
    return failure(file, step, error);
  }
  // The rename itself reaches the disk with the directory.
  const int dir = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return "";
}

}  // namespace dipadj
