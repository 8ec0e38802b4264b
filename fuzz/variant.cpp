// The map and variant loaders on any text: the input is split at its first line "---8<---" into
// a variant.yaml and a map.yaml (which the variant names as `map: map.yaml`), written to a
// directory, and loaded with the bundled plugins (their settings and their map edits fuzzed too:
// a variant may name any of them, `random` included). A variant or a list of problems, never a
// crash. The plugins are loaded once, before the first input (fuzz_support.hpp).
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace dipadj;
  const std::string_view text = fuzz::as_text(data, size);
  constexpr std::string_view kCut = "\n---8<---\n";
  const auto cut = text.find(kCut);
  const std::string_view variant_text = text.substr(0, cut);
  const std::string_view map_text = cut == std::string_view::npos ? std::string_view() : text.substr(cut + kCut.size());
  fuzz::write_scratch("map.yaml", map_text);
  const auto file = fuzz::write_scratch("variant.yaml", variant_text);
  fuzz::keep_plugins_loaded();
  (void)load_variant(file);
  (void)load_map(fuzz::scratch_directory() / "map.yaml");
  return 0;
}
