#include "python_values.hpp"

#include <cstring>

#include "dipadj/formats/json_events.hpp"

namespace py = pybind11;

namespace dipadj::python {
namespace {

// Texts kept at most: a batch's results have some tens of thousands of distinct texts; a batch of
// games with ever new texts (written orders, say) starts over rather than grow without end.
constexpr std::size_t kMaxTexts = 1 << 18;

}  // namespace

PythonValues::~PythonValues() { forget_texts(); }

void PythonValues::forget_texts() {
  for (Made& made : table_) {
    if (made.object != nullptr) Py_DECREF(made.object);
    made = Made{};
  }
  used_ = 0;
  bytes_.clear();
}

void PythonValues::grow() {
  std::vector<Made> old(table_.size() * 2);
  old.swap(table_);
  const std::size_t mask = table_.size() - 1;
  for (const Made& made : old) {
    if (made.object == nullptr) continue;
    std::size_t at = made.hash & mask;
    while (table_[at].object != nullptr) at = (at + 1) & mask;
    table_[at] = made;
  }
}

PyObject* PythonValues::text(const JsonEvents& events, std::size_t event) {
  const JsonEvents::Event& e = events.events()[event];
  const std::string_view wanted = events.text(e);
  const std::size_t mask = table_.size() - 1;
  std::size_t at = e.hash & mask;
  for (; table_[at].object != nullptr; at = (at + 1) & mask) {
    const Made& made = table_[at];
    if (made.hash == e.hash && made.size == e.size && std::memcmp(bytes_.data() + made.offset, wanted.data(), wanted.size()) == 0)
      return made.object;
  }
  PyObject* object = PyUnicode_DecodeUTF8(wanted.data(), static_cast<Py_ssize_t>(wanted.size()), "replace");
  if (object == nullptr) throw py::error_already_set();
  if (used_ >= kMaxTexts) {
    forget_texts();
    at = e.hash & mask;
  }
  table_[at] = Made{e.hash, e.size, bytes_.size(), object};
  bytes_.append(wanted);
  // At most half full, so that a search ends soon.
  if (++used_ * 2 > table_.size()) grow();
  return object;
}

py::object PythonValues::make(const JsonEvents& events) {
  using Kind = JsonEvents::Kind;
  struct Open {
    PyObject* container;  // owned by its parent, or by `root`
    Py_ssize_t filled;    // a list's items set so far
  };
  py::object root;
  std::vector<Open> open;
  py::object key;  // in an object: the key whose value comes next (held: the table may forget it meanwhile)
  // Puts a value in its place; `value` is borrowed (the container takes its own reference).
  const auto place = [&](PyObject* value) {
    if (open.empty()) {
      root = py::reinterpret_borrow<py::object>(value);
      return;
    }
    Open& into = open.back();
    if (PyList_CheckExact(into.container) != 0) {
      // The list was made with its length from the events: its items are set, not appended.
      Py_INCREF(value);
      PyList_SET_ITEM(into.container, into.filled++, value);
    } else if (PyDict_SetItem(into.container, key.ptr(), value) != 0) {
      throw py::error_already_set();
    }
  };
  const auto place_new = [&](PyObject* made) {
    if (made == nullptr) throw py::error_already_set();
    const auto owned = py::reinterpret_steal<py::object>(made);
    place(made);
    return made;
  };
  const auto& list = events.events();
  for (std::size_t i = 0; i < list.size(); ++i) {
    const JsonEvents::Event& event = list[i];
    switch (event.kind) {
      case Kind::BeginObject: open.push_back({place_new(PyDict_New()), 0}); break;
      case Kind::BeginArray: open.push_back({place_new(PyList_New(static_cast<Py_ssize_t>(event.size))), 0}); break;
      case Kind::EndObject:
      case Kind::EndArray: open.pop_back(); break;
      case Kind::Key: key = py::reinterpret_borrow<py::object>(text(events, i)); break;
      case Kind::String: place(text(events, i)); break;
      case Kind::Null: place(Py_None); break;
      case Kind::Number: {
        const std::string digits(events.text(event));
        place_new(PyLong_FromString(digits.c_str(), nullptr, 10));
        break;
      }
    }
  }
  return root;
}

}  // namespace dipadj::python
