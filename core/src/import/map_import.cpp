#include "dipadj/import/map_import.hpp"

#include <cctype>
#include <sstream>

#include "base/yaml_support.hpp"
#include "dipadj/geo/ids.hpp"
#include "dipadj/text.hpp"

#include "board_yaml.hpp"
#include "dpjudge_reader.hpp"
#include "jdip_reader.hpp"
#include "svg_import.hpp"

namespace dipadj {

namespace {

// What no dipadj variant can hold is refused here, before a variant is written that could not be
// loaded (and before the writer's work on a board of that size).
std::optional<Diagnostic> refusal(const std::filesystem::path& file, MapSource source, const import::ImportedBoard& board) {
  if (board.powers.size() >= kNoPower)
    return Diagnostic{board.powers[kNoPower - 1].line.file, board.powers[kNoPower - 1].line.line,
                      std::to_string(board.powers.size()) + " powers: a dipadj variant has at most " + std::to_string(kNoPower - 1) +
                          "; this is the first too many"};
  if (board.places.size() > kMaxPlaces)
    return Diagnostic{file.string(), 0, std::to_string(board.places.size()) + " provinces and coasts: a dipadj map has at most " + std::to_string(kMaxPlaces)};
  if (board.places.empty()) return Diagnostic{file.string(), 0, "no province: not a " + std::string(to_string(source)) + " map file"};
  if (board.powers.empty())
    return Diagnostic{file.string(), 0, source == MapSource::Jdip ? "no power: the VARIANT has no POWER element"
                                                                  : "no power: the map has no power line (POWER (ADJECTIVE) CENTRES ...)"};
  return std::nullopt;
}

// The artwork's name in the variant's folder: the picture's own file name, made safe to write
// into YAML and to read back as a file of the folder (letters, digits, '-', '_', '.').
std::string artwork_name(const std::filesystem::path& picture) {
  std::string out;
  for (const char c : picture.stem().string()) out += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' ? c : '-';
  return (out.empty() || out.front() == '-' ? "map" : out) + ".svg";
}

}  // namespace

const char* to_string(MapSource source) {
  switch (source) {
    case MapSource::DPjudge: return "dpjudge";
    case MapSource::Mila: return "mila";
    case MapSource::Jdip: return "jdip";
    case MapSource::Svg: return "svg";
  }
  return "?";
}

std::optional<MapSource> map_source_named(const std::string& name) {
  if (name == "dpjudge") return MapSource::DPjudge;
  if (name == "mila") return MapSource::Mila;
  if (name == "jdip") return MapSource::Jdip;
  if (name == "svg") return MapSource::Svg;
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
    if (!family && line.find("<svg") != std::string::npos) return MapSource::Svg;
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
  return import_map(file, source, name, ImportOptions{source_variant, std::nullopt, std::nullopt, {}});
}

Expected<ImportedVariant> import_map(const std::filesystem::path& file, MapSource source, const std::string& name, const ImportOptions& options) {
  std::vector<Diagnostic> errors;
  if (source != MapSource::Jdip && !options.source_variant.empty())
    return std::vector<Diagnostic>{Diagnostic{file.string(), 0, "a " + std::string(to_string(source)) + " map file holds one variant: no variant to choose"}};
  if (source != MapSource::Svg && (options.tolerance || options.tolerance_share))
    return std::vector<Diagnostic>{Diagnostic{file.string(), 0, "a tolerance is for a drawing (--from svg), not a " + std::string(to_string(source)) + " map"}};
  std::vector<std::string> report;
  import::ImportedBoard board;
  if (source == MapSource::Svg) {
    auto drawn = import::read_drawing_board(file, {options.tolerance, options.tolerance_share}, errors);
    if (drawn) board = std::move(drawn->board), report = std::move(drawn->report);
  } else {
    board = source == MapSource::Jdip ? import::read_jdip_variant(file, options.source_variant, errors) : import::read_dpjudge_map(file, errors);
  }
  if (!errors.empty()) return errors;
  if (auto refused = refusal(file, source, board)) return std::vector<Diagnostic>{*refused};
  // A picture given wins over the one a jDip variant names.
  std::filesystem::path artwork = source == MapSource::Svg ? file : options.artwork.empty() ? board.artwork_source : options.artwork;
  if (!artwork.empty()) board.artwork = artwork_name(artwork);
  const import::VariantFiles files = import::write_variant(board, name, file.filename().string() + " (" + to_string(source) + ")");
  if (board.notes_left_out > 0)
    board.notes.push_back(Diagnostic{file.string(), 0, std::to_string(board.notes_left_out) + " more notes like these, left out (the first " +
                                                           std::to_string(kMaxReported) + " are above)"});
  return ImportedVariant{files.map_yaml, files.variant_yaml, std::move(board.notes), std::move(report), artwork, board.artwork};
}

}  // namespace dipadj
