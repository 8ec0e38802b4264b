// The movement solver's decision ids (core/src/judge/movement/decision_id.hpp) are what
// docs/architecture.md says they are: the four decisions of a province side by side, id =
// `4 * province + kind`, the plugins' own decisions after the core's. The test reads the formula
// the document quotes, so that the document and the code change together.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>

#include "judge/movement/decision_id.hpp"

namespace {

using namespace dipadj;

TEST(DecisionIds, AreFourPerProvinceSideBySideAsTheArchitectureSays) {
  std::ifstream in(std::string(DIPADJ_DOCS_DIR) + "/architecture.md");
  ASSERT_TRUE(in);
  std::stringstream text;
  text << in.rdbuf();
  EXPECT_NE(text.str().find("id = `4 * province + kind` (MOVE 0, SUPPORT 1, DISLODGE 2, PATH 3)"), std::string::npos)
      << "docs/architecture.md no longer quotes the decision ids this test checks";
  EXPECT_NE(text.str().find("the plugins' own decisions follow, from `4 * provinces`"), std::string::npos);

  constexpr DecisionKind kinds[] = {DecisionKind::Move, DecisionKind::Support, DecisionKind::Dislodge, DecisionKind::Path};
  for (std::uint32_t kind = 0; kind < kDecisionKinds; ++kind) EXPECT_EQ(static_cast<std::uint32_t>(kinds[kind]), kind);
  for (const ProvinceId province : {ProvinceId{0}, ProvinceId{1}, ProvinceId{74}, ProvinceId{2047}, ProvinceId{65534}}) {
    for (std::uint32_t kind = 0; kind < kDecisionKinds; ++kind) {
      const std::uint32_t id = decision_id(kinds[kind], province);
      EXPECT_EQ(id, 4U * province + kind);
      EXPECT_EQ(kind_of_decision(id), kinds[kind]);
      EXPECT_EQ(province_of_decision(id), province);
    }
  }
  // The ids of a board's core decisions are 0 .. 4 * provinces - 1, every one used; the plugins'
  // begin where they end.
  EXPECT_EQ(core_decision_count(75), 300U);
  EXPECT_EQ(decision_id(DecisionKind::Path, 74) + 1, core_decision_count(75));
}

}  // namespace
