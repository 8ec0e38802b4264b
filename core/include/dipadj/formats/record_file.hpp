#pragma once
// Game records as files (docs/game-format.md, `format: dipadj-record/1`): a variant, a start
// (the variant's, unless given) and the phases of a game with their orders and what each should
// produce. `dipadj play` plays one with play_record and check_record (game/record.hpp).
#include <filesystem>
#include <memory>
#include <string>

#include "dipadj/diagnostic.hpp"
#include "dipadj/game/record.hpp"
#include "dipadj/rules/rules_loader.hpp"

namespace dipadj {

class Variant;

struct RecordFile {
  explicit RecordFile(std::size_t provinces) : record(provinces) {}

  std::string path;
  std::string title;
  // How the file names its variant, made usable from the current directory (as GameFile's).
  std::string variant_name;
  std::shared_ptr<const Variant> variant;
  GameRecord record;
};

// Every problem of the file with its line, or the record. `overrides`: rules on top of the
// record's own (the CLI's --profile and --rule).
Expected<RecordFile> load_record_file(const std::filesystem::path& file, const RuleOverrides& overrides = {});

}  // namespace dipadj
