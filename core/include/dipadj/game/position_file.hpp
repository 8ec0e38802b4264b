#pragma once
// A position to adjudicate, as a YAML file: the variant, the phase, the units, the supply-centre
// owners and each power's orders (docs/position-format.md).
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "dipadj/board/phase.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/diagnostic.hpp"
#include "dipadj/judge/movement.hpp"

namespace dipadj {

class Variant;

struct PositionFile {
  std::shared_ptr<const Variant> variant;
  Phase phase;
  Position position;
  std::vector<SubmittedOrder> orders;
  std::vector<std::string> order_texts;  // as written, beside `orders`

  explicit PositionFile(std::size_t provinces) : position(provinces) {}
};

// Unknown names, impossible units and orders that are not orders at all are errors with their
// line; orders that are orders but cannot be carried out are kept (they are reported illegal).
Expected<PositionFile> load_position_file(const std::filesystem::path& file);

}  // namespace dipadj
