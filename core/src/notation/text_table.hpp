#pragma once
// What was read from a text, looked up by the text: a flat table for OrderReadingMemo. Each text
// is found through one slot (a hash's high half and the entry's number, in a power-of-two array
// probed in a line) and then its entry, where std::unordered_map went through a bucket, the node
// before, the node's hash at its far end, and a division per step: a batch line's fifty
// look-ups spent most of their time waiting for that memory. Private to the core library.
//
// Entries stay where they are made (in blocks, never moved), until clear(): a reading may be
// referred to while others are added (an order's text kept with its reading, OrderReadingMemo),
// and a text added cost no move of those before it. A cleared table keeps its blocks and writes
// the next entries over the old ones, their strings' memory kept.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dipadj/text.hpp"

namespace dipadj {

template <class Reading>
class TextTable {
 public:
  [[nodiscard]] static std::uint64_t hash_of(std::string_view text) { return TextHash{}(text); }

  // The reading kept for `text` (its hash_of), or null.
  [[nodiscard]] const Reading* find(std::string_view text, std::uint64_t hash) const {
    if (slots_.empty()) return nullptr;
    const std::uint64_t tag = hash >> 32U;
    for (std::size_t at = hash & mask(); slots_[at] != 0; at = (at + 1) & mask()) {
      if ((slots_[at] >> 32U) != tag) continue;
      const Entry& entry = entry_at((slots_[at] & 0xFFFFFFFFU) - 1U);
      if (same_text(entry.text, text)) return &entry.reading;
    }
    return nullptr;
  }

  // Keeps `reading` for `text` (its hash_of), which the table does not have: moved into a new
  // entry, or over one a clear() left.
  const Reading& add(std::string_view text, std::uint64_t hash, Reading reading) {
    next_entry(text, hash) = std::move(reading);
    return keep_next();
  }

  // add() in two steps, the reading made in place (a cleared table's entry keeps its strings'
  // memory): the entry next kept, with `text`, and its reading to write over; then kept, found
  // from then on. An entry not kept (its reading failed midway) is written over by the next.
  Reading& next_entry(std::string_view text, std::uint64_t hash) {
    if (2 * (count_ + 1) > slots_.size()) grow();
    if (count_ == blocks_.size() * kBlock) blocks_.push_back(std::make_unique<Entry[]>(kBlock));
    Entry& entry = entry_at(count_);
    entry.text.assign(text);
    entry.hash = hash;
    return entry.reading;
  }
  const Reading& keep_next() {
    Entry& entry = entry_at(count_);
    place(entry.hash, ++count_);
    return entry.reading;
  }

  [[nodiscard]] std::size_t size() const { return count_; }
  void clear() {
    slots_.assign(slots_.size(), 0);
    count_ = 0;
  }

 private:
  static constexpr std::size_t kBlockBits = 8, kBlock = std::size_t{1} << kBlockBits;
  struct Entry {
    std::string text;
    std::uint64_t hash = 0;
    Reading reading{};
  };

  [[nodiscard]] const Entry& entry_at(std::size_t n) const { return blocks_[n >> kBlockBits][n & (kBlock - 1)]; }
  [[nodiscard]] Entry& entry_at(std::size_t n) { return blocks_[n >> kBlockBits][n & (kBlock - 1)]; }
  [[nodiscard]] std::size_t mask() const { return slots_.size() - 1; }
  // An entry's number (from 1) in the first free slot from its hash's.
  void place(std::uint64_t hash, std::size_t number) {
    std::size_t at = hash & mask();
    while (slots_[at] != 0) at = (at + 1) & mask();
    slots_[at] = ((hash >> 32U) << 32U) | static_cast<std::uint64_t>(number);
  }
  void grow() {
    slots_.assign(slots_.empty() ? 64 : 2 * slots_.size(), 0);
    for (std::size_t i = 0; i < count_; ++i) place(entry_at(i).hash, i + 1);
  }

  std::vector<std::uint64_t> slots_;  // 0: free; else the hash's high half, and the entry's number from 1
  std::vector<std::unique_ptr<Entry[]>> blocks_;  // kBlock entries each
  std::size_t count_ = 0;                         // the entries in use, the first count_
};

}  // namespace dipadj
