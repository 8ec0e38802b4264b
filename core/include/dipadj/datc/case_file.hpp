#pragma once
// Test cases as data (docs/case-format.md): reading a case file, and running one case.
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dipadj/board/phase.hpp"
#include "dipadj/board/position.hpp"
#include "dipadj/diagnostic.hpp"
#include "dipadj/judge/outcome.hpp"
#include "dipadj/order/order.hpp"

namespace dipadj {

class Variant;

struct CaseOrder {
  PowerId power = kNoPower;
  std::string text;
  int line = 0;
  std::optional<Order> order;  // absent when the text is not an order (the case then fails)
  std::string parse_error;
  Resolution expected = Resolution::Succeeds;
};

struct TestCase {
  std::string id;     // "6.A.1"
  std::string title;
  std::string note;
  int line = 0;
  Phase phase;
  Position before;
  std::vector<CaseOrder> orders;
  Position expect_after;
  std::vector<Unit> expect_dislodged;

  TestCase(std::size_t provinces) : before(provinces), expect_after(provinces) {}
};

struct CaseFile {
  std::string path;
  std::string source;
  std::shared_ptr<const Variant> variant;
  std::vector<TestCase> cases;
};

Expected<CaseFile> load_case_file(const std::filesystem::path& file);

// What adjudicating a case produced: the outcome of each of its orders (indexed as in
// TestCase::orders; orders that could not be parsed have none), the units after, the dislodged.
struct CaseRun {
  std::vector<std::optional<OrderOutcome>> outcomes;
  Position after;
  std::vector<Unit> dislodged;  // sorted by location
  friend bool operator==(const CaseRun&, const CaseRun&) = default;
};

// Adjudicates a case with its orders submitted in the given order (indices into `orders`;
// empty: as written).
CaseRun execute_case(const CaseFile& file, const TestCase& test, std::span<const std::size_t> order_permutation = {});

struct CaseReport {
  bool passed = true;
  std::vector<std::string> differences;  // one line each: what was expected, what happened
};

// Runs a case and compares what it produced with what the case expects.
CaseReport run_case(const CaseFile& file, const TestCase& test, std::span<const std::size_t> order_permutation = {});

}  // namespace dipadj
