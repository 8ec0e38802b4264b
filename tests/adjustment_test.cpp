#include <gtest/gtest.h>

#include "dipadj/judge/adjustment.hpp"
#include "dipadj/notation/order_parser.hpp"
#include "dipadj/text.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"

namespace {

using namespace dipadj;

class AdjustmentTest : public testing::Test {
 protected:
  void SetUp() override {
    auto loaded = find_variant("standard");
    ASSERT_TRUE(loaded) << format_diagnostics(loaded.errors());
    variant_ = loaded.value();
  }
  PowerId power(const char* name) { return *variant_->find_power(name); }
  ProvinceId province(const char* name) { return *variant_->map().find_province(normalize_name(name)); }
  void unit(const char* power_name, const char* text) {
    std::string error;
    auto ref = OrderParser(*variant_).parse_unit(text, error);
    ASSERT_TRUE(ref) << error;
    ASSERT_TRUE(position_.place(variant_->map(), Unit{*ref->type, power(power_name), ref->location}));
  }
  void own(const char* power_name, std::initializer_list<const char*> centres) {
    for (const char* c : centres) position_.set_owner(province(c), power(power_name));
  }
  AdjustmentResult adjudicate(const char* power_name, std::initializer_list<const char*> texts) {
    std::vector<SubmittedOrder> orders;
    for (const char* text : texts) orders.push_back({power(power_name), *OrderParser(*variant_).parse(text).order});
    AdjustmentResult result(variant_->map().province_count());
    adjudicate_adjustments(*variant_, variant_->rules(), position_, orders, result);
    return result;
  }

  std::shared_ptr<const Variant> variant_;
  Position position_{75};
};

TEST_F(AdjustmentTest, BuildsAreTakenOneByOne) {
  own("Germany", {"Berlin", "Kiel", "Munich", "Denmark", "Holland"});
  unit("Germany", "A Denmark");
  unit("Germany", "A Holland");
  unit("Germany", "A Berlin");
  // Two builds allowed: Warsaw is no home centre, Berlin is occupied, Kiel and Munich stand,
  // then none are left.
  auto result = adjudicate("Germany", {"Build A Warsaw", "Build A Berlin", "Build F Kiel", "Build A Munich", "Waive"});
  EXPECT_EQ(result.outcomes[0].reason, Reason::NotAHomeCentre);
  EXPECT_EQ(result.outcomes[1].reason, Reason::CentreOccupied);
  EXPECT_EQ(result.outcomes[2].resolution, Resolution::Succeeds);
  EXPECT_EQ(result.outcomes[3].resolution, Resolution::Succeeds);
  EXPECT_EQ(result.outcomes[4].reason, Reason::TooManyBuilds);
  EXPECT_EQ(result.after.unit_count(power("Germany")), 5u);
}

TEST_F(AdjustmentTest, CivilDisorderRemovesTheFurthestUnitsFleetsFirst) {
  own("France", {"Paris", "Brest"});
  unit("France", "A Paris");      // distance 0
  unit("France", "A Munich");     // Munich - Burgundy - Paris: 2
  unit("France", "F North Sea");  // North Sea - English Channel - Brest: 2
  unit("France", "A Holland");    // 3
  auto result = adjudicate("France", {});
  ASSERT_EQ(result.disbanded_in_disorder.size(), 2u);
  EXPECT_EQ(result.disbanded_in_disorder[0].location, variant_->map().province(province("Holland")).location);
  EXPECT_EQ(result.disbanded_in_disorder[1].type, UnitType::Fleet);
  EXPECT_TRUE(result.after.unit_in(province("Munich")).present());
  EXPECT_TRUE(result.after.unit_in(province("Paris")).present());
}

TEST_F(AdjustmentTest, ArmiesMayMoveAsFleetsForTheDistance) {
  const auto armies = civil_disorder_distances(*variant_, variant_->rules(), position_, power("England"), UnitType::Army);
  const auto fleets = civil_disorder_distances(*variant_, variant_->rules(), position_, power("England"), UnitType::Fleet);
  const Map& map = variant_->map();
  // Norway: an army may cross the North Sea (Norway - North Sea - Edinburgh = 2).
  EXPECT_EQ(armies[map.province(province("Norway")).location], 2);
  EXPECT_EQ(fleets[map.province(province("Norway")).location], 2);
  // Munich: fleets never get there.
  EXPECT_EQ(fleets[map.province(province("Munich")).location], -1);
}

}  // namespace
