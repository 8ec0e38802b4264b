// is_plain_text, which lets the JSON writer copy a text between quotes as it is: exactly the texts
// of printable ASCII with no quote and no backslash, whatever their length and wherever the byte
// that is not. same_text, which the order memo's table compares texts with: the same answer as ==
// at every length and for a difference at every place. WordLengths, which tells a word of no
// length a set of words has.
#include <gtest/gtest.h>

#include <string>

#include "dipadj/text.hpp"

namespace dipadj {
namespace {

bool plain_byte_by_byte(const std::string& text) {
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f || c == '"' || c == '\\') return false;
  }
  return true;
}

TEST(PlainText, IsPrintableAsciiWithNoQuoteOrBackslashAtEveryLengthAndPlace) {
  const std::string specials = std::string("\"\\\x7f\x1f\x80\xff\n\t", 8) + std::string(1, '\0');
  for (std::size_t size = 0; size <= 40; ++size) {
    std::string text;
    for (std::size_t i = 0; i < size; ++i) text += static_cast<char>('a' + i % 26);
    EXPECT_TRUE(is_plain_text(text)) << size;
    for (std::size_t at = 0; at < size; ++at)
      for (const char special : specials) {
        std::string changed = text;
        changed[at] = special;
        EXPECT_EQ(is_plain_text(changed), plain_byte_by_byte(changed)) << size << " " << at << " " << int(special);
        EXPECT_FALSE(is_plain_text(changed)) << size << " " << at;
      }
  }
  // Spaces and the printable edges are plain.
  EXPECT_TRUE(is_plain_text(" "));
  EXPECT_TRUE(is_plain_text("~ !"));
  EXPECT_TRUE(is_plain_text("A Par - Bur"));
}

TEST(SameText, IsEqualityAtEveryLengthAndPlace) {
  for (std::size_t size = 0; size <= 70; ++size) {
    std::string text;
    for (std::size_t i = 0; i < size; ++i) text += static_cast<char>('a' + i % 26);
    EXPECT_TRUE(same_text(text, std::string(text))) << size;
    EXPECT_FALSE(same_text(text, text + "a")) << size;
    EXPECT_FALSE(same_text(text + "a", text)) << size;
    for (std::size_t at = 0; at < size; ++at)
      for (const char other : {'A', '\0', '\xff'}) {
        std::string changed = text;
        changed[at] = other;
        EXPECT_FALSE(same_text(text, changed)) << size << " " << at;
        EXPECT_FALSE(same_text(changed, text)) << size << " " << at;
      }
  }
}

// WordLengths: a length added is had; another below 63 is not; 63 bytes and more share one bit.
TEST(WordLengths, HasTheLengthsAddedAndNoOtherBelowTheLast) {
  WordLengths lengths;
  for (std::size_t length = 0; length < 200; ++length) EXPECT_FALSE(lengths.may_have(length)) << length;
  for (const std::size_t length : {1U, 7U, 100U}) lengths.add(length);
  for (std::size_t length = 0; length < 200; ++length)
    EXPECT_EQ(lengths.may_have(length), length == 1 || length == 7 || length >= 63) << length;
}

}  // namespace
}  // namespace dipadj
