#pragma once
// An XML file read into a tree of elements, each with its attributes and the line it starts on:
// what the jDip importer reads (expat does the parsing). Text content is not kept: jDip's map and
// variant data is all in attributes. Private to the core.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dipadj/diagnostic.hpp"

namespace dipadj::import {

struct XmlElement {
  std::string name;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::vector<XmlElement> children;
  int line = 0;

  // The attribute's value; nullptr when the element has none of that name.
  [[nodiscard]] const std::string* attribute(std::string_view key) const;
  [[nodiscard]] std::string attribute_or(std::string_view key, std::string_view fallback) const;
};

// The element's children of that name, in their order.
std::vector<const XmlElement*> children_named(const XmlElement& element, std::string_view name);

// The file's root element. A file that is not well-formed XML, declares entities, nests elements
// more than 32 deep or is larger than 16 MiB gives an error with the file and line instead.
std::optional<XmlElement> read_xml_file(const std::filesystem::path& file, std::vector<Diagnostic>& errors);

}  // namespace dipadj::import
