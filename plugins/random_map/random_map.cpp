// A map plugin: a random but valid board from a seed and a size (for property tests, and for
// anyone who wants a fresh board). The provinces are the cells of a grid, neighbours along its
// edges and along one diagonal of some squares (so the board stays planar); a share of them are
// seas, grown from a few seeds; land touching a sea is coastal. Armies cross between land
// provinces, fleets between seas, from seas to coasts, and between two coasts that share a sea.
// Some coastal provinces with several seas get two coasts. Supply centres are land provinces;
// each power owns a few as home centres, with a unit on each. The same settings always give the
// same board.
//
// Settings (`map_plugin:` in a variant file):
//   {seed: 7, provinces: 40, powers: 5, seas: 0.3, centres: 14, two_coasts: 1}
// (only seed is required; provinces 8-400, powers 2-20, seas 0.05-0.7, centres: default a third
// of the provinces, two_coasts: default 1).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <set>

#include "dipadj/document_reader.hpp"
#include "dipadj/plugin/built_board.hpp"
#include "dipadj/plugin/export.hpp"

namespace {

using namespace dipadj;

struct Settings {
  std::uint64_t seed = 0;
  int provinces = 30;
  int powers = 4;
  double seas = 0.3;
  int centres = 0;
  int two_coasts = 1;
};

class Generator {
 public:
  explicit Generator(const Settings& s) : s_(s), random_(s.seed) {}

  void build(BuiltBoard& board) {
    const int n = s_.provinces;
    const int width = static_cast<int>(std::ceil(std::sqrt(static_cast<double>(n))));
    neighbours_.assign(static_cast<std::size_t>(n), {});
    auto link = [&](int a, int b) {
      if (a < 0 || b < 0 || a >= n || b >= n || a == b) return;
      neighbours_[static_cast<std::size_t>(a)].insert(b);
      neighbours_[static_cast<std::size_t>(b)].insert(a);
    };
    for (int i = 0; i < n; ++i) {
      const int x = i % width;
      if (x + 1 < width) link(i, i + 1);
      link(i, i + width);
      // One diagonal in some squares: still planar.
      if (x + 1 < width && i + width + 1 < n && chance(0.4)) {
        if (chance(0.5)) link(i, i + width + 1);
        else link(i + 1, i + width);
      }
    }
    choose_seas(n);
    describe_provinces(board, n);
    add_edges(board, n);
    add_two_coasts(board, n);
    choose_centres_and_powers(board, n);
  }

 private:
  bool chance(double p) { return std::uniform_real_distribution<double>(0.0, 1.0)(random_) < p; }
  int pick(int count) { return std::uniform_int_distribution<int>(0, count - 1)(random_); }

  // Seas grow from a few seeds into neighbouring cells, so they form bodies of water.
  void choose_seas(int n) {
    sea_.assign(static_cast<std::size_t>(n), false);
    const int wanted = std::clamp(static_cast<int>(std::lround(s_.seas * n)), 1, n - 3);
    std::vector<int> frontier;
    int made = 0;
    while (made < wanted) {
      if (frontier.empty() || chance(0.15)) {
        const int cell = pick(n);
        if (!sea_[static_cast<std::size_t>(cell)]) frontier.push_back(cell);
        if (frontier.empty()) continue;
      }
      const std::size_t at = static_cast<std::size_t>(pick(static_cast<int>(frontier.size())));
      const int cell = frontier[at];
      frontier.erase(frontier.begin() + static_cast<std::ptrdiff_t>(at));
      if (sea_[static_cast<std::size_t>(cell)]) continue;
      sea_[static_cast<std::size_t>(cell)] = true;
      ++made;
      for (int next : neighbours_[static_cast<std::size_t>(cell)])
        if (!sea_[static_cast<std::size_t>(next)]) frontier.push_back(next);
    }
  }

  [[nodiscard]] bool coastal(int cell) const {
    if (sea_[static_cast<std::size_t>(cell)]) return false;
    const auto& around = neighbours_[static_cast<std::size_t>(cell)];
    return std::any_of(around.begin(), around.end(), [&](int next) { return sea_[static_cast<std::size_t>(next)]; });
  }

  void describe_provinces(BuiltBoard& board, int n) {
    MapSpec& map = board.map;
    map.coast_kinds = {CoastKind{}, CoastKind{"nc", "North Coast", {"north coast"}}, CoastKind{"sc", "South Coast", {"south coast"}}};
    for (int i = 0; i < n; ++i) {
      MapSpec::ProvinceSpec province;
      province.id = "p" + std::to_string(i);
      province.name = (sea_[static_cast<std::size_t>(i)] ? "Sea " : "Land ") + std::to_string(i);
      province.kind = sea_[static_cast<std::size_t>(i)] ? ProvinceKind::Sea : coastal(i) ? ProvinceKind::Coastal : ProvinceKind::Land;
      map.provinces.push_back(std::move(province));
    }
  }

  [[nodiscard]] bool share_a_sea(int a, int b) const {
    for (int s : neighbours_[static_cast<std::size_t>(a)])
      if (sea_[static_cast<std::size_t>(s)] && neighbours_[static_cast<std::size_t>(b)].count(s) != 0) return true;
    return false;
  }

  void add_edges(BuiltBoard& board, int n) {
    for (int a = 0; a < n; ++a)
      for (int b : neighbours_[static_cast<std::size_t>(a)]) {
        if (b <= a) continue;
        const bool sea_a = sea_[static_cast<std::size_t>(a)], sea_b = sea_[static_cast<std::size_t>(b)];
        const auto pa = static_cast<ProvinceId>(a), pb = static_cast<ProvinceId>(b);
        if (!sea_a && !sea_b) board.map.army_edges.emplace_back(pa, pb);
        const bool fleets = (sea_a && sea_b) || (sea_a && coastal(b)) || (sea_b && coastal(a)) ||
                            (coastal(a) && coastal(b) && share_a_sea(a, b));
        if (fleets) fleet_pairs_.emplace_back(a, b);
      }
    for (const auto& [a, b] : fleet_pairs_)
      board.map.fleet_edges.push_back({{static_cast<ProvinceId>(a), kNoCoast}, {static_cast<ProvinceId>(b), kNoCoast}});
  }

  // A coastal province touching two or more seas may get two coasts: its seas split in two, and
  // each coastal neighbour goes with the coast of a sea they share.
  void add_two_coasts(BuiltBoard& board, int n) {
    int made = 0;
    for (int tries = 0; tries < 4 * n && made < s_.two_coasts; ++tries) {
      const int cell = pick(n);
      auto& province = board.map.provinces[static_cast<std::size_t>(cell)];
      if (province.kind != ProvinceKind::Coastal || !province.coasts.empty()) continue;
      std::vector<int> seas;
      for (int next : neighbours_[static_cast<std::size_t>(cell)])
        if (sea_[static_cast<std::size_t>(next)]) seas.push_back(next);
      if (seas.size() < 2) continue;
      const std::set<int> north(seas.begin(), seas.begin() + static_cast<std::ptrdiff_t>(seas.size() / 2));
      auto coast_towards = [&](int other) -> CoastId {
        if (sea_[static_cast<std::size_t>(other)]) return north.count(other) != 0 ? 1 : 2;
        for (int s : north)
          if (neighbours_[static_cast<std::size_t>(other)].count(s) != 0) return 1;
        return 2;
      };
      for (auto& edge : board.map.fleet_edges) {
        if (edge.first.province == static_cast<ProvinceId>(cell)) edge.first.coast = coast_towards(static_cast<int>(edge.second.province));
        if (edge.second.province == static_cast<ProvinceId>(cell)) edge.second.coast = coast_towards(static_cast<int>(edge.first.province));
      }
      province.coasts = {1, 2};
      province.default_coast = 1;
      ++made;
    }
  }

  void choose_centres_and_powers(BuiltBoard& board, int n) {
    std::vector<int> land;
    for (int i = 0; i < n; ++i)
      if (!sea_[static_cast<std::size_t>(i)]) land.push_back(i);
    std::shuffle(land.begin(), land.end(), random_);
    const int centres = std::clamp(s_.centres > 0 ? s_.centres : n / 3, s_.powers, static_cast<int>(land.size()));
    for (int k = 0; k < centres; ++k) board.map.provinces[static_cast<std::size_t>(land[static_cast<std::size_t>(k)])].supply_centre = true;
    const int homes = std::clamp(centres / (s_.powers + 1), 1, 3);
    std::size_t next = 0;
    for (int p = 0; p < s_.powers; ++p) {
      BuiltBoard::PowerSpec power;
      power.name = "Power " + std::string(1, static_cast<char>('A' + p));
      for (int h = 0; h < homes && next < static_cast<std::size_t>(centres); ++h, ++next) {
        const auto centre = static_cast<ProvinceId>(land[next]);
        power.home_centres.push_back(centre);
        const auto& province = board.map.provinces[centre];
        BuiltBoard::StartUnit unit;
        unit.power = static_cast<std::size_t>(p);
        unit.province = centre;
        unit.type = province.kind == ProvinceKind::Coastal && chance(0.5) ? UnitType::Fleet : UnitType::Army;
        if (unit.type == UnitType::Fleet && !province.coasts.empty()) unit.coast = province.coasts.front();
        board.units.push_back(unit);
      }
      board.powers.push_back(std::move(power));
    }
    board.victory_centres = centres / 2 + 1;
  }

  Settings s_;
  std::mt19937_64 random_;
  std::vector<std::set<int>> neighbours_;
  std::vector<bool> sea_;
  std::vector<std::pair<int, int>> fleet_pairs_;
};

class RandomMapPlugin final : public RulePlugin, public MapBuilding {
 public:
  [[nodiscard]] std::string_view name() const override { return "random-map"; }

  [[nodiscard]] const MapBuilding* map_building() const override { return this; }

  bool build_map(const PluginSettings& settings, BuiltBoard& board, std::vector<Diagnostic>& problems) const override {
    const DocNode& node = settings.node;
    if (!node.is_map() || !node["seed"]) {
      problems.push_back(settings.problem(node, "settings must give at least {seed: <number>}"));
      return false;
    }
    Settings s;
    bool usable = true;
    auto number = [&](const char* key, auto& out, double low, double high) {
      const DocNode& value = node[key];
      if (!value) return;
      using T = std::decay_t<decltype(out)>;
      const double read = number_value(value).value_or(low - 1);
      // Written so that NaN (YAML's .nan) fails it too: every comparison with NaN is false.
      if (!value.is_scalar() || !(read >= low && read <= high)) {
        // "from 0 to 400", not std::to_string's "0.000000 to 400.000000".
        const auto plain = [](double x) {
          char text[32];
          std::snprintf(text, sizeof text, "%.15g", x);
          return std::string(text);
        };
        problems.push_back(settings.problem(value, std::string("'") + key + "' must be a number from " + plain(low) + " to " + plain(high)));
        usable = false;
        return;
      }
      out = static_cast<T>(read);
    };
    for (const DocNode& entry : node.items()) {
      const std::string& key = entry.key();
      if (key != "seed" && key != "provinces" && key != "powers" && key != "seas" && key != "centres" && key != "two_coasts") {
        problems.push_back(settings.key_problem(entry, "unknown setting '" + key +
                                                             "' (expected seed, provinces, powers, seas, centres, two_coasts)"));
        usable = false;
      }
    }
    number("seed", s.seed, 0, 1e15);
    number("provinces", s.provinces, 8, 400);
    number("powers", s.powers, 2, 20);
    number("seas", s.seas, 0.05, 0.7);
    number("centres", s.centres, 0, 400);
    number("two_coasts", s.two_coasts, 0, 50);
    if (usable && s.powers * 2 > s.provinces) {
      problems.push_back(settings.problem(node, "too many powers for so few provinces"));
      usable = false;
    }
    if (!usable) return false;
    Generator(s).build(board);
    return true;
  }

  [[nodiscard]] std::unique_ptr<RuleExtension> bind(const Variant& /*variant*/, const PluginSettings& settings,
                                                    std::vector<Diagnostic>& problems) const override {
    problems.push_back(settings.problem(settings.node, "is a map plugin: name it under map_plugin:, not plugins:"));
    return nullptr;
  }
};

}  // namespace

DIPADJ_PLUGIN(RandomMapPlugin)
