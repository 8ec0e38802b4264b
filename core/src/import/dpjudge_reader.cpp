#include "dpjudge_reader.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cctype>
#include <cstdint>
#include <sstream>
#include <map>
#include <set>
#include <string_view>
#include <unordered_map>
#include <utility>

#include "base/yaml_support.hpp"
#include "dpjudge_calendar.hpp"
#include "source_folder.hpp"
#include "dipadj/text.hpp"

namespace dipadj::import {
namespace {

// Lines DPjudge reads that the import leaves out, with a note: directives for its judge (players,
// rotations, leagues, messages) and rules dipadj writes otherwise or not at all.
bool is_uncarried_directive(std::string_view keyword) {
  static constexpr std::array<std::string_view, 23> kUncarried{
      "IN",       "FLAGS",    "FLAG",     "DUMMY",  "DUMMIES", "NEWYEAR", "ROTATE", "DIRECTIVE",
      "LEAGUE",   "INHABITS", "HOME",     "HOMES",  "DESC",    "DESCRIPTION", "CONTROLS", "NEUTRAL",
      "UNPLAYED", "NOTIFY",   "NEWHOMES", "END",    "MORPH",   "NOWIN",   "BEGIN:"};
  return std::find(kUncarried.begin(), kUncarried.end(), keyword) != kUncarried.end();
}

constexpr int kMaxUseDepth = 16;         // USE within USE: deeper is a loop or a mistake
constexpr std::size_t kMaxLine = 64 * 1024;

bool all_lower(const std::string& text) {
  return std::none_of(text.begin(), text.end(), [](char c) { return c >= 'A' && c <= 'Z'; });
}

bool all_upper(const std::string& text) {
  return std::none_of(text.begin(), text.end(), [](char c) { return c >= 'a' && c <= 'z'; });
}

// "AUSTRIA" -> "Austria"; a name already in mixed case stays.
std::string title_case(const std::string& text) {
  if (!all_upper(text)) return text;
  std::string out = ascii_lower(text);
  bool start = true;
  for (char& c : out) {
    if (start && c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    start = c == ' ' || c == '-' || c == '+';
  }
  return out;
}

// A location as DPjudge writes it ("BUL/SC", "bul", "Spa/nc"), in dipadj's form ("bul/sc").
std::string location_id(const std::string& written) { return ascii_lower(written); }

bool plausible_dpjudge_id(const std::string& word) {
  return !word.empty() && word.size() <= 12 &&
         std::all_of(word.begin(), word.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '/' || c == '_'; });
}

class Reader {
 public:
  Reader(std::vector<Diagnostic>& errors, const std::filesystem::path& first_file) : errors_(errors), folder_(first_file) {}

  // Once kMaxReported problems are found the rest of the files is not read: the import fails
  // anyway, and these are the ones to mend first.
  [[nodiscard]] bool full() const { return errors_.size() >= kMaxReported; }

  // Once every file is read: the units later lines replaced or removed are swept out.
  void sweep_removed_units() {
    for (auto& power : board.powers) std::erase_if(power.units, [](const auto& unit) { return unit.second.empty(); });
  }

  void read(const std::filesystem::path& file, int depth) {
    if (depth > kMaxUseDepth) {
      error({file.string(), 0}, "files name each other with USE/MAP more than " + std::to_string(kMaxUseDepth) + " deep");
      return;
    }
    std::error_code ec;
    const auto canonical = std::filesystem::weakly_canonical(file, ec);
    if (!read_.insert(ec ? file.string() : canonical.string()).second) return;  // read already (DPjudge reads a file once)
    // Through the readers' one door: a FIFO or device is refused rather than waited on, a file
    // over the size limit is refused before it is read.
    std::string whole;
    if (!yaml::read_text_file(file, whole, errors_)) return;
    std::istringstream in(whole);
    std::string text;
    int number = 0;
    while (!full() && std::getline(in, text)) {
      ++number;
      const SourceLine at{file.string(), number};
      if (text.size() > kMaxLine) {
        error(at, "a line of more than 64 KiB: not a map file");
        return;
      }
      if (text.find('\0') != std::string::npos) {
        error(at, "a NUL byte: not a text file");
        return;
      }
      if (auto hash = text.find('#'); hash != std::string::npos) text.erase(hash);
      std::replace(text.begin(), text.end(), '\t', ' ');
      if (!text.empty() && text.back() == '\r') text.pop_back();
      line(text, at, file, depth);
    }
  }

  // When some power has OWNS or CENTERS lines: the first owners of every centre, those lines' for
  // their powers and the home centres for the others. An owned place no power line or UNOWNED
  // names is a supply centre all the same, as in DPjudge (1900.map's Egypt); a centre two powers
  // claim stays the first's.
  void settle_start_owners() {
    if (std::none_of(board.powers.begin(), board.powers.end(), [](const ImportedPower& p) { return p.owns.has_value(); })) return;
    std::set<std::string> centres(board.unowned_centres.begin(), board.unowned_centres.end());
    for (const auto& power : board.powers) centres.insert(power.home_centres.begin(), power.home_centres.end());
    std::map<std::string, std::string> owners;
    for (const auto& power : board.powers) {
      for (const auto& centre : power.owns ? *power.owns : power.home_centres) {
        if (!board.places.count(centre)) {
          note(power.owns_line, "'" + centre + "' in " + power.name + "'s OWNS or CENTERS is no place of the map: left out");
          continue;
        }
        if (centres.insert(centre).second) {
          if (board.unowned_centres.empty()) board.unowned_line = power.owns_line;
          board.unowned_centres.push_back(centre);  // a centre no power has as home
        }
        const auto [it, first] = owners.emplace(centre, power.name);
        if (!first && it->second != power.name)
          note(power.owns ? power.owns_line : power.line, "'" + centre + "' is owned by " + it->second + " and by " + power.name +
                                                             " at the start: left to " + it->second);
      }
    }
    board.start_owners = std::move(owners);
    board.choices.push_back("the first owners of the supply centres are the source's OWNS and CENTERS lines (the home centres of a power without them)");
  }

  ImportedBoard board;

 private:
  void error(const SourceLine& at, const std::string& message) {
    if (!full()) errors_.push_back(Diagnostic{at.file, at.line, message});
  }
  void note(const SourceLine& at, const std::string& message) { board.add_note(Diagnostic{at.file, at.line, message}); }

  void line(const std::string& text, const SourceLine& at, const std::filesystem::path& file, int depth) {
    if (const auto equals = text.find('='); equals != std::string::npos) return name_line(text, equals, at);
    const std::vector<std::string> w = split_words(text);
    if (w.empty()) return;
    const std::string keyword = ascii_upper(w[0]);
    if (in_directives_) {  // "PAYOLA DIRECTIVES" ... "END DIRECTIVES": the block's rules are not carried
      if (keyword == "END") in_directives_ = false;
      return;
    }
    if (w.size() >= 2 && ascii_upper(w.back()) == "DIRECTIVES" && keyword != "END") {
      in_directives_ = true;
      return note(at, "'" + join_words(w) + "': a block of directives the import does not carry");
    }
    if (keyword == "USE" || keyword == "MAP" || keyword == "USES") {
      if (w.size() < 2) return error(at, "'" + w[0] + "' names no file");
      for (std::size_t k = 1; k < w.size(); ++k) {
        std::filesystem::path named = file.parent_path() / w[k];
        std::error_code ec;
        if (!std::filesystem::exists(named, ec) && std::filesystem::exists(named.string() + ".map", ec)) named += ".map";
        if (const std::string refused = folder_.refusal(w[k], named); !refused.empty()) {
          error(at, w[0] + " '" + w[k] + "': not read: " + refused);
          continue;
        }
        const std::size_t before = errors_.size();
        read(named, depth + 1);
        // A part that cannot be read is the naming line's error: "'x.geography': no such file (path)".
        if (errors_.size() != before && errors_[before].line == 0 && errors_[before].file == named.string())
          errors_[before] = Diagnostic{at.file, at.line, "'" + w[k] + "': " + errors_[before].message + " (" + named.string() + ")"};
      }
      return;
    }
    const bool terrain = keyword == "LAND" || keyword == "WATER" || keyword == "COAST" || keyword == "PORT" || keyword == "SHUT";
    if (terrain && w.size() >= 3 && ascii_upper(w[2]) == "ABUTS") return terrain_line(keyword, w, at);
    if (terrain && w.size() == 2) return terrain_only(keyword, w, at);
    if (keyword == "AMEND" && w.size() >= 3 && ascii_upper(w[2]) == "ABUTS") return amend_line(w, at);
    if (terrain || keyword == "AMEND") return error(at, "cannot understand '" + join_words(w) + "'");
    if (w.size() >= 3 && w[1] == "->")  // "Belgium -> _Belgium (Belgian)": a renaming option
      return note(at, "'" + join_words(w) + "': a renaming option the import does not carry");
    if (keyword == "DROP") {
      for (std::size_t k = 1; k < w.size(); ++k) drop(location_id(w[k]), at);
      return;
    }
    if (keyword == "BEGIN") return read_begin_line(w, at, begin, board);
    if (keyword == "FLOW") return flow_items(w, at);
    if (keyword == "IN" && w.size() >= 4 && (ascii_upper(w[2]) == "WATER" || ascii_upper(w[2]) == "LAND" || ascii_upper(w[2]) == "COAST")) {
      for (std::size_t k = 3; k < w.size(); ++k) board.seasonal[location_id(w[k])] = at;
      return;
    }
    if (keyword == "RULE" || keyword == "RULES") {
      for (std::size_t k = 1; k < w.size(); ++k) board.rules.emplace_back(ascii_upper(w[k]), at);
      return;
    }
    if (keyword == "OWNS" || keyword == "CENTERS") return owns_line(w, at);
    if (keyword == "VICTORY") return victory_line(w, at);
    if (is_uncarried_directive(keyword))
      return note(at, "'" + join_words(w) + "': " + (keyword == "IN" ? "terrain that changes with the season" : "a directive") +
                          " the import does not carry (docs/importing-maps.md)");
    if ((keyword == "A" || keyword == "F") && w.size() == 2) {
      if (current_ >= board.powers.size()) return error(at, "a unit before any power");
      // A unit where a file read before put one replaces it (a variant's file on top of
      // standard.military, say): the old one is marked gone (its place emptied) and swept out
      // at the end, so that a replacement costs a look-up, not a pass over every unit.
      const std::string place = location_id(w[1]);
      const std::string province = place.substr(0, place.find('/'));
      if (const auto old = unit_at_.find(province); old != unit_at_.end()) remove_unit(old);
      unit_at_[province] = {current_, board.powers[current_].units.size()};
      board.powers[current_].units.emplace_back(keyword[0], place);
      return;
    }
    if (keyword == "UNOWNED" || keyword == "UNOWNED:") {
      for (std::size_t k = 1; k < w.size(); ++k) board.unowned_centres.push_back(location_id(w[k]));
      board.unowned_line = at;
      current_ = SIZE_MAX;
      return;
    }
    power_line(w, at);
  }

  // FLOW alone starts the flow again, as DPjudge reads it.
  void flow_items(const std::vector<std::string>& w, const SourceLine& at) {
    if (w.size() == 1) flow.clear();
    for (std::size_t k = 1; k < w.size(); ++k) flow.push_back(ascii_upper(w[k]));
    flow_line = at;
  }

  // "VICTORY 18", or "VICTORY 18 17 16": the centres to win, in the first year, the second, and
  // every year after the last one given. dipadj's victory_centres is one number: the first.
  void victory_line(const std::vector<std::string>& w, const SourceLine& at) {
    std::vector<int> counts;
    for (std::size_t k = 1; k < w.size(); ++k) {
      int count = 0;
      const auto [end, ec] = std::from_chars(w[k].data(), w[k].data() + w[k].size(), count);
      if (ec != std::errc{} || end != w[k].data() + w[k].size() || count <= 0)
        return error(at, "VICTORY '" + w[k] + "' is not a positive number of centres");
      counts.push_back(count);
    }
    if (counts.empty()) return error(at, "VICTORY names no number of centres");
    board.victory_centres = counts.front();
    if (counts.size() > 1)
      note(at, "'" + join_words(w) + "': a count that changes with the years is not expressible: victory_centres " +
                   std::to_string(counts.front()) + ", the first year's (docs/variant-rules.md)");
  }

  // "OWNS LON EDI", "CENTERS [LON ...]": the centres the power of the lines above owns at the
  // start, instead of its home centres. OWNS adds to the power's list (begun empty), CENTERS
  // begins it again, as DPjudge reads them.
  void owns_line(const std::vector<std::string>& w, const SourceLine& at) {
    if (current_ >= board.powers.size()) return note(at, "'" + join_words(w) + "' before any power line: whose centres it names is unknown: not carried");
    ImportedPower& power = board.powers[current_];
    if (!power.owns || ascii_upper(w[0]) == "CENTERS") power.owns.emplace();
    for (std::size_t k = 1; k < w.size(); ++k) {
      if (!plausible_dpjudge_id(ascii_lower(w[k]))) return error(at, "cannot understand '" + w[k] + "' in '" + join_words(w) + "'");
      power.owns->push_back(location_id(w[k]));
    }
    power.owns_line = at;
  }

  // "Bulgaria (east coast) = bul/ec bul(ec) ...": the place's name and its aliases, the first
  // alias its id. "+" stands for a space in an alias.
  void name_line(const std::string& text, std::size_t equals, const SourceLine& at) {
    if (text.substr(0, equals).find("->") != std::string::npos)
      return note(at, "'" + text.substr(0, equals) + "': a renaming option (a city's new name) the import does not carry");
    std::string name = text.substr(0, equals);
    name.erase(0, name.find_first_not_of(' '));
    name.erase(name.find_last_not_of(' ') + 1);
    std::vector<std::string> aliases = split_words(text.substr(equals + 1));
    if (name.empty() || aliases.empty()) return error(at, "a name line needs a name, '=', then the place's id");
    const std::string id = location_id(aliases.front());
    if (!plausible_dpjudge_id(id)) return error(at, "'" + aliases.front() + "' is no place id");
    Place& place = board.places[id];
    place.id = id;
    place.name = coast_name_of(name);
    place.named = at;
    for (std::size_t k = 1; k < aliases.size(); ++k) {
      std::string alias = ascii_lower(aliases[k]);
      std::replace(alias.begin(), alias.end(), '+', ' ');
      if (alias != id && std::find(place.aliases.begin(), place.aliases.end(), alias) == place.aliases.end())
        place.aliases.push_back(alias);
    }
  }

  static std::string coast_name_of(const std::string& name) { return title_case(name); }

  static Abut abut_of(const std::string& written) {
    Abut abut;
    std::string text = written;
    if (!text.empty() && text.back() == '~') {
      abut.difficult = true;
      text.pop_back();
    }
    // lower case: armies only; Mixed case: fleets only; UPPER CASE: both (the coast part aside).
    const std::string province = text.substr(0, text.find('/'));
    if (all_lower(province)) abut.fleet = false;
    else if (!all_upper(province)) abut.army = false;
    abut.target = location_id(text);
    return abut;
  }

  void terrain_line(const std::string& keyword, const std::vector<std::string>& w, const SourceLine& at) {
    const std::string id = location_id(w[1]);
    if (!plausible_dpjudge_id(id)) return error(at, "'" + w[1] + "' is no place id");
    Place& place = board.places[id];
    place.id = id;
    place.terrain = keyword == "LAND" ? Terrain::Land : keyword == "WATER" ? Terrain::Water : keyword == "SHUT" ? Terrain::Shut : Terrain::Coast;
    place.described = at;
    place.abuts.clear();
    for (std::size_t k = 3; k < w.size(); ++k) place.abuts.push_back(abut_of(w[k]));
  }

  // "LAND SWI": a place's terrain changed, its borders kept.
  void terrain_only(const std::string& keyword, const std::vector<std::string>& w, const SourceLine& at) {
    const std::string id = location_id(w[1]);
    auto found = board.places.find(id);
    if (found == board.places.end() || !found->second.terrain) return error(at, "'" + join_words(w) + "': no earlier line describes '" + w[1] + "'");
    found->second.terrain =
        keyword == "LAND" ? Terrain::Land : keyword == "WATER" ? Terrain::Water : keyword == "SHUT" ? Terrain::Shut : Terrain::Coast;
    found->second.described = at;
  }

  void amend_line(const std::vector<std::string>& w, const SourceLine& at) {
    const std::string id = location_id(w[1]);
    auto found = board.places.find(id);
    if (found == board.places.end() || !found->second.terrain) {
      note(at, "AMEND of '" + w[1] + "', which no earlier line describes: its borders are kept, its terrain unknown");
      found = board.places.emplace(id, Place{}).first;
      found->second.id = id;
      found->second.described = at;
    }
    for (std::size_t k = 3; k < w.size(); ++k) {
      std::string written = w[k];
      if (!written.empty() && written[0] == '-') {  // "-XXX": the border removed
        const std::string gone = location_id(written.substr(1));
        auto& abuts = found->second.abuts;
        abuts.erase(std::remove_if(abuts.begin(), abuts.end(), [&](const Abut& a) { return a.target == gone; }), abuts.end());
        continue;
      }
      found->second.abuts.push_back(abut_of(written));
    }
  }

  void drop(const std::string& id, const SourceLine& at) {
    bool any = false;
    for (auto it = board.places.begin(); it != board.places.end();) {
      const bool match = it->first == id || it->first.rfind(id + "/", 0) == 0;
      any |= match;
      it = match ? board.places.erase(it) : std::next(it);
    }
    if (!any) note(at, "DROP of '" + id + "', which is not on the map");
    std::erase(board.unowned_centres, id);
    for (auto& power : board.powers) std::erase(power.home_centres, id);
    if (const auto unit = unit_at_.find(id.substr(0, id.find('/'))); unit != unit_at_.end()) {
      const std::string& place = board.powers[unit->second.first].units[unit->second.second].second;
      if (place == id || place.rfind(id + "/", 0) == 0) remove_unit(unit);
    }
    for (auto& [other, place] : board.places) {
      auto& abuts = place.abuts;
      abuts.erase(std::remove_if(abuts.begin(), abuts.end(),
                                 [&](const Abut& a) { return a.target == id || a.target.rfind(id + "/", 0) == 0; }),
                  abuts.end());
    }
  }

  // "AUSTRIA (AUSTRIAN) BUD TRI VIE", "HOLLAND (DUTCH:H) BOR JAV SUM", "Ankara (Ankaran:A) ANK":
  // a power, its adjective (and one-letter abbreviation), its home centres.
  void power_line(const std::vector<std::string>& w, const SourceLine& at) {
    ImportedPower power;
    power.line = at;
    std::size_t k = 0;
    std::string name;
    while (k < w.size() && w[k].front() != '(' && (name.empty() || !all_upper(w[k]) || !plausible_dpjudge_id(ascii_lower(w[k])) || w[k].size() > 4)) {
      name += (name.empty() ? "" : " ") + w[k];
      ++k;
    }
    if (name.empty() || std::any_of(name.begin(), name.end(), [](char c) {
          return !std::isalnum(static_cast<unsigned char>(c)) && c != ' ' && c != '-' && c != '_' && c != '.' && c != '\'' && c != '+';
        }))
      return error(at, "cannot understand '" + join_words(w) + "'");
    std::replace(name.begin(), name.end(), '_', ' ');
    std::replace(name.begin(), name.end(), '+', ' ');
    power.name = title_case(name);
    const bool has_adjective = k < w.size() && w[k].front() == '(';
    // Without an adjective: a power given before (the units of a .military part follow such a
    // line), or a new one in capitals with its centres ("ENGLAND YOR CLY WAL") or alone.
    if (!has_adjective) {
      const bool known = power_index_.count(ascii_lower(title_case(name))) != 0;
      const bool capitals = all_upper(name) && std::all_of(name.begin(), name.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == ' ' || c == '+' || c == '-'; });
      if (!known && !capitals) return error(at, "cannot understand '" + join_words(w) + "'");
    }
    if (has_adjective) {
      std::string inside = w[k].substr(1);
      while (inside.empty() || inside.back() != ')') {
        if (++k >= w.size()) return error(at, "a '(' without ')' in '" + join_words(w) + "'");
        inside += " " + w[k];
      }
      inside.pop_back();
      ++k;
      const auto colon = inside.find(':');
      power.adjective = title_case(inside.substr(0, colon));
      std::replace(power.adjective.begin(), power.adjective.end(), '+', ' ');
      if (colon != std::string::npos && colon + 1 < inside.size()) {
        // DPjudge's one-letter abbreviation: in dipadj's orders a letter is a unit type or an
        // order (A, F, S, H, C, ...), so it is no name of the power here.
        const std::string letter = ascii_lower(inside.substr(colon + 1));
        if (letter.size() > 1) power.aliases.push_back(letter);
        else board.choices.push_back("the one-letter abbreviation '" + letter + "' of " + title_case(name) + " is left out (a letter reads as a unit type or an order)");
      }
    }
    std::vector<std::string> removed;
    for (; k < w.size(); ++k) {
      std::string centre = w[k];
      if (centre.size() > 1 && centre[0] == '-') {  // "RUSSIA -STP": no longer a home centre
        removed.push_back(location_id(centre.substr(1)));
        continue;
      }
      if (centre.size() > 1 && (centre[0] == '*' || centre[0] == '&' || centre[0] == '@')) {
        note(at, "'" + centre + "' in the power line: DPjudge's mark '" + centre.substr(0, 1) + "' is not carried" +
                     (plausible_dpjudge_id(ascii_lower(centre.substr(1))) && centre.substr(1) != "SC" ? "; taken as a home centre" : ""));
        centre.erase(0, 1);
        if (!plausible_dpjudge_id(ascii_lower(centre)) || centre == "SC") continue;
      }
      if (!plausible_dpjudge_id(ascii_lower(centre))) return error(at, "cannot understand '" + w[k] + "' in the power line '" + join_words(w) + "'");
      power.home_centres.push_back(location_id(centre));
    }
    // The same power again (its units in a .military part, say) continues the first.
    if (const auto found = power_index_.find(ascii_lower(power.name)); found != power_index_.end()) {
      ImportedPower& known = board.powers[found->second];
      for (auto& centre : power.home_centres) known.home_centres.push_back(centre);
      for (const auto& gone : removed) std::erase(known.home_centres, gone);
      if (known.adjective.empty()) known.adjective = power.adjective;
      current_ = found->second;
      return;
    }
    current_ = board.powers.size();
    power_index_.emplace(ascii_lower(power.name), current_);
    board.powers.push_back(std::move(power));
  }

  // The unit a later line replaces or a DROP removes: its place emptied, swept out by
  // sweep_removed_units.
  void remove_unit(std::unordered_map<std::string, std::pair<std::size_t, std::size_t>>::iterator unit) {
    board.powers[unit->second.first].units[unit->second.second].second.clear();
    unit_at_.erase(unit);
  }

  std::vector<Diagnostic>& errors_;
  const SourceFolder folder_;
  std::set<std::string> read_;
  std::size_t current_ = SIZE_MAX;  // the power whose units the next lines give
  std::unordered_map<std::string, std::size_t> power_index_;  // a power's name, lower case -> its index
  // Each province's unit (at most one): its power's index and its index in that power's units.
  std::unordered_map<std::string, std::pair<std::size_t, std::size_t>> unit_at_;
  bool in_directives_ = false;

 public:
  std::vector<std::string> flow;  // the FLOW items, as DPjudge splits them
  SourceLine flow_line;
  // The BEGIN line's first phase (DPjudge's default without one); year 0 when dipadj cannot play it.
  FlowStart begin{"SPRING", 1901, "MOVEMENT"};
};

}  // namespace

ImportedBoard read_dpjudge_map(const std::filesystem::path& file, std::vector<Diagnostic>& errors) {
  Reader reader(errors, file);
  reader.read(file, 0);
  reader.sweep_removed_units();
  reader.settle_start_owners();
  carry_flow(reader.flow, reader.flow_line, reader.begin, reader.board);
  if (reader.full())
    errors.push_back(Diagnostic{file.string(), 0, std::to_string(kMaxReported) + " problems: the import stopped reading there; mend these first"});
  return std::move(reader.board);
}

}  // namespace dipadj::import
