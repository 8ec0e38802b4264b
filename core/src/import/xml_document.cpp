#include "xml_document.hpp"

#include <expat.h>

#include <algorithm>
#include <memory>
#include <string_view>

#include "base/yaml_support.hpp"

namespace dipadj::import {
namespace {

constexpr std::size_t kMaxFileSize = 16u << 20;  // below the limit of every input file (yaml::kMaxFileSize)
constexpr std::size_t kMaxElementDepth = 32;

struct ParserDeleter {
  void operator()(XML_ParserStruct* parser) const { XML_ParserFree(parser); }
};

// Builds the tree while expat reads; `open` is the path from the root to the element being read.
struct TreeBuilder {
  XML_Parser parser = nullptr;
  std::optional<XmlElement> root;
  std::vector<XmlElement*> open;
  std::string problem;  // why the builder stopped the parser; empty when expat did

  void stop(std::string why) {
    if (problem.empty()) problem = std::move(why);
    XML_StopParser(parser, XML_FALSE);
  }
};

void on_start(void* data, const XML_Char* name, const XML_Char** attributes) {
  auto& builder = *static_cast<TreeBuilder*>(data);
  if (builder.open.size() >= kMaxElementDepth) return builder.stop("elements nested more than " + std::to_string(kMaxElementDepth) + " deep");
  XmlElement element;
  element.name = name;
  element.line = static_cast<int>(XML_GetCurrentLineNumber(builder.parser));
  for (const XML_Char** a = attributes; a[0] != nullptr && a[1] != nullptr; a += 2) element.attributes.emplace_back(a[0], a[1]);
  XmlElement* placed = nullptr;
  if (builder.open.empty()) {
    builder.root = std::move(element);
    placed = &*builder.root;
  } else {
    auto& siblings = builder.open.back()->children;
    siblings.push_back(std::move(element));
    placed = &siblings.back();
  }
  builder.open.push_back(placed);
}

void on_end(void* data, const XML_Char* /*name*/) {
  auto& builder = *static_cast<TreeBuilder*>(data);
  if (!builder.open.empty()) builder.open.pop_back();
}

// Entities are what XML's expansion attacks are made of, and none is read. jDip's SVG maps declare
// parameter entities in their DOCTYPE to extend the SVG DTD (<!ENTITY % svgExt "| jdipNS:...">)
// and never use them in the document: such a declaration passes when its value names no other
// entity and declares nothing (no '%', '&' or '<'), so that nothing can expand into more.
void on_entity(void* data, const XML_Char* name, int parameter, const XML_Char* value, int length, const XML_Char* /*base*/,
               const XML_Char* /*system_id*/, const XML_Char* /*public_id*/, const XML_Char* /*notation*/) {
  const std::string_view text = value == nullptr ? std::string_view() : std::string_view(value, static_cast<std::size_t>(std::max(length, 0)));
  if (parameter != 0 && value != nullptr && text.find_first_of("%&<") == std::string_view::npos) return;
  auto& builder = *static_cast<TreeBuilder*>(data);
  builder.stop(std::string("the document declares the entity '") + name + "': entity declarations are not read");
}

}  // namespace

const std::string* XmlElement::attribute(std::string_view key) const {
  for (const auto& [k, value] : attributes)
    if (k == key) return &value;
  return nullptr;
}

std::string XmlElement::attribute_or(std::string_view key, std::string_view fallback) const {
  const std::string* value = attribute(key);
  return value ? *value : std::string(fallback);
}

std::vector<const XmlElement*> children_named(const XmlElement& element, std::string_view name) {
  std::vector<const XmlElement*> out;
  for (const auto& child : element.children)
    if (child.name == name) out.push_back(&child);
  return out;
}

std::optional<XmlElement> read_xml_file(const std::filesystem::path& file, std::vector<Diagnostic>& errors) {
  std::string text;
  if (!yaml::read_text_file(file, text, errors)) return std::nullopt;
  if (text.size() > kMaxFileSize) {
    // Said as it is: a drawing or map this large is refused for its size, not taken for another kind of file.
    errors.push_back(Diagnostic{file.string(), 0, std::to_string(text.size() >> 20) + " MiB: larger than " + std::to_string(kMaxFileSize >> 20) +
                                                      " MiB, the most an XML file (a jDip map, an SVG drawing) may have; not read"});
    return std::nullopt;
  }
  const std::unique_ptr<XML_ParserStruct, ParserDeleter> parser(XML_ParserCreate(nullptr));
  if (!parser) {
    errors.push_back(Diagnostic{file.string(), 0, "cannot make an XML parser (out of memory)"});
    return std::nullopt;
  }
  TreeBuilder builder;
  builder.parser = parser.get();
  XML_SetUserData(parser.get(), &builder);
  XML_SetElementHandler(parser.get(), on_start, on_end);
  XML_SetEntityDeclHandler(parser.get(), on_entity);
  if (XML_Parse(parser.get(), text.data(), static_cast<int>(text.size()), XML_TRUE) != XML_STATUS_OK) {
    const int line = static_cast<int>(XML_GetCurrentLineNumber(parser.get()));
    const std::string why = builder.problem.empty() ? std::string("not well-formed XML: ") + XML_ErrorString(XML_GetErrorCode(parser.get()))
                                                    : builder.problem;
    errors.push_back(Diagnostic{file.string(), line, why});
    return std::nullopt;
  }
  if (!builder.root) {
    errors.push_back(Diagnostic{file.string(), 0, "no XML element"});
    return std::nullopt;
  }
  return std::move(builder.root);
}

}  // namespace dipadj::import
