// Every game record under tests/games/ and among the bundled variants' examples
// (variants/*/examples) is replayed phase by phase; each phase's expected position must match
// (GameRecords.<file name>, VariantExamples.<variant>_<file name>).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

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

std::string test_name(const std::string& text) {
  std::string name = text;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
}

void register_record(const char* suite, const std::string& name, const fs::path& path) {
  testing::RegisterTest(suite, test_name(name).c_str(), nullptr, nullptr, __FILE__, __LINE__,
                        [path]() -> testing::Test* { return new GameRecordTest(path); });
}

// A variant's examples are game files and records; only records say what should happen.
bool is_record(const fs::path& path) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("format:", 0) == 0) return line.find("dipadj-record/") != std::string::npos;
  return false;
}

const bool registered = [] {
  const fs::path dir = fs::path(DIPADJ_TEST_DATA).parent_path() / "games";
  if (fs::is_directory(dir))
    for (const auto& entry : fs::directory_iterator(dir))
      if (entry.path().extension() == ".yaml") register_record("GameRecords", entry.path().stem().string(), entry.path());
  for (const auto& variant : fs::directory_iterator(DIPADJ_VARIANTS_DIR)) {
    const fs::path examples = variant.path() / "examples";
    if (!fs::is_directory(examples)) continue;
    for (const auto& entry : fs::directory_iterator(examples))
      if (entry.path().extension() == ".yaml" && is_record(entry.path()))
        register_record("VariantExamples", variant.path().filename().string() + "_" + entry.path().stem().string(), entry.path());
  }
  return true;
}();

}  // namespace
