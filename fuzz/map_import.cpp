// The map importers on any text: the input is split at its first line "---8<---" into a main file
// and a part. As DPjudge and MILA: a .map file and a part it may USE (part.geography); as jDip: a
// variants.xml and the adjacency file its MAP may name (part.xml); as a drawing, the main file
// alone (fuzzed.svg). What an import writes is loaded back as a variant (no plugin directory).
// Notes, errors or a variant, never a crash.
#include "dipadj/import/map_import.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace dipadj;
  const std::string_view text = fuzz::as_text(data, size);
  constexpr std::string_view kCut = "\n---8<---\n";
  const auto cut = text.find(kCut);
  const std::string_view part = cut == std::string_view::npos ? std::string_view() : text.substr(cut + kCut.size());
  fuzz::write_scratch("part.geography", part);
  fuzz::write_scratch("part.xml", part);
  const auto file = fuzz::write_scratch("fuzzed.map", text.substr(0, cut));
  (void)detect_map_source(file);
  for (const MapSource source : {MapSource::DPjudge, MapSource::Mila, MapSource::Jdip}) {
    auto imported = import_map(file, source, "fuzzed");
    if (!imported) continue;
    fuzz::write_scratch("map.yaml", imported->map_yaml);
    (void)load_variant(fuzz::write_scratch("variant.yaml", imported->variant_yaml), {});
  }
  const auto drawing = fuzz::write_scratch("fuzzed.svg", text.substr(0, cut));
  if (auto imported = import_map(drawing, MapSource::Svg, "fuzzed", ImportOptions{})) {
    fuzz::write_scratch("map.yaml", imported->map_yaml);
    (void)load_variant(fuzz::write_scratch("variant.yaml", imported->variant_yaml), {});
  }
  return 0;
}
