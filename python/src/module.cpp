// The Python module `dipadj`: a thin client of the core. Games, results and legal orders cross
// as the core's JSON model (game_file_json, phase_json, legal_orders_json), turned into Python
// objects by Python's own json module; nothing here reads or writes a format itself.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <cstdint>
#include <mutex>
#include <thread>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "dipadj/draw/game_picture.hpp"
#include "dipadj/service/batch.hpp"
#include "dipadj/formats/game_file.hpp"
#include "dipadj/formats/json_events.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/service/session.hpp"
#include "dipadj/installation.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/rules/rulebook.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/version.hpp"
#include "lazy_result.hpp"
#include "python_json.hpp"
#include "python_values.hpp"

namespace py = pybind11;
using json = nlohmann::ordered_json;

namespace {

// dipadj.Error: every problem the core reports (file, line and cause in the message). The message
// is kept whole: what() is a C string, which would end it at a NUL.
class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message), message_(message) {}
  [[nodiscard]] const std::string& message() const { return message_; }

 private:
  std::string message_;
};

// The name the core gives a game read from memory (a dict, JSON text).
constexpr const char* kInMemory = "<game>";

// The problems as one message. A game given in memory has no file: its problems say only the
// line, and only where it means something (JSON text of several lines), not "<game>:1:".
[[noreturn]] void raise(const std::vector<dipadj::Diagnostic>& problems) {
  std::string text;
  for (const dipadj::Diagnostic& problem : problems) {
    std::string line = problem.to_string();  // control bytes escaped, as in every message
    if (problem.file == kInMemory) {
      const std::string prefix = std::string(kInMemory) + (problem.line > 0 ? ":" + std::to_string(problem.line) : "") + ": ";
      if (line.starts_with(prefix)) line = (problem.line > 1 ? "line " + std::to_string(problem.line) + ": " : "") + line.substr(prefix.size());
    }
    text += line + "\n";
  }
  while (!text.empty() && text.back() == '\n') text.pop_back();
  throw Error(text);
}

// The Python type dipadj.Error, made once when the module is imported and never changed after:
// the exception translator, a plain function, finds it here. pybind11 keeps the type alive.
py::handle& error_type() {
  static py::handle type;
  return type;
}

// dipadj.Error raised with the whole message: read by its length, so that nothing after a NUL is
// lost, and bytes that are not UTF-8 (quoted from a file) written as \xNN, as the core writes
// control bytes, where pybind11's own translation (PyErr_SetString) stops at the NUL and fails
// on such bytes with a UnicodeDecodeError instead of the error.
void translate_error(std::exception_ptr thrown) {
  if (!thrown) return;
  try {
    std::rethrow_exception(thrown);
  } catch (const Error& error) {
    const std::string& message = error.message();
    const auto text = py::reinterpret_steal<py::object>(
        PyUnicode_DecodeUTF8(message.data(), static_cast<Py_ssize_t>(message.size()), "backslashreplace"));
    if (text) PyErr_SetObject(error_type().ptr(), text.ptr());  // else the decoder's own error (memory) is set
  }
}

py::object from_json_text(const std::string& text) { return py::module_::import("json").attr("loads")(text); }
py::object to_python(const json& value) { return from_json_text(dipadj::json_text(value)); }
// A game given as a dict (or any JSON-able value) or as JSON text. A dict without "format" is a
// game file all the same (the key says what a file is; a dict made in Python is one).
std::string game_text(const py::handle& game) {
  if (py::isinstance<py::str>(game)) return game.cast<std::string>();
  // Plain dicts, lists and texts written here; anything else by json.dumps, as before.
  if (std::string text; PyDict_CheckExact(game.ptr()) != 0 && dipadj::python::append_json(game.ptr(), text, "dipadj-game/1"))
    return text;
  if (py::isinstance<py::dict>(game) && !game.cast<py::dict>().contains("format")) {
    py::dict with_format;
    with_format["format"] = "dipadj-game/1";
    for (auto item : game.cast<py::dict>()) with_format[item.first] = item.second;
    return py::module_::import("json").attr("dumps")(with_format).cast<std::string>();
  }
  return py::module_::import("json").attr("dumps")(game).cast<std::string>();
}
json to_model(const py::handle& value) {
  if (value.is_none()) return json();
  return json::parse(py::module_::import("json").attr("dumps")(value).cast<std::string>());
}

// The variants loaded by adjudicate() and adjudicate_many(), kept for the module's life: a cache of
// immutable variants, shared by their threads (VariantCache is thread-safe).
dipadj::VariantCache& module_variants() {
  static dipadj::VariantCache* variants = new dipadj::VariantCache();  // never destroyed: threads may outlive teardown
  return *variants;
}

py::object adjudicate(const py::handle& game) {
  const std::string text = game_text(game);
  auto read = dipadj::read_game_json(text, kInMemory, &module_variants());
  if (!read) raise(read.errors());
  auto played = dipadj::play_game_file(read.value(), kInMemory);
  if (!played) raise(played.errors());
  dipadj::JsonEvents events;
  dipadj::write_phase_json(dipadj::played_phase(read.value(), played.value()), events);
  return dipadj::python::PythonValues().make(events);
}

// Pauses Python's cyclic garbage collector for its lifetime, if it was running.
class GarbageCollectorPaused {
 public:
  GarbageCollectorPaused() : gc_(py::module_::import("gc")), was_enabled_(gc_.attr("isenabled")().cast<bool>()) {
    if (was_enabled_) gc_.attr("disable")();
  }
  GarbageCollectorPaused(const GarbageCollectorPaused&) = delete;
  GarbageCollectorPaused& operator=(const GarbageCollectorPaused&) = delete;
  ~GarbageCollectorPaused() {
    try {
      if (was_enabled_) gc_.attr("enable")();
    } catch (const py::error_already_set&) {  // cannot happen in gc.enable(); a destructor must not throw
    }
  }

 private:
  py::module_ gc_;
  bool was_enabled_;
};

// One game of adjudicate_many: its JSON text in, its answer out (text, or events to make a dict of).
struct ManySlot {
  std::string game;
  std::string answer_text;
  dipadj::JsonEvents answer;
};

// adjudicate_many: the calling thread (holding the GIL) turns games into JSON text and answers into
// Python objects, in order, while C++ threads adjudicate the games in between; the GIL is released
// only to wait. So Python's share of the work (json.dumps of each game, making the result dicts)
// overlaps the adjudication instead of adding to it.
class ManyGames {
 public:
  ManyGames(std::size_t count, bool as_text) : slots_(count), done_(count, 0), as_text_(as_text) {}
  ManyGames(const ManyGames&) = delete;
  ManyGames& operator=(const ManyGames&) = delete;
  ~ManyGames() {
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      cancelled_ = true;
    }
    ready_.notify_all();
    py::gil_scoped_release released;  // the threads never take the GIL
    for (auto& thread : pool_) thread.join();
  }

  void start(unsigned threads) {
    for (unsigned t = 0; t < std::min<std::size_t>(threads, slots_.size()); ++t) pool_.emplace_back([this] { work(); });
  }
  // Hands game `i` (the next one) to the threads.
  void give(std::size_t i, std::string game) {
    slots_[i].game = std::move(game);
    // Handing over one by one would wake a thread per game; a run of games keeps them busy.
    if ((i + 1) % kRun == 0 || i + 1 == slots_.size()) {
      {
        const std::lock_guard<std::mutex> lock(mutex_);
        given_ = i + 1;
      }
      ready_.notify_all();
    }
  }
  // How many games from the first are answered, at least i + 1: waited for without the GIL. The
  // answers counted are the caller's to read; the threads no longer touch them.
  std::size_t answered(std::size_t i) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (answered_ <= i) {
      // Woken once for a run of games, not once for each.
      const std::size_t wanted = std::min(slots_.size(), i + kRun);
      wanted_ = wanted;
      lock.unlock();
      py::gil_scoped_release released;
      lock.lock();
      finished_.wait(lock, [&] { return answered_ >= wanted; });
    }
    return answered_;
  }
  ManySlot& slot(std::size_t i) { return slots_[i]; }

 private:
  void work() {
    dipadj::GameLineAdjudicator reader;  // this thread's: the orders it has read, remembered
    for (;;) {
      std::size_t i = 0;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        ready_.wait(lock, [&] { return cancelled_ || next_ < given_ || next_ == slots_.size(); });
        if (cancelled_ || next_ == slots_.size()) return;
        i = next_++;
      }
      ManySlot& slot = slots_[i];
      if (as_text_) {
        slot.answer_text = reader.line(slot.game, i + 1, "", module_variants());
      } else {
        reader.game(slot.game, i + 1, "", module_variants(), slot.answer);
      }
      {
        const std::lock_guard<std::mutex> lock(mutex_);
        done_[i] = 1;
        while (answered_ < slots_.size() && done_[answered_] != 0) ++answered_;
        if (answered_ >= wanted_) {
          wanted_ = SIZE_MAX;
          finished_.notify_one();
        }
      }
      if (i + 1 == slots_.size()) ready_.notify_all();  // the last game taken: the others stop waiting
    }
  }

  std::vector<ManySlot> slots_;
  static constexpr std::size_t kRun = 16;
  std::vector<char> done_;  // guarded by mutex_, as the counters below
  std::size_t answered_ = 0;        // the games from the first that are done
  std::size_t wanted_ = SIZE_MAX;   // what the caller waits for in answered_
  std::size_t given_ = 0;
  std::size_t next_ = 0;
  bool cancelled_ = false;  // set when the call ends, by its end or by an exception
  bool as_text_;
  std::mutex mutex_;
  std::condition_variable ready_;     // more games given, or cancelled
  std::condition_variable finished_;  // a game done
  std::vector<std::thread> pool_;
};

py::list adjudicate_many(const py::iterable& games, std::optional<unsigned> threads, bool as_text, bool lazy) {
  const py::list items(games);
  const std::size_t n = items.size();
  py::list out;
  if (n == 0) return out;
  const unsigned workers = threads.value_or(0) != 0 ? *threads : std::max(1U, std::thread::hardware_concurrency());
  // A lazy result keeps the results' text (the adjudicating thread's quicker form) until it is read.
  ManyGames many(n, as_text || lazy);
  many.start(workers);
  for (std::size_t i = 0; i < n; ++i) many.give(i, game_text(items[i]));
  // The cyclic garbage collector is paused while the results are made: they hold no cycles, and
  // its passes over a million new containers took a third of the time.
  const GarbageCollectorPaused paused;
  dipadj::python::PythonValues values;
  std::shared_ptr<dipadj::python::LazyResultMaker> lazy_maker;  // the lazy results', made with the first
  for (std::size_t i = 0, answered = 0; i < n; ++i) {
    if (i == answered) answered = many.answered(i);
    ManySlot& slot = many.slot(i);
    if (as_text) {
      out.append(py::str(slot.answer_text));
    } else if (lazy) {
      if (!lazy_maker) lazy_maker = dipadj::python::make_lazy_result_maker();
      out.append(py::cast(dipadj::python::LazyResult(std::move(slot.answer_text), lazy_maker)));
    } else {
      out.append(values.make(slot.answer));
    }
    slot = ManySlot{};  // its memory back for the games still to come
  }
  return out;
}

py::list variants() {
  py::list out;
  for (const dipadj::VariantFolder& found : dipadj::variant_folders()) {
    if (found.hidden) continue;
    py::dict entry;
    entry["name"] = found.name;
    entry["path"] = found.folder.string();
    out.append(entry);
  }
  return out;
}

py::dict describe_variant(const dipadj::Variant& variant) {
  const dipadj::Map& map = variant.map();
  py::dict out;
  out["name"] = variant.name();
  out["title"] = variant.title();
  py::list powers;
  for (std::size_t p = 0; p < variant.power_count(); ++p) powers.append(variant.power(static_cast<dipadj::PowerId>(p)).name);
  out["powers"] = powers;
  py::list provinces, centres;
  for (std::size_t q = 0; q < map.province_count(); ++q) {
    const auto& province = map.province(static_cast<dipadj::ProvinceId>(q));
    provinces.append(province.name);
    if (province.supply_centre) centres.append(province.name);
  }
  out["provinces"] = provinces;
  out["supply_centres"] = centres;
  out["map_options"] = map.chosen_options();
  py::list plugins;
  for (const auto& extension : variant.extensions()) plugins.append(extension.plugin);
  out["plugins"] = plugins;
  out["start_phase"] = variant.phase_name(variant.start_phase());
  return out;
}

py::dict load_variant(const std::string& name, const std::vector<std::string>& map_options) {
  auto variant = dipadj::find_variant(name, map_options, &module_variants());
  if (!variant) raise(variant.errors());
  return describe_variant(*variant.value());
}

py::list rule_options(const std::string& variant_name) {
  auto variant = dipadj::find_variant(variant_name, {}, &module_variants());
  if (!variant) raise(variant.errors());
  const dipadj::Rulebook& rules = variant.value()->rules();
  py::list out;
  for (std::size_t i = 0; i < rules.option_count(); ++i) {
    const dipadj::RuleOption& option = rules.option(i);
    py::dict entry;
    entry["key"] = option.key;
    entry["issue"] = option.issue;
    entry["title"] = option.title;
    entry["choice"] = rules.value_name(i);
    entry["default"] = dipadj::default_value_name(option);
    py::list choices;
    for (const auto& choice : option.choices) {
      py::dict c;
      c["letter"] = choice.letter;
      c["name"] = choice.name;
      c["meaning"] = choice.meaning;
      c["supported"] = choice.supported;
      choices.append(c);
    }
    entry["choices"] = choices;
    out.append(entry);
  }
  return out;
}

// dipadj.Game: a GameSession.
class Game {
 public:
  Game(const std::string& variant, const py::object& rules, const std::optional<std::string>& profile,
       const std::optional<std::vector<std::string>>& map_options)
      : session_(start(variant, rules, profile, map_options)) {}
  explicit Game(dipadj::GameSession session) : session_(std::move(session)) {}

  static Game from_json(const py::handle& game) {
    auto session = dipadj::GameSession::from_json(game_text(game));
    if (!session) raise(session.errors());
    return Game(std::move(session.value()));
  }
  [[nodiscard]] py::object to_dict() const { return to_python(session_.to_json()); }
  [[nodiscard]] std::string to_json() const { return dipadj::json_text(session_.to_json()); }

  [[nodiscard]] std::string phase() const { return session_.variant().phase_name(session_.state().phase); }
  [[nodiscard]] py::object file_key(const char* key) const {
    const json file = session_.to_json();
    return file.contains(key) ? to_python(file[key]) : py::object(py::dict());
  }
  [[nodiscard]] py::object winner() const {
    if (session_.state().winner == dipadj::kNoPower) return py::none();
    return py::str(session_.variant().power(session_.state().winner).name);
  }
  [[nodiscard]] bool is_over() const { return session_.state().over(); }
  [[nodiscard]] py::object ended_by() const {
    if (session_.state().ended_by == dipadj::GameEnd::NotOver) return py::none();
    return py::str(dipadj::to_string(session_.state().ended_by));
  }
  void set_orders(const std::string& power, const std::vector<std::string>& orders) {
    if (auto problems = session_.set_orders(power, orders); !problems.empty()) raise(problems);
  }
  [[nodiscard]] py::object orders() const { return to_python(session_.orders()); }
  py::object process() {
    auto results = session_.process();
    if (!results) raise(results.errors());
    return to_python(results.value());
  }
  [[nodiscard]] py::object results() const { return session_.results().is_null() ? py::object(py::none()) : to_python(session_.results()); }
  [[nodiscard]] py::object history() const { return to_python(session_.history()["phases"]); }
  [[nodiscard]] py::object history_file() const { return to_python(session_.history()); }
  [[nodiscard]] py::object possible_orders(const std::optional<std::string>& power) const {
    auto orders = session_.possible_orders(power);
    if (!orders) raise(orders.errors());
    const json& powers = orders.value()["powers"];
    if (power) {
      const auto name = session_.variant().find_power(*power);
      const std::string& key = session_.variant().power(*name).name;
      return powers.contains(key) ? to_python(powers[key]) : to_python(json{{"units", json::object()}, {"builds", json::object()}, {"other", json::array()}});
    }
    return to_python(powers);
  }
  [[nodiscard]] py::dict variant() const { return describe_variant(session_.variant()); }

 private:
  static dipadj::GameSession start(const std::string& variant, const py::object& rules, const std::optional<std::string>& profile,
                                   const std::optional<std::vector<std::string>>& map_options) {
    auto session = dipadj::GameSession::start(variant, map_options.value_or(std::vector<std::string>{}), profile.value_or(""),
                                              to_model(rules));
    if (!session) raise(session.errors());
    return std::move(session.value());
  }
  dipadj::GameSession session_;
};

// A phase drawn as SVG (what `dipadj draw` draws): the phase of a Game, or of a game file (a dict
// or JSON text), with its orders and their results; `after`: the position after it.
std::string draw(const py::object& game, bool after) {
  const std::string text = py::isinstance<Game>(game) ? game.cast<const Game&>().to_json() : game_text(game);
  auto read = dipadj::read_game_json(text, kInMemory, &module_variants());
  if (!read) raise(read.errors());
  auto played = dipadj::play_game_file(read.value(), kInMemory);
  if (!played) raise(played.errors());
  const dipadj::PlayedPhase phase = dipadj::played_phase(read.value(), played.value());
  return (after ? dipadj::draw_after(phase) : dipadj::draw_phase(phase)).svg;
}

}  // namespace

PYBIND11_MODULE(_dipadj, m) {
  m.doc() = "dipadj: a Diplomacy adjudicator (DATC-complete, every rule option, variants as data).";
  error_type() = py::register_exception<Error>(m, "Error", PyExc_Exception);
  py::register_local_exception_translator(&translate_error);  // tried before register_exception's own
  m.attr("__version__") = std::string(dipadj::kVersion);

  m.def("adjudicate", &adjudicate, py::arg("game"),
        "Adjudicates one game file (a dict, or JSON text) and returns the results: the dict `dipadj adjudicate --json` "
        "prints. Raises dipadj.Error for a game that cannot be read.");
  m.def("adjudicate_many", &adjudicate_many, py::arg("games"), py::arg("threads") = py::none(), py::arg("as_text") = false,
        py::arg("lazy") = false,
        "Adjudicates many game files on `threads` threads (None: every core), without the GIL. Returns their results in "
        "order; a game that cannot be read gives {'line': n, 'error': '...'} in its place (n counts from 1). With "
        "as_text, each result is its compact JSON text (what `dipadj batch` writes), not a dict; with lazy, a "
        "dipadj.Result: a read-only mapping whose dicts are made when it is first read.");
  dipadj::python::bind_lazy_result(m);
  m.def("draw", &draw, py::arg("game"), py::arg("after") = false,
        "The phase of a Game (or of a game file: a dict or JSON text) drawn as SVG text, with its orders and their "
        "results, as `dipadj draw` draws it; after=True draws the position after the phase.");
  m.def("variants", &variants, "The variants on the variant search path: [{'name', 'path'}], the first of each name.");
  m.def("load_variant", &load_variant, py::arg("name"), py::arg("map_options") = std::vector<std::string>{},
        "Loads a variant (a name or a path) and describes it: name, title, powers, provinces, supply_centres, map_options, "
        "plugins, start_phase.");
  m.def("rule_options", &rule_options, py::arg("variant") = "standard",
        "The rule options of a variant (DATC chapter 4 and its plugins'): key, issue, title, choice in force, default, "
        "choices.");

  py::class_<Game>(m, "Game", "A game played phase by phase (docs/python.md).")
      .def(py::init<const std::string&, const py::object&, const std::optional<std::string>&,
                    const std::optional<std::vector<std::string>>&>(),
           py::arg("variant") = "standard", py::arg("rules") = py::none(), py::arg("profile") = py::none(),
           py::arg("map_options") = py::none(),
           "A new game at the variant's start, under its rules, then `profile`, then `rules` ({option key: choice name}).")
      .def_static("from_json", &Game::from_json, py::arg("game"), "A game from a game file (a dict or JSON text); its orders are kept.")
      .def("to_json", &Game::to_json, "The game file of the phase as JSON text, with the orders given so far.")
      .def("to_dict", &Game::to_dict, "The game file of the phase as a dict, with the orders given so far.")
      .def_property_readonly("phase", &Game::phase, "The phase to play, e.g. 'Spring 1901 Movement'.")
      .def_property_readonly("units", [](const Game& g) { return g.file_key("units"); }, "{power: ['A Paris', ...]}")
      .def_property_readonly("supply_centres", [](const Game& g) { return g.file_key("supply_centres"); }, "{power: [centre, ...]}")
      .def_property_readonly("dislodged", [](const Game& g) { return g.file_key("dislodged"); },
                             "In a retreat phase: {power: [{'unit', 'attacker_from', 'retreats'}]}.")
      .def_property_readonly("winner", &Game::winner, "The power that has won, or None.")
      .def_property_readonly("ended_by", &Game::ended_by,
                             "How the game ended: 'victory', 'last_year_leader', 'last_year_draw', or None while it goes on.")
      .def_property_readonly("is_over", &Game::is_over, "Whether a power has won.")
      .def_property_readonly("variant", &Game::variant, "The variant played (as load_variant describes it).")
      .def("set_orders", &Game::set_orders, py::arg("power"), py::arg("orders"),
           "Sets a power's orders for the phase, replacing those it gave before. Raises dipadj.Error for a text that is no order.")
      .def_property_readonly("orders", &Game::orders, "The orders given so far: {power: [order, ...]}.")
      .def("process", &Game::process, "Adjudicates the phase and goes on to the next; returns the results.")
      .def_property_readonly("results", &Game::results, "The results of the last phase processed, or None.")
      .def_property_readonly("history", &Game::history, "Every phase processed: [{'phase', 'state', 'orders', 'results'}].")
      .def("history_file", &Game::history_file, "The history as a dipadj-history/1 document (dipadj history reads it).")
      .def("possible_orders", &Game::possible_orders, py::arg("power") = py::none(),
           "The legal orders of the phase: {power: {'units': {unit: [order]}, 'builds': {centre: [order]}, 'other': [order]}}, "
           "or that dict of one power.");
}
