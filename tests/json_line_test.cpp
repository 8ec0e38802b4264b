// The one-line JSON reader (simdjson) against the full reader (nlohmann's events): whatever the
// line reader accepts, the full reader reads into the same document; whatever it declines, the
// full reader decides, with its message.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "dipadj/document.hpp"
#include "document_json_line.hpp"

namespace dipadj {
namespace {

struct Readings {
  bool line_read = false;
  bool fully_read = false;
  DocNode by_line, fully;
  std::vector<Diagnostic> errors;
};

Readings read_both(const std::string& text) {
  Readings r;
  r.line_read = read_plain_json_line(text, r.by_line);
  r.fully_read = read_json_with_events(text, "<test>", r.fully, r.errors);
  return r;
}

TEST(JsonLine, ReadsWhatTheFullReaderReadsTheSame) {
  const std::vector<std::string> lines = {
      R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": ["A Par - Bur", "F Bre H"]}})",
      R"([1, -2, 0, -0, 18446744073709551615, -9223372036854775808, true, false, null, "", {}, []])",
      R"({"a": {"b": [{"c": [[]]}]}, "z": "caf\u00e9 is written raw: café"})",
      R"("just a text")",
      R"(  {"spaces": [ 1 ,2 ] }  )",
      R"({"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k18":18})",
  };
  for (const std::string& line : lines) {
    SCOPED_TRACE(line);
    const Readings r = read_both(line);
    ASSERT_TRUE(r.fully_read);
    if (r.line_read) {
      EXPECT_EQ(r.by_line, r.fully);
    }
  }
  // Those without an escape are the line reader's.
  EXPECT_TRUE(read_both(lines[0]).line_read);
  EXPECT_TRUE(read_both(lines[1]).line_read);
  EXPECT_TRUE(read_both(lines[5]).line_read);
}

TEST(JsonLine, DeclinesWhatOnlyTheFullReaderCanDecide) {
  const std::vector<std::string> declined = {
      "",                                   // empty
      "{} x",                               // text after the value
      R"({"a": 1, "a": 2})",                // a key twice
      R"({"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k17":17,"k1":18})",
      R"([1.5])",                           // a fraction: its text as written
      R"([1e3])",
      R"([18446744073709551616])",          // beyond 64 bits
      R"(["\ud800"])",                      // an escape (a lone surrogate)
      "[\"a\x01\"]",                        // a control byte in a string
      "[\"\xff\"]",                         // not UTF-8
      "\xef\xbb\xbf{}",                     // a byte-order mark
      "{\"a\": 1,\n\"b\": 2}",              // several lines: nodes keep their lines
      std::string(65, '[') + std::string(65, ']'),  // deeper than the documents' limit
  };
  for (const std::string& text : declined) {
    SCOPED_TRACE(text);
    DocNode out;
    EXPECT_FALSE(read_plain_json_line(text, out));
    EXPECT_EQ(out, DocNode());
  }
  // At the limit itself both read it.
  const std::string deepest = std::string(64, '[') + std::string(64, ']');
  const Readings r = read_both(deepest);
  EXPECT_TRUE(r.line_read);
  ASSERT_TRUE(r.fully_read);
  EXPECT_EQ(r.by_line, r.fully);
}

TEST(JsonLine, ReadsEveryBenchmarkGameAsTheFullReaderDoes) {
  std::ifstream in(DIPADJ_BENCH_DATA "/random-phases.jsonl");
  ASSERT_TRUE(in);
  std::string line;
  int read = 0;
  while (std::getline(in, line)) {
    const Readings r = read_both(line);
    ASSERT_TRUE(r.line_read) << line;
    ASSERT_TRUE(r.fully_read) << line;
    ASSERT_EQ(r.by_line, r.fully) << line;
    ++read;
  }
  EXPECT_GT(read, 100);
}

// A reader of many lines renews one tree in place: each line's document is the one a fresh
// reader makes, whatever the lines before it were (larger, smaller, other kinds at each place),
// and a line declined between them changes nothing.
TEST(JsonLine, OneParserReadsEachLineAsAFreshOne) {
  const std::vector<std::string> lines = {
      R"({"units": {"France": ["A Par", "F Bre"], "Italy": ["A Rom"]}, "orders": {"France": ["A Par - Bur"]}})",
      R"({"units": {"France": ["A Par"]}, "orders": {"France": ["A Par - Bur", "F Bre H", "A Mar S A Par - Bur"]}, "x": 1})",
      R"([1, "two", [3, [4]], {"five": 5}, null, true])",
      R"({"a": 1, "a": 2})",  // declined between them
      R"(["a", {"b": ["c"]}, 7])",
      R"("a text")",
      R"({})",
      R"({"units": {"France": ["A Par", "F Bre"], "Italy": ["A Rom"]}, "orders": {"France": ["A Par - Bur"]}})",
  };
  // A long line (its tree not kept for the next) between them.
  std::string long_line = "[";
  for (int i = 0; i < 20000; ++i) long_line += i == 0 ? "[\"a\", 1]" : ", [\"a\", 1]";
  long_line += "]";
  std::ifstream in(DIPADJ_BENCH_DATA "/random-phases.jsonl");
  std::vector<std::string> all = lines;
  all.insert(all.begin() + 2, long_line);
  for (std::string line; all.size() < lines.size() + 200 && std::getline(in, line);) all.push_back(line);
  ASSERT_GT(all.size(), lines.size() + 101);
  JsonLineParser parser;
  for (const std::string& line : all) {
    SCOPED_TRACE(line);
    DocNode fresh;
    const bool fresh_read = read_plain_json_line(line, fresh);
    const DocNode* kept = parser.read(line);
    ASSERT_EQ(kept != nullptr, fresh_read);
    if (kept != nullptr) {
      EXPECT_EQ(*kept, fresh);
    }
  }
}

}  // namespace
}  // namespace dipadj
