// The batch reader (adjudicate_json_lines, as `dipadj batch` runs it) on any text: one output
// line per non-blank input line, in order, each valid JSON: a result, or an error naming its line.
#include <nlohmann/json.hpp>

#include <sstream>

#include "dipadj/service/batch.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace dipadj;
  fuzz::standard();
  static VariantCache variants;
  std::istringstream in{std::string(fuzz::as_text(data, size))};
  std::ostringstream out;
  const BatchTotals totals = adjudicate_json_lines(in, out, variants, BatchOptions{2, 3, "fuzz"});
  std::istringstream written(out.str());
  std::size_t lines = 0, errors = 0;
  for (std::string line; std::getline(written, line); ++lines) {
    const auto value = nlohmann::json::parse(line, nullptr, false);
    if (value.is_discarded() || !value.is_object()) fuzz::property_failed("an output line is not a JSON object: " + line);
    if (value.contains("error")) {
      ++errors;
      if (!value.contains("line")) fuzz::property_failed("an error line names no line: " + line);
    } else if (!value.contains("phase")) {
      fuzz::property_failed("an output line is neither a result nor an error: " + line);
    }
  }
  if (lines != totals.games || errors != totals.failed) fuzz::property_failed("the output lines do not match the input lines");
  return 0;
}
