// The jDip/godip plain-text case reader on any text: cases or problems, never a crash.
#include "dipadj/datc/case_file.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  dipadj::fuzz::standard();
  // Variants are loaded at the VARIANT_ALL line, before the cases are read: once, not per input.
  static dipadj::VariantCache variants;
  const auto file = dipadj::fuzz::write_scratch("cases.txt", dipadj::fuzz::as_text(data, size));
  const auto cases = dipadj::load_jdip_case_file(file, &variants);
  if (cases)
    for (const auto& test : cases.value().cases) dipadj::run_case(cases.value(), test);
  return 0;
}
