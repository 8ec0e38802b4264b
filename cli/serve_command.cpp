// dipadj serve: the page and the JSON API (service/web_api.hpp) over HTTP. This file reads the
// command's arguments and makes the core's WebApi; the HTTP is a module's (http_serving.hpp),
// loaded here.
#define BOOST_DLL_USE_STD_FS
#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/dll/shared_library.hpp>
#include <boost/program_options.hpp>

#if !defined(_WIN32)
#include <dlfcn.h>
#endif

#include <filesystem>
#include <iostream>
#include <optional>
#include <random>
#include <string_view>

#include "command_line.hpp"
#include "commands.hpp"
#include "dipadj/installation.hpp"
#include "dipadj/service/web_api.hpp"
#include "http_serving.hpp"

#if !defined(DIPADJ_HTTP_MODULE) || !defined(DIPADJ_INSTALLED_HTTP_MODULE_DIR)
#error "cli/CMakeLists.txt defines where the HTTP module is: DIPADJ_HTTP_MODULE, DIPADJ_INSTALLED_HTTP_MODULE_DIR"
#endif

namespace dipadj::cli {

namespace {

// The HTTP module, beside the program (its build tree) or where it is installed relative to it
// (bin/ -> lib/dipadj/), so that a moved install tree still serves. Empty, with why, when neither
// loads.
std::optional<boost::dll::shared_library> load_http_module(std::string& why) {
  std::error_code ec;
  const std::filesystem::path program = boost::dll::program_location(ec);
  if (ec) {
    why = "cannot tell where this program is (" + ec.message() + ")";
    return std::nullopt;
  }
  const std::filesystem::path beside = program.parent_path() / DIPADJ_HTTP_MODULE;
  const std::filesystem::path installed =
      (program.parent_path() / DIPADJ_INSTALLED_HTTP_MODULE_DIR / DIPADJ_HTTP_MODULE).lexically_normal();
  for (const auto& file : {beside, installed}) {
    if (!std::filesystem::exists(file, ec)) continue;
    boost::dll::shared_library module;
    module.load(file, ec, boost::dll::load_mode::default_mode);
    if (ec) {
      // The dynamic loader says why, naming the file; Boost.DLL's error code only says that it failed.
      why = "cannot load its HTTP module " + file.string() + ": " + ec.message();
#if !defined(_WIN32)
      if (const char* text = ::dlerror()) why = std::string("cannot load its HTTP module: ") + text;
#endif
      return std::nullopt;
    }
    if (!module.has(kHttpServingSymbol)) {
      why = file.string() + ": not dipadj's HTTP module (no '" + std::string(kHttpServingSymbol) + "' in it)";
      return std::nullopt;
    }
    return module;
  }
  why = "its HTTP module is missing: neither " + beside.string() + " nor " + installed.string() + " is there";
  return std::nullopt;
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
  std::string why;
  const auto module = load_http_module(why);
  if (!module) {
    std::cerr << "dipadj serve: " << why << "\n";
    return 1;
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
  const HttpServing serving{&api, host, port, token, std::filesystem::absolute(games).string()};
  return module->get<HttpServingFunction>(kHttpServingSymbol)(kHttpServingVersion, &serving);
}

}  // namespace dipadj::cli
