// JSON text to a document through nlohmann/json's event (SAX) parser: no JSON tree is built, and
// each node keeps the line it starts on.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <iterator>

#include "dipadj/document.hpp"
#include "document_json_line.hpp"
#include "dipadj/text.hpp"

namespace dipadj {
namespace {

// Where the parser has got to: the line of the last character it read that is not white space.
// The lexer reads one character past a number or a literal; that one is white space or a
// delimiter, so the line of the last other character is the line of the value.
struct Lines {
  int newlines = 0;
  int last = 1;
};

// The text as nlohmann's parser reads it, character by character, counting lines on the way.
class CountingIterator {
 public:
  using iterator_category = std::input_iterator_tag;
  using value_type = char;
  using difference_type = std::ptrdiff_t;
  using pointer = const char*;
  using reference = const char&;

  CountingIterator(const char* at, Lines* lines) : at_(at), lines_(lines) {}
  reference operator*() const { return *at_; }
  CountingIterator& operator++() {
    const char c = *at_++;
    if (c == '\n') ++lines_->newlines;
    else if (c != ' ' && c != '\t' && c != '\r') lines_->last = lines_->newlines + 1;
    return *this;
  }
  CountingIterator operator++(int) {
    CountingIterator before = *this;
    ++*this;
    return before;
  }
  // C++20 writes a != b as !(a == b): one operator serves both (two made clang call one unused).
  friend bool operator==(const CountingIterator& a, const CountingIterator& b) { return a.at_ == b.at_; }

 private:
  const char* at_;
  Lines* lines_;
};

class DocumentBuilder final : public nlohmann::json_sax<nlohmann::json> {
 public:
  DocumentBuilder(DocNode& root, const Lines& lines) : root_(root), lines_(lines) {}

  bool null() override { return value(DocNode(DocNode::Kind::Null, lines_.last)); }
  bool boolean(bool v) override { return scalar(v ? "true" : "false"); }
  bool number_integer(number_integer_t v) override { return scalar(std::to_string(v)); }
  bool number_unsigned(number_unsigned_t v) override { return scalar(std::to_string(v)); }
  bool number_float(number_float_t, const string_t& written) override { return scalar(written); }
  bool string(string_t& v) override { return scalar(std::move(v)); }
  bool binary(binary_t&) override { return scalar(""); }  // never in JSON text
  bool key(string_t& k) override {
    DocNode& map = *open_.back();
    // Keys are few per object in our formats; a hostile object with very many is checked once,
    // sorted, when it closes.
    if (map.size() < kCheckedAsWeGo)
      for (const DocNode& v : map.items())
        if (v.key() == k) return fail(lines_.last, "the key '" + printable(k, 60) + "' is given twice in this object (first on line " +
                                                       std::to_string(v.key_line()) + ")");
    key_ = std::move(k);
    key_line_ = lines_.last;
    return true;
  }
  bool start_object(std::size_t) override { return open(DocNode::Kind::Map); }
  bool end_object() override {
    const DocNode& map = *open_.back();
    if (map.size() > kCheckedAsWeGo) {
      std::vector<const DocNode*> sorted;
      sorted.reserve(map.size());
      for (const DocNode& v : map.items()) sorted.push_back(&v);
      std::sort(sorted.begin(), sorted.end(), [](const DocNode* a, const DocNode* b) { return a->key() < b->key(); });
      for (std::size_t i = 1; i < sorted.size(); ++i)
        if (sorted[i]->key() == sorted[i - 1]->key())
          return fail(std::max(sorted[i]->key_line(), sorted[i - 1]->key_line()),
                      "the key '" + printable(sorted[i]->key(), 60) + "' is given twice in this object");
    }
    open_.pop_back();
    return true;
  }
  bool start_array(std::size_t) override { return open(DocNode::Kind::Sequence); }
  bool end_array() override {
    open_.pop_back();
    return true;
  }
  bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception& error) override {
    // "[json.exception.parse_error.101] parse error at line 3, column 7: syntax error ..."
    std::string message = error.what();
    if (const auto end = message.find("] "); message.starts_with("[json.exception") && end != std::string::npos)
      message.erase(0, end + 2);
    return fail(lines_.newlines + 1, "not JSON: " + message);
  }

  [[nodiscard]] const std::string& message() const { return message_; }
  [[nodiscard]] int error_line() const { return error_line_; }

 private:
  static constexpr std::size_t kCheckedAsWeGo = 16;

  bool fail(int line, std::string message) {
    if (message_.empty()) {
      message_ = std::move(message);
      error_line_ = line;
    }
    return false;
  }
  bool scalar(std::string text) {
    DocNode node(DocNode::Kind::Scalar, lines_.last);
    node.set_text(std::move(text));
    return value(std::move(node));
  }
  // Places a value: the root, an item of the open array, or the value of the open object's key.
  DocNode* place(DocNode node) {
    if (open_.empty()) {
      if (placed_root_) return nullptr;  // the parser allows one value only; never reached
      placed_root_ = true;
      root_ = std::move(node);
      return &root_;
    }
    DocNode& container = *open_.back();
    if (container.is_map()) node.set_key(std::move(key_), key_line_);
    return &container.add(std::move(node));
  }
  bool value(DocNode node) { return place(std::move(node)) != nullptr; }
  bool open(DocNode::Kind kind) {
    if (open_.size() >= kMaxDocumentDepth)
      return fail(lines_.last, "nested more than " + std::to_string(kMaxDocumentDepth) + " levels deep");
    DocNode* node = place(DocNode(kind, lines_.last));
    if (node == nullptr) return false;
    // Only the innermost open container grows: the pointers to those around it stay valid.
    open_.push_back(node);
    return true;
  }

  DocNode& root_;
  const Lines& lines_;
  std::vector<DocNode*> open_;
  bool placed_root_ = false;
  std::string key_;
  int key_line_ = 0;
  std::string message_;
  int error_line_ = 0;
};

}  // namespace

bool parse_json_document(std::string_view text, const std::string& name, DocNode& out, std::vector<Diagnostic>& errors) {
  // A batch's line, a program's message: read by simdjson when it can be, the same document.
  return JsonLineParser().parse_document(text, name, out, errors);
}

bool read_json_with_events(std::string_view text, const std::string& name, DocNode& out, std::vector<Diagnostic>& errors) {
  Lines lines;
  DocNode root;
  DocumentBuilder builder(root, lines);
  bool parsed = false;
  try {
    if (text.find('\n') == std::string_view::npos) {
      // One line (a batch's, a program's message): every node is on line 1, and the parser reads
      // the characters straight, without counting.
      parsed = nlohmann::json::sax_parse(text.data(), text.data() + text.size(), &builder);
    } else {
      const CountingIterator first(text.data(), &lines), last(text.data() + text.size(), &lines);
      parsed = nlohmann::json::sax_parse(first, last, &builder);
    }
  } catch (const nlohmann::json::exception& e) {  // the event parser reports through parse_error; kept as a guard
    errors.push_back(Diagnostic{name, lines.newlines + 1, std::string("not JSON: ") + e.what()});
    return false;
  }
  if (!parsed) {
    errors.push_back(Diagnostic{name, builder.error_line(), builder.message().empty() ? std::string("not JSON") : builder.message()});
    return false;
  }
  out = std::move(root);
  return true;
}

}  // namespace dipadj
