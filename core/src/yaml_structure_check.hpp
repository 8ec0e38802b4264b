#pragma once
// A first pass over a YAML text, before yaml-cpp builds its nodes: what yaml-cpp accepts but a
// reader must not.
//   - Nesting deeper than kMaxNesting (no file of ours needs more than a few levels; yaml-cpp's
//     own guard says only "bad file").
//   - Aliases that stand for more than kMaxAliasedNodes nodes in all ("billion laughs": a 1 MB
//     case file that repeats one anchored case 200,000 times made the reader build 8.7 GB).
//   - A key twice in one mapping (yaml-cpp keeps the first silently: a second `phase:` was lost).
#include <cstddef>
#include <string>

namespace dipadj::yaml {

inline constexpr std::size_t kMaxNesting = 64;
inline constexpr std::size_t kMaxAliasedNodes = 100'000;

struct StructureProblem {
  int line = 0;  // 1-based; 0 when unknown
  std::string message;
};

// Parses the first document of `text`; the first problem found, if any (line 0 and an empty
// message when there is none). A syntax error is thrown as yaml-cpp's exception.
StructureProblem check_structure(const std::string& text);

}  // namespace dipadj::yaml
