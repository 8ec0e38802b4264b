// Every game record under tests/games/ is replayed phase by phase; each phase's expected
// position must match (GameRecords.<file name>).
#include <gtest/gtest.h>

#include <filesystem>

#include "dipadj/formats/record_file.hpp"

namespace {

namespace fs = std::filesystem;
using namespace dipadj;

class GameRecordTest : public testing::Test {
 public:
  explicit GameRecordTest(fs::path path) : path_(std::move(path)) {}
  void TestBody() override {
    auto file = load_record_file(path_);
    ASSERT_TRUE(file) << format_diagnostics(file.errors());
    const RecordCheck report = check_record(*file->variant, file->record);
    std::string why;
    for (const auto& line : report.differences) why += "  " + line + "\n";
    EXPECT_TRUE(report.passed) << path_.string() << "\n" << why;
  }

 private:
  fs::path path_;
};

const bool registered = [] {
  const fs::path dir = fs::path(DIPADJ_TEST_DATA).parent_path() / "games";
  if (!fs::is_directory(dir)) return false;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".yaml") continue;
    std::string name = entry.path().stem().string();
    for (char& c : name)
      if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
    const fs::path path = entry.path();
    testing::RegisterTest("GameRecords", name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                          [path]() -> testing::Test* { return new GameRecordTest(path); });
  }
  return true;
}();

}  // namespace
