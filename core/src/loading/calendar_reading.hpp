#pragma once
// A variant file's `calendar:` (docs/variant-rules.md) read into a Calendar. Private to the core.
#include <optional>

#include "dipadj/document_reader.hpp"
#include "dipadj/board/calendar.hpp"

namespace dipadj {

// The calendar the node writes (the Standard game's when there is none); nothing, with every
// problem said at its line, when it cannot be used.
std::optional<Calendar> read_calendar(DocumentReader& doc, const DocNode& node);

}  // namespace dipadj
