#include "dipadj/document.hpp"

#include <algorithm>

namespace dipadj {

const DocNode& DocNode::operator[](std::string_view key) const {
  static const DocNode missing;  // immutable: the one answer for every absent key
  if (kind_ != Kind::Map) return missing;
  for (const DocNode& value : items())
    if (value.key_is(key)) return value;
  return missing;
}

bool DocNode::operator==(const DocNode& other) const {
  return kind_ == other.kind_ && key_kind_ == other.key_kind_ && line_ == other.line_ && key_line_ == other.key_line_ &&
         text_ == other.text_ && key_ == other.key_ && std::ranges::equal(items(), other.items());
}

}  // namespace dipadj
