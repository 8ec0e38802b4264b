#pragma once
// The JSON API of `dipadj serve` (docs/serve.md), apart from any HTTP library: a request is a
// method, a path and a body, a response a status, a type and a body. Variants are read from the
// search path and the folders given, again at each request (a designer edits them meanwhile);
// games live in folders under one games folder (service/game_folder.hpp). Every answer is the
// core's own JSON: game files, results as `dipadj adjudicate --json` prints them, histories.
// Safe to call from several threads at once; the requests on one game run one at a time.
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace dipadj {

struct WebRequest {
  std::string method;  // "GET", "POST", "PUT"
  std::string path;    // "/api/games/g1/adjudicate"
  std::string body;
  std::map<std::string, std::string> query;
};

struct WebResponse {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::string download_name;  // when not empty: the body is a file to save under this name
};

struct WebApiSettings {
  std::vector<std::filesystem::path> variant_folders;  // variants given besides those on the search path
  std::filesystem::path games_folder;                  // where games are created and kept
  // Where test cases are looked for (the DATC folder): each variant's are the case files below
  // that name it, and those in its own folder's `cases/` (service/variant_cases.hpp).
  std::vector<std::filesystem::path> case_folders;
  // Game folders given besides the games folder's (a folder with a game.yaml), each a game named
  // as its folder.
  std::vector<std::filesystem::path> game_folders;
};

class WebApi {
 public:
  explicit WebApi(WebApiSettings settings);
  WebApi(const WebApi&) = delete;
  WebApi& operator=(const WebApi&) = delete;
  ~WebApi();

  // Never throws: a failure inside is a 500 answer with its message.
  [[nodiscard]] WebResponse handle(const WebRequest& request);

 private:
  struct State;
  std::unique_ptr<State> state_;
};

}  // namespace dipadj
