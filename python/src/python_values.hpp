#pragma once
// Python values (dict, list, str, int, None) made from JSON events the core recorded (JsonEvents),
// on the thread that holds the GIL. A text this maker has made before is given again as the same
// str (a str is immutable): most texts of a batch of results repeat (keys, powers, provinces,
// results), and a str not made saves its memory as well as its making. Fresh memory is what costs
// most when Python makes a million objects: the first touch of a page costs microseconds on a
// virtual machine.
#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace dipadj {
class JsonEvents;
}

namespace dipadj::python {

class PythonValues {
 public:
  PythonValues() = default;
  PythonValues(const PythonValues&) = delete;
  PythonValues& operator=(const PythonValues&) = delete;
  ~PythonValues();

  // The value the events describe. Raises (pybind11::error_already_set) only when Python cannot
  // make an object (no memory).
  pybind11::object make(const JsonEvents& events);

 private:
  // The str for a text of `events`, owned by this maker (a borrowed reference).
  PyObject* text(const JsonEvents& events, std::size_t event);
  void forget_texts();
  void grow();

  // An open-addressing table of the strs made, by the hash the events carry (worked out on the
  // threads that wrote them); the texts themselves are kept in `bytes_` to compare.
  struct Made {
    std::uint32_t hash;
    std::uint32_t size;
    std::size_t offset;  // in bytes_
    PyObject* object;    // null: a free place
  };
  std::vector<Made> table_ = std::vector<Made>(1024);
  std::size_t used_ = 0;
  std::string bytes_;
};

}  // namespace dipadj::python
