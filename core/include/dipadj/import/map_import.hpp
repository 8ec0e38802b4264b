#pragma once
// Maps of other Diplomacy programs turned into dipadj variants: DPjudge's .map files (with their
// USE/MAP inheritance and .geography, .politics, .military parts), MILA's (the same family) and
// jDip's variants (a variants.xml and the adjacency XML file it names), and maps drawn as SVG
// pictures, one shape per province (their borders found where the shapes touch).
// The result is a variant directory's two files, map.yaml and variant.yaml
// (docs/map-format.md), with YAML comments where a choice had to be made, and notes, each with
// the source's file and line, of what could not be carried over (docs/importing-maps.md).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"

namespace dipadj {

enum class MapSource { DPjudge, Mila, Jdip, Svg };

struct ImportedVariant {
  std::string map_yaml;
  std::string variant_yaml;
  // What the source says that the variant does not carry (impassable provinces, terrain that
  // changes with the season, rules that need a plugin, ...), each with its file and line.
  std::vector<Diagnostic> notes;
  // What an import from a drawing found (provinces, seas, borders, the tolerance, gaps bridged,
  // overlaps, powers), a line each; empty for the other formats.
  std::vector<std::string> report;
  // The picture to copy into the variant's folder under the name variant.yaml gives it
  // (`artwork:`): the drawing imported, jDip's SVG map, or the one given; empty when none.
  std::filesystem::path artwork_source;
  std::string artwork_name;
};

struct ImportOptions {
  std::string source_variant;        // which variant of a file that holds several (jDip's variants.xml)
  // A drawing's: how far apart two outlines may lie and share a border, in its units, or as a
  // share of its diagonal (0.002: a 500th, the default).
  std::optional<double> tolerance, tolerance_share;
  std::filesystem::path artwork;     // an SVG picture of the map to keep as the variant's artwork
};

// The format of a map file, from its content; nullopt when it is none this importer reads, or when
// the file cannot be read (why is added to `errors` when given).
std::optional<MapSource> detect_map_source(const std::filesystem::path& file, std::vector<Diagnostic>* errors = nullptr);
const char* to_string(MapSource source);
std::optional<MapSource> map_source_named(const std::string& name);

// Reads `file` (and the files it uses) as `source` and writes the variant `name`. Errors (a file
// that cannot be read, a line that is none of the format's, an adjacency to nothing) come with
// file and line. `source_variant` chooses among the variants of a file that holds several (jDip's
// variants.xml; empty: its default one, or its only one).
Expected<ImportedVariant> import_map(const std::filesystem::path& file, MapSource source, const std::string& name,
                                     const std::string& source_variant = {});
// The same with a drawing's tolerance and an artwork to keep (docs/importing-maps.md).
Expected<ImportedVariant> import_map(const std::filesystem::path& file, MapSource source, const std::string& name, const ImportOptions& options);

}  // namespace dipadj
