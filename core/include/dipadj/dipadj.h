/* dipadj's C interface: adjudicate a Diplomacy phase from any language that can call C (Python's
 * ctypes, Rust, Go, Java's FFM, C# P/Invoke, ...). Games go in as JSON text (the game file of
 * docs/game-format.md with the same keys) and results come out as JSON text (the object that
 * `dipadj adjudicate --json` prints; docs/game-format.md). docs/embedding.md shows it
 * at work.
 *
 * Errors are returned, never thrown: a function that fails returns NULL and, when `error` is not
 * NULL, sets *error to a message (file:line: cause, one per line) that the caller frees with
 * dipadj_free. On success *error is set to NULL. Every string returned is the caller's, to free
 * with dipadj_free. All strings are UTF-8. */
#ifndef DIPADJ_DIPADJ_H
#define DIPADJ_DIPADJ_H

#if defined(__GNUC__)
#define DIPADJ_C_API __attribute__((visibility("default")))
#else
#define DIPADJ_C_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version, "0.2.0": a static string, not to be freed. */
DIPADJ_C_API const char* dipadj_version(void);

/* Adjudicates the phase of one game given as JSON, e.g.
 *   {"format": "dipadj-game/1", "variant": "standard", "phase": "Spring 1901 Movement",
 *    "orders": {"France": ["A Par - Bur"]}}
 * and returns the results as JSON; NULL on failure (not JSON, unknown variant, a unit where it
 * cannot stand, text that is no order, ...). Orders that are orders but cannot be carried out
 * are no failure: the results report them illegal, with the reason. Loads the variant each time:
 * for many games, use a session. */
DIPADJ_C_API char* dipadj_adjudicate_json(const char* game_json, char** error);

/* A session keeps the variants it has loaded, so that many games of the same variant load it
 * once. `variant` (a bundled variant's name or a path to a variant directory; may be NULL) is
 * loaded at once, so that a broken variant fails here, and is the variant of the games that name
 * none. A session may be used by several threads at once. */
typedef struct dipadj_session dipadj_session;
DIPADJ_C_API dipadj_session* dipadj_open(const char* variant, char** error);
DIPADJ_C_API char* dipadj_adjudicate_json_with(dipadj_session* session, const char* game_json, char** error);
/* Ends a session (NULL is allowed). */
DIPADJ_C_API void dipadj_close(dipadj_session* session);

/* Frees a string returned by this interface (NULL is allowed). */
DIPADJ_C_API void dipadj_free(char* text);

#ifdef __cplusplus
}
#endif

#endif /* DIPADJ_DIPADJ_H */
