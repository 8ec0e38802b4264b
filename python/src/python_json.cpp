#include "python_json.hpp"

#include <charconv>
#include <cstddef>

namespace dipadj::python {
namespace {

// Deeper than any game file the core reads (64 levels): left to json.dumps and the reader's message.
constexpr int kMostDepth = 80;

void append_text(std::string_view text, std::string& out) {
  out += '"';
  std::size_t plain_from = 0;  // the run of bytes copied as they are, appended at once
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte != '"' && byte != '\\') continue;  // UTF-8 as Python encodes it: valid JSON
    out.append(text.data() + plain_from, i - plain_from);
    plain_from = i + 1;
    if (byte == '"' || byte == '\\') {
      out += '\\';
      out += static_cast<char>(byte);
    } else {
      static constexpr char kHex[] = "0123456789abcdef";
      out += "\\u00";
      out += kHex[byte >> 4U];
      out += kHex[byte & 0xFU];
    }
  }
  out.append(text.data() + plain_from, text.size() - plain_from);
  out += '"';
}

bool append_str(PyObject* value, std::string& out) {
  Py_ssize_t size = 0;
  const char* utf8 = PyUnicode_AsUTF8AndSize(value, &size);
  if (utf8 == nullptr) {  // a lone surrogate: json.dumps writes it escaped
    PyErr_Clear();
    return false;
  }
  append_text(std::string_view(utf8, static_cast<std::size_t>(size)), out);
  return true;
}

bool append_value(PyObject* value, std::string& out, int depth, const char* format);

bool append_dict(PyObject* dict, std::string& out, int depth, const char* format) {
  out += '{';
  bool first = true;
  if (format != nullptr && PyDict_GetItemString(dict, "format") == nullptr) {
    out += "\"format\":";
    append_text(format, out);
    first = false;
  }
  PyObject* key = nullptr;
  PyObject* item = nullptr;
  Py_ssize_t at = 0;
  while (PyDict_Next(dict, &at, &key, &item) != 0) {
    if (PyUnicode_CheckExact(key) == 0) return false;  // json.dumps turns 1, True, None into keys its own way
    if (!first) out += ',';
    first = false;
    if (!append_str(key, out)) return false;
    out += ':';
    if (!append_value(item, out, depth + 1, nullptr)) return false;
  }
  out += '}';
  return true;
}

bool append_items(PyObject* sequence, std::string& out, int depth) {
  out += '[';
  const Py_ssize_t size = PySequence_Fast_GET_SIZE(sequence);
  PyObject** items = PySequence_Fast_ITEMS(sequence);
  for (Py_ssize_t i = 0; i < size; ++i) {
    if (i != 0) out += ',';
    if (!append_value(items[i], out, depth + 1, nullptr)) return false;
  }
  out += ']';
  return true;
}

bool append_value(PyObject* value, std::string& out, int depth, const char* format) {
  if (depth > kMostDepth) return false;
  if (value == Py_None) {
    out += "null";
    return true;
  }
  if (value == Py_True || value == Py_False) {
    out += value == Py_True ? "true" : "false";
    return true;
  }
  if (PyUnicode_CheckExact(value) != 0) return append_str(value, out);
  if (PyDict_CheckExact(value) != 0) return append_dict(value, out, depth, format);
  if (PyList_CheckExact(value) != 0 || PyTuple_CheckExact(value) != 0) return append_items(value, out, depth);
  if (PyLong_CheckExact(value) != 0) {
    int overflow = 0;
    const long long number = PyLong_AsLongLongAndOverflow(value, &overflow);
    if (overflow != 0) return false;
    char digits[24];
    const auto end = std::to_chars(digits, digits + sizeof digits, number).ptr;
    out.append(digits, end);
    return true;
  }
  return false;  // a float, a subclass, any other object: json.dumps's to write or refuse
}

}  // namespace

bool append_json(PyObject* value, std::string& out, const char* format) {
  const std::size_t size = out.size();
  out.reserve(size + 1024);  // a game of the Standard map is about 1,000 bytes
  if (append_value(value, out, 0, format)) return true;
  out.resize(size);
  return false;
}

}  // namespace dipadj::python
