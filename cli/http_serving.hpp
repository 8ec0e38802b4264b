#pragma once
// Between `dipadj serve` (serve_command.cpp: its arguments, the core's WebApi) and the HTTP that
// carries the page and the API (http_server.cpp): a module of its own (libdipadj-http), loaded
// only when serve runs. cpp-httplib brings OpenSSL, zlib and brotli with it, and linked into the
// program they cost every command some 3 ms at its start (a batch of 30,000 lines 1 %; a server
// that runs `dipadj adjudicate` for each phase, each time).
#include <cstdint>
#include <string>

namespace dipadj {
class WebApi;
}

namespace dipadj::cli {

// What the module is asked to serve. Another layout gets another version: the module reads the
// version, passed apart, before anything else.
inline constexpr std::uint32_t kHttpServingVersion = 1;
struct HttpServing {
  WebApi* api = nullptr;
  std::string host;
  int port = 0;               // 0: any free one
  std::string token;          // empty: none asked (a loopback address)
  std::string games_folder;   // as the start line names it
};

// The module's one function: serves until stopped; the exit status of `dipadj serve`. It prints
// the address it listens on, or why it cannot.
inline constexpr const char* kHttpServingSymbol = "dipadj_serve_http";
using HttpServingFunction = int(std::uint32_t version, const HttpServing* serving);

}  // namespace dipadj::cli
