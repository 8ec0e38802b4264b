#pragma once
// jDip's adjacency file (the <PROVINCES> a variants.xml's MAP element names) read into an
// ImportedBoard's places: provinces, their coasts, army and fleet borders, and the BORDER
// conditions dipadj can carry (frozen provinces, difficult borders, borders closed to a unit
// type). Private to the core.
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "dipadj/diagnostic.hpp"
#include "imported_board.hpp"
#include "xml_document.hpp"

namespace dipadj::import {

// The errors of a jDip import: the first kMaxReported kept, the others counted (a file of a
// million odd lines gives a short report).
class LimitedErrors {
 public:
  explicit LimitedErrors(std::vector<Diagnostic>& errors) : errors_(errors) {}
  void add(const std::string& file, int line, std::string message);
  [[nodiscard]] bool any() const { return !errors_.empty(); }
  [[nodiscard]] std::size_t left_out() const { return left_out_; }
  // The list itself, for readers that report into it directly (read_xml_file).
  [[nodiscard]] std::vector<Diagnostic>& list() { return errors_; }

 private:
  std::vector<Diagnostic>& errors_;
  std::size_t left_out_ = 0;  // past kMaxReported
};

// jDip's lists ("bul-sc ank smy", "Britain, UK") split at white space and commas.
std::vector<std::string> split_jdip_list(std::string_view text);
// Whether a jDip ADJACENCY type or unit coast names a coast: nc, sc, ec or wc.
bool is_jdip_coast_type(std::string_view type);

class JdipMapReader {
 public:
  JdipMapReader(ImportedBoard& board, LimitedErrors& errors) : board_(board), errors_(errors) {}

  // Reads the adjacency file into the board's places.
  void read(const std::filesystem::path& adjacency);
  // "bul-sc" or "bul/sc" -> "bul/sc", "ANK" -> "ank", "nor" -> "nwy" (a name of nwy); empty (with
  // an error in `file`) when no province has that name.
  std::string location(const std::string& ref, const std::string& file, int line);

 private:
  // A province's ADJACENCY elements, read in a second pass once every province is known.
  struct ProvinceElement {
    std::string id;
    const XmlElement* element;
  };
  // A fleet border to a coast ("bul-sc"), checked once every province's coasts are known.
  struct CoastReference {
    std::string from, target;
    int line;
  };

  std::vector<ProvinceElement> read_elements();
  void index_names(const std::vector<ProvinceElement>& provinces);
  std::optional<std::string> read_province(const XmlElement& element);
  void read_adjacencies(const ProvinceElement& province);
  std::string add_coast(const std::string& province, const std::string& type, int line);
  void settle_terrain(const std::string& id, int line, bool army, bool fleet, const std::set<std::string>& coasts);
  void note_missing_coasts();
  void read_borders(const ProvinceElement& province);
  // A BORDER as written: what closes it, and where it applies.
  struct JdipBorder {
    std::string said;  // "BORDER 'id' (description) on 'province'", for the notes
    const XmlElement* element = nullptr;
    std::vector<std::string> unit_types, seasons;  // lower case, as written
    bool other_conditions = false;                 // orderTypes, phase or year
    const std::string* from = nullptr;
  };
  void apply_border(const std::string& id, const std::string& name, const XmlElement& border, int line);
  void apply_closure(const std::string& id, const JdipBorder& b, const std::vector<std::string>& sources, int line);
  bool close_to_unit_types(const std::string& id, const JdipBorder& b, const std::vector<std::string>& sources, int line);
  bool freeze(const std::string& id, const JdipBorder& b, int line);
  void for_each_place_of(const std::string& id, const std::function<void(Place&)>& visit);
  void mark_difficult(const std::string& id, const std::string& said, const std::vector<std::string>& sources, int line);
  void note_one_way_difficult();
  void error(int line, std::string message) { errors_.add(file_, line, std::move(message)); }
  void note(int line, std::string message) { board_.add_note(Diagnostic{file_, line, std::move(message)}); }

  ImportedBoard& board_;
  LimitedErrors& errors_;
  std::string file_;    // the adjacency file
  XmlElement adjacency_;  // the file's tree, kept while borders_ points into it
  std::map<std::string, const XmlElement*> borders_;
  std::map<std::string, std::string> names_;  // every name of a province, lower case -> its id
  std::vector<CoastReference> coast_references_;
  std::set<std::pair<std::string, std::string>> difficult_;  // (from, into) as the source gives them
};

}  // namespace dipadj::import
