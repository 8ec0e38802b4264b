#include "game_legend.hpp"

#include "board_canvas.hpp"
#include "dipadj/game/game.hpp"
#include "dipadj/variant/variant.hpp"
#include "game_marks.hpp"
#include "svg_text.hpp"

namespace dipadj {
namespace {

constexpr double kLineHeight = 22;
constexpr double kOrderLineHeight = 15;
constexpr std::size_t kOrderTextLength = 68;  // characters of an order's line that fit the legend

// The legend's lines, one below the other: a symbol and what it means.
class LegendWriter {
 public:
  explicit LegendWriter(std::string& out) : out_(out) {}

  void line(const std::string& symbol, const std::string& text) {
    out_ += "<g transform=\"translate(" + svg_number(kBoardWidth) + "," + svg_number(y_) + ")\">" + symbol +
            "<text x=\"44\" y=\"4\" font-size=\"12\">" + xml_text(text) + "</text></g>\n";
    y_ += kLineHeight;
  }

  // The legend's own marks, drawn by the same code as the board's, at one size whatever the
  // board's nodes are.
  [[nodiscard]] const GameMarks& marks() const { return marks_; }
  [[nodiscard]] double y() const { return y_; }
  void skip(double pixels) { y_ += pixels; }

 private:
  std::string& out_;
  GameMarks marks_{10.0};
  double y_ = 70;
};

// "1 unit", "3 units".
std::string counted(std::size_t count, const std::string& noun) { return std::to_string(count) + " " + noun + (count == 1 ? "" : "s"); }

// Each power: its units (and those dislodged) and its centres, and whether it wins.
void write_powers(LegendWriter& legend, const Variant& variant, const GameState& state) {
  for (std::size_t p = 0; p < variant.power_count(); ++p) {
    const auto power = static_cast<PowerId>(p);
    std::size_t dislodged = 0;
    for (const DislodgedUnit& d : state.dislodged) dislodged += d.unit.power == power ? 1 : 0;
    legend.line(legend.marks().token(UnitType::Army, power_colour(variant, power), Point{16, 0}),
                variant.power(power).name + ": " + counted(state.position.unit_count(power), "unit") +
                    (dislodged ? " (+" + std::to_string(dislodged) + " dislodged)" : "") + ", " +
                    counted(state.position.centre_count(power), "centre") + (state.winner == power ? " - wins" : ""));
  }
  if (const std::size_t neutral = state.position.unit_count(kNeutral); neutral > 0)
    legend.line(legend.marks().token(UnitType::Army, power_colour(variant, kNeutral), Point{16, 0}),
                variant.power(kNeutral).name + ": " + counted(neutral, "unit") + " (no power's; they hold)");
}

// The marks of orders and their results.
void write_order_marks(LegendWriter& legend) {
  const GameMarks& marks = legend.marks();
  const auto sample = [&](const std::string& dashes, double width, double head) {
    std::string svg;
    marks.arrow(svg, Point{-6, 0}, Point{40, 0}, "#444444", width, dashes, head, "legend");
    return svg;
  };
  const auto crossed = [&](const char* colour) {
    std::string svg;
    marks.cross(svg, Point{16, 0}, colour, "legend");
    return svg;
  };
  legend.line(sample("", 3, 0.9), "move (or retreat)");
  legend.line(sample("6 4", 2, 0.6), "support, to the move or unit supported");
  legend.line(sample("1 4", 2, 0.6), "convoy, to the move convoyed");
  legend.line(sample("8 3 2 3", 1.5, 0.6), "a plugin's order (a canal permission)");
  legend.line("<circle cx=\"16\" cy=\"0\" r=\"10\" fill=\"none\" stroke=\"#444444\" stroke-width=\"2.5\"/>", "hold");
  legend.line(crossed(kFailed), "failed (a failed order is crossed in red)");
  legend.line(crossed(kIllegal), "illegal order (grey, crossed)");
  legend.line("<circle cx=\"16\" cy=\"0\" r=\"10\" fill=\"none\" stroke=\"" + std::string(kFailed) + "\" stroke-width=\"2.5\" stroke-dasharray=\"5 3\"/>",
              "standoff: the province stays empty");
  legend.line("<circle cx=\"16\" cy=\"0\" r=\"10\" fill=\"none\" stroke=\"" + std::string(kBuilt) + "\" stroke-width=\"2.5\" stroke-dasharray=\"4 2\"/>",
              "build");
}

// The orders with their results, each cut to what fits (whole in its title).
void write_order_list(std::string& out, double y, const std::vector<std::string>& order_lines, const std::string& heading) {
  y += 10;
  out += "<text x=\"" + svg_number(kBoardWidth) + "\" y=\"" + svg_number(y) + "\" font-size=\"14\" font-weight=\"bold\">" + xml_text(heading) +
         "</text>\n";
  y += kOrderLineHeight + 2;
  for (const std::string& text : order_lines) {
    const std::string shown = text.size() > kOrderTextLength ? text.substr(0, kOrderTextLength - 3) + "..." : text;
    out += "<text class=\"order-line\" x=\"" + svg_number(kBoardWidth) + "\" y=\"" + svg_number(y) + "\" font-size=\"10\"><title>" +
           xml_text(text) + "</title>" + xml_text(shown) + "</text>\n";
    y += kOrderLineHeight;
  }
}

}  // namespace

std::string game_legend(const Variant& variant, const GameState& state, const std::vector<std::string>* order_lines,
                        const std::string& orders_heading, bool layout_computed) {
  std::string out = "<g id=\"legend\">\n";
  LegendWriter legend(out);
  out += "<text x=\"" + svg_number(kBoardWidth) + "\" y=\"" + svg_number(legend.y() - 20) + "\" font-size=\"15\" font-weight=\"bold\">" +
         xml_text(variant.phase_name(state.phase)) + "</text>\n";
  write_powers(legend, variant, state);
  legend.skip(6);
  const std::string neutral = "#bbbbbb";
  const GameMarks& marks = legend.marks();
  legend.line(marks.token(UnitType::Army, neutral, Point{16, 0}), "army");
  legend.line(marks.token(UnitType::Fleet, neutral, Point{16, 0}), "fleet");
  legend.line("<circle cx=\"16\" cy=\"0\" r=\"4\" fill=\"#ffffff\" stroke=\"#000000\"/>", "supply centre (owner's colour; white: unowned)");
  if (order_lines) write_order_marks(legend);
  legend.line(marks.token(UnitType::Army, neutral, Point{16, 0}, kFailed, 2.5, "3 2"), "dislodged, set beside its province");
  std::string retreat;
  marks.arrow(retreat, Point{-6, 0}, Point{40, 0}, kFailed, 1.2, "2 3", 0.75, "legend");
  legend.line(retreat, "where a dislodged unit may retreat");
  if (layout_computed) legend.line("", "(the map gives no positions: layout computed)");
  if (order_lines) write_order_list(out, legend.y(), *order_lines, orders_heading);
  out += "</g>\n";
  return out;
}

double game_legend_height(const Variant& variant, std::size_t order_lines) {
  return 100 + kLineHeight * (16 + static_cast<double>(variant.power_count())) + kOrderLineHeight * static_cast<double>(order_lines);
}

}  // namespace dipadj
