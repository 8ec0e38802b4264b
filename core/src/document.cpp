#include "dipadj/document.hpp"

namespace dipadj {

const DocNode& DocNode::operator[](std::string_view key) const {
  static const DocNode missing;  // immutable: the one answer for every absent key
  if (kind_ != Kind::Map) return missing;
  for (const DocNode& value : items_)
    if (value.key_ == key) return value;
  return missing;
}

}  // namespace dipadj
