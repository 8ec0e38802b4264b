// The C interface (dipadj/dipadj.h): results as the CLI's JSON, and every kind of bad input
// answered with an error message, never a crash or an exception.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "dipadj/dipadj.h"

namespace {

const char* const kOpening = R"({
  "format": "dipadj-game/1",
  "variant": "standard",
  "phase": "Spring 1901 Movement",
  "units": {
    "France": ["F Brest", "A Paris", "A Marseilles"],
    "Germany": ["F Kiel", "A Berlin", "A Munich"],
    "Italy": ["F Naples", "A Rome", "A Venice"]
  },
  "orders": {
    "France": ["A Par - Bur", "A Mar S A Par - Bur", "F Bre - Mao"],
    "Germany": ["A Mun - Bur"],
    "Italy": ["A Ven - Gre"]
  }
})";

// What a call gave back: the result or the error, as strings the test owns.
struct Answer {
  bool ok = false;
  std::string result;
  std::string error;
};

Answer take(char* result, char* error) {
  Answer answer{result != nullptr, result ? result : "", error ? error : ""};
  dipadj_free(result);
  dipadj_free(error);
  return answer;
}

Answer adjudicate(const char* game) {
  char* error = nullptr;
  char* result = dipadj_adjudicate_json(game, &error);
  return take(result, error);
}

Answer adjudicate(const std::string& game) { return adjudicate(game.c_str()); }

Answer adjudicate_with(dipadj_session* session, const std::string& game) {
  char* error = nullptr;
  char* result = dipadj_adjudicate_json_with(session, game.c_str(), &error);
  return take(result, error);
}

nlohmann::json order_entry(const nlohmann::json& result, const std::string& order) {
  for (const auto& entry : result.at("orders"))
    if (entry.value("order", nlohmann::json()) == order) return entry;
  return nullptr;
}

TEST(CApi, AdjudicatesAStandardGame) {
  const Answer answer = adjudicate(kOpening);
  ASSERT_TRUE(answer.ok) << answer.error;
  EXPECT_TRUE(answer.error.empty());
  const auto result = nlohmann::json::parse(answer.result);
  EXPECT_EQ(result["phase"], "Spring 1901 Movement");
  EXPECT_EQ(order_entry(result, "A Paris - Burgundy")["result"], "succeeds");
  EXPECT_EQ(order_entry(result, "A Paris - Burgundy")["written"], "A Par - Bur");
  EXPECT_EQ(order_entry(result, "A Munich - Burgundy")["result"], "fails");
  EXPECT_EQ(order_entry(result, "A Venice - Greece")["result"], "illegal");
  EXPECT_EQ(result["units"]["France"], nlohmann::json::parse(R"(["A Burgundy", "A Marseilles", "F Mid-Atlantic Ocean"])"));
  EXPECT_EQ(result["next_phase"], "Fall 1901 Movement");
  EXPECT_FALSE(result.contains("winner"));
  // Compact: one line, as a stream of results wants it.
  EXPECT_EQ(answer.result.find('\n'), std::string::npos);
}

// A variant's calendar names the phases (variants/two-marches: years by five, adjustments every
// other season): in the game read and in the results.
TEST(CApi, AdjudicatesInTheVariantsCalendar) {
  const Answer answer = adjudicate(R"({"format": "dipadj-game/1", "variant": "two-marches", "phase": "1430 Movement",
    "units": {"North": ["A Midland"], "South": ["A Southmark"]}, "supply_centres": {"North": ["Northmark"], "South": ["Southmark"]},
    "orders": {"North": ["A Midland Hold"]}})");
  ASSERT_TRUE(answer.ok) << answer.error;
  const auto result = nlohmann::json::parse(answer.result);
  EXPECT_EQ(result["phase"], "1430 Movement");
  EXPECT_EQ(result["next_phase"], "1430 Adjustments");
  const Answer wrong = adjudicate(R"({"format": "dipadj-game/1", "variant": "two-marches", "phase": "Spring 1430 Movement"})");
  EXPECT_FALSE(wrong.ok);
  EXPECT_NE(wrong.error.find("cannot read the phase (e.g. '1425 Movement'"), std::string::npos) << wrong.error;
}

TEST(CApi, ReportsTheVersion) { EXPECT_STREQ(dipadj_version(), "0.2.0"); }

TEST(CApi, NullIsAnError) {
  Answer answer = adjudicate(static_cast<const char*>(nullptr));
  EXPECT_FALSE(answer.ok);
  EXPECT_NE(answer.error.find("NULL"), std::string::npos) << answer.error;
  // Without a place for the message, the call still fails cleanly.
  EXPECT_EQ(dipadj_adjudicate_json(nullptr, nullptr), nullptr);
  EXPECT_EQ(dipadj_adjudicate_json("{", nullptr), nullptr);
  answer = adjudicate_with(nullptr, kOpening);
  EXPECT_FALSE(answer.ok);
  EXPECT_NE(answer.error.find("session"), std::string::npos) << answer.error;
  dipadj_close(nullptr);
  dipadj_free(nullptr);
}

// A game over a game file's 64 MB is refused before it is parsed, with or without a session.
TEST(CApi, AGameOverTheLimitIsRefusedUnread) {
  std::string huge = kOpening;
  huge.insert(huge.rfind('}'), ",\"note\":\"" + std::string(std::size_t{64} << 20U, 'a') + "\"");
  Answer answer = adjudicate(huge);
  EXPECT_FALSE(answer.ok);
  EXPECT_EQ(answer.error, "<game JSON>: the game JSON is over 64 MB, the most a game file may have; it was not read");
  dipadj_session* session = dipadj_open("standard", nullptr);
  ASSERT_NE(session, nullptr);
  answer = adjudicate_with(session, huge);
  EXPECT_FALSE(answer.ok);
  EXPECT_NE(answer.error.find("over 64 MB"), std::string::npos) << answer.error;
  EXPECT_TRUE(adjudicate_with(session, kOpening).ok);
  dipadj_close(session);
}

TEST(CApi, TextThatIsNotJsonIsAnError) {
  for (const char* text : {"", "hello", "{", "{\"format\": }", "[1, 2,]", "{} {}",
                           "format: dipadj-game/1\nvariant: standard\n",  // YAML, not JSON
                           "{\"format\": \"dipadj-game/1\", \"variant\": \"standard\", \"orders\": {\"France\": [\"A Par \xff\"]}}"}) {
    const Answer answer = adjudicate(text);
    EXPECT_FALSE(answer.ok) << text;
    EXPECT_NE(answer.error.find("<game JSON>"), std::string::npos) << answer.error;
    EXPECT_NE(answer.error.find("not JSON"), std::string::npos) << text << "\n" << answer.error;
  }
  const Answer where = adjudicate("{\n  \"format\": \"dipadj-game/1\",\n  \"variant\": standard\n}");
  EXPECT_NE(where.error.find("<game JSON>:3:"), std::string::npos) << where.error;
}

TEST(CApi, JsonThatIsNoGameIsAnError) {
  const std::pair<const char*, const char*> cases[] = {
      {"[]", "a game file must be a mapping"},
      {"{\"variant\": \"standard\"}", "missing 'format: dipadj-game/1'"},
      {"{\"format\": \"dipadj-game/1\"}", "variant"},
      {"{\"format\": \"dipadj-game/1\", \"variant\": \"atlantis\"}", "cannot load variant 'atlantis'"},
      {"{\"format\": \"dipadj-game/1\", \"variant\": \"standard\", \"units\": {\"France\": [\"A Atlantis\"]}}", "Atlantis"},
      {"{\"format\": \"dipadj-game/1\", \"variant\": \"standard\", \"units\": {\"France\": [\"A English Channel\"]}}", "English Channel"},
      {"{\"format\": \"dipadj-game/1\", \"variant\": \"standard\", \"orders\": {\"France\": [\"dance\"]}}", "order 'dance'"},
      {"{\"format\": \"dipadj-game/1\", \"variant\": \"standard\", \"orders\": {\"France\": [[\"A Par - Bur\"]]}}", "an order must be text"},
      {"{\"format\": \"dipadj-game/1\", \"variant\": \"standard\", \"colour\": \"blue\"}", "unknown key 'colour'"},
      {"{\"format\": \"dipadj-game/1\", \"variant\": \"standard\", \"winner\": \"France\"}", "the game is over"},
  };
  for (const auto& [text, expected] : cases) {
    const Answer answer = adjudicate(text);
    EXPECT_FALSE(answer.ok) << text;
    EXPECT_NE(answer.error.find(expected), std::string::npos) << text << "\n" << answer.error;
  }
}

// Ten megabytes of anything: refused with a message, in bounded depth and without a crash.
TEST(CApi, TenMegabytesOfBadInputAreErrors) {
  const std::size_t size = 10u << 20;
  EXPECT_FALSE(adjudicate(std::string(size, 'x')).ok);
  const Answer deep = adjudicate(std::string(size / 2, '[') + std::string(size / 2, ']'));
  EXPECT_FALSE(deep.ok);
  EXPECT_NE(deep.error.find("nested more than"), std::string::npos) << deep.error.substr(0, 200);
  const Answer long_order = adjudicate(R"({"format": "dipadj-game/1", "variant": "standard", "orders": {"France": [")" +
                                       std::string(size, 'A') + "\"]}}");
  EXPECT_FALSE(long_order.ok);
  EXPECT_NE(long_order.error.find("order '"), std::string::npos) << long_order.error.substr(0, 200);
  // A megabyte of legal JSON and a game: a hundred thousand orders, all for A Paris to hold.
  std::string many_orders = R"({"format": "dipadj-game/1", "variant": "standard", "units": {"France": ["A Paris"]},)"
                            R"( "orders": {"France": [)";
  while (many_orders.size() < size / 10) many_orders += "\"A Par H\", ";
  many_orders += "\"A Par H\"]}}";
  const Answer repeated = adjudicate(many_orders);
  ASSERT_TRUE(repeated.ok) << repeated.error.substr(0, 200);
  EXPECT_TRUE(nlohmann::json::accept(repeated.result));
}

TEST(CApi, ASessionLoadsItsVariantOnceAndPlaysManyGames) {
  char* error = nullptr;
  dipadj_session* session = dipadj_open("standard", &error);
  ASSERT_NE(session, nullptr) << (error ? error : "");
  EXPECT_EQ(error, nullptr);
  // A game that names no variant plays the session's.
  const std::string unnamed = R"({"format": "dipadj-game/1", "units": {"Germany": ["A Munich"]}, "orders": {"Germany": ["A Mun - Bur"]}})";
  for (int i = 0; i < 50; ++i) {
    Answer answer = adjudicate_with(session, kOpening);
    ASSERT_TRUE(answer.ok) << answer.error;
    EXPECT_EQ(answer.result, adjudicate(kOpening).result);
    answer = adjudicate_with(session, unnamed);
    ASSERT_TRUE(answer.ok) << answer.error;
    EXPECT_EQ(order_entry(nlohmann::json::parse(answer.result), "A Munich - Burgundy")["result"], "succeeds");
  }
  // One that names another variant plays that one.
  const Answer colonial = adjudicate_with(session, R"({"format": "dipadj-game/1", "variant": "colonial",)"
                                                    R"( "units": {"China": ["A Peking"]}})");
  ASSERT_TRUE(colonial.ok) << colonial.error;
  EXPECT_EQ(nlohmann::json::parse(colonial.result)["units"]["China"][0], "A Peking");
  // Bad input through a session is an error as well.
  const Answer bad = adjudicate_with(session, "{");
  EXPECT_FALSE(bad.ok);
  EXPECT_NE(bad.error.find("not JSON"), std::string::npos);
  dipadj_close(session);
}

TEST(CApi, ASessionOfAnUnknownVariantIsAnError) {
  char* error = nullptr;
  EXPECT_EQ(dipadj_open("atlantis", &error), nullptr);
  const Answer answer = take(nullptr, error);
  EXPECT_NE(answer.error.find("atlantis"), std::string::npos) << answer.error;
}

TEST(CApi, ASessionServesSeveralThreadsAtOnce) {
  dipadj_session* session = dipadj_open(nullptr, nullptr);
  ASSERT_NE(session, nullptr);
  const std::string expected = adjudicate(kOpening).result;
  std::vector<std::string> got(4);
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < got.size(); ++t)
    threads.emplace_back([&, t] {
      for (int i = 0; i < 20; ++i) {
        const Answer answer = adjudicate_with(session, kOpening);
        got[t] = answer.ok ? answer.result : answer.error;
        if (got[t] != expected) return;
      }
    });
  for (auto& thread : threads) thread.join();
  for (const auto& result : got) EXPECT_EQ(result, expected);
  dipadj_close(session);
}

}  // namespace
