#pragma once
// A fresh directory for one test, removed at its end: named after the process and the test, so
// that tests run at once (ctest -j, two builds) do not share one.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace dipadj::testing {

struct ScratchDirectory {
  std::filesystem::path path = std::filesystem::temp_directory_path() /
                               ("dipadj_" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->test_suite_name()) +
                                "_" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + "_" + std::to_string(::getpid()));
  ScratchDirectory() {
    std::filesystem::remove_all(path);
    std::filesystem::create_directories(path);
  }
  ScratchDirectory(const ScratchDirectory&) = delete;
  ScratchDirectory& operator=(const ScratchDirectory&) = delete;
  ~ScratchDirectory() { std::filesystem::remove_all(path); }
};

}  // namespace dipadj::testing
