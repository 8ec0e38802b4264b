#pragma once
// Strict JSON, checked before the text goes to the readers (which read it as the YAML it also
// is, so that one reader serves both formats and its messages keep their lines). Private to the
// core library.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/diagnostic.hpp"

namespace dipadj::json {

// Deeper than any file of ours needs; a limit keeps a hostile text from exhausting the stack of
// the reader that follows.
constexpr std::size_t kMaxDepth = 64;

// Whether `text` is one JSON value, nested at most kMaxDepth deep; if not, a diagnostic with the
// line of the error and its cause.
bool check(std::string_view text, const std::string& name, std::vector<Diagnostic>& errors);

}  // namespace dipadj::json
