#include <boost/program_options.hpp>

#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "dipadj/game/position_file.hpp"
#include "dipadj/judge/adjustment.hpp"
#include "dipadj/variant/variant.hpp"

namespace po = boost::program_options;

namespace dipadj::cli {
namespace {

std::string json_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\n"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buffer[8];
          std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
          out += buffer;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string unit_text(const Map& map, const Unit& unit) {
  return std::string(1, unit_letter(unit.type)) + " " + map.location_name(unit.location);
}

void print_text(const PositionFile& in, const MovementResult& result, std::ostream& out) {
  const Variant& variant = *in.variant;
  const Map& map = variant.map();
  out << variant.title() << ", " << to_string(in.phase) << "\n\nOrders\n";
  for (std::size_t i = 0; i < in.orders.size(); ++i)
    out << "  " << variant.power(in.orders[i].power).name << ": " << to_string(in.orders[i].order, variant) << "  -> "
        << describe(result.outcomes[i], variant, in.position) << "\n";
  out << "\nUnits after the phase\n";
  for (std::size_t power = 0; power < variant.power_count(); ++power) {
    std::string line;
    for (std::size_t p = 0; p < map.province_count(); ++p) {
      const Unit& unit = result.after.unit_in(static_cast<ProvinceId>(p));
      if (unit.power == power) line += (line.empty() ? "" : ", ") + unit_text(map, unit);
    }
    if (!line.empty()) out << "  " << variant.power(static_cast<PowerId>(power)).name << ": " << line << "\n";
  }
  if (!result.dislodged.empty()) {
    out << "\nDislodged\n";
    for (const auto& d : result.dislodged) {
      out << "  " << variant.power(d.unit.power).name << ": " << unit_text(map, d.unit) << ", by the unit from "
          << map.province(d.attacker_from).name << "; may retreat to: ";
      std::string places;
      for (LocationId loc : result.retreats(d)) places += (places.empty() ? "" : ", ") + map.location_name(loc);
      out << (places.empty() ? "nowhere (disbanded)" : places) << "\n";
    }
  }
}

void print_json(const PositionFile& in, const MovementResult& result, std::ostream& out) {
  const Variant& variant = *in.variant;
  const Map& map = variant.map();
  out << "{\n  \"variant\": " << json_string(variant.name()) << ",\n  \"phase\": " << json_string(to_string(in.phase))
      << ",\n  \"orders\": [\n";
  for (std::size_t i = 0; i < in.orders.size(); ++i) {
    const OrderOutcome& o = result.outcomes[i];
    out << "    {\"power\": " << json_string(variant.power(in.orders[i].power).name)
        << ", \"order\": " << json_string(to_string(in.orders[i].order, variant))
        << ", \"written\": " << json_string(in.order_texts[i]) << ", \"result\": " << json_string(to_string(o.resolution))
        << ", \"reason\": " << json_string(describe(o.reason));
    if (o.by != kNoProvince) out << ", \"by\": " << json_string(map.province(o.by).id);
    out << "}" << (i + 1 < in.orders.size() ? "," : "") << "\n";
  }
  out << "  ],\n  \"units\": {";
  bool first_power = true;
  for (std::size_t power = 0; power < variant.power_count(); ++power) {
    std::string list;
    for (std::size_t p = 0; p < map.province_count(); ++p) {
      const Unit& unit = result.after.unit_in(static_cast<ProvinceId>(p));
      if (unit.power == power) list += (list.empty() ? "" : ", ") + json_string(unit_text(map, unit));
    }
    if (list.empty()) continue;
    out << (first_power ? "\n" : ",\n") << "    " << json_string(variant.power(static_cast<PowerId>(power)).name) << ": [" << list << "]";
    first_power = false;
  }
  out << "\n  },\n  \"dislodged\": [";
  for (std::size_t k = 0; k < result.dislodged.size(); ++k) {
    const auto& d = result.dislodged[k];
    std::string retreats;
    for (LocationId loc : result.retreats(d)) retreats += (retreats.empty() ? "" : ", ") + json_string(map.location_name(loc));
    out << (k ? ",\n" : "\n") << "    {\"power\": " << json_string(variant.power(d.unit.power).name)
        << ", \"unit\": " << json_string(unit_text(map, d.unit)) << ", \"attacker_from\": "
        << json_string(map.province(d.attacker_from).name) << ", \"retreats\": [" << retreats << "]}";
  }
  out << (result.dislodged.empty() ? "]\n}\n" : "\n  ]\n}\n");
}

}  // namespace

std::string usage() {
  return "usage: dipadj <command> [options]\n"
         "  datc FILE...             run DATC case files and print a pass/fail table\n"
         "  adjudicate FILE [--json] adjudicate a position file (units and orders) and print the results\n"
         "  validate VARIANT         check a variant's YAML files\n";
}

int run_adjudicate(const std::vector<std::string>& args) {
  po::options_description options("dipadj adjudicate FILE [options]");
  options.add_options()("help,h", "show this help")("json", "print the results as JSON")(
      "file", po::value<std::string>(), "the position file (docs/position-format.md)");
  po::positional_options_description positional;
  positional.add("file", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(options).positional(positional).run(), vm);
  po::notify(vm);
  if (vm.count("help") || !vm.count("file")) {
    std::cout << options;
    return vm.count("help") ? 0 : 2;
  }
  auto loaded = load_position_file(vm["file"].as<std::string>());
  if (!loaded) {
    std::cerr << format_diagnostics(loaded.errors());
    return 1;
  }
  const PositionFile& in = loaded.value();
  if (in.phase.kind == PhaseKind::Adjustment) {
    AdjustmentResult adjustments(in.variant->map().province_count());
    adjudicate_adjustments(*in.variant, in.position, in.orders, adjustments);
    MovementResult as_phase(in.variant->map().province_count());  // same report shape, nobody dislodged
    as_phase.outcomes = adjustments.outcomes;
    as_phase.after = adjustments.after;
    if (vm.count("json")) print_json(in, as_phase, std::cout);
    else print_text(in, as_phase, std::cout);
    const Map& map = in.variant->map();
    for (const Unit& unit : adjustments.disbanded_in_disorder)
      if (!vm.count("json"))
        std::cout << "  civil disorder removes " << in.variant->power(unit.power).name << "'s " << unit_text(map, unit) << "\n";
    return 0;
  }
  MovementAdjudicator adjudicator(*in.variant);
  MovementResult result(in.variant->map().province_count());
  adjudicator.adjudicate(in.position, in.orders, result);
  if (vm.count("json")) print_json(in, result, std::cout);
  else print_text(in, result, std::cout);
  return 0;
}

}  // namespace dipadj::cli
