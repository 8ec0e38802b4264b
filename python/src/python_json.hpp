#pragma once
// A game given as Python objects written as JSON text for the core to read, on the thread that
// holds the GIL: dicts, lists and tuples, str, int, bool and None, as json.dumps writes them (other
// objects, a key that is no str, an int past 64 bits: the caller asks json.dumps, whose errors are
// the user's). Several times faster than json.dumps, whose work was a third of the calling thread's
// in adjudicate_many with dicts in.
#include <pybind11/pybind11.h>

#include <string>

namespace dipadj::python {

// Appends `value` as JSON to `out`; false (and `out` as it was) for what only json.dumps writes.
// `format`: a text to put first in a top-level object that has no "format" key (its value).
bool append_json(PyObject* value, std::string& out, const char* format = nullptr);

}  // namespace dipadj::python
