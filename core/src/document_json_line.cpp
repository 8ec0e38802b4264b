#include "document_json_line.hpp"

#include <simdjson.h>

#include <algorithm>
#include <array>
#include <charconv>
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
  const std::span<const DocNode> items = map.items();
  if (items.size() <= kPairwiseKeys) {
    for (std::size_t i = 0; i < items.size(); ++i)
      for (std::size_t j = i + 1; j < items.size(); ++j)
        if (items[i].key_is(items[j].key())) return true;
    return false;
  }
  std::vector<const std::string*> keys;
  keys.reserve(items.size());
  for (const DocNode& item : items) keys.push_back(&item.key());
  std::sort(keys.begin(), keys.end(), [](const std::string* a, const std::string* b) { return *a < *b; });
  return std::adjacent_find(keys.begin(), keys.end(), [](const std::string* a, const std::string* b) { return *a == *b; }) != keys.end();
}

// An integer's text, as the full reader keeps it (JSON allows no other spelling of an integer
// simdjson reads as one), without a string made for it.
struct NumberText {
  std::array<char, 24> digits{};
  std::size_t size = 0;
  operator std::string_view() const { return {digits.data(), size}; }  // NOLINT(google-explicit-constructor)
};
template <class Integer>
NumberText number_text(Integer value) {
  NumberText text;
  text.size = static_cast<std::size_t>(std::to_chars(text.digits.data(), text.digits.data() + text.digits.size(), value).ptr - text.digits.data());
  return text;
}

// The kind of node an element of type `type` makes; Missing for a number with a fraction or an
// exponent, whose text as written the full reader keeps and simdjson does not.
DocNode::Kind kind_of(simdjson::dom::element_type type) {
  using Type = simdjson::dom::element_type;
  switch (type) {
    case Type::ARRAY: return DocNode::Kind::Sequence;
    case Type::OBJECT: return DocNode::Kind::Map;
    case Type::NULL_VALUE: return DocNode::Kind::Null;
    case Type::DOUBLE: return DocNode::Kind::Missing;
    default: return DocNode::Kind::Scalar;
  }
}

// `element` (of type `type`)'s content into `node`, renewed with its kind, nested `depth`
// containers deep; false where the full reader must decide. The node's items and texts are made
// again where they were (a reader of many lines keeps its tree: lines alike reuse its memory).
bool fill(simdjson::dom::element element, simdjson::dom::element_type type, DocNode& node, std::size_t depth) {
  using Type = simdjson::dom::element_type;
  std::size_t count = 0;
  switch (type) {
    case Type::ARRAY: {
      if (depth >= kMaxDocumentDepth) return false;
      const simdjson::dom::array array = element.get_array().value_unsafe();
      node.reserve(array.size());  // room at once for a node made now; nothing for one kept
      for (simdjson::dom::element item : array) {
        const Type item_type = item.type();
        const DocNode::Kind kind = kind_of(item_type);
        if (kind == DocNode::Kind::Missing || !fill(item, item_type, node.item(count++, kind, kLine), depth + 1)) return false;
      }
      node.keep_items(count);
      return true;
    }
    case Type::OBJECT: {
      if (depth >= kMaxDocumentDepth) return false;
      const simdjson::dom::object object = element.get_object().value_unsafe();
      node.reserve(object.size());
      for (const simdjson::dom::key_value_pair field : object) {
        const Type value_type = field.value.type();
        const DocNode::Kind kind = kind_of(value_type);
        if (kind == DocNode::Kind::Missing) return false;
        DocNode& value = node.item(count++, kind, kLine);
        value.assign_key(field.key, kLine);
        if (!fill(field.value, value_type, value, depth + 1)) return false;
      }
      node.keep_items(count);
      return !has_key_twice(node);
    }
    case Type::STRING: node.assign_text(element.get_string().value_unsafe()); break;
    case Type::INT64: node.assign_text(number_text(element.get_int64().value_unsafe())); break;
    case Type::UINT64: node.assign_text(number_text(element.get_uint64().value_unsafe())); break;
    case Type::BOOL: node.assign_text(element.get_bool().value_unsafe() ? "true" : "false"); break;
    case Type::NULL_VALUE: break;
    case Type::DOUBLE: return false;
  }
  node.keep_items(0);
  return true;
}

// A line longer than this does not leave its document's memory to the next line (a 64 MiB batch
// line may hold millions of nodes; a game's line holds about a hundred).
constexpr std::size_t kKeptLineBytes = std::size_t{64} << 10;

}  // namespace

struct JsonLineParser::Parser {
  simdjson::dom::parser simdjson;
  DocNode document;  // the last line's, its memory kept for the next
  std::size_t document_bytes = 0;  // that line's length
};

JsonLineParser::JsonLineParser() : parser_(std::make_unique<Parser>()) {}
JsonLineParser::~JsonLineParser() = default;
JsonLineParser::JsonLineParser(JsonLineParser&&) noexcept = default;
JsonLineParser& JsonLineParser::operator=(JsonLineParser&&) noexcept = default;

bool JsonLineParser::fill_document(std::string_view text, DocNode& document) {
  // An escape: the full reader's rules for surrogates and its messages decide; orders have none.
  if (text.find('\\') != std::string_view::npos || text.find('\n') != std::string_view::npos) return false;
  simdjson::dom::element root;
  if (parser_->simdjson.parse(text.data(), text.size()).get(root) != simdjson::SUCCESS) return false;
  const simdjson::dom::element_type type = root.type();
  const DocNode::Kind kind = kind_of(type);
  if (kind == DocNode::Kind::Missing) return false;
  document.renew(kind, kLine);
  return fill(root, type, document, 0);
}

bool JsonLineParser::read(std::string_view text, DocNode& out) {
  DocNode document;
  if (!fill_document(text, document)) return false;
  out = std::move(document);
  return true;
}

const DocNode* JsonLineParser::read(std::string_view text) {
  if (parser_->document_bytes > kKeptLineBytes) parser_->document = DocNode();
  parser_->document_bytes = text.size();
  return fill_document(text, parser_->document) ? &parser_->document : nullptr;
}

bool JsonLineParser::parse_document(std::string_view text, const std::string& name, DocNode& out, std::vector<Diagnostic>& errors) {
  if (read(text, out)) return true;
  return read_json_with_events(text, name, out, errors);
}

bool read_plain_json_line(std::string_view text, DocNode& out) { return JsonLineParser().read(text, out); }

}  // namespace dipadj
