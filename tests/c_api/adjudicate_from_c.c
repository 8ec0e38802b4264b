/* The C interface used from C (compiled as C11, not C++): a Standard opening goes in as JSON and
 * its results come out; bad input gives an error message. Exits 0 when all holds. */
#include <dipadj/dipadj.h>

#include <stdio.h>
#include <string.h>

static const char* const game =
    "{\"format\": \"dipadj-game/1\", \"variant\": \"standard\", \"phase\": \"Spring 1901 Movement\","
    " \"units\": {\"France\": [\"A Paris\"], \"Germany\": [\"A Munich\"]},"
    " \"orders\": {\"France\": [\"A Par - Bur\"], \"Germany\": [\"A Mun - Ruh\"]}}";

int main(void) {
  char* error = NULL;
  char* result = dipadj_adjudicate_json(game, &error);
  if (!result) {
    fprintf(stderr, "adjudication failed: %s\n", error ? error : "(no message)");
    dipadj_free(error);
    return 1;
  }
  const int moved = strstr(result, "\"order\":\"A Paris - Burgundy\"") != NULL &&
                    strstr(result, "\"next_phase\":\"Fall 1901 Movement\"") != NULL;
  printf("%s\n", result);
  dipadj_free(result);
  if (!moved) {
    fprintf(stderr, "the results do not say that A Paris moved to Burgundy\n");
    return 1;
  }
  result = dipadj_adjudicate_json("not json", &error);
  if (result || !error) {
    fprintf(stderr, "text that is not JSON was not refused\n");
    return 1;
  }
  fprintf(stderr, "refused as expected: %s\n", error);
  dipadj_free(error);
  return 0;
}
