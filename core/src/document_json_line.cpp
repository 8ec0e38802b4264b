#include "document_json_line.hpp"

#include <simdjson.h>

#include <algorithm>
#include <string>
#include <vector>

#include "dipadj/document.hpp"

namespace dipadj {
namespace {

// Every node of a one-line text is on line 1, as the full reader gives it.
constexpr int kLine = 1;
// Objects up to this size are checked pair by pair for a key given twice, larger ones sorted.
constexpr std::size_t kPairwiseKeys = 16;

bool has_key_twice(const DocNode& map) {
  const std::vector<DocNode>& items = map.items();
  if (items.size() <= kPairwiseKeys) {
    for (std::size_t i = 0; i < items.size(); ++i)
      for (std::size_t j = i + 1; j < items.size(); ++j)
        if (items[i].key() == items[j].key()) return true;
    return false;
  }
  std::vector<const std::string*> keys;
  keys.reserve(items.size());
  for (const DocNode& item : items) keys.push_back(&item.key());
  std::sort(keys.begin(), keys.end(), [](const std::string* a, const std::string* b) { return *a < *b; });
  return std::adjacent_find(keys.begin(), keys.end(), [](const std::string* a, const std::string* b) { return *a == *b; }) != keys.end();
}

// `element` as `node`, nested `depth` containers deep; false where the full reader must decide.
bool fill(simdjson::dom::element element, DocNode& node, std::size_t depth) {
  using Type = simdjson::dom::element_type;
  switch (element.type()) {
    case Type::ARRAY: {
      if (depth >= kMaxDocumentDepth) return false;
      const simdjson::dom::array array = element.get_array().value_unsafe();
      node = DocNode(DocNode::Kind::Sequence, kLine);
      node.reserve(array.size());
      for (simdjson::dom::element item : array)
        if (!fill(item, node.add(DocNode()), depth + 1)) return false;
      return true;
    }
    case Type::OBJECT: {
      if (depth >= kMaxDocumentDepth) return false;
      const simdjson::dom::object object = element.get_object().value_unsafe();
      node = DocNode(DocNode::Kind::Map, kLine);
      node.reserve(object.size());
      for (const simdjson::dom::key_value_pair field : object) {
        DocNode& value = node.add(DocNode());
        if (!fill(field.value, value, depth + 1)) return false;
        value.set_key(std::string(field.key), kLine);
      }
      return !has_key_twice(node);
    }
    case Type::STRING:
      node = DocNode(DocNode::Kind::Scalar, kLine);
      node.set_text(std::string(element.get_string().value_unsafe()));
      return true;
    case Type::INT64:
      node = DocNode(DocNode::Kind::Scalar, kLine);
      node.set_text(std::to_string(element.get_int64().value_unsafe()));
      return true;
    case Type::UINT64:
      node = DocNode(DocNode::Kind::Scalar, kLine);
      node.set_text(std::to_string(element.get_uint64().value_unsafe()));
      return true;
    case Type::BOOL:
      node = DocNode(DocNode::Kind::Scalar, kLine);
      node.set_text(element.get_bool().value_unsafe() ? "true" : "false");
      return true;
    case Type::NULL_VALUE:
      node = DocNode(DocNode::Kind::Null, kLine);
      return true;
    case Type::DOUBLE:  // the full reader keeps a fraction's text as written, which simdjson does not
      return false;
  }
  return false;
}

}  // namespace

bool read_plain_json_line(std::string_view text, DocNode& out) {
  // An escape: the full reader's rules for surrogates and its messages decide; orders have none.
  if (text.find('\\') != std::string_view::npos || text.find('\n') != std::string_view::npos) return false;
  simdjson::dom::parser parser;
  simdjson::dom::element root;
  if (parser.parse(text.data(), text.size()).get(root) != simdjson::SUCCESS) return false;
  DocNode document;
  if (!fill(root, document, 0)) return false;
  out = std::move(document);
  return true;
}

}  // namespace dipadj
