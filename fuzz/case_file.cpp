// The YAML case-file reader on any text: a case file or a list of problems, never a crash.
#include "dipadj/datc/case_file.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  dipadj::fuzz::standard();  // loaded once, outside what is measured
  static dipadj::VariantCache variants;
  const auto file = dipadj::fuzz::write_scratch("cases.yaml", dipadj::fuzz::as_text(data, size));
  const auto cases = dipadj::load_case_file(file, &variants);
  if (cases)
    for (const auto& test : cases.value().cases) dipadj::run_case(cases.value(), test);
  return 0;
}
