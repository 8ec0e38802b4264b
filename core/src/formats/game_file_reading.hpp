#pragma once
// The game-file reader behind load_game_file and read_game_json, for the core's own callers (the
// C API) that need the context spelled out. Private to the core library.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>

#include "dipadj/formats/game_file.hpp"
#include "dipadj/rules/rules_loader.hpp"
#include "dipadj/document.hpp"

namespace dipadj {

class JsonLineParser;
class OrderReadingMemo;
class Position;
class Variant;
class VariantCache;
struct ParsedOrder;
struct Submission;

struct GameFileContext {
  VariantCache* variants = nullptr;     // loaded variants to reuse; none: each game loads its own
  std::filesystem::path directory;      // a relative variant path may name a directory beside the file
  std::string default_variant;          // the variant of a game that names none ("" : `variant` is required)
  RuleOverrides overrides;              // rules on top of the file's (optional)
  OrderReadingMemo* memo = nullptr;     // orders and units read before, for a reader of many games (optional)
  JsonLineParser* json_lines = nullptr;  // the JSON line reader such a reader keeps (optional)
};

// `file` names the text in messages; `root` is the parsed document (YAML or JSON).
Expected<GameFile> read_game_file(const std::string& file, const DocNode& root, const GameFileContext& context);

// What both readers of a game do alike (game_file.cpp, game_line_reading.cpp).
// A game of `variant` (named as the file names it), at the variant's start phase, with its rules;
// `memo` (if any) told the variant.
GameFile start_game_file(std::shared_ptr<const Variant> variant, std::string variant_name, OrderReadingMemo* memo);
// The variant's start: its units, for a game that gives none; its centres' owners, for a game
// that gives none.
void place_start_units(const Variant& variant, Position& position);
void set_start_owners(const Variant& variant, Position& position);
// An order written as `text` for `power` in its order set `set`, read as `parsed` (an order, or
// its readings when it is unclear), kept in `submission`, its text in the game's order texts.
void keep_written_order(const ParsedOrder& parsed, PowerId power, std::uint16_t set, std::string_view text, Submission& submission,
                        GameFile& game);

// JSON text, checked as strict JSON first.
Expected<GameFile> read_game_json_with(std::string_view text, const std::string& name, const GameFileContext& context);

}  // namespace dipadj
