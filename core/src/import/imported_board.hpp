#pragma once
// A board read from another program's map files, before it is written as a dipadj variant: what
// the importers fill and the YAML writer reads. Ids are lower case; a coast location is
// "province/coast". Private to the core.
#include <cstddef>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "dipadj/diagnostic.hpp"

namespace dipadj::import {

struct SourceLine {
  std::string file;
  int line = 0;
};

enum class Terrain { Land, Water, Coast, Shut };

// A calendar as variant.yaml writes it (docs/variant-rules.md, Calendar).
struct ImportedSeason {
  std::string name;
  std::vector<std::string> phases;  // "movement", "retreats", "adjustments"
  bool year_ends = false;
};

struct ImportedCalendar {
  long first_year = 1;
  long year_step = 1;
  std::vector<ImportedSeason> seasons;
  std::string start_phase;  // the source's first phase in this calendar's names
};

// One entry of an adjacency list: who may cross (both, armies only, fleets only) and whether the
// border is difficult to pass (DPjudge's "~").
struct Abut {
  std::string target;
  bool army = true;
  bool fleet = true;
  bool difficult = false;
};

struct Place {
  std::string id;                    // "bul", "bul/ec"
  std::string name;                  // empty when the source names it nowhere
  std::vector<std::string> aliases;  // lower case
  std::optional<Terrain> terrain;
  std::vector<Abut> abuts;
  SourceLine named, described;       // where its name and its terrain were given
  std::optional<std::pair<double, double>> at;  // where it is drawn, when the source says (map.yaml's at:, coast_at:)
};

struct ImportedPower {
  std::string name;
  std::string adjective;
  std::vector<std::string> aliases;
  std::vector<std::string> home_centres;
  std::vector<std::pair<char, std::string>> units;  // 'A' or 'F', location id
  SourceLine line;
  // The centres it owns at the start when the source says so (DPjudge's OWNS and CENTERS lines),
  // and the line that said it last; nullopt: its home centres.
  std::optional<std::vector<std::string>> owns;
  SourceLine owns_line;
};

struct ImportedBoard {
  std::map<std::string, Place> places;  // by id, provinces and coasts
  std::vector<ImportedPower> powers;
  std::vector<std::string> unowned_centres;
  SourceLine unowned_line;
  // "IN SPRING: WATER ARC": places whose terrain changes with the season, and where it was said.
  std::map<std::string, SourceLine> seasonal;
  // Provinces the source freezes in Fall (jDip's BORDER season="fall"): tagged `ice`. The reader
  // notes them.
  std::set<std::string> ice;
  // Of those, the ones the source freezes in Spring too (jDip's season="spring, fall").
  std::set<std::string> ice_all_year;
  // Coastal provinces where fleets may convoy (jDip's isConvoyableCoast): tagged `convoyable`.
  std::set<std::string> convoyable;
  // RULE lines: DPjudge's rule names (BUILD_ANY, ...), and where; other sources' rules under the
  // DPjudge name that means the same.
  std::vector<std::pair<std::string, SourceLine>> rules;
  // Borders the source gives one way on purpose (jDip's BORDER closed to units from some
  // places): the place listing the border is crossed to the place listed, never back. Written
  // under map.yaml's one_way:, and not made two-way.
  struct OneWay {
    std::string from, to;  // places, with coasts for fleets ("spa/nc")
    bool army = true;
  };
  std::vector<OneWay> one_way;
  std::optional<int> victory_centres;  // when the source gives it
  std::optional<int> last_year;  // the rule last_year, when the source limits a game's length
  // The owners of the supply centres at the start, when the source gives them (centre -> power
  // name; a centre not listed is unowned); nullopt: each power owns its home centres.
  std::optional<std::map<std::string, std::string>> start_owners;
  std::string start_phase;  // as the source writes it ("Spring 1901 Movement"), empty when not given
  // A calendar of the source's own (DPjudge's FLOW), when it is not the Standard game's; the
  // start phase is then written in its names.
  std::optional<ImportedCalendar> calendar;
  std::vector<std::string> choices;  // what the writer should say it chose (YAML comments)
  std::vector<std::string> variant_comments;  // what the designer should complete in variant.yaml (YAML comments)
  std::string artwork;  // the variant's artwork, a file name in its folder (variant.yaml's artwork:), when it has one
  // The source's own picture of the map (jDip's MAP_GRAPHIC), to keep as the artwork; empty when none.
  std::filesystem::path artwork_source;
  std::vector<Diagnostic> notes;
  // An import keeps at most kMaxReported notes (and stops at as many errors): a file of a
  // million odd lines gives a short report and the count of what was left out.
  std::size_t notes_left_out = 0;

  void add_note(Diagnostic note) {
    if (notes.size() < kMaxReported) notes.push_back(std::move(note));
    else ++notes_left_out;
  }
};

}  // namespace dipadj::import
