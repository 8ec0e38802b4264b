#include "dipadj/rules/rules_loader.hpp"

#include <algorithm>
#include <filesystem>

#include "base/yaml_support.hpp"
#include "dipadj/installation.hpp"
#include "dipadj/text.hpp"
#include "rules_reading.hpp"

namespace dipadj {

void apply_rules(DocumentReader& doc, const DocNode& node, Rulebook& rules) {
  if (!node || node.is_null()) return;
  if (!node.is_map()) {
    doc.error(node, "'rules' maps option keys to choices (docs/rule-options.md)");
    return;
  }
  for (const DocNode& entry : node.items()) {
    const std::string key = entry.key();
    auto option = rules.find_option(key);
    if (!option) {
      std::vector<std::string> keys;
      for (std::size_t i = 0; i < rules.option_count(); ++i) keys.push_back(rules.option(i).key);
      const std::string hint = did_you_mean(key, keys);
      doc.key_error(entry, "unknown rule option '" + key + "'" +
                               (hint.empty() ? " (known: " + join_words(keys) + "; dipadj rules lists them)" : "; " + hint));
      continue;
    }
    if (!entry.is_scalar()) {
      doc.error(entry, "the choice of '" + key + "' must be a letter or a name");
      continue;
    }
    if (auto error = rules.set(*option, entry.text(), doc.file() + ":" + std::to_string(entry.line()))) doc.error(entry, *error);
  }
}

void apply_profile_and_rules(DocumentReader& doc, const DocNode& owner, Rulebook& rules) {
  if (const DocNode& profile = owner["profile"]) {
    auto problems = apply_profile(profile.text(), rules);
    for (auto& d : problems) {
      if (d.file.empty()) d = doc.diagnostic(profile, d.message);
      doc.errors().push_back(std::move(d));
    }
  }
  apply_rules(doc, owner["rules"], rules);
}

std::vector<std::string> profile_names() {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& dir : variant_search_path()) {
    const auto profiles = dir / "profiles";
    if (!std::filesystem::is_directory(profiles, ec)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(profiles, ec))
      if (entry.path().extension() == ".yaml") out.push_back(entry.path().stem().string());
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::vector<Diagnostic> apply_profile(const std::string& name, Rulebook& rules) {
  std::vector<Diagnostic> errors;
  std::error_code ec;
  for (const auto& dir : variant_search_path()) {
    const auto path = dir / "profiles" / (name + ".yaml");
    if (!std::filesystem::is_regular_file(path, ec)) continue;
    DocumentReader doc(path.string(), errors);
    DocNode root;
    if (!yaml::load_document(doc.file(), root, errors)) return errors;
    doc.check_keys(root, {"format", "name", "rules"});
    doc.check_format(root, "dipadj-rules/1");
    apply_rules(doc, root["rules"], rules);
    return errors;
  }
  std::string known;
  const std::vector<std::string> names = profile_names();
  for (const auto& p : names) known += (known.empty() ? "" : ", ") + p;
  const std::string hint = did_you_mean(name, names);
  errors.push_back(Diagnostic{"", 0, "unknown rule profile '" + name + "' (known: " + known + ")" + (hint.empty() ? "" : "; " + hint)});
  return errors;
}

std::vector<Diagnostic> apply_rules_text(const std::string& yaml_text, const std::string& origin, Rulebook& rules) {
  std::vector<Diagnostic> errors;
  DocNode node;
  if (!yaml::load_document_string(yaml_text, origin, node, errors)) return errors;
  DocumentReader doc(origin, errors);
  apply_rules(doc, node, rules);
  return errors;
}

}  // namespace dipadj
