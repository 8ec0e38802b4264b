#pragma once
// One line of JSON read by simdjson into a document, for the readers of many small games a second
// (batch, the C API, Python): nlohmann's event parser, which reads every other JSON text and names
// the error in a bad one, costs about a quarter of a batch line. Private to the core library.
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "dipadj/diagnostic.hpp"

namespace dipadj {

class DocNode;

// True, with `out` the document, when `text` is one line of JSON that parse_json_document would
// read into the same document. False, `out` untouched, whenever this reader cannot be sure of
// that: a syntax error, an escape in a string, a number with a fraction or an exponent, a key
// given twice, nesting deeper than the documents' limit. The full reader then reads the text and
// names what is wrong, so that errors and their messages stay one reader's.
bool read_plain_json_line(std::string_view text, DocNode& out);

// The same for a reader of many lines, which keeps simdjson's parser and its buffers from one line
// to the next (made for each line, they cost three allocations and 2,500 instructions of a batch
// line's 170,000). One reader's at a time.
class JsonLineParser {
 public:
  JsonLineParser();
  ~JsonLineParser();
  JsonLineParser(JsonLineParser&&) noexcept;
  JsonLineParser& operator=(JsonLineParser&&) noexcept;

  // read_plain_json_line with this parser.
  bool read(std::string_view text, DocNode& out);
  // The same into this parser's own document, which keeps the memory of its nodes and texts from
  // one line to the next (a batch line's tree made anew cost a fifth of its reading): the
  // document, good until the next read, or nullptr where read_plain_json_line gives false.
  const DocNode* read(std::string_view text);
  // parse_json_document with this parser for the one-line texts.
  bool parse_document(std::string_view text, const std::string& name, DocNode& out, std::vector<Diagnostic>& errors);

 private:
  // `text`'s document into `document`, renewed in place; false as read_plain_json_line.
  bool fill_document(std::string_view text, DocNode& document);

  struct Parser;
  std::unique_ptr<Parser> parser_;
};

// The full reader (nlohmann's event parser): parse_json_document without the line reader above.
// Its own name so that the tests can hold the two readers to the same documents.
bool read_json_with_events(std::string_view text, const std::string& name, DocNode& out, std::vector<Diagnostic>& errors);

}  // namespace dipadj
