#include "dipadj/service/web_api.hpp"
#include "problems_json.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <exception>
#include <mutex>
#include <optional>
#include <regex>

#include "dipadj/draw/variant_warnings.hpp"
#include "dipadj/draw/map_picture.hpp"
#include "dipadj/geo/map_checks.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/rules/rules_loader.hpp"
#include "dipadj/service/game_folder.hpp"
#include "dipadj/service/variant_cases.hpp"
#include "dipadj/variant/variant.hpp"

namespace dipadj {

namespace {

using json = nlohmann::ordered_json;

constexpr std::size_t kMaxOrderLines = 500;
constexpr std::size_t kMaxOrderLength = 500;

WebResponse answer(int status, const json& body) { return WebResponse{status, "application/json", body.dump(), ""}; }

WebResponse error(int status, const std::string& message, const std::vector<Diagnostic>& problems = {}) {
  json body = {{"error", message}};
  if (!problems.empty()) body["problems"] = problems_json(problems);
  return answer(status, body);
}

WebResponse refusal_answer(const FolderRefusal& refusal) {
  std::string message = refusal.problems.empty() ? "refused" : refusal.problems.front().message;
  json body = {{"error", message}, {"problems", problems_json(refusal.problems)}};
  if (!refusal.missing.empty()) body["missing"] = refusal.missing;
  return answer(refusal.conflict ? 409 : 400, body);
}

template <class T>
WebResponse folder_answer(const FolderResult<T>& result) {
  if (!result) return refusal_answer(result.refusal);
  if constexpr (std::is_same_v<T, std::string>) return WebResponse{200, "image/svg+xml", *result.value, ""};
  else return answer(200, *result.value);
}

// A name a folder or a URL may carry as it is.
bool plain_name(const std::string& name) {
  static const std::regex pattern("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
  return std::regex_match(name, pattern) && name.find("..") == std::string::npos;
}

std::vector<std::string> split_path(const std::string& path) {
  std::vector<std::string> parts;
  std::size_t from = 0;
  while (from <= path.size()) {
    const auto slash = std::min(path.find('/', from), path.size());
    if (slash > from) parts.push_back(path.substr(from, slash - from));
    from = slash + 1;
  }
  return parts;
}

// The lines of a request's "orders": a list of strings, each of a sensible length.
std::optional<std::vector<std::string>> order_lines(const json& body, std::string& why) {
  if (!body.contains("orders") || !body["orders"].is_array()) {
    why = "'orders' must be a list of order texts";
    return std::nullopt;
  }
  if (body["orders"].size() > kMaxOrderLines) {
    why = "more than " + std::to_string(kMaxOrderLines) + " orders";
    return std::nullopt;
  }
  std::vector<std::string> lines;
  for (const auto& line : body["orders"]) {
    if (!line.is_string() || line.get<std::string>().size() > kMaxOrderLength) {
      why = "each order is a text of at most " + std::to_string(kMaxOrderLength) + " characters";
      return std::nullopt;
    }
    if (!line.get<std::string>().empty()) lines.push_back(line.get<std::string>());
  }
  return lines;
}

// Every rule option of a variant, as a form to choose house rules from needs it: its DATC issue,
// title, the variant's value and where it comes from, and each choice with its meaning (or the
// range of a number).
json rules_json(const Rulebook& rules) {
  json options = json::array();
  for (std::size_t k = 0; k < rules.option_count(); ++k) {
    const RuleOption& option = rules.option(k);
    json entry = {{"key", option.key}, {"issue", option.issue}, {"title", option.title}, {"value", rules.value_name(k)},
                  {"source", rules.source(k)}};
    if (option.number) {
      entry["number"] = {{"min", option.number->min}, {"max", option.number->max}, {"may_be_none", option.number->may_be_none}};
    } else {
      entry["choices"] = json::array();
      for (const RuleChoice& choice : option.choices)
        entry["choices"].push_back({{"letter", choice.letter}, {"name", choice.name}, {"meaning", choice.meaning}, {"supported", choice.supported}});
    }
    options.push_back(std::move(entry));
  }
  return json{{"profiles", profile_names()}, {"options", options}};
}

}  // namespace

struct WebApi::State {
  WebApiSettings settings;
  std::mutex games_mutex;  // guards game_locks
  std::map<std::string, std::unique_ptr<std::mutex>> game_locks;

  std::mutex& lock_of(const std::string& game) {
    const std::lock_guard lock(games_mutex);
    auto& slot = game_locks[game];
    if (!slot) slot = std::make_unique<std::mutex>();
    return *slot;
  }

  // Every variant the page may show: id (its name, or its folder's for one given), title, where.
  [[nodiscard]] std::map<std::string, std::string> variant_ids() const {
    std::map<std::string, std::string> ids;
    for (const VariantFolder& found : variant_folders())
      if (!found.hidden && plain_name(found.name)) ids.emplace(found.name, found.name);
    for (const auto& folder : settings.variant_folders) {
      const std::string name = folder.filename().empty() ? folder.parent_path().filename().string() : folder.filename().string();
      if (plain_name(name)) ids[name] = std::filesystem::absolute(folder).lexically_normal().string();
    }
    return ids;
  }

  WebResponse variants() const {
    json out = json::array();
    for (const auto& [id, reference] : variant_ids()) {
      auto loaded = find_variant(reference);
      json entry = {{"id", id}, {"folder", reference}};
      if (loaded) entry["title"] = loaded.value()->title();
      else entry["problems"] = loaded.errors().size();
      out.push_back(std::move(entry));
    }
    return answer(200, json{{"variants", out}});
  }

  // Where the variant's own test cases are: `cases/` in its folder.
  [[nodiscard]] CaseSources case_sources(const std::string& reference) const {
    std::filesystem::path folder = reference;
    for (const VariantFolder& found : variant_folders())
      if (!found.hidden && found.name == reference) folder = found.folder;
    return CaseSources{settings.case_folders, folder / "cases"};
  }

  // What `dipadj validate` says of a variant: the problems that keep it from loading or playing,
  // and the warnings of what it plays with (one-way borders that trap units, the artwork's missing
  // and extra shapes), each as one line of text.
  static json problems_and_warnings(const std::string& id, const std::string& reference, const Expected<std::shared_ptr<const Variant>>& loaded) {
    std::vector<Diagnostic> problems = loaded ? std::vector<Diagnostic>{} : loaded.errors();
    std::vector<std::string> warnings;
    if (loaded) {
      for (const auto& problem : connectivity_problems(loaded.value()->map())) problems.push_back(Diagnostic{reference, 0, problem});
      warnings = variant_warnings(*loaded.value(), reference);
    }
    return json{{"variant", id}, {"problems", problems_json(problems)}, {"warnings", warnings}};
  }

  WebResponse variant(const WebRequest& request, const std::string& id, const std::string& what, const std::string& item) const {
    const auto ids = variant_ids();
    const auto found = ids.find(id);
    if (found == ids.end()) return error(404, "no variant '" + id + "'");
    auto loaded = find_variant(found->second);
    if (what == "cases" && loaded) {
      if (item.empty()) return answer(200, list_variant_cases(found->second, case_sources(found->second)));
      const auto file = request.query.find("file");
      if (file == request.query.end()) return error(400, "a case is named by its id and its file (?file=...)");
      auto detail = describe_variant_case(found->second, case_sources(found->second), file->second, item);
      if (!detail) return error(404, "no case '" + item + "' in " + file->second + " for " + id);
      return answer(200, *detail);
    }
    if (!item.empty()) return error(404, "no page " + request.path);
    if (what == "problems") return answer(200, problems_and_warnings(id, found->second, loaded));
    if (!loaded) return error(422, "the variant does not load", loaded.errors());
    if (what == "map.svg") return WebResponse{200, "image/svg+xml", draw_map(*loaded.value()).svg, ""};
    if (what == "rules") return answer(200, rules_json(loaded.value()->rules()));
    return error(404, "no such page of a variant: '" + what + "'");
  }

  // A game given on the command line, by its folder's name.
  [[nodiscard]] std::optional<std::filesystem::path> given_game(const std::string& name) const {
    for (const auto& folder : settings.game_folders)
      if (folder.filename() == name) return folder;
    return std::nullopt;
  }

  WebResponse games() const {
    json out = json::array();
    std::error_code ec;
    if (std::filesystem::is_directory(settings.games_folder, ec))
      for (const auto& entry : std::filesystem::directory_iterator(settings.games_folder, ec))
        if (plain_name(entry.path().filename().string()) && GameFolder(entry.path()).exists()) out.push_back(entry.path().filename().string());
    for (const auto& folder : settings.game_folders)
      if (plain_name(folder.filename().string()) && std::find(out.begin(), out.end(), folder.filename().string()) == out.end())
        out.push_back(folder.filename().string());
    std::sort(out.begin(), out.end());
    return answer(200, json{{"games", out}});
  }

  // Whether a variant (a name, or a folder's absolute path) is one the page shows.
  [[nodiscard]] bool served(const std::string& reference) const {
    for (const auto& [id, shown] : variant_ids())
      if (shown == reference) return true;
    return false;
  }

  WebResponse create_game(const json& body) {
    const std::string name = body.value("name", ""), variant_id = body.value("variant", "");
    if (!plain_name(name)) return error(400, "a game's name is letters, digits, '-', '_' and '.', at most 64");
    if (!inside_games(settings.games_folder / name)) return error(400, "'" + name + "' leads out of the games folder");
    if (given_game(name)) return error(409, "there is a game '" + name + "' already (a folder the server was given)");
    if (body.contains("game")) {
      if (!body["game"].is_string() || (body.contains("history") && !body["history"].is_string()))
        return error(400, "'game' and 'history' are the texts of the files");
      VariantCache variants;
      const std::lock_guard lock(lock_of(name));
      return folder_answer(GameFolder(settings.games_folder / name)
                               .upload(body["game"].get<std::string>(), body.value("history", ""),
                                       [this](const std::string& reference) { return served(reference); }, variants));
    }
    const auto ids = variant_ids();
    const auto found = ids.find(variant_id);
    if (found == ids.end()) return error(404, "no variant '" + variant_id + "'");
    const std::lock_guard lock(lock_of(name));
    return folder_answer(GameFolder(settings.games_folder / name).create(found->second, body.value("profile", ""), body.value("rules", json())));
  }

  // A game's folder, inside the games folder also when a link is followed.
  [[nodiscard]] bool inside_games(const std::filesystem::path& folder) const {
    std::error_code ec;
    const auto root = std::filesystem::weakly_canonical(settings.games_folder, ec);
    const auto real = std::filesystem::weakly_canonical(folder, ec);
    return !ec && real.parent_path() == root;
  }

  WebResponse game(const WebRequest& request, const std::string& name, const std::string& what, const json& body) {
    const auto given = given_game(name);
    if (!plain_name(name) || (!given && !inside_games(settings.games_folder / name))) return error(404, "no game '" + name + "'");
    const GameFolder folder(given ? *given : settings.games_folder / name);
    const std::lock_guard lock(lock_of(name));
    if (!folder.exists()) return error(404, "no game '" + name + "'");
    VariantCache variants;  // read again at each request: the variant's files may have changed
    const std::string& method = request.method;
    if (what.empty() && method == "GET") return folder_answer(folder.describe(variants));
    if (what == "history" && method == "GET") return folder_answer(folder.history());
    if ((what == "game.yaml" || what == "history.json") && method == "GET") {
      const auto text = folder.file_text(what, variants);
      if (!text) return refusal_answer(text.refusal);
      return WebResponse{200, what == "game.yaml" ? "application/yaml" : "application/json", *text.value, name + "." + what};
    }
    if (what == "legal" && method == "GET") {
      const auto power = request.query.find("power");
      return folder_answer(folder.legal_orders(power == request.query.end() ? "" : power->second, variants));
    }
    if (what == "picture.svg" && method == "GET") {
      std::optional<std::size_t> index;
      if (const auto phase = request.query.find("phase"); phase != request.query.end()) {
        if (phase->second.empty() || phase->second.size() > 6 || !std::all_of(phase->second.begin(), phase->second.end(), ::isdigit))
          return error(400, "'phase' is the number of a phase of the history, from 0");
        index = std::stoul(phase->second);
      }
      return folder_answer(folder.picture(index, variants));
    }
    if (what == "adjudicate" && method == "POST")
      return folder_answer(folder.adjudicate(body.value("phase", ""), body.value("allow_missing", false), variants));
    if (what == "undo" && method == "POST") return folder_answer(folder.undo(body.value("phase", ""), body.value("drop_entered_orders", false), variants));
    if ((what == "orders" && method == "PUT") || (what == "check" && method == "POST")) {
      std::string why;
      const auto lines = order_lines(body, why);
      if (!lines) return error(400, why);
      const std::string power = body.value("power", "");
      return folder_answer(what == "check" ? folder.check_orders(power, *lines, variants)
                                           : folder.set_orders(power, *lines, body.value("phase", ""), variants));
    }
    return error(404, "no " + method + " " + request.path);
  }

  WebResponse route(const WebRequest& request) {
    const auto parts = split_path(request.path);
    if (parts.size() < 2 || parts[0] != "api") return error(404, "no page " + request.path);
    json body = json::object();
    if (!request.body.empty()) {
      body = json::parse(request.body, nullptr, false);
      if (body.is_discarded() || !body.is_object()) return error(400, "the request's body must be a JSON object");
    }
    if (parts[1] == "variants" && request.method == "GET") {
      if (parts.size() == 2) return variants();
      if (parts.size() == 4 || parts.size() == 5) return variant(request, parts[2], parts[3], parts.size() == 5 ? parts[4] : "");
    }
    if (parts[1] == "games") {
      if (parts.size() == 2 && request.method == "GET") return games();
      if (parts.size() == 2 && request.method == "POST") return create_game(body);
      if (parts.size() == 3 || parts.size() == 4) return game(request, parts[2], parts.size() == 4 ? parts[3] : "", body);
    }
    return error(404, "no " + request.method + " " + request.path);
  }
};

WebApi::WebApi(WebApiSettings settings) : state_(std::make_unique<State>()) { state_->settings = std::move(settings); }
WebApi::~WebApi() = default;

WebResponse WebApi::handle(const WebRequest& request) {
  try {
    return state_->route(request);
  } catch (const nlohmann::json::type_error& e) {
    // A value of the request's body of another kind than the one asked for ("phase": 3).
    return error(400, std::string("a value of the request is not of the kind wanted: ") + e.what());
  } catch (const std::exception& e) {
    return error(500, std::string("internal error: ") + e.what());
  } catch (...) {
    return error(500, "internal error");
  }
}

}  // namespace dipadj
