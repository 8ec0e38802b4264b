// The HTTP side of dipadj serve (http_serving.hpp), with cpp-httplib: built as a module of its own,
// loaded only when serve runs. It only carries requests and answers; what they mean is the core's
// (service/web_api.hpp).
#include <httplib.h>

#include <boost/config.hpp>

#include <exception>
#include <iostream>
#include <map>
#include <string>
#include <string_view>

#include "dipadj/service/web_api.hpp"
#include "http_serving.hpp"

namespace dipadj::cli {

const std::map<std::string_view, std::string_view>& embedded_files();  // web_assets.cpp, made at build time

namespace {

constexpr std::size_t kMaxBody = 1 << 20;  // a request's body: orders and settings, never this long

std::string content_type_of(std::string_view path) {
  if (path.ends_with(".html")) return "text/html; charset=utf-8";
  if (path.ends_with(".js")) return "text/javascript; charset=utf-8";
  if (path.ends_with(".css")) return "text/css; charset=utf-8";
  return "application/octet-stream";
}

void serve_api(httplib::Server& server, WebApi& api, const std::string& token) {
  const auto handler = [&api, token](const httplib::Request& request, httplib::Response& response) {
    if (!token.empty() && request.get_header_value("X-Dipadj-Token") != token && request.get_param_value("token") != token) {
      response.status = 403;
      response.set_content(R"json({"error":"this server asks for its token (printed when it started)"})json", "application/json");
      return;
    }
    WebRequest asked{request.method, request.path, request.body, {}};
    for (const auto& [key, value] : request.params) asked.query[key] = value;
    const WebResponse answer = api.handle(asked);
    response.status = answer.status;
    response.set_content(answer.body, answer.content_type);
    if (!answer.download_name.empty()) response.set_header("Content-Disposition", "attachment; filename=\"" + answer.download_name + "\"");
  };
  for (const char* pattern : {"/api/.*"}) {
    server.Get(pattern, handler);
    server.Post(pattern, handler);
    server.Put(pattern, handler);
  }
  server.Get("/(|index.html|[a-z_-]+\\.(js|css))", [](const httplib::Request& request, httplib::Response& response) {
    const std::string path = request.path == "/" ? "/index.html" : request.path;
    const auto& files = embedded_files();
    const auto found = files.find(path);
    if (found == files.end()) {
      response.status = 404;
      return;
    }
    response.set_content(std::string(found->second), content_type_of(path));
  });
  server.set_exception_handler([](const httplib::Request&, httplib::Response& response, std::exception_ptr) {
    response.status = 500;
    response.set_content(R"json({"error":"internal error"})json", "application/json");
  });
  server.set_payload_max_length(kMaxBody);
}

}  // namespace

}  // namespace dipadj::cli

extern "C" BOOST_SYMBOL_EXPORT int dipadj_serve_http(std::uint32_t version, const dipadj::cli::HttpServing* serving);

extern "C" int dipadj_serve_http(std::uint32_t version, const dipadj::cli::HttpServing* serving) {
  using dipadj::cli::kHttpServingVersion;
  if (version != kHttpServingVersion || serving == nullptr || serving->api == nullptr) {
    std::cerr << "dipadj serve: its HTTP module is of another version (" << version << " asked, " << kHttpServingVersion
              << " here); reinstall dipadj\n";
    return 1;
  }
  try {
    httplib::Server server;
    dipadj::cli::serve_api(server, *serving->api, serving->token);
    const std::string& host = serving->host;
    const int port = serving->port;
    const int bound = port == 0 ? server.bind_to_any_port(host) : (server.bind_to_port(host, port) ? port : -1);
    if (bound < 0) {
      std::cerr << "dipadj serve: cannot listen on " << host << ":" << port << " (in use, or not this machine's address)\n";
      return 1;
    }
    std::cout << "dipadj serve: http://" << host << ":" << bound << "/" << (serving->token.empty() ? "" : "?token=" + serving->token)
              << " (games in " << serving->games_folder << ")" << std::endl;
    return server.listen_after_bind() ? 0 : 1;
  } catch (const std::exception& e) {  // no exception may cross into the program that loaded the module
    std::cerr << "dipadj serve: " << e.what() << "\n";
    return 1;
  }
}
