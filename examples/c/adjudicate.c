/* Adjudicates the game files named on the command line (JSON, docs/game-format.md) with one
 * dipadj session, and prints each phase's results as one line of JSON. Exits 1 if any failed.
 * An example of embedding dipadj from C: see docs/embedding.md. */
#include <dipadj/dipadj.h>

#include <stdio.h>
#include <stdlib.h>

/* The whole file as a string (the caller frees it), or NULL. */
static char* read_file(const char* path) {
  FILE* in = fopen(path, "rb");
  if (!in) return NULL;
  size_t size = 0, capacity = 4096;
  char* text = malloc(capacity);
  size_t got;
  while (text && (got = fread(text + size, 1, capacity - size - 1, in)) > 0) {
    size += got;
    if (capacity - size - 1 == 0) {
      char* bigger = realloc(text, capacity *= 2);
      if (!bigger) free(text);
      text = bigger;
    }
  }
  fclose(in);
  if (text) text[size] = '\0';
  return text;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s GAME.json...\n", argv[0]);
    return 2;
  }
  char* error = NULL;
  /* No default variant: each game names its own; the session loads each variant once. */
  dipadj_session* session = dipadj_open(NULL, &error);
  if (!session) {
    fprintf(stderr, "%s\n", error);
    dipadj_free(error);
    return 1;
  }
  int failed = 0;
  for (int i = 1; i < argc; ++i) {
    char* game = read_file(argv[i]);
    if (!game) {
      fprintf(stderr, "%s: cannot read\n", argv[i]);
      failed = 1;
      continue;
    }
    char* result = dipadj_adjudicate_json_with(session, game, &error);
    free(game);
    if (result) {
      printf("%s\n", result);
      dipadj_free(result);
    } else {
      fprintf(stderr, "%s: %s\n", argv[i], error);
      dipadj_free(error);
      failed = 1;
    }
  }
  dipadj_close(session);
  return failed;
}
