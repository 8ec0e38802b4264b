#pragma once
// Short texts copied inline, without a call to memcpy: a result is some 300 short copies (names,
// keys, words of 3 to 30 bytes), and a call each cost more than the copy. Private to the core
// library.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace dipadj {

// The first and the last sizeof(Word) bytes of `size` (sizeof(Word) to 2 sizeof(Word)) copied,
// overlapping in the middle: the whole text, with no loop.
template <class Word>
[[gnu::always_inline]] inline void copy_ends(char* to, const char* from, std::size_t size) {
  Word head, tail;
  std::memcpy(&head, from, sizeof(Word));
  std::memcpy(&tail, from + size - sizeof(Word), sizeof(Word));
  std::memcpy(to, &head, sizeof(Word));
  std::memcpy(to + size - sizeof(Word), &tail, sizeof(Word));
}

// `text` copied to `to`, inline: a result is some 300 short copies (names, keys, words of 3 to
// 30 bytes; an order of a support, some 60), and each a call to memcpy cost more than the copy.
// Two overlapping loads and stores of the widest size that fits copy any length from 4 to 64 bytes
// without a loop or a branch per byte.
[[gnu::always_inline]] inline void copy_text(char* to, std::string_view text) {
  struct Bytes16 {
    char bytes[16];
  };
  struct Bytes32 {
    char bytes[32];
  };
  const char* from = text.data();
  const std::size_t size = text.size();
  if (size >= 8) {
    if (size <= 16) copy_ends<std::uint64_t>(to, from, size);
    else if (size <= 32) copy_ends<Bytes16>(to, from, size);
    else if (size <= 64) copy_ends<Bytes32>(to, from, size);
    else std::memcpy(to, from, size);
  } else if (size >= 4) {
    copy_ends<std::uint32_t>(to, from, size);
  } else {
    for (std::size_t i = 0; i < size; ++i) to[i] = from[i];
  }
}

}  // namespace dipadj
