// The C interface (dipadj/dipadj.h): a thin client of the core's game-file reader, play_phase and
// the phase's JSON model. Nothing may leave it as a C++ exception: each entry point catches
// everything and turns it into an error message.
#include "dipadj/dipadj.h"

#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <vector>

#include "formats/game_file_reading.hpp"
#include "service/line_memory.hpp"
#include "dipadj/formats/phase_json.hpp"
#include "dipadj/plugin/rule_script_error.hpp"
#include "dipadj/variant/variant.hpp"
#include "dipadj/loading/variant_loader.hpp"
#include "dipadj/version.hpp"

struct dipadj_session {
  dipadj::VariantCache variants;
  std::string default_variant;
  // What calls keep from game to game (the orders and units read before, most repeating; the
  // movement adjudicator), one per call running at a time: a call takes an idle one, or makes one,
  // and gives it back. Threads share a session without waiting on each other's work; the lock
  // guards the list only.
  std::mutex idle_mutex;
  std::vector<std::unique_ptr<dipadj::LineMemory>> idle_memories;
};

namespace {

// A copy the C caller frees with dipadj_free (free); NULL when memory is short.
char* c_string(const std::string& text) {
  auto* out = static_cast<char*>(std::malloc(text.size() + 1));
  if (out) std::memcpy(out, text.c_str(), text.size() + 1);
  return out;
}

void set_error(char** error, const std::string& message) {
  if (error) *error = c_string(message);
}

std::string without_last_newline(std::string text) {
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

// The results of a played phase as the caller's C string (dipadj_free), or NULL with the reason
// in *error.
char* results_text(const dipadj::PlayedPhase& phase, char** error) {
  char* out = c_string(dipadj::phase_json_text(phase));
  if (!out) set_error(error, "out of memory");
  return out;
}

// The results of the game's phase as JSON, or NULL with the reason in *error: a call without a
// session (a session's calls play through its kept memory, LineMemory::play).
char* adjudicate(const char* game_json, const dipadj::GameFileContext& context, char** error) {
  if (!game_json) {
    set_error(error, "no game: the game JSON is NULL");
    return nullptr;
  }
  auto loaded = dipadj::read_game_json_with(game_json, "<game JSON>", context);
  if (!loaded) {
    set_error(error, without_last_newline(dipadj::format_diagnostics(loaded.errors())));
    return nullptr;
  }
  const dipadj::GameFile& game = loaded.value();
  const auto played = dipadj::play_game_file(game, "<game JSON>");
  if (!played) {
    set_error(error, without_last_newline(dipadj::format_diagnostics(played.errors())));
    return nullptr;
  }
  return results_text(dipadj::played_phase(game, played.value()), error);
}

// What a session keeps for one call: taken from the idle ones (or made) and given back when the
// call ends, whatever way it ends.
class BorrowedMemory {
 public:
  explicit BorrowedMemory(dipadj_session& session) : session_(session) {
    const std::lock_guard lock(session_.idle_mutex);
    if (!session_.idle_memories.empty()) {
      memory_ = std::move(session_.idle_memories.back());
      session_.idle_memories.pop_back();
    }
    if (!memory_) memory_ = std::make_unique<dipadj::LineMemory>();
  }
  ~BorrowedMemory() {
    try {
      const std::lock_guard lock(session_.idle_mutex);
      session_.idle_memories.push_back(std::move(memory_));
    } catch (...) {  // no memory to keep it: it goes, the next call makes another
    }
  }
  BorrowedMemory(const BorrowedMemory&) = delete;
  BorrowedMemory& operator=(const BorrowedMemory&) = delete;
  dipadj::LineMemory& get() { return *memory_; }

 private:
  dipadj_session& session_;
  std::unique_ptr<dipadj::LineMemory> memory_;
};

// Runs `body`, turning any exception into an error message and `failed`.
template <class Result, class Body>
Result guarded(char** error, Result failed, Body body) noexcept {
  try {
    if (error) *error = nullptr;
    return body();
  } catch (const dipadj::RuleScriptError& e) {  // a rule of the variant failed outside the phase's adjudication
    set_error(error, e.where().to_string());
  } catch (const std::bad_alloc&) {
    set_error(error, "out of memory");
  } catch (const std::exception& e) {
    set_error(error, std::string("internal error: ") + e.what());
  } catch (...) {
    set_error(error, "internal error");
  }
  return failed;
}

}  // namespace

extern "C" {

const char* dipadj_version(void) { return dipadj::version(); }

char* dipadj_adjudicate_json(const char* game_json, char** error) {
  return guarded<char*>(error, nullptr, [&] { return adjudicate(game_json, dipadj::GameFileContext{}, error); });
}

dipadj_session* dipadj_open(const char* variant, char** error) {
  return guarded<dipadj_session*>(error, nullptr, [&]() -> dipadj_session* {
    auto session = std::make_unique<dipadj_session>();
    if (variant) {
      auto loaded = session->variants.find(variant);
      if (!loaded) {
        set_error(error, without_last_newline(dipadj::format_diagnostics(loaded.errors())));
        return nullptr;
      }
      session->default_variant = variant;
    }
    return session.release();
  });
}

char* dipadj_adjudicate_json_with(dipadj_session* session, const char* game_json, char** error) {
  return guarded<char*>(error, nullptr, [&]() -> char* {
    if (!session) {
      set_error(error, "no session: the session is NULL");
      return nullptr;
    }
    if (!game_json) {
      set_error(error, "no game: the game JSON is NULL");
      return nullptr;
    }
    BorrowedMemory memory(*session);
    dipadj::GameFileContext context{&session->variants, {}, session->default_variant, {}};
    const auto played = memory.get().play(game_json, "<game JSON>", context);
    if (!played) {
      set_error(error, without_last_newline(dipadj::format_diagnostics(played.errors())));
      return nullptr;
    }
    return results_text(played->phase(), error);
  });
}

void dipadj_close(dipadj_session* session) { delete session; }

void dipadj_free(char* text) { std::free(text); }

}  // extern "C"
