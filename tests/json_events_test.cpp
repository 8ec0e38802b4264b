// JsonEvents against the compact text: the same results recorded as events and written as text
// must describe the same value, with each container's count and each text's hash right.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>
#include <string>
#include <vector>

#include "dipadj/service/batch.hpp"
#include "dipadj/formats/json_events.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace {

using dipadj::JsonEvents;
using Kind = JsonEvents::Kind;

// The value the events describe, checking as it goes what each Begin event says of its container.
nlohmann::ordered_json value_of(const JsonEvents& events) {
  struct Open {
    nlohmann::ordered_json value;
    std::uint32_t announced;
    std::string key;  // this container's key in its parent
  };
  std::vector<Open> open;
  nlohmann::ordered_json root;
  std::string key;
  const auto place = [&](nlohmann::ordered_json value) {
    if (open.empty()) root = std::move(value);
    else if (open.back().value.is_array()) open.back().value.push_back(std::move(value));
    else open.back().value[key] = std::move(value);
  };
  for (const JsonEvents::Event& event : events.events()) {
    switch (event.kind) {
      case Kind::BeginObject: open.push_back({nlohmann::ordered_json::object(), event.size, key}); break;
      case Kind::BeginArray: open.push_back({nlohmann::ordered_json::array(), event.size, key}); break;
      case Kind::EndObject:
      case Kind::EndArray: {
        Open done = std::move(open.back());
        open.pop_back();
        EXPECT_EQ(done.value.size(), done.announced);
        key = done.key;
        place(std::move(done.value));
        break;
      }
      case Kind::Key:
        key = std::string(events.text(event));
        EXPECT_EQ(event.hash, JsonEvents::text_hash(events.text(event)));
        break;
      case Kind::String:
        EXPECT_EQ(event.hash, JsonEvents::text_hash(events.text(event)));
        place(std::string(events.text(event)));
        break;
      case Kind::Null: place(nullptr); break;
      case Kind::Number: place(std::stoull(std::string(events.text(event)))); break;
    }
  }
  EXPECT_TRUE(open.empty());
  return root;
}

TEST(JsonEvents, DescribeTheResultsTheTextDescribes) {
  std::ifstream in(DIPADJ_BENCH_DATA "/random-phases.jsonl");
  ASSERT_TRUE(in);
  dipadj::VariantCache variants;
  std::string line;
  std::size_t number = 0;
  std::vector<std::string> lines;
  while (std::getline(in, line)) lines.push_back(line);
  ASSERT_GT(lines.size(), 100U);
  // A line that is no game, and one whose written order is not valid UTF-8: both kinds of answer.
  lines.push_back("{\"format\": \"dipadj-game/1\", \"variant\": \"nowhere\"}");
  lines.push_back(R"({"format": "dipadj-game/1", "variant": "standard", "phase": "Spring 1901 Movement",
    "units": {"France": ["A Paris"]}, "orders": {"France": ["A Paris \u2013 Burgundy", "A Par - Bur"]}})");
  for (const std::string& game : lines) {
    ++number;
    JsonEvents events;
    dipadj::adjudicate_json_game(game, number, "games.jsonl", variants, events);
    const std::string text = dipadj::adjudicate_json_line(game, number, "games.jsonl", variants);
    EXPECT_EQ(value_of(events), nlohmann::ordered_json::parse(text)) << "line " << number;
  }
}

TEST(JsonEvents, InvalidUtf8IsReplacedAsInTheText) {
  JsonEvents events;
  events.begin_array();
  events.string("ok");
  events.string(std::string("bad \xff\xfe byte"));
  events.string(std::string("cut \xe2\x80"));
  events.end_array();
  const nlohmann::ordered_json expected =
      nlohmann::ordered_json::parse(nlohmann::ordered_json({"ok", std::string("bad \xff\xfe byte"), std::string("cut \xe2\x80")})
                                        .dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace));
  EXPECT_EQ(value_of(events), expected);
  EXPECT_EQ(events.events()[0].size, 3U);
}

// A game line's error quotes the line's text as every message does: a control byte written \xNN,
// in the text and in the events alike.
TEST(JsonEvents, AnErrorQuotesControlBytesAsEveryMessageDoes) {
  dipadj::VariantCache variants;
  const std::string line = "{\"format\": \"dipadj-game/1\", \"variant\": \"standard\", "
                           "\"orders\": {\"France\": [\"A Par - Bur\\u0001\"]}}";
  const nlohmann::ordered_json text = nlohmann::ordered_json::parse(dipadj::adjudicate_json_line(line, 7, "", variants));
  EXPECT_EQ(text["line"], 7);
  const std::string error = text["error"];
  EXPECT_NE(error.find("'A Par - Bur\\x01'"), std::string::npos) << error;
  EXPECT_EQ(error.find('\x01'), std::string::npos) << error;
  JsonEvents events;
  dipadj::adjudicate_json_game(line, 7, "", variants, events);
  EXPECT_EQ(value_of(events), text);
}

TEST(JsonEvents, EqualTextsHaveEqualHashesAndDiscardForgetsAll) {
  JsonEvents events;
  events.begin_object();
  events.key("power");
  events.string("France");
  events.key("other");
  events.string("France");
  events.end_object();
  EXPECT_EQ(events.events()[2].hash, events.events()[4].hash);
  EXPECT_EQ(events.events()[0].size, 2U);
  events.discard();
  EXPECT_TRUE(events.events().empty());
  events.null();
  EXPECT_EQ(value_of(events), nlohmann::ordered_json(nullptr));
}

}  // namespace
