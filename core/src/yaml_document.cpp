#include "yaml_document.hpp"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <istream>
#include <map>
#include <optional>
#include <sstream>
#include <unordered_map>

#include "dipadj/text.hpp"

namespace dipadj::yaml {
namespace {

// Thrown by the event handler to stop the parse at the first problem.
struct Stop {
  int line = 0;  // 1-based; 0 when unknown
  std::string message;
};

int line_of(const YAML::Mark& mark) { return mark.is_null() ? 0 : mark.line + 1; }

// Builds the document from the parser's events. A node is handed to its parent when it is
// complete; a mapping's key waits there for its value.
class DocumentBuilder final : public YAML::EventHandler {
 public:
  explicit DocumentBuilder(const ListStream* stream) : stream_(stream) {}

  DocNode take_root() { return std::move(root_); }
  // Anchors are numbered by each parser: a new part of the text (ListSplicer) starts afresh.
  void forget_anchors() { anchors_.clear(); }

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    ++nodes_;
    complete(DocNode(DocNode::Kind::Null, line_of(mark)), anchor, 1);
  }
  void OnScalar(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, const std::string& value) override {
    ++nodes_;
    DocNode node(DocNode::Kind::Scalar, line_of(mark));
    node.set_text(value);
    complete(std::move(node), anchor, 1);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    const auto found = anchors_.find(anchor);
    // The parser knows an anchor from its start: an alias inside the node it names would make
    // the document infinite.
    if (found == anchors_.end())
      throw Stop{line_of(mark), "an alias refers to a list or mapping that contains it"};
    aliased_ += found->second.size;
    if (aliased_ > kMaxAliasedNodes)
      throw Stop{line_of(mark), "aliases stand for more than " + std::to_string(kMaxAliasedNodes) +
                                    " values in all; write the repeated parts out, or fewer of them"};
    nodes_ += found->second.size;
    complete(found->second.node, YAML::NullAnchor, found->second.size);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(mark, anchor, DocNode::Kind::Sequence);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string&, YAML::anchor_t anchor, YAML::EmitterStyle::value) override {
    open(mark, anchor, DocNode::Kind::Map);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Open {
    Open(DocNode opened, YAML::anchor_t anchored, std::size_t before) : node(std::move(opened)), anchor(anchored), nodes_before(before) {}
    DocNode node;
    YAML::anchor_t anchor;
    std::size_t nodes_before;
    bool next_is_key = true;            // in a mapping: whether the next node is a key
    std::string key;                    // in a mapping: the key whose value comes next
    int key_line = 0;
    DocNode::Kind key_kind = DocNode::Kind::Scalar;
    std::map<std::string, int> keys;  // in a mapping: its keys so far and their lines
  };
  struct Anchored {
    DocNode node;
    std::size_t size;  // the nodes an alias of it stands for
  };

  // Whether `list` is the streamed one: the value of the stream's key in the top-level mapping.
  [[nodiscard]] bool is_streamed(const Open& list) const {
    return stream_ != nullptr && open_.size() >= 2 && &list == &open_[1] && list.node.is_sequence() &&
           open_[0].node.is_map() && open_[0].key == stream_->key;
  }

  void open(const YAML::Mark& mark, YAML::anchor_t anchor, DocNode::Kind kind) {
    if (open_.size() >= kMaxNesting)
      throw Stop{line_of(mark), "lists and mappings nested deeper than " + std::to_string(kMaxNesting) + " levels"};
    open_.emplace_back(DocNode(kind, line_of(mark)), anchor, nodes_);
    ++nodes_;
  }

  void close() {
    Open done = std::move(open_.back());
    open_.pop_back();
    complete(std::move(done.node), done.anchor, nodes_ - done.nodes_before);
  }

  void complete(DocNode node, YAML::anchor_t anchor, std::size_t size) {
    if (anchor != YAML::NullAnchor) anchors_[anchor] = Anchored{node, size};
    if (open_.empty()) {
      root_ = std::move(node);
      return;
    }
    Open& parent = open_.back();
    if (parent.node.is_map()) {
      if (parent.next_is_key) {
        parent.next_is_key = false;
        parent.key = node.is_scalar() ? node.text() : std::string();
        parent.key_line = node.line();
        parent.key_kind = node.kind();
        if (node.is_scalar()) {
          const auto [first, added] = parent.keys.emplace(node.text(), node.line());
          if (!added)
            throw Stop{node.line(), "the key '" + printable(node.text()) + "' is given twice in this mapping (first on line " +
                                        std::to_string(first->second) + ")"};
        }
        return;
      }
      parent.next_is_key = true;
      node.set_key(std::move(parent.key), parent.key_line, parent.key_kind);
      parent.node.add(std::move(node));
      return;
    }
    if (is_streamed(parent)) {
      stream_->take(open_[0].node, std::move(node));
      return;
    }
    parent.node.add(std::move(node));
  }

  const ListStream* stream_;
  DocNode root_;
  std::vector<Open> open_;
  std::unordered_map<YAML::anchor_t, Anchored> anchors_;
  std::size_t nodes_ = 0;    // nodes so far, aliases counted as what they stand for
  std::size_t aliased_ = 0;  // of those, reached through aliases
};

// Forwards one part's events to the builder, its lines moved to where the part starts in the
// whole text, without the part's own outer list or mapping where that belongs to the whole.
class PartForwarder final : public YAML::EventHandler {
 public:
  enum class Part {
    Head,     // the text up to `key: []`: all but the closing of that list and of the top mapping
    Item,     // "- ...": one item, without the one-item list around it
    Trailer,  // the top mapping's keys after the list: without its opening
  };
  PartForwarder(DocumentBuilder& builder, Part part, int line_offset) : builder_(builder), part_(part), offset_(line_offset) {}

  // After the head: whether it ended with the list's and the mapping's closing (held back).
  [[nodiscard]] bool head_ended_as_expected() const { return held_ == std::vector<bool>{false, true}; }
  // After the trailer: whether it had any node (its mapping's end closed the whole).
  [[nodiscard]] bool had_nodes() const { return had_nodes_; }
  // How far the part's lines are from the whole text's.
  [[nodiscard]] int line_offset() const { return offset_; }

  void OnDocumentStart(const YAML::Mark&) override {}
  void OnDocumentEnd() override {}
  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    starting(mark, false);
    flush();
    builder_.OnNull(moved(mark), anchor);
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, const std::string& value) override {
    starting(mark, false);
    flush();
    builder_.OnScalar(moved(mark), tag, anchor, value);
  }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    starting(mark, false);
    flush();
    builder_.OnAlias(moved(mark), anchor);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, YAML::EmitterStyle::value style) override {
    starting(mark, false);
    flush();
    if (depth_++ == 0 && part_ == Part::Item) return;
    builder_.OnSequenceStart(moved(mark), tag, anchor, style);
  }
  void OnMapStart(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor, YAML::EmitterStyle::value style) override {
    starting(mark, true);
    flush();
    if (depth_++ == 0 && part_ == Part::Trailer) return;
    builder_.OnMapStart(moved(mark), tag, anchor, style);
  }
  void OnSequenceEnd() override { closing(false); }
  void OnMapEnd() override { closing(true); }

 private:
  YAML::Mark moved(YAML::Mark mark) const {
    if (!mark.is_null()) mark.line += offset_;
    return mark;
  }
  // The trailer is the rest of the top mapping: a mapping itself.
  void starting(const YAML::Mark& mark, bool mapping) {
    if (part_ == Part::Trailer && depth_ == 0 && !mapping)
      throw Stop{line_of(moved(mark)), "expected a key of the top-level mapping here, after its list"};
    had_nodes_ = true;
  }
  void closing(bool mapping) {
    --depth_;
    if (part_ == Part::Item && depth_ == 0) return;
    if (part_ == Part::Head) {
      // The last two closings are the whole's, which goes on in the next parts.
      held_.push_back(mapping);
      return;
    }
    close(mapping);
  }
  void close(bool mapping) {
    if (mapping) builder_.OnMapEnd();
    else builder_.OnSequenceEnd();
  }
  void flush() {
    for (const bool mapping : held_) close(mapping);
    held_.clear();
  }

  DocumentBuilder& builder_;
  Part part_;
  int offset_;
  int depth_ = 0;
  std::vector<bool> held_;  // closings held back (true: a mapping's)
  bool had_nodes_ = false;
};

// Parses one part of the text into the builder, through `forward`; yaml-cpp's errors get the line
// in the whole text.
void parse_part(DocumentBuilder& builder, PartForwarder& forward, const std::string& text, std::string_view item_name) {
  std::istringstream in(text);
  builder.forget_anchors();
  try {
    YAML::Parser parser(in);
    parser.HandleNextDocument(forward);
  } catch (YAML::Exception& e) {
    if (!e.mark.is_null()) e.mark.line += forward.line_offset();
    if (e.msg == YAML::ErrorMsg::UNKNOWN_ANCHOR)
      e.msg += " here (each " + std::string(item_name) + " is read on its own: an alias can name only an anchor in the same " +
               std::string(item_name) + ")";
    throw;
  }
}

std::size_t indentation(const std::string& line) { return line.find_first_not_of(' '); }
bool is_blank_or_comment(const std::string& line) {
  const auto first = line.find_first_not_of(" \t\r");
  return first == std::string::npos || line[first] == '#';
}
// "- ..." or "-" at `column`: an item of a block list.
bool starts_item(const std::string& line, std::size_t column) {
  return line.size() > column && indentation(line) == column && line[column] == '-' &&
         (line.size() == column + 1 || line[column + 1] == ' ' || line[column + 1] == '\r');
}

// Reads `in` as the YAML documents of our files are written: a top-level mapping in block style
// whose `key` starts a line and holds a block list. Each item of that list is parsed on its own
// (yaml-cpp's scanner keeps a record of every indentation of a document until its end, some
// hundreds of bytes per case: a long list as one parse grows without bound). Any other layout is
// parsed whole. The builder sees the same events either way.
class ListSplicer {
 public:
  ListSplicer(std::istream& in, DocumentBuilder& builder, const ListStream& stream) : in_(in), builder_(builder), stream_(stream) {}

  void splice() {
    std::string head;
    if (!read_head(head)) return parse_whole(std::move(head));
    const int key_line = number_;
    // The first item says the list's indentation; anything else is parsed whole.
    std::string skipped;
    const bool have_line = next_content_line(skipped);
    column_ = have_line ? indentation(line_) : std::string::npos;
    if (!have_line || column_ == std::string::npos || !starts_item(line_, column_)) {
      std::string whole = std::move(head) + std::string(stream_.key) + ":\n" + skipped;
      if (have_line) whole += line_ + '\n';
      for (std::string more; std::getline(in_, more);) whole += more + '\n';
      return parse_whole(std::move(whole));
    }
    PartForwarder forward(builder_, PartForwarder::Part::Head, 0);
    parse_part(builder_, forward, head + std::string(stream_.key) + ": []\n", stream_.item_name);
    if (!forward.head_ended_as_expected())
      throw Stop{key_line, "'" + std::string(stream_.key) + "' must be a key of the top-level mapping"};
    const bool in_trailer = read_items();
    builder_.OnSequenceEnd();
    // The rest of the top-level mapping, if any (a new document, "---" or "...", ends it).
    if (!in_trailer || line_.starts_with("---") || line_.starts_with("...")) {
      builder_.OnMapEnd();
      return;
    }
    read_trailer();
  }

 private:
  // The text up to the line "key:" (at the start of a line) into `head`; false when no line is.
  bool read_head(std::string& head) {
    while (std::getline(in_, line_)) {
      ++number_;
      if (is_list_key(line_)) return true;
      head += line_;
      head += '\n';
      too_long(head, 1);
    }
    return false;
  }

  bool is_list_key(const std::string& l) const {
    if (!l.starts_with(stream_.key) || l.size() <= stream_.key.size() || l[stream_.key.size()] != ':') return false;
    const std::string rest = l.substr(stream_.key.size() + 1);
    return is_blank_or_comment(rest);
  }

  // The next line that is neither blank nor a comment, into line_; those before it into `skipped`.
  bool next_content_line(std::string& skipped) {
    while (std::getline(in_, line_)) {
      ++number_;
      if (!is_blank_or_comment(line_)) return true;
      skipped += line_ + '\n';
    }
    return false;
  }

  // The items, each from its "- " line (line_, first) to the next, each parsed as it ends.
  // Returns whether a line of the top-level mapping followed them (then in line_).
  bool read_items() {
    std::string item = line_ + '\n';
    int item_line = number_;
    bool in_trailer = false;
    while (std::getline(in_, line_)) {
      ++number_;
      const bool continues = is_blank_or_comment(line_) || (indentation(line_) != std::string::npos && indentation(line_) > column_);
      if (continues) {
        item += line_;
        item += '\n';
        too_long(item, item_line);
        continue;
      }
      parse_item(item, item_line);
      item.clear();
      if (starts_item(line_, column_)) {
        item = line_ + '\n';
        item_line = number_;
        continue;
      }
      in_trailer = true;
      break;
    }
    if (!item.empty()) parse_item(item, item_line);
    return in_trailer;
  }

  // What follows the list, from line_ up to the end of the document: the top-level mapping's
  // other keys.
  void read_trailer() {
    const int trailer_line = number_;
    std::string trailer = line_ + '\n';
    for (std::string more; std::getline(in_, more);) {
      if (more.starts_with("---") || more.starts_with("...")) break;
      trailer += more + '\n';
      too_long(trailer, trailer_line);
    }
    PartForwarder forward(builder_, PartForwarder::Part::Trailer, trailer_line - 1);
    parse_part(builder_, forward, trailer, stream_.item_name);
    if (!forward.had_nodes()) builder_.OnMapEnd();
  }

  void parse_item(const std::string& part, int first_line) {
    PartForwarder forward(builder_, PartForwarder::Part::Item, first_line - 1);
    parse_part(builder_, forward, part, stream_.item_name);
  }

  void parse_whole(std::string whole) {
    std::istringstream rest(whole);
    YAML::Parser parser(rest);
    parser.HandleNextDocument(builder_);
  }

  void too_long(const std::string& part, int first_line) const {
    if (part.size() > stream_.max_item_bytes)
      throw Stop{first_line, "one " + std::string(stream_.item_name) + " is over " + std::to_string(stream_.max_item_bytes >> 20) +
                                 " MB; no item needs that much"};
  }

  std::istream& in_;
  DocumentBuilder& builder_;
  const ListStream& stream_;
  std::string line_;  // the line read last
  int number_ = 0;    // its number
  std::size_t column_ = std::string::npos;  // the list items' indentation
};

// What yaml-cpp's parser threw, as a diagnostic naming `name` and the line: nesting too deep, a
// syntax error, or another of its errors.
Diagnostic parse_failure(const std::string& name, const YAML::Exception& error) {
  const int line = error.mark.line >= 0 ? error.mark.line + 1 : 0;
  if (const auto* deep = dynamic_cast<const YAML::DeepRecursion*>(&error))
    return Diagnostic{name, line, "lists and mappings nested deeper than " + std::to_string(deep->depth()) + " levels"};
  if (dynamic_cast<const YAML::ParserException*>(&error) != nullptr) return Diagnostic{name, line, "YAML syntax error: " + error.msg};
  return Diagnostic{name, line, "YAML error: " + error.msg};
}

}  // namespace

bool read_document(std::istream& in, const std::string& name, DocNode& out, std::vector<Diagnostic>& errors,
                   const ListStream* stream) {
  try {
    DocumentBuilder builder(stream);
    if (stream != nullptr) {
      ListSplicer(in, builder, *stream).splice();
      out = builder.take_root();
      if (!out) out = DocNode(DocNode::Kind::Null, 0);
      return true;
    }
    YAML::Parser parser(in);
    // No document at all (an empty file) reads as a null, as yaml-cpp's Load gives.
    out = parser.HandleNextDocument(builder) ? builder.take_root() : DocNode(DocNode::Kind::Null, 0);
    return true;
  } catch (const Stop& stop) {
    errors.push_back(Diagnostic{name, stop.line, stop.message});
  } catch (const YAML::Exception& e) {
    errors.push_back(parse_failure(name, e));
  }
  return false;
}

}  // namespace dipadj::yaml
