// Boards far bigger than any played (a line or ring of thousands of provinces, as a random-map or
// generated variant may make): adjacency answered without place x place tables, resolution as deep
// as the board on any thread's stack, and maps past the id range refused.
#include <gtest/gtest.h>
#include <pthread.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dipadj/diagnostic.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/game/game.hpp"
#include "dipadj/game/played_phase.hpp"
#include "dipadj/geo/map.hpp"
#include "dipadj/judge/movement.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/variant/variant.hpp"

namespace {

using namespace dipadj;

// Coastal provinces p0 .. p<n-1> in a line (a ring when `ring`), armies and fleets moving along it.
MapSpec line_of_provinces(std::size_t n, bool ring) {
  MapSpec spec;
  spec.coast_kinds.push_back(CoastKind{});
  for (std::size_t i = 0; i < n; ++i) {
    MapSpec::ProvinceSpec province;
    province.id = "p" + std::to_string(i);
    province.name = "Province " + std::to_string(i);
    province.kind = ProvinceKind::Coastal;
    spec.provinces.push_back(province);
  }
  for (std::size_t i = 0; i + 1 < n || (ring && i < n); ++i) {
    const auto a = static_cast<ProvinceId>(i), b = static_cast<ProvinceId>((i + 1) % n);
    spec.army_edges.emplace_back(a, b);
    spec.fleet_edges.emplace_back(MapSpec::Place{a, kNoCoast}, MapSpec::Place{b, kNoCoast});
  }
  return spec;
}

std::shared_ptr<const Variant> one_power_variant(const MapSpec& spec) {
  return std::make_shared<Variant>("line", "a line of provinces", std::make_shared<Map>(spec),
                                   std::vector<Power>{Power{"Mover", "Moving", {}, {}, {}}});
}

// Runs `work` on a thread with a stack of `bytes`, as an embedding program's worker might have.
template <class Work>
void on_small_stack(std::size_t bytes, Work work) {
  pthread_attr_t attributes;
  ASSERT_EQ(pthread_attr_init(&attributes), 0);
  ASSERT_EQ(pthread_attr_setstacksize(&attributes, bytes), 0);
  pthread_t thread{};
  ASSERT_EQ(pthread_create(
                &thread, &attributes, [](void* w) -> void* { (*static_cast<Work*>(w))(); return nullptr; }, &work),
            0);
  pthread_attr_destroy(&attributes);
  pthread_join(thread, nullptr);
}

// Every unit but the last moves on to the next province: each move waits on the next one.
struct Chain {
  std::shared_ptr<const Variant> variant;
  Position before;
  std::vector<SubmittedOrder> orders;
};

Chain moves_along(std::size_t n, bool ring, UnitType type) {
  const auto variant = one_power_variant(line_of_provinces(n, ring));
  const Map& map = variant->map();
  Chain chain{variant, Position(map.province_count()), {}};
  const std::size_t units = ring ? n : n - 1;
  for (std::size_t i = 0; i < units; ++i) {
    const auto from = static_cast<ProvinceId>(i), to = static_cast<ProvinceId>((i + 1) % n);
    chain.before.place(map, Unit{type, 0, map.province(from).location});
    Order move;
    move.kind = OrderKind::Move;
    move.unit = UnitRef{type, map.province(from).location, kNoPower};
    move.target = map.province(to).location;
    chain.orders.push_back(SubmittedOrder{0, move});
  }
  return chain;
}

TEST(BigBoards, AdjacencyWithoutTablesAnswersAsTheEdgesSay) {
  for (const std::size_t n : {std::size_t{50}, std::size_t{5000}}) {  // tables below 2,048 places, lists above
    const Map map(line_of_provinces(n, true));
    for (std::size_t i = 0; i < n; i += 7) {
      const auto here = static_cast<ProvinceId>(i);
      const auto next = static_cast<ProvinceId>((i + 1) % n), far = static_cast<ProvinceId>((i + 2) % n);
      EXPECT_TRUE(map.army_adjacent(here, next));
      EXPECT_TRUE(map.army_adjacent(next, here));
      EXPECT_FALSE(map.army_adjacent(here, far));
      EXPECT_FALSE(map.army_adjacent(here, here));
      const LocationId at = map.province(here).location;
      EXPECT_TRUE(map.fleet_adjacent(at, map.province(next).location));
      EXPECT_FALSE(map.fleet_adjacent(at, map.province(far).location));
      EXPECT_TRUE(map.fleet_reaches(at, next));
      EXPECT_FALSE(map.fleet_reaches(at, far));
    }
  }
}

// The resolver recursion along 6,000 moves is deeper than a 256 KB stack holds; it gets the room
// it needs wherever it is called from.
TEST(BigBoards, AChainOfMovesAsLongAsTheBoardResolvesOnASmallStack) {
  for (const bool ring : {false, true}) {  // a line into an empty province; a circular movement
    SCOPED_TRACE(ring ? "ring" : "line");
    const Chain chain = moves_along(6000, ring, ring ? UnitType::Fleet : UnitType::Army);
    const Map& map = chain.variant->map();
    MovementResult result(map.province_count());
    bool finished = false;
    on_small_stack(256 * 1024, [&] {
      MovementAdjudicator judge(*chain.variant, chain.variant->rules());
      judge.adjudicate(chain.before, chain.orders, result);
      finished = true;
    });
    ASSERT_TRUE(finished);
    ASSERT_EQ(result.outcomes.size(), chain.orders.size());
    for (std::size_t i = 0; i < result.outcomes.size(); ++i)
      ASSERT_EQ(result.outcomes[i].resolution, Resolution::Succeeds) << map.province(static_cast<ProvinceId>(i)).id;
    EXPECT_TRUE(result.dislodged.empty());
    EXPECT_FALSE(result.after.unit_in(0).present() && !ring);
    EXPECT_TRUE(result.after.unit_in(static_cast<ProvinceId>(map.province_count() - 1)).present());
  }
}

// The results of a board larger than the results writer's room on the stack (512 provinces'
// texts, 64 words of bits for the powers' lists): each power's list of units, in province order,
// as unit_texts gives it.
TEST(BigBoards, TheResultsOfABigBoardListEachUnitInProvinceOrder) {
  const Chain chain = moves_along(2000, /*ring=*/false, UnitType::Army);
  const Map& map = chain.variant->map();
  GameState before(map.province_count());
  before.position = chain.before;
  PhaseReport report(map.province_count());
  const GameState after = play_phase(*chain.variant, chain.variant->rules(), before, chain.orders, report);
  const auto results = nlohmann::json::parse(phase_json_text(PlayedPhase{*chain.variant, before, chain.orders, {}, report, after}));
  const std::vector<std::string> expected = unit_texts(map, after.position, 0);
  ASSERT_EQ(expected.size(), 1999U);
  EXPECT_EQ(results["units"]["Mover"].get<std::vector<std::string>>(), expected);
  EXPECT_EQ(results["units"].size(), 1U);
}

TEST(BigBoards, AMapPastTheIdRangeIsRefused) {
  MapSpec spec = line_of_provinces(kMaxPlaces + 1, false);
  EXPECT_THROW(Map{spec}, std::length_error);
  // A map file: refused at the province past the limit, with its line.
  const auto folder = std::filesystem::temp_directory_path() / "dipadj_big_map";
  std::filesystem::create_directories(folder);
  const auto file = folder / "map.yaml";
  {
    std::ofstream out(file);
    out << "format: dipadj-map/1\nprovinces:\n";
    for (std::size_t i = 0; i <= kMaxPlaces; ++i) out << "  - {id: p" << i << ", name: P" << i << ", kind: land}\n";
  }
  const auto map = load_map(file);
  std::filesystem::remove_all(folder);
  ASSERT_FALSE(map);
  const std::string errors = format_diagnostics(map.errors());
  EXPECT_NE(errors.find("map.yaml:" + std::to_string(kMaxPlaces + 3) + ": the map has more than 65535 provinces and coasts"),
            std::string::npos)
      << errors.substr(0, 2000);
}

}  // namespace
