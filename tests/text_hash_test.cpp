// TextHash, the hash of the core's name and order tables: equal texts hash alike, and the short
// texts those tables hold (names, units, orders) spread over the buckets rather than crowd a few.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "dipadj/text.hpp"

namespace dipadj {
namespace {

// Every quoted text of the benchmark's game lines: powers, phases, units and orders.
std::set<std::string> bench_texts() {
  std::ifstream in(DIPADJ_BENCH_DATA "/random-phases.jsonl");
  std::set<std::string> texts;
  for (std::string line; std::getline(in, line);)
    for (std::size_t open = line.find('"'); open != std::string::npos;) {
      const std::size_t close = line.find('"', open + 1);
      if (close == std::string::npos) break;
      texts.insert(line.substr(open + 1, close - open - 1));
      open = line.find('"', close + 1);
    }
  return texts;
}

TEST(TextHash, EqualTextsHashAlikeWhereverTheyLie) {
  const TextHash hash;
  const std::string text = "A Par - Bur, F Bre - MAO, A Mar S A Par - Bur";
  for (std::size_t size = 0; size <= text.size(); ++size) {
    const std::string copy = text.substr(0, size);
    EXPECT_EQ(hash(copy), hash(std::string_view(text).substr(0, size))) << size;
    EXPECT_EQ(hash(copy), hash(std::string(copy))) << size;
  }
}

TEST(TextHash, EveryByteAndLengthCounts) {
  const TextHash hash;
  // Each text up to 40 bytes against itself with any one byte changed, and against its prefixes
  // and itself with a zero byte added (the padding a short word is read with).
  const std::string base = "Spring 1901 Movement: A Vie - Tri, F Tri H";
  for (std::size_t size = 0; size <= 40; ++size) {
    const std::string text = base.substr(0, size);
    std::set<std::size_t> seen = {hash(text)};
    for (std::size_t at = 0; at < size; ++at)
      for (const char other : {'x', '\0', static_cast<char>(text[at] ^ 0x80)}) {
        if (other == text[at]) continue;
        std::string changed = text;
        changed[at] = other;
        EXPECT_TRUE(seen.insert(hash(changed)).second) << size << " at " << at;
      }
    EXPECT_NE(hash(text), hash(text + std::string(1, '\0'))) << size;
    if (size > 0) {
      EXPECT_NE(hash(text), hash(text.substr(0, size - 1))) << size;
    }
  }
}

TEST(TextHash, SpreadsTheTextsOfGamesOverTheBuckets) {
  const std::set<std::string> texts = bench_texts();
  ASSERT_GT(texts.size(), 2000U);
  const TextHash hash;
  std::set<std::size_t> hashes;
  for (const std::string& text : texts) hashes.insert(hash(text));
  EXPECT_EQ(hashes.size(), texts.size());  // no two of them alike
  // In a table as the standard library sizes it (about one text a bucket), no bucket holds many.
  std::unordered_map<std::string, int, TextHash, std::equal_to<>> table;
  for (const std::string& text : texts) table.emplace(text, 0);
  std::size_t fullest = 0, empty = 0;
  for (std::size_t b = 0; b < table.bucket_count(); ++b) {
    fullest = std::max(fullest, table.bucket_size(b));
    empty += table.bucket_size(b) == 0 ? 1 : 0;
  }
  EXPECT_LE(fullest, 8U);
  // A uniform hash leaves about 1/e of the buckets empty at this load; far more means clustering.
  const double load = static_cast<double>(texts.size()) / static_cast<double>(table.bucket_count());
  EXPECT_LT(static_cast<double>(empty) / static_cast<double>(table.bucket_count()), 0.45 + (1.0 - load) * 0.6) << load;
}

}  // namespace
}  // namespace dipadj
