#include "json_check.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <optional>

namespace dipadj::json {
namespace {

// Reads the text without building it: counts the depth and keeps the first error.
class Checker final : public nlohmann::json_sax<nlohmann::json> {
 public:
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool key(string_t&) override { return true; }
  bool start_object(std::size_t) override { return enter(); }
  bool end_object() override { return leave(); }
  bool start_array(std::size_t) override { return enter(); }
  bool end_array() override { return leave(); }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& error) override {
    position_ = position;
    // "[json.exception.parse_error.101] parse error at line 3, column 7: syntax error ..."
    std::string message = error.what();
    if (const auto end = message.find("] "); message.starts_with("[json.exception") && end != std::string::npos)
      message.erase(0, end + 2);
    message_ = "not JSON: " + message;
    return false;
  }

  [[nodiscard]] const std::string& message() const { return message_; }
  // The offset of a syntax error; none for a text nested too deep (the reader does not tell where).
  [[nodiscard]] std::optional<std::size_t> position() const { return position_; }

 private:
  bool enter() {
    if (++depth_ <= kMaxDepth) return true;
    message_ = "nested more than " + std::to_string(kMaxDepth) + " levels deep";
    return false;
  }
  bool leave() {
    --depth_;
    return true;
  }

  std::size_t depth_ = 0;
  std::optional<std::size_t> position_;
  std::string message_;
};

int line_at(std::string_view text, std::size_t position) {
  position = std::min(position, text.size());
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(position), '\n'));
}

}  // namespace

bool check(std::string_view text, const std::string& name, std::vector<Diagnostic>& errors) {
  Checker checker;
  if (nlohmann::json::sax_parse(text.begin(), text.end(), &checker)) return true;
  errors.push_back(Diagnostic{name, checker.position() ? line_at(text, *checker.position()) : 0,
                              checker.message().empty() ? std::string("not JSON") : checker.message()});
  return false;
}

}  // namespace dipadj::json
