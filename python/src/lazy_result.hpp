#pragma once
// A phase's results as a read-only mapping whose Python objects are made on first access
// (`adjudicate_many(..., lazy=True)`): a caller that reads a few results of many, or passes them
// on unread, does not pay for the dicts and lists of the others (about 400 objects a result, the
// most of the calling thread's work). Once made, the mapping answers from its dict.
#include <pybind11/pybind11.h>

#include <memory>
#include <string>

namespace dipadj::python {

// What the lazy results of one call share to make their dicts: a JSON reader and the maker of
// Python values (a text made once is the same str in each result). Used with the GIL held.
class LazyResultMaker;
std::shared_ptr<LazyResultMaker> make_lazy_result_maker();

class LazyResult {
 public:
  // `text`: the results as compact JSON (what as_text gives), written by the adjudicating thread.
  LazyResult(std::string text, std::shared_ptr<LazyResultMaker> maker) : text_(std::move(text)), maker_(std::move(maker)) {}

  // The results as a dict, made on the first call (the GIL held): the text read as JSON events
  // (simdjson), made into Python values as adjudicate_many makes its dicts.
  const pybind11::dict& value();

 private:
  std::string text_;                         // until the dict is made
  std::shared_ptr<LazyResultMaker> maker_;  // until the dict is made
  pybind11::dict made_;
  bool is_made_ = false;
};

// dipadj.Result: the class, registered as a collections.abc.Mapping.
void bind_lazy_result(pybind11::module_& module);

}  // namespace dipadj::python
