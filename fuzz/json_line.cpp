// The one-line JSON reader (simdjson) against the full reader (nlohmann's events) on any text:
// what the line reader accepts, the full reader must read into the same document.
#include "dipadj/document.hpp"
#include "document_json_line.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace dipadj;
  const std::string_view text = fuzz::as_text(data, size);
  DocNode by_line;
  if (!read_plain_json_line(text, by_line)) return 0;
  DocNode fully;
  std::vector<Diagnostic> errors;
  if (!read_json_with_events(text, "<fuzz>", fully, errors))
    fuzz::property_failed("the line reader read what the full reader refuses: " + errors.front().message);
  if (!(by_line == fully)) fuzz::property_failed("the two readers read different documents");
  return 0;
}
