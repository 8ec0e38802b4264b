#pragma once
// A plain game line's values as views of its text, read in one pass by simdjson's On-Demand
// parser: the texts of `format`, `variant` and `phase`, and for `units`, `supply_centres` and
// `orders` each power's name with its list of texts. A line with a backslash is never read (a
// string's text is then what stands between its quotes, no escape to undo), and anything but an
// object of those keys (each at most once) with texts and power lists where they go is refused,
// for the full reader to read and say what is wrong. simdjson's document tree, made whole before
// it was read and then walked, cost half as much again as this pass. One reader's; private to the
// core library.
#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dipadj {

// The keys of a plain line, each a bit of LineValues::given().
enum class LineKey : std::uint8_t { Format, Variant, Phase, Units, SupplyCentres, Orders };
inline constexpr std::size_t kLineKeys = 6;

class LineValues {
 public:
  // A power's name as the line writes it, and where its list's texts are (items()).
  struct PowerList {
    std::string_view power;
    std::uint32_t first = 0, count = 0;
  };

  LineValues();
  ~LineValues();
  LineValues(LineValues&&) noexcept;
  LineValues& operator=(LineValues&&) noexcept;

  // `line`'s values, read into this reader (views of its own copy of the line, good until the next
  // read); false, with nothing to use, when the line has a backslash or is not a plain line.
  bool read(std::string_view line);
  [[nodiscard]] bool has(LineKey key) const { return (given_ & (1U << static_cast<unsigned>(key))) != 0; }
  // The text of `format`, `variant` or `phase`, when has() it.
  [[nodiscard]] std::string_view text(LineKey key) const { return texts_[static_cast<std::size_t>(key)]; }
  // The power lists of `units`, `supply_centres` or `orders`, in the line's order, when has() it.
  [[nodiscard]] std::span<const PowerList> lists(LineKey key) const {
    const auto [first, count] = lists_[static_cast<std::size_t>(key)];
    return std::span<const PowerList>(powers_).subspan(first, count);
  }
  [[nodiscard]] std::span<const std::string_view> items(const PowerList& list) const {
    return std::span<const std::string_view>(items_).subspan(list.first, list.count);
  }

 private:
  bool collect(std::string_view line);  // read(), which forgets a line refused halfway

  struct Parser;
  std::unique_ptr<Parser> parser_;
  std::vector<char> padded_;  // the line, with the room after it that simdjson reads past its end
  unsigned given_ = 0;
  std::array<std::string_view, kLineKeys> texts_{};
  std::array<std::pair<std::size_t, std::size_t>, kLineKeys> lists_{};  // first power list, count
  std::vector<PowerList> powers_;
  std::vector<std::string_view> items_;
};

}  // namespace dipadj
