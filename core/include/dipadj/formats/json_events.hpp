#pragma once
// A JSON value handed over event by event (begin object, key, string, ...) in document order. The
// results of a phase (phase_json.hpp) and the batch's answers (batch.hpp) are written to a sink:
// as compact text, or recorded as events (JsonEvents) for a consumer that makes its own objects
// from them with no text to parse; the Python module makes its dicts and lists so, on the thread
// that holds the GIL, while the texts were made on threads that do not.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace dipadj {

class JsonSink {
 public:
  virtual ~JsonSink() = default;

  virtual void begin_object() = 0;
  virtual void end_object() = 0;
  virtual void begin_array() = 0;
  virtual void end_array() = 0;
  // A key of the object being written: the writers' own names, plain ASCII.
  virtual void key(std::string_view name) = 0;
  // Any bytes; what is not valid UTF-8 reaches the reader as U+FFFD, in every sink alike.
  virtual void string(std::string_view value) = 0;
  // A text its writer knows needs no escape (is_plain_text in text.hpp: a variant's names when the
  // variant says they all are, the writers' own words): a sink may copy it unchecked.
  virtual void plain_string(std::string_view value) { string(value); }
  // A key and such a text, the most common pair of a result.
  virtual void plain_member(std::string_view name, std::string_view value) {
    key(name);
    plain_string(value);
  }
  virtual void null() = 0;
  virtual void number(std::size_t value) = 0;
  // Forgets what was written since the sink was made: a writer that fails midway starts over.
  virtual void discard() = 0;

 protected:
  // Copied only as a part of a sink that can be (no slicing through the interface).
  JsonSink() = default;
  JsonSink(const JsonSink&) = default;
  JsonSink(JsonSink&&) = default;
  JsonSink& operator=(const JsonSink&) = default;
  JsonSink& operator=(JsonSink&&) = default;
};

// A value recorded as events, with its texts (valid UTF-8) kept in one buffer. Each event also says
// what a maker of objects wants to know before it starts one, worked out here (on the thread that
// writes, not the one that makes): a container's number of items, a text's hash.
class JsonEvents final : public JsonSink {
 public:
  enum class Kind : std::uint8_t { BeginObject, EndObject, BeginArray, EndArray, Key, String, Null, Number };
  struct Event {
    Kind kind;
    // BeginObject, BeginArray: the number of items (an object's: of keys); Key, String, Number:
    // the text's length (a number as decimal digits).
    std::uint32_t size;
    std::uint32_t offset;  // Key, String, Number: where the text starts in the buffer
    std::uint32_t hash;    // Key, String: text_hash() of the text
  };

  JsonEvents() = default;

  void begin_object() override { begin(Kind::BeginObject); }
  void end_object() override { end(Kind::EndObject); }
  void begin_array() override { begin(Kind::BeginArray); }
  void end_array() override { end(Kind::EndArray); }
  void key(std::string_view name) override { add_text(Kind::Key, name); }
  void string(std::string_view value) override;
  void null() override;
  void number(std::size_t value) override;
  void discard() override;

  [[nodiscard]] const std::vector<Event>& events() const { return events_; }
  [[nodiscard]] std::string_view text(const Event& event) const { return std::string_view(texts_).substr(event.offset, event.size); }
  // The hash events carry: equal texts, equal hashes.
  static std::uint32_t text_hash(std::string_view text);

 private:
  void count_item();
  void begin(Kind kind);
  void end(Kind kind);
  void add_text(Kind kind, std::string_view text);

  std::vector<Event> events_;
  std::string texts_;
  std::vector<std::size_t> open_;  // the Begin events of the containers not yet ended
};

}  // namespace dipadj
