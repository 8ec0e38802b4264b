#include "dipadj/game/position_file.hpp"

#include "../position_yaml.hpp"
#include "../yaml_support.hpp"
#include "dipadj/order/order_parser.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/variant/variant_loader.hpp"

namespace dipadj {

Expected<PositionFile> load_position_file(const std::filesystem::path& path) {
  const std::string file = path.string();
  std::vector<Diagnostic> errors;
  YAML::Node root;
  if (!yaml::load_file(file, root, errors)) return errors;
  if (!root.IsMap()) return std::vector<Diagnostic>{yaml::diagnostic(file, root, "a position file must be a YAML mapping")};
  yaml::check_keys(file, root, {"format", "variant", "phase", "units", "supply_centres", "orders"}, errors);
  yaml::check_format(file, root, "dipadj-position/1", errors);
  const std::string variant_name = yaml::get_string(file, root, "variant", errors, true);
  if (!errors.empty()) return errors;
  // A variant named by a relative path is looked up beside the position file first.
  auto variant = find_variant(variant_name);
  if (!variant && std::filesystem::exists(path.parent_path() / variant_name)) variant = find_variant((path.parent_path() / variant_name).string());
  if (!variant) {
    errors = variant.errors();
    errors.push_back(yaml::diagnostic(file, root["variant"], "cannot load variant '" + variant_name + "'"));
    return errors;
  }
  const Variant& v = *variant.value();
  PositionFile out(v.map().province_count());
  out.variant = variant.value();
  out.phase = v.start_phase();
  if (root["phase"]) {
    auto phase = parse_phase(yaml::get_string(file, root, "phase", errors));
    if (!phase) errors.push_back(yaml::diagnostic(file, root["phase"], "cannot read the phase (e.g. 'Spring 1901 Movement')"));
    else out.phase = *phase;
  }
  if (out.phase.kind == PhaseKind::Retreat)
    errors.push_back(yaml::diagnostic(file, root["phase"], "retreat phases cannot be adjudicated yet"));
  read_units(file, root["units"], v, out.position, errors);
  read_owners(file, root["supply_centres"], v, out.position, errors);

  const YAML::Node orders = root["orders"];
  if (orders && !orders.IsMap()) errors.push_back(yaml::diagnostic(file, orders, "'orders' must map powers to lists of orders"));
  if (orders && orders.IsMap()) {
    const OrderParser parser(v);
    for (const auto& entry : orders) {
      auto power = v.find_power(entry.first.Scalar());
      if (!power) {
        errors.push_back(yaml::diagnostic(file, entry.first, "unknown power '" + entry.first.Scalar() + "'"));
        continue;
      }
      if (entry.second.IsNull()) continue;
      if (!entry.second.IsSequence()) {
        errors.push_back(yaml::diagnostic(file, entry.second, "the orders of " + entry.first.Scalar() + " must be a list"));
        continue;
      }
      for (const auto& item : entry.second) {
        if (!item.IsScalar()) {
          errors.push_back(yaml::diagnostic(file, item, "an order must be text such as 'A Par - Bur'"));
          continue;
        }
        ParsedOrder parsed = parser.parse(item.Scalar(), out.phase.kind == PhaseKind::Retreat);
        if (!parsed.order) {
          errors.push_back(yaml::diagnostic(file, item, "order '" + item.Scalar() + "': " + parsed.error));
          continue;
        }
        out.orders.push_back(SubmittedOrder{*power, std::move(*parsed.order)});
        out.order_texts.push_back(item.Scalar());
      }
    }
  }
  if (!errors.empty()) return errors;
  return out;
}

}  // namespace dipadj
