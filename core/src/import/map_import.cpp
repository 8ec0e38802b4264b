#include "dipadj/import/map_import.hpp"

#include <sstream>

#include "base/yaml_support.hpp"
#include "dipadj/geo/ids.hpp"
#include "dipadj/text.hpp"

#include "board_yaml.hpp"
#include "dpjudge_reader.hpp"
#include "jdip_reader.hpp"

namespace dipadj {

const char* to_string(MapSource source) {
  switch (source) {
    case MapSource::DPjudge: return "dpjudge";
    case MapSource::Mila: return "mila";
    case MapSource::Jdip: return "jdip";
  }
  return "?";
}

std::optional<MapSource> map_source_named(const std::string& name) {
  if (name == "dpjudge") return MapSource::DPjudge;
  if (name == "mila") return MapSource::Mila;
  if (name == "jdip") return MapSource::Jdip;
  return std::nullopt;
}

std::optional<MapSource> detect_map_source(const std::filesystem::path& file, std::vector<Diagnostic>* errors) {
  // Read whole, as the importer will read it (within the size limit; a FIFO would never end): a
  // guess from a part cut short by a read error would be no guess.
  std::vector<Diagnostic> problems;
  std::string whole;
  if (!yaml::read_text_file(file, whole, problems)) {
    if (errors != nullptr) errors->insert(errors->end(), problems.begin(), problems.end());
    return std::nullopt;
  }
  std::istringstream in(whole);
  // The family shows in its words: ABUTS lines, "name = id" lines, USE/MAP lines. MILA's files
  // start their game with BEGIN and hold everything in one file; DPjudge's use others.
  bool family = false, begin = false, uses = false;
  std::string line;
  for (int n = 0; n < 5000 && std::getline(in, line); ++n) {
    // jDip's files are XML: a variants.xml, or an adjacency file (which import_map refuses, naming
    // the variants.xml to give instead).
    if (!family && (line.find("<VARIANTS") != std::string::npos || line.find("<PROVINCES") != std::string::npos)) return MapSource::Jdip;
    if (auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    const std::vector<std::string> words = split_words(line);
    const std::string first = words.empty() ? std::string() : ascii_upper(words[0]);
    if (words.size() > 2 && ascii_upper(words[2]) == "ABUTS") family = true;
    if (first == "USE" || first == "MAP") uses = family = true;
    if (first == "BEGIN") begin = true;
  }
  if (!family) return std::nullopt;
  return begin && !uses ? MapSource::Mila : MapSource::DPjudge;
}

Expected<ImportedVariant> import_map(const std::filesystem::path& file, MapSource source, const std::string& name,
                                     const std::string& source_variant) {
  std::vector<Diagnostic> errors;
  if (source != MapSource::Jdip && !source_variant.empty())
    return std::vector<Diagnostic>{Diagnostic{file.string(), 0, "a " + std::string(to_string(source)) + " map file holds one variant: no variant to choose"}};
  import::ImportedBoard board =
      source == MapSource::Jdip ? import::read_jdip_variant(file, source_variant, errors) : import::read_dpjudge_map(file, errors);
  if (!errors.empty()) return errors;
  // What no dipadj variant can hold is refused here, before a variant is written that could not
  // be loaded (and before the writer's work on a board of that size).
  if (board.powers.size() >= kNoPower)
    return std::vector<Diagnostic>{Diagnostic{board.powers[kNoPower - 1].line.file, board.powers[kNoPower - 1].line.line,
                                              std::to_string(board.powers.size()) + " powers: a dipadj variant has at most " +
                                                  std::to_string(kNoPower - 1) + "; this is the first too many"}};
  if (board.places.size() > kMaxPlaces)
    return std::vector<Diagnostic>{Diagnostic{file.string(), 0, std::to_string(board.places.size()) +
                                                                    " provinces and coasts: a dipadj map has at most " + std::to_string(kMaxPlaces)}};
  if (board.places.empty()) return std::vector<Diagnostic>{Diagnostic{file.string(), 0, "no province: not a " + std::string(to_string(source)) + " map file"}};
  if (board.powers.empty()) return std::vector<Diagnostic>{Diagnostic{file.string(), 0, source == MapSource::Jdip ? "no power: the VARIANT has no POWER element"
                                                                                      : "no power: the map has no power line (POWER (ADJECTIVE) CENTRES ...)"}};
  const import::VariantFiles files = import::write_variant(board, name, file.filename().string() + " (" + to_string(source) + ")");
  if (board.notes_left_out > 0)
    board.notes.push_back(Diagnostic{file.string(), 0, std::to_string(board.notes_left_out) + " more notes like these, left out (the first " +
                                                           std::to_string(kMaxReported) + " are above)"});
  return ImportedVariant{files.map_yaml, files.variant_yaml, std::move(board.notes)};
}

}  // namespace dipadj
