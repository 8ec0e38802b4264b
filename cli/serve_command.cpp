// dipadj serve: the page and the JSON API (service/web_api.hpp) over HTTP, with cpp-httplib. This
// file only carries requests and answers; what they mean is the core's.
#include <httplib.h>

#include <boost/program_options.hpp>

#include <filesystem>
#include <iostream>
#include <map>
#include <random>
#include <string_view>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/installation.hpp"
#include "dipadj/service/web_api.hpp"

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

std::string random_token() {
  std::random_device device;
  std::string token;
  for (int k = 0; k < 32; ++k) token += "0123456789abcdef"[device() % 16];
  return token;
}

bool is_loopback(const std::string& host) { return host == "127.0.0.1" || host == "localhost" || host == "::1"; }

// A folder given as it is named from anywhere: absolute, with no "." or "..", no trailing "/".
std::filesystem::path plain_folder(const std::string& name) {
  std::filesystem::path folder = std::filesystem::absolute(name).lexically_normal();
  return folder.filename().empty() ? folder.parent_path() : folder;
}

// Every folder given holds a variant (the page shows it beside the bundled ones) or a game (a
// game.yaml, with its history.json if one was kept: the page shows it beside the games folder's).
bool sort_folders(const std::vector<std::string>& given, std::vector<std::filesystem::path>& variants,
                  std::vector<std::filesystem::path>& games) {
  for (const auto& name : given) {
    std::error_code ec;
    const std::filesystem::path folder = plain_folder(name);
    if (std::filesystem::is_regular_file(folder / "variant.yaml", ec)) {
      variants.push_back(folder);
    } else if (std::filesystem::is_regular_file(folder / "game.yaml", ec)) {
      games.push_back(folder);
    } else {
      std::cerr << "dipadj serve: " << name << " is neither a variant folder nor a game folder (no variant.yaml or game.yaml in it)\n";
      return false;
    }
  }
  return true;
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

int run_serve(const std::vector<std::string>& args) {
  CommandLine line{"serve",
                   "Starts a local web page for designers and game masters: variants with their maps and problems, games "
                   "played phase by phase with undo (docs/serve.md). Stop it with Ctrl-C.",
                   {{"FOLDER...", "variant folders to show besides the bundled ones, and game folders (a game.yaml and its history.json) to "
                     "show besides the games folder's", true, false}}};
  line.options.add_options()("help,h", "show this help")("port", po::value<int>()->default_value(8080), "the port (0: any free one)")(
      "host", po::value<std::string>()->default_value("127.0.0.1"),
      "the address to listen on; other than this machine's, every request must carry the token printed at the start")(
      "games", po::value<std::string>()->default_value("dipadj-games"), "the folder where games are kept (made when missing)")(
      "cases", po::value<std::vector<std::string>>(),
      "a folder of test cases (DATC style) to show each variant's from (repeatable; default: the bundled DATC folder)");
  po::variables_map vm;
  if (const auto status = line.parse(args, vm)) return *status;
  std::vector<std::filesystem::path> variant_folders, game_folders;
  if (vm.count("folder") && !sort_folders(vm["folder"].as<std::vector<std::string>>(), variant_folders, game_folders)) return 1;
  const std::string host = vm["host"].as<std::string>(), games = vm["games"].as<std::string>();
  const int port = vm["port"].as<int>();
  if (port < 0 || port > 65535) {
    std::cerr << "dipadj serve: --port " << port << " is not a port (0 to 65535)\n";
    return 2;
  }
  std::error_code ec;
  std::filesystem::create_directories(games, ec);
  if (ec || !std::filesystem::is_directory(games, ec)) {
    std::cerr << "dipadj serve: cannot use " << games << " as the games folder\n";
    return 1;
  }
  std::vector<std::filesystem::path> case_folders;
  for (const auto& folder : vm.count("cases") ? vm["cases"].as<std::vector<std::string>>() : std::vector<std::string>{installation().datc.string()})
    case_folders.push_back(std::filesystem::absolute(folder));
  WebApi api(WebApiSettings{variant_folders, std::filesystem::absolute(games), case_folders, game_folders});
  const std::string token = is_loopback(host) ? std::string() : random_token();
  httplib::Server server;
  serve_api(server, api, token);
  const int bound = port == 0 ? server.bind_to_any_port(host) : (server.bind_to_port(host, port) ? port : -1);
  if (bound < 0) {
    std::cerr << "dipadj serve: cannot listen on " << host << ":" << port << " (in use, or not this machine's address)\n";
    return 1;
  }
  std::cout << "dipadj serve: http://" << host << ":" << bound << "/" << (token.empty() ? "" : "?token=" + token)
            << " (games in " << std::filesystem::absolute(games).string() << ")" << std::endl;
  return server.listen_after_bind() ? 0 : 1;
}

}  // namespace dipadj::cli
