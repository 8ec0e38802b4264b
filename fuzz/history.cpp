// The game-history reader (load_history) on any text, and the replay of what it reads: a history
// or a list of problems, never a crash.
#include "dipadj/formats/history.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  dipadj::fuzz::standard();  // loaded once, outside what is measured
  static dipadj::VariantCache variants;
  const auto file = dipadj::fuzz::write_scratch("history.json", dipadj::fuzz::as_text(data, size));
  const auto history = dipadj::load_history(file, &variants);
  if (history) dipadj::check_history(history.value());
  return 0;
}
