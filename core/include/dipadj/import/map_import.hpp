#pragma once
// Maps of other Diplomacy programs turned into dipadj variants: DPjudge's .map files (with their
// USE/MAP inheritance and .geography, .politics, .military parts), MILA's (the same family) and
// jDip's variants (a variants.xml and the adjacency XML file it names).
// The result is a variant directory's two files, map.yaml and variant.yaml
// (docs/map-format.md), with YAML comments where a choice had to be made, and notes, each with
// the source's file and line, of what could not be carried over (docs/importing-maps.md).
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "dipadj/diagnostic.hpp"

namespace dipadj {

enum class MapSource { DPjudge, Mila, Jdip };

struct ImportedVariant {
  std::string map_yaml;
  std::string variant_yaml;
  // What the source says that the variant does not carry (impassable provinces, terrain that
  // changes with the season, rules that need a plugin, ...), each with its file and line.
  std::vector<Diagnostic> notes;
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

}  // namespace dipadj
