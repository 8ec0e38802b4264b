#include "lazy_result.hpp"

#include <simdjson.h>

#include <cstdint>
#include <stdexcept>

#include "dipadj/formats/json_events.hpp"
#include "python_values.hpp"

namespace py = pybind11;

namespace dipadj::python {
namespace {

// A JSON text simdjson has read, recorded as the core's events (JsonEvents). The texts are the
// core's own results: objects, arrays, strings, counts and nulls only.
void record(simdjson::dom::element element, JsonEvents& events) {
  using Type = simdjson::dom::element_type;
  switch (element.type()) {
    case Type::OBJECT: {
      const simdjson::dom::object object = element.get_object().value_unsafe();
      events.begin_object();
      for (const simdjson::dom::key_value_pair field : object) {
        events.key(field.key);
        record(field.value, events);
      }
      events.end_object();
      return;
    }
    case Type::ARRAY: {
      const simdjson::dom::array array = element.get_array().value_unsafe();
      events.begin_array();
      for (const simdjson::dom::element item : array) record(item, events);
      events.end_array();
      return;
    }
    case Type::STRING: {
      const std::string_view text = element.get_string().value_unsafe();
      events.string(text);
      return;
    }
    case Type::UINT64: {
      const std::uint64_t count = element.get_uint64().value_unsafe();
      events.number(count);
      return;
    }
    case Type::INT64: {
      const std::int64_t count = element.get_int64().value_unsafe();
      if (count < 0) break;
      events.number(static_cast<std::size_t>(count));
      return;
    }
    case Type::NULL_VALUE: events.null(); return;
    default: break;
  }
  throw std::runtime_error("dipadj.Result: a value results never have");
}

}  // namespace

class LazyResultMaker {
 public:
  simdjson::dom::parser parser;
  PythonValues values;
};

std::shared_ptr<LazyResultMaker> make_lazy_result_maker() { return std::make_shared<LazyResultMaker>(); }

const py::dict& LazyResult::value() {
  if (!is_made_) {
    simdjson::dom::element root;
    if (const auto error = maker_->parser.parse(text_).get(root); error != simdjson::SUCCESS)
      throw std::runtime_error(std::string("dipadj.Result: ") + simdjson::error_message(error));
    JsonEvents events;
    record(root, events);
    const py::object made = maker_->values.make(events);
    // A result, or a bad game's {line, error}: always an object.
    if (!PyDict_Check(made.ptr())) throw py::type_error("dipadj.Result: the results are not a JSON object");
    made_ = py::reinterpret_borrow<py::dict>(made);
    text_ = std::string();
    maker_.reset();
    is_made_ = true;
  }
  return made_;
}

void bind_lazy_result(py::module_& module) {
  auto result = py::class_<LazyResult>(module, "Result",
                                       "A phase's results as adjudicate_many(..., lazy=True) gives them: a read-only "
                                       "mapping (as the dict adjudicate gives, made on first access). dict(result) is "
                                       "that dict; json.dumps needs it.");
  result.def("__getitem__", [](LazyResult& r, const py::object& key) -> py::object {
    PyObject* item = PyDict_GetItemWithError(r.value().ptr(), key.ptr());
    if (item == nullptr) {
      if (PyErr_Occurred() != nullptr) throw py::error_already_set();
      throw py::key_error(py::repr(key).cast<std::string>());
    }
    return py::reinterpret_borrow<py::object>(item);
  });
  result.def("__len__", [](LazyResult& r) { return py::len(r.value()); });
  result.def("__iter__", [](LazyResult& r) { return py::iter(r.value()); });
  result.def("__contains__", [](LazyResult& r, const py::object& key) { return r.value().contains(key); });
  result.def("keys", [](LazyResult& r) { return r.value().attr("keys")(); });
  result.def("values", [](LazyResult& r) { return r.value().attr("values")(); });
  result.def("items", [](LazyResult& r) { return r.value().attr("items")(); });
  result.def(
      "get", [](LazyResult& r, const py::object& key, const py::object& fallback) { return r.value().attr("get")(key, fallback); },
      py::arg("key"), py::arg("default") = py::none());
  // Equal to a mapping with the same items: another Result, or a dict.
  result.def("__eq__", [](LazyResult& r, const py::object& other) -> py::object {
    if (py::isinstance<LazyResult>(other)) return py::bool_(r.value().equal(other.cast<LazyResult&>().value()));
    return r.value().attr("__eq__")(other);
  });
  result.def("__ne__", [](LazyResult& r, const py::object& other) -> py::object {
    if (py::isinstance<LazyResult>(other)) return py::bool_(!r.value().equal(other.cast<LazyResult&>().value()));
    return r.value().attr("__ne__")(other);
  });
  result.def("__repr__", [](LazyResult& r) { return py::repr(r.value()); });
  py::module_::import("collections.abc").attr("Mapping").attr("register")(result);
}

}  // namespace dipadj::python
