#pragma once
// A batch's error lines, {"file": source, "line": number, "error": message}: written by the
// adjudication of a line (batch.cpp) and by the pipeline for a line it cannot hand over (over the
// limit) or the input it cannot read (batch_pipeline.cpp). Private to the core library.
#include <cstddef>
#include <string>

namespace dipadj {

class JsonSink;

// The error line into `out` (what it had of the line dropped).
void write_error(JsonSink& out, std::size_t number, const std::string& source, const std::string& message);
// The same as a line of text.
std::string error_line(std::size_t number, const std::string& source, const std::string& message);

}  // namespace dipadj
