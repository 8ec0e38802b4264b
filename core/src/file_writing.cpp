#include "dipadj/file_writing.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace dipadj {
namespace {

// What a temporary file's name adds to its file's: ".NAME" + kTemporaryMark + six random characters.
constexpr std::string_view kTemporaryMark = ".dipadj-tmp-";
constexpr std::size_t kRandomPart = 6;  // mkstemp's XXXXXX
// A temporary file nobody has locked and nobody has written to for this long is left over from a
// write that was interrupted. A writer holds its lock from just after creating the file until it
// is renamed into place; the age only covers the instant between creation and locking.
constexpr std::chrono::seconds kStaleAfter{60};
// Symbolic links followed to the file written, as many as the kernel follows (MAXSYMLINKS).
constexpr int kMaxLinks = 40;

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

// The file a path names once its symbolic links are followed, so that writing replaces the file a
// link points to and keeps the link (a dangling link's file is created). 0, or the errno of why
// the links cannot be followed.
int follow_links(const std::filesystem::path& file, std::filesystem::path& target) {
  target = file;
  for (int links = 0;; ++links) {
    struct stat entry {};
    if (::lstat(target.c_str(), &entry) != 0 || !S_ISLNK(entry.st_mode)) return 0;  // the rest is said when it is written
    if (links == kMaxLinks) return ELOOP;
    std::error_code ec;
    const std::filesystem::path points_to = std::filesystem::read_symlink(target, ec);
    if (ec) return ec.value();
    target = points_to.is_absolute() ? points_to : target.parent_path() / points_to;
  }
}

// The start of the names of `file`'s temporary files: ".NAME.dipadj-tmp-", NAME cut short when
// the whole would be longer than a file name may be.
std::string temporary_prefix(const std::filesystem::path& file) {
  std::string name = file.filename().string();
  const std::size_t room = NAME_MAX - 1 - kTemporaryMark.size() - kRandomPart;
  if (name.size() > room) name.resize(room);
  return "." + name + std::string(kTemporaryMark);
}

// Removes the temporary files of `file` that writes interrupted (a kill, a crash, a power cut)
// left in `directory`: those of ours that no writer holds locked and that have not been written
// to lately. One that cannot be told stale (no lock can be taken on its file system) stays.
void remove_stale_temporaries(const std::filesystem::path& directory, const std::string& prefix) {
  std::error_code ec;
  std::filesystem::directory_iterator entries(directory, ec);
  if (ec) return;
  const auto now = std::chrono::system_clock::now();
  for (const auto& entry : entries) {
    const std::string name = entry.path().filename().string();
    if (name.size() != prefix.size() + kRandomPart || !name.starts_with(prefix)) continue;
    // Regular files only (opening a device may do something), never through a link. Opened for
    // writing if it may be (a file system that emulates flock with byte-range locks, NFS, wants
    // that), else for reading (it has the permissions of the file it was to replace).
    struct stat seen {};
    if (::lstat(entry.path().c_str(), &seen) != 0 || !S_ISREG(seen.st_mode)) continue;
    constexpr int kFlags = O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY;
    int fd = ::open(entry.path().c_str(), O_RDWR | kFlags);
    if (fd < 0 && errno == EACCES) fd = ::open(entry.path().c_str(), O_RDONLY | kFlags);
    if (fd < 0) continue;
    struct stat opened {};
    const bool ours = ::fstat(fd, &opened) == 0 && S_ISREG(opened.st_mode) && opened.st_uid == ::geteuid();
    const auto modified = std::chrono::system_clock::time_point(std::chrono::seconds(opened.st_mtim.tv_sec));
    // A lock taken means no writer holds it: the writer that made the file is gone.
    if (ours && now - modified > kStaleAfter && ::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      struct stat named {};
      // Still the same file under that name, and not one made since.
      if (::lstat(entry.path().c_str(), &named) == 0 && named.st_dev == opened.st_dev && named.st_ino == opened.st_ino)
        ::unlink(entry.path().c_str());
    }
    ::close(fd);
  }
}

}  // namespace

std::string write_file_atomically(const std::filesystem::path& file, std::string_view text) {
  std::filesystem::path target;
  if (const int error = follow_links(file, target); error != 0) return failure(file, "cannot follow its symbolic links", error);
  struct stat existing {};
  if (::stat(target.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode))
    return file.string() + ": not a regular file; only regular files are written";
  const std::filesystem::path directory = target.has_parent_path() ? target.parent_path() : std::filesystem::path(".");
  const std::string prefix = temporary_prefix(target);
  remove_stale_temporaries(directory, prefix);
  std::string pattern = (directory / (prefix + std::string(kRandomPart, 'X'))).string();
  std::vector<char> name(pattern.begin(), pattern.end());
  name.push_back('\0');
  const int fd = ::mkostemp(name.data(), O_CLOEXEC);
  if (fd < 0) return failure(file, "cannot create a temporary file beside it", errno);
  // Held until the file is in place, so that no other write takes it for left over. A file system
  // without locks still gets the file written.
  ::flock(fd, LOCK_EX | LOCK_NB);
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
  // Renamed while still open and locked; closed after.
  if (error == 0 && ::rename(temporary.c_str(), target.c_str()) != 0) error = errno, step = "cannot put it in place";
  const bool renamed = error == 0;
  if (::close(fd) != 0 && error == 0) error = errno, step = "written and in place, but closing it failed";
  if (error != 0) {
    if (!renamed) ::unlink(temporary.c_str());
    return failure(file, step, error);
  }
  // The rename itself reaches the disk with the directory.
  const int dir = ::open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  return "";
}

}  // namespace dipadj
