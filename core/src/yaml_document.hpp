#pragma once
// YAML text read straight into a document (document.hpp) from yaml-cpp's event parser, checked as
// it is read for what yaml-cpp accepts but a reader must not:
//   - Nesting deeper than kMaxNesting (no file of ours needs more than a few levels; yaml-cpp's
//     own guard says only "bad file").
//   - Aliases that stand for more than kMaxAliasedNodes nodes in all ("billion laughs": a 1 MB
//     case file that repeats one anchored case 200,000 times made the reader build 8.7 GB).
//   - A key twice in one mapping (yaml-cpp keeps the first silently: a second `phase:` was lost).
// A long list can be streamed: its items are handed over one by one as they are read and not
// kept (a case file of any number of cases is read in the memory of one). Private to the core.
#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "dipadj/document.hpp"

namespace dipadj::yaml {

inline constexpr std::size_t kMaxNesting = 64;
inline constexpr std::size_t kMaxAliasedNodes = 100'000;

// The items of the list under `key` in the top-level mapping, handed to `take` one at a time with
// the mapping as read so far (the keys before `key`; the list itself stays empty in the result).
struct ListStream {
  std::string_view key;
  std::function<void(const DocNode& top_so_far, DocNode item)> take;
  std::string_view item_name = "item";  // what an item is, in messages: "case"
  // An item spanning more than this many bytes of text is refused (the item is held whole).
  std::size_t max_item_bytes = 64u << 20;
};

// The first document of `in` as a document; false, with a diagnostic naming `name`, the line and
// the cause (syntax, nesting, aliases, a key twice), when it cannot be read. With `stream`, the
// items already handed over stay handed over when a later part turns out unreadable.
bool read_document(std::istream& in, const std::string& name, DocNode& out, std::vector<Diagnostic>& errors,
                   const ListStream* stream = nullptr);

}  // namespace dipadj::yaml
