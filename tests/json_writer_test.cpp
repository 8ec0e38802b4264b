// The JSON writer as a batch's group of result lines uses it: several texts one after another in
// one writer, each kept before the next is written, so that a text that fails midway is dropped
// alone (discard) and the texts before it stay as they were.
#include <gtest/gtest.h>

#include <string>

#include "formats/json_writer.hpp"

namespace dipadj {
namespace {

TEST(JsonWriter, KeepsTheTextsBeforeATextThatFailsMidway) {
  JsonWriter lines;
  lines.keep();
  lines.begin_object();
  lines.plain_member("phase", "Spring 1901 Movement");
  lines.end_object();
  lines.text("\n");
  lines.keep();
  // A line cut short inside an array, then forgotten: written again as its error alone.
  lines.begin_object();
  lines.key("orders");
  lines.begin_array();
  lines.plain_string("A Paris - Burgundy");
  lines.discard();
  lines.begin_object();
  lines.key("line");
  lines.number(2);
  lines.end_object();
  lines.text("\n");
  EXPECT_EQ(lines.written(), "{\"phase\":\"Spring 1901 Movement\"}\n{\"line\":2}\n");

  // finish_into hands every text over and starts again with nothing kept.
  std::string out = "before:";
  lines.finish_into(out);
  EXPECT_EQ(out, "before:{\"phase\":\"Spring 1901 Movement\"}\n{\"line\":2}\n");
  EXPECT_TRUE(lines.written().empty());
  lines.begin_array();
  lines.end_array();
  lines.discard();
  EXPECT_TRUE(lines.written().empty());
}

TEST(JsonWriter, ClearedForgetsWhatItKept) {
  JsonWriter lines;
  lines.begin_array();
  lines.number(1);
  lines.end_array();
  lines.keep();
  lines.clear();
  EXPECT_TRUE(lines.written().empty());
  lines.begin_array();
  lines.null();
  lines.end_array();
  EXPECT_EQ(lines.written(), "[null]");
  lines.discard();
  EXPECT_TRUE(lines.written().empty());
}

}  // namespace
}  // namespace dipadj
