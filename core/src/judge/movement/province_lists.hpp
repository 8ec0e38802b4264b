#pragma once
// Units listed per province for one phase (the moves into each province, the supports given to
// each unit), laid out in one array. Built and forgotten in time proportional to the units, not
// to the provinces of the board: a phase touches a few dozen provinces of a board that may have
// hundreds. Private to the movement solver.
#include <cstdint>
#include <span>
#include <vector>

#include "dipadj/geo/ids.hpp"

namespace dipadj {

class ProvinceLists {
 public:
  explicit ProvinceLists(std::size_t provinces) : size_(provinces, 0), next_(provinces, 0) {}

  // A phase's lists are made in three steps: count() each entry, lay_out(), then add() each entry
  // in the reverse of the order each list is to have (a list is filled from its end). Counting
  // starts by forgetting the last phase's lists. A list's size is known from counting on.
  void forget() {
    for (ProvinceId key : keys_) size_[key] = next_[key] = 0;
    keys_.clear();
  }
  void count(ProvinceId key) {
    if (size_[key]++ == 0) keys_.push_back(key);
  }
  void lay_out() {
    std::uint32_t at = 0;
    for (ProvinceId key : keys_) {
      at += size_[key];
      next_[key] = at;
    }
    items_.resize(at);
  }
  void add(ProvinceId key, ProvinceId item) { items_[--next_[key]] = item; }

  // The provinces with a list this phase, in the order first counted.
  [[nodiscard]] std::span<const ProvinceId> keys() const { return keys_; }
  [[nodiscard]] std::uint32_t size(ProvinceId key) const { return size_[key]; }
  [[nodiscard]] bool empty(ProvinceId key) const { return size_[key] == 0; }
  // Once every entry is added.
  [[nodiscard]] std::span<const ProvinceId> of(ProvinceId key) const {
    return std::span<const ProvinceId>(items_).subspan(next_[key], size_[key]);
  }

 private:
  std::vector<std::uint32_t> size_;  // per province
  std::vector<std::uint32_t> next_;  // per province: where its next entry goes, then where its list begins
  std::vector<ProvinceId> keys_;     // the provinces with a list this phase
  std::vector<ProvinceId> items_;
};

}  // namespace dipadj
