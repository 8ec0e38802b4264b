#!/usr/bin/env python3
"""dipadj serve's JSON API driven over HTTP (issue 31): a server on a free port, a games folder
and a broken variant of its own; a Standard game created, orders checked and entered,
adjudicated (missing orders refused, then allowed; a repeated request refused), pictured, its
history read, taken back once (an undo that would lose entered orders and a repeated undo refused); a variant's test cases listed and one
shown (Colonial's from the DATC folder, a variant's own from its cases/ folder, one failing);
the limits and the token; the program without its HTTP module.

Usage: check_api.py DIPADJ SOURCE_DIR
"""
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request

failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAILED:", what)


def download(base, path):
    """A file to save: its status, text and the name the server gives it."""
    try:
        with urllib.request.urlopen(base + path, timeout=30) as response:
            return response.status, response.read().decode(), response.headers.get("Content-Disposition", "")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), ""


def call(base, method, path, body=None, headers=None, raw=None):
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            text = response.read().decode()
            status = response.status
            kind = response.headers.get("Content-Type", "")
    except urllib.error.HTTPError as error:
        text, status, kind = error.read().decode(), error.code, error.headers.get("Content-Type", "")
    return status, (json.loads(text) if kind.startswith("application/json") and text else text)


def start(dipadj, work, *arguments):
    server = subprocess.Popen([dipadj, "serve", "--port", "0", "--games", str(work / "games"), *arguments],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    line = server.stdout.readline()
    if "http://" not in line:
        server.kill()
        sys.exit(f"the server did not start: {line}{server.stdout.read()}")
    url = line.split()[2]
    return server, url.split("?")[0].rstrip("/"), (url.split("token=")[1] if "token=" in url else None)


def broken_variant(source, work):
    """The Standard variant with a border to a province that does not exist."""
    folder = work / "broken"
    shutil.copytree(source / "variants" / "standard", folder, ignore=shutil.ignore_patterns("examples"))
    text = (folder / "map.yaml").read_text()
    text = text.replace("army: [bre, pic, bur, gas]", "army: [bre, pic, bur, gas, atlantis]", 1)
    (folder / "map.yaml").write_text(text)
    return folder


def trap_variant(source, work):
    """The Standard variant with a pit: a province entered from Burgundy by a one-way border, and
    left by none (it plays, with two warnings: the trap, and no shape for it in the artwork)."""
    folder = work / "trap"
    shutil.copytree(source / "variants" / "standard", folder, ignore=shutil.ignore_patterns("examples"))
    with open(folder / "map.yaml", "a") as out:
        out.write("  - id: pit\n    name: Pit\n    at: [300, 300]\n    kind: land\none_way:\n  - {army: [bur, pit]}\n")
    return folder


def own_variant(source, work):
    """The Standard variant under another name, with test cases of its own: one that passes, one that fails."""
    folder = work / "mine"
    shutil.copytree(source / "variants" / "standard", folder, ignore=shutil.ignore_patterns("examples"))
    (folder / "cases").mkdir()
    (folder / "cases" / "own.yaml").write_text("""format: dipadj-cases/1
source: check_api.py
variant: ..
cases:
  - id: own.1
    title: A move that succeeds
    units:
      France: [A Paris]
    orders:
      France:
        - A Paris - Burgundy: succeeds
    expect_units:
      France: [A Burgundy]
  - id: own.2
    title: A case expecting what does not happen
    units:
      France: [A Paris]
    orders:
      France:
        - A Paris - Picardy: fails
    expect_units:
      France: [A Paris]
""")
    return folder


def test_cases(base):
    status, listed = call(base, "GET", "/api/variants/colonial/cases")
    cases = listed.get("cases", []) if status == 200 else []
    check(status == 200 and len(cases) >= 10 and all(c.get("passed") for c in cases)
          and {c["file"] for c in cases} >= {"v2.4/7.A.yaml", "v2.4/7.D.yaml"} and listed["failed"] == 0,
          f"Colonial's cases are listed, all passing: {status} {len(cases)} {listed.get('failed')}")
    status, one = call(base, "GET", "/api/variants/colonial/cases/7.A.1?file=v2.4/7.A.yaml")
    phases = one.get("phases", []) if status == 200 else []
    check(status == 200 and one["passed"] and len(phases) == 2 and all("<svg" in p["before"] and "<svg" in p["after"] for p in phases)
          and phases[0]["orders"][0] == {"power": "China", "order": "A Canton - Hong Kong", "expected": "succeeds",
                                        "result": "succeeds", "reason": phases[0]["orders"][0]["reason"]}
          and phases[0]["results"]["phase"] == "Fall 1870 Movement",
          f"a case is shown with its pictures, orders and results: {status} {str(one)[:300]}")
    status, _ = call(base, "GET", "/api/variants/colonial/cases/7.A.1?file=../../etc/passwd")
    check(status == 404, "a case file that is not listed is not read")
    status, mine = call(base, "GET", "/api/variants/mine/cases")
    verdicts = {c["id"]: c.get("passed") for c in mine.get("cases", [])}
    check(status == 200 and verdicts == {"own.1": True, "own.2": False} and mine["cases"][0]["file"] == "cases/own.yaml",
          f"a variant's own cases/ folder is its only cases when no DATC file names it: {status} {verdicts}")
    status, failing = call(base, "GET", "/api/variants/mine/cases/own.2?file=cases/own.yaml")
    row = failing["phases"][0]["orders"][0] if status == 200 else {}
    check(status == 200 and not failing["passed"] and row.get("expected") == "fails" and row.get("result") == "succeeds"
          and failing["phases"][0]["expected"]["units"] == {"France": ["A Paris"]}
          and failing["phases"][0]["results"]["units"] == {"France": ["A Picardy"]} and "<svg" in failing["phases"][0]["expected_after"]
          and failing["differences"],
          f"a failing case shows what it expects beside what came: {status} {str(failing)[:400]}")


def game_flow(base):
    status, listed = call(base, "GET", "/api/variants")
    check(status == 200 and any(v["id"] == "standard" for v in listed["variants"]), "the bundled variants are listed")
    status, rules = call(base, "GET", "/api/variants/standard/rules")
    paradox = next((o for o in rules.get("options", []) if o["key"] == "convoy_paradox"), {})
    check(status == 200 and "rulebook-2023" in rules["profiles"] and paradox.get("issue") == "4.A.2"
          and any(c["name"] == "szykman" for c in paradox.get("choices", [])), "the rule options are listed with their choices")
    status, house = call(base, "POST", "/api/games", {"name": "g0", "variant": "standard", "profile": "dptg",
                                                    "rules": {"last_year": 1910}})
    # The game file keeps what the profile chose, option by option, and the house rule.
    house_rules = house.get("rules", {}) if status == 200 else {}
    check(house_rules.get("convoy_paradox") == "dptg" and str(house_rules.get("last_year")) == "1910",
          f"a game is created with a profile and house rules: {status} {house_rules}")
    status, created = call(base, "POST", "/api/games", {"name": "g1", "variant": "standard"})
    check(status == 200 and created["phase"] == "Spring 1901 Movement", f"a game is created: {status} {created}")
    status, again = call(base, "POST", "/api/games", {"name": "g1", "variant": "standard"})
    check(status == 409, "a second game of one name is refused")
    status, lines = call(base, "POST", "/api/games/g1/check",
                         {"power": "France", "orders": ["A Par - Burgundyy", "A Mar - Mun", "xyz", "A Mun - Bur", "A Bu - Mun", "A Mar - Spian nc"]})
    check(status == 200, f"orders are checked: {status} {lines}")
    if status == 200:
        first, second, third, fourth, fifth, sixth = lines["lines"]
        check(first["read_as"] == "A Paris - Burgundy" and first["corrected"] and first["legal"], f"a misspelt order is read: {first}")
        check(second["legal"] is False and "reach" in second.get("reason", "") and second.get("did_you_mean", "").startswith("A Marseilles - "),
              f"an impossible move is not legal, with the judge's reason and the nearest legal order of the unit: {second}")
        check("unknown province 'xyz'" in third["error"], f"a line that is no order says why: {third}")
        check(fourth["legal"] is False and "belong" in fourth.get("reason", ""), f"an order for another power's unit says why: {fourth}")
        check(sixth["legal"] is True and sixth["read_as"] == "A Marseilles - Spain(nc)" and sixth.get("listed") is False
              and sixth.get("did_you_mean") == "A Marseilles - Spain", f"an order the judge follows as written is legal, the listed one named: {sixth}")
        check(fifth.get("error", "").startswith("unclear: it may mean "), f"an unclear order lists its meanings: {fifth}")
    status, legal = call(base, "GET", "/api/games/g1/legal?power=France")
    check(status == 200 and "A Paris - Burgundy" in legal["powers"]["France"]["units"]["A Paris"], f"the legal orders are listed: {status}")
    status, saved = call(base, "PUT", "/api/games/g1/orders", {"power": "France", "orders": ["A Par - Bur", "F Bre - Mao"]})
    check(status == 200 and saved["orders"]["France"] == ["A Par - Bur", "F Bre - Mao"], f"orders are entered: {status}")
    status, refused = call(base, "POST", "/api/games/g1/adjudicate", {"phase": "Spring 1901 Movement"})
    check(status == 409 and "France" not in refused.get("missing", ["France"]) and "Germany" in refused.get("missing", []),
          f"missing orders refuse the adjudication: {status} {refused}")
    status, results = call(base, "POST", "/api/games/g1/adjudicate", {"phase": "Spring 1901 Movement", "allow_missing": True})
    check(status == 200 and results["next_phase"] == "Fall 1901 Movement", f"the phase is adjudicated: {status}")
    status, repeated = call(base, "POST", "/api/games/g1/adjudicate", {"phase": "Spring 1901 Movement", "allow_missing": True})
    check(status == 409 and "adjudicated already" in repeated["error"], f"a repeated request is refused: {status} {repeated}")
    status, history = call(base, "GET", "/api/games/g1/history")
    check(status == 200 and [p["phase"] for p in history["phases"]] == ["Spring 1901 Movement"], "the history has the phase")
    status, picture = call(base, "GET", "/api/games/g1/picture.svg?phase=0")
    check(status == 200 and "<svg" in picture and "Burgundy" in picture, "the phase played is drawn")
    # Orders entered for Fall are not lost by an undo that does not say so.
    call(base, "PUT", "/api/games/g1/orders", {"power": "France", "orders": ["A Bur - Bel"]})
    status, kept = call(base, "POST", "/api/games/g1/undo", {"phase": "Fall 1901 Movement"})
    check(status == 409 and "undo would lose them" in kept["error"], f"an undo that would lose entered orders is refused: {status} {kept}")
    status, unnamed = call(base, "POST", "/api/games/g1/undo", {})
    check(status == 400, f"an undo that names no phase is refused: {status} {unnamed}")
    status, undone = call(base, "POST", "/api/games/g1/undo", {"phase": "Fall 1901 Movement", "drop_entered_orders": True})
    check(status == 200 and undone["phase"] == "Spring 1901 Movement", f"the phase is taken back: {status} {undone}")
    status, again = call(base, "POST", "/api/games/g1/undo", {"phase": "Fall 1901 Movement"})
    check(status == 409, "a repeated undo is refused")
    # A late save of orders written for Fall (the page's box left by the click on undo) is refused,
    # not put into Spring.
    status, late = call(base, "PUT", "/api/games/g1/orders", {"power": "France", "orders": ["A Bur - Bel"], "phase": "Fall 1901 Movement"})
    check(status == 409 and "the game is at Spring 1901 Movement, not Fall 1901 Movement" in late["error"],
          f"orders for a phase the game has left are refused: {status} {late}")
    status, game = call(base, "GET", "/api/games/g1")
    check(status == 200 and game["phase"] == "Spring 1901 Movement" and game["orders"]["France"] == ["A Par - Bur", "F Bre - Mao"],
          "the game is back at its phase, with its orders")
    status, saved = call(base, "PUT", "/api/games/g1/orders", {"power": "France", "orders": ["A Par - Bur", "F Bre - Mao"], "phase": "Spring 1901 Movement"})
    check(status == 200 and saved["orders"]["France"] == ["A Par - Bur", "F Bre - Mao"], f"orders naming the game's phase are saved: {status}")


def files_flow(base):
    """A game's files downloaded and uploaded again as another game; bad uploads refused with the reader's word."""
    status, spring, named = download(base, "/api/games/g1/game.yaml")
    check(status == 200 and "phase: Spring 1901 Movement" in spring and 'filename="g1.game.yaml"' in named,
          f"the game file is downloaded: {status} {named}")
    status, empty, _ = download(base, "/api/games/g1/history.json")
    check(status == 200 and json.loads(empty)["format"] == "dipadj-history/1" and json.loads(empty)["phases"] == [], "a history with no phase is downloaded")
    call(base, "POST", "/api/games/g1/adjudicate", {"phase": "Spring 1901 Movement", "allow_missing": True})
    _, fall, _ = download(base, "/api/games/g1/game.yaml")
    status, history, named = download(base, "/api/games/g1/history.json")
    check(status == 200 and '"Spring 1901 Movement"' in history and 'filename="g1.history.json"' in named, "the history is downloaded")
    status, copy = call(base, "POST", "/api/games", {"name": "g1copy", "game": fall, "history": history})
    check(status == 200 and copy["phase"] == "Fall 1901 Movement" and copy["history"] == 1, f"a game is uploaded with its history: {status} {copy}")
    status, results = call(base, "POST", "/api/games/g1copy/adjudicate", {"phase": "Fall 1901 Movement", "allow_missing": True})
    check(status == 200 and results["phase"] == "Fall 1901 Movement",
          f"the uploaded game goes on: {status} {str(results)[:200]}")
    status, bad = call(base, "POST", "/api/games", {"name": "bad1", "game": fall.replace("A Burgundy", "A Atlantis")})
    check(status == 400 and bad["problems"][0]["file"] == "game.yaml" and bad["problems"][0]["line"] > 0 and "atlantis" in bad["error"].lower(),
          f"an uploaded game file that does not read is refused with the reader's message: {status} {bad}")
    status, bad = call(base, "POST", "/api/games", {"name": "bad2", "game": spring, "history": history})
    check(status == 400 and bad["problems"][0]["file"] == "history.json", f"a history that does not lead to the game is refused: {status} {bad}")
    status, bad = call(base, "POST", "/api/games", {"name": "bad3", "game": spring.replace("variant: standard", "variant: /etc")})
    check(status == 400 and "not one this server shows" in bad["error"], f"a game of a variant not served is refused: {status} {bad}")
    status, bad = call(base, "POST", "/api/games", {"name": "bad4", "game": "{"})
    check(status == 400 and bad["problems"][0]["file"] == "game.yaml", f"a game file that is no YAML is refused: {status} {bad}")
    status, listed = call(base, "GET", "/api/games")
    check(not any(name.startswith("bad") for name in listed["games"]), f"refused uploads leave nothing: {listed}")


def given_game(base):
    """A game folder given on the command line is one of the games, played in its own folder."""
    status, listed = call(base, "GET", "/api/games")
    check(status == 200 and "given" in listed["games"], f"a game folder given is listed: {listed}")
    status, results = call(base, "POST", "/api/games/given/adjudicate", {"phase": "Spring 1901 Movement", "allow_missing": True})
    check(status == 200 and results["next_phase"] == "Fall 1901 Movement", f"it is adjudicated: {status}")
    return status


def limits(base):
    status, _ = call(base, "GET", "/api/games/..%2Fescape")
    check(status == 404, "a game name that leads out of the folder is not found")
    status, _ = call(base, "POST", "/api/games", {"name": "../escape", "variant": "standard"})
    check(status == 400, "a game name that leads out of the folder is refused")
    status, _ = call(base, "PUT", "/api/games/g1/orders", raw=b"x" * (2 << 20), headers={"Content-Type": "application/json"})
    check(status == 413, f"a body over the limit is refused with 413: {status}")
    status, _ = call(base, "PUT", "/api/games/g1/orders", raw=b"{not json", headers={"Content-Type": "application/json"})
    check(status == 400, "a body that is no JSON is refused")
    status, _ = call(base, "POST", "/api/games/g1/undo", {"phase": 3})
    check(status == 400, "a value of another kind than the one wanted is refused")
    status, _ = call(base, "PUT", "/api/games/g1/orders", {"power": "France", "orders": ["A Par - Bur"] * 501})
    check(status == 400, "too many orders are refused")


def main():
    dipadj, source = sys.argv[1], pathlib.Path(sys.argv[2])
    with tempfile.TemporaryDirectory() as name:
        work = pathlib.Path(name)
        (work / "given").mkdir()
        shutil.copy(source / "variants" / "standard" / "examples" / "spring-1901.yaml", work / "given" / "game.yaml")
        server, base, _ = start(dipadj, work, str(broken_variant(source, work)), str(own_variant(source, work)), str(trap_variant(source, work)),
                                str(work / "given"))
        try:
            status, page = call(base, "GET", "/")
            check(status == 200 and "<title>dipadj</title>" in page, "the page is served")
            status, problems = call(base, "GET", "/api/variants/broken/problems")
            messages = [f"{p['file']}:{p['line']}: {p['message']}" for p in problems.get("problems", [])]
            check(status == 200 and any("map.yaml:" in m and "atlantis" in m for m in messages),
                  f"a broken variant's problems name the file and line: {messages}")
            status, trap = call(base, "GET", "/api/variants/trap/problems")
            warnings = trap.get("warnings", [])
            check(status == 200 and trap["problems"] == [] and any("a unit that enters pit can never leave" in w for w in warnings)
                  and any("no shape for province 'pit'" in w for w in warnings),
                  f"a variant that plays with a one-way trap and a province missing from its artwork is warned of both: {trap}")
            status, standard = call(base, "GET", "/api/variants/standard/problems")
            check(status == 200 and standard["problems"] == [] and standard["warnings"] == [], f"the Standard variant has no warning: {standard}")
            test_cases(base)
            game_flow(base)
            files_flow(base)
            given_game(base)
            check("phase: Fall 1901 Movement" in (work / "given" / "game.yaml").read_text()
                  and (work / "given" / "history.json").exists(), "a game given is written in its own folder")
            limits(base)
        finally:
            server.terminate()
            server.wait(timeout=10)
        # Listening beyond this machine, every request must carry the token printed at the start.
        server, base, token = start(dipadj, work, "--host", "0.0.0.0")
        try:
            base = base.replace("0.0.0.0", "127.0.0.1")
            status, _ = call(base, "GET", "/api/games")
            check(token is not None and status == 403, "without the token, a request is refused")
            status, _ = call(base, "GET", "/api/games", headers={"X-Dipadj-Token": token or ""})
            check(status == 200, "with the token, it is answered")
        finally:
            server.terminate()
            server.wait(timeout=10)
        # The HTTP is a module the program loads (libdipadj-http): a program copied away from it
        # says so and where it looked, and so does one beside a file that is no such module.
        lone = work / "lone"
        lone.mkdir()
        shutil.copy(dipadj, lone / "dipadj")
        ran = subprocess.run([str(lone / "dipadj"), "serve", "--port", "0", "--games", str(work / "lone-games")],
                             capture_output=True, text=True, timeout=30)
        check(ran.returncode == 1 and "its HTTP module is missing" in ran.stderr and str(lone / "libdipadj-http") in ran.stderr
              and not (work / "lone-games").exists(), f"without its HTTP module, serve says where it looked: {ran.stderr}")
        (lone / "libdipadj-http.so").write_text("not a library")
        ran = subprocess.run([str(lone / "dipadj"), "serve", "--port", "0", "--games", str(work / "lone-games")],
                             capture_output=True, text=True, timeout=30)
        check(ran.returncode == 1 and "cannot load its HTTP module" in ran.stderr and "libdipadj-http.so" in ran.stderr,
              f"a file that is no HTTP module is refused, naming it: {ran.stderr}")
    if failures:
        print(f"{len(failures)} check(s) failed")
        sys.exit(1)
    print("serve API: every check passed")


if __name__ == "__main__":
    main()
