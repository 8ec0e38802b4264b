#!/usr/bin/env python3
"""Every input of the reliability reviews (the folders of the reviews made 2026-11-24 to
2026-11-26) run the way its README runs it, against the dipadj built here: each must end in a clear
error (exit 1 or 2, the file and the cause in the message, nothing lost or half written) or in
correct output, never in an abort, a hang or an exit 0 with lost data.

    check_folders.py DIPADJ SOURCE_DIR BUILD_DIR [FOLDER...]

The inputs are in tests/data/reliability/<folder>/ (copied from the review, paths made relative) or
made here (large ones, and those that are one line repeated). A folder whose check needs a tool
this machine lacks (strace, a C compiler) says so and counts as skipped; the run still fails if
any check fails. Each check has a generous time limit, a guard against hangs, not a speed test.
"""
import gzip
import json
import os
import pathlib
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

DIPADJ, SOURCE, BUILD = (pathlib.Path(a).resolve() for a in sys.argv[1:4])
ONLY = set(sys.argv[4:])
DATA = SOURCE / "tests" / "data" / "reliability"
STANDARD_GAME = SOURCE / "variants" / "standard" / "examples" / "spring-1901.yaml"
CRASHES = {134: "abort", 139: "segmentation fault", -6: "abort", -11: "segmentation fault"}

checks = []


def check(folder):
    def register(function):
        checks.append((folder, function))
        return function
    return register


class Failed(Exception):
    pass


class Skipped(Exception):
    pass


def run(args, cwd=None, env=None, timeout=300, stdin=None, memory_mb=None, stack_kb=None, input_bytes=None):
    """dipadj (or another program when args[0] is a path) with its output; never raises on exit codes."""
    command = [str(DIPADJ)] + [str(a) for a in args] if not str(args[0]).startswith("/") else [str(a) for a in args]

    # A sanitizer's runtime reserves terabytes of address space and takes more time: no memory limit
    # under it, and longer time limits.
    sanitized = "ASAN_OPTIONS" in os.environ or "TSAN_OPTIONS" in os.environ
    timeout = timeout * 4 if sanitized else timeout

    def limits():
        if memory_mb and not sanitized:
            resource.setrlimit(resource.RLIMIT_AS, (memory_mb << 20, memory_mb << 20))
        if stack_kb:
            resource.setrlimit(resource.RLIMIT_STACK, (stack_kb << 10, stack_kb << 10))
    full_env = dict(os.environ)
    full_env.update(env or {})
    try:
        done = subprocess.run(command, cwd=cwd, env=full_env, stdin=stdin, input=input_bytes, capture_output=True,
                              timeout=timeout, preexec_fn=limits)
    except subprocess.TimeoutExpired:
        raise Failed(f"did not finish within {timeout} s: {' '.join(command)[:300]}")
    if done.returncode in CRASHES:
        raise Failed(f"{CRASHES[done.returncode]} (exit {done.returncode}): {' '.join(command)[:300]}\n"
                     f"{done.stderr.decode(errors='replace')[-2000:]}")
    return done.returncode, done.stdout.decode(errors="replace"), done.stderr.decode(errors="replace")


def expect(condition, message):
    if not condition:
        raise Failed(message)


def expect_error(result, pattern, code=1):
    """A clear error: the exit code, and a message matching `pattern` (a regular expression)."""
    rc, out, err = result
    text = out + err
    expect(rc == code, f"exit {rc}, expected {code}:\n{text[-3000:]}")
    expect(re.search(pattern, text), f"no message like /{pattern}/ in:\n{text[-3000:]}")
    expect("\x1b" not in text, "a raw escape byte in the message")
    return text


SCRATCH = pathlib.Path(tempfile.mkdtemp(prefix="dipadj-reliability-"))


def scratch():
    return pathlib.Path(tempfile.mkdtemp(dir=SCRATCH))


def traced_env():
    """The environment for a program run under strace: LeakSanitizer cannot work under ptrace."""
    env = dict(os.environ)
    if "ASAN_OPTIONS" in env:
        env["ASAN_OPTIONS"] += ":detect_leaks=0"
    return env


def have(program):
    if not shutil.which(program):
        raise Skipped(f"{program} is not installed")
    return shutil.which(program)


def copy_standard_game(where):
    target = where / "game.yaml"
    shutil.copy(STANDARD_GAME, target)
    return target


# --- The first round (2026-11-24): values of the wrong YAML kind, numbers out of range -----------

for folder, args, pattern in [
    ("crash-case-scalar-case", ["datc", "case-scalar-case.yaml"], r"case-scalar-case\.yaml:3: expected a mapping"),
    ("crash-case-then-scalar", ["datc", "case-then-scalar.yaml"], r"case-then-scalar\.yaml:7: expected a mapping"),
    ("crash-game-dislodged-scalar", ["adjudicate", "game.yaml"], r"game\.yaml:7: expected a mapping"),
    ("crash-game-proxies-scalar", ["adjudicate", "game.yaml"], r"game\.yaml:8: expected a mapping"),
    ("crash-game-variant-name-too-long", ["adjudicate", "game.yaml"], r"game\.yaml:2: cannot load variant"),
    ("crash-map-coast-key-province", ["validate", "./"], r"map\.yaml:5: expected a single value here"),
    ("crash-map-coast-key-toplevel", ["validate", "./"], r"map\.yaml:3: expected a single value here"),
    ("crash-record-phase-scalar", ["play", "record-phase-scalar.yaml"], r"record-phase-scalar\.yaml:3: expected a mapping"),
    ("crash-variant-start-scalar", ["validate", "./"], r"variant\.yaml:7: expected a mapping"),
    ("id-with-underscore", ["validate", "./"], r"map\.yaml:3: province id 'a_b': an id has only small letters and digits"),
    ("ubsan-year-overflow", ["adjudicate", "year-intmax.yaml"], r"year-intmax\.yaml:3: cannot read the phase"),
]:
    def make(folder=folder, args=args, pattern=pattern):
        def body():
            expect_error(run(args, cwd=DATA / folder), pattern)
        return body
    check(folder)(make())


@check("ubsan-random-map-nan")
def random_map_nan():
    for seed in ("nanvar-seed", "nanvar-centres"):
        expect_error(run(["validate", f"./{seed}"], cwd=DATA / "ubsan-random-map-nan"), r"variant\.yaml:6: random-map: '\w+' must be a number from")


@check("json-invalid-utf8")
def json_invalid_utf8():
    rc, out, err = run(["adjudicate", "--json", "game.yaml"], cwd=DATA / "json-invalid-utf8")
    expect(rc == 0, f"exit {rc}: {err}")
    json.loads(out.encode().decode("utf-8"))


@check("next-file-relative-variant")
def next_file_relative_variant():
    work = scratch()
    shutil.copytree(DATA / "next-file-relative-variant" / "games", work / "games")
    game = work / "games" / "sub" / "g.yaml"
    relative = os.path.relpath(SOURCE / "variants" / "standard", game.parent)
    game.write_text(re.sub(r"(?m)^variant: .*$", f"variant: {relative}", game.read_text(), count=1))
    (work / "elsewhere").mkdir()
    rc, out, err = run(["adjudicate", "games/sub/g.yaml", "--next", "elsewhere/next.yaml"], cwd=work)
    expect(rc == 0, f"exit {rc}: {err}")
    rc, out, err = run(["adjudicate", work / "elsewhere" / "next.yaml"], cwd="/")
    expect(rc == 0, f"the next file does not find its variant: {err}")


@check("next-file-unquoted-variant-path")
def next_file_unquoted_variant_path():
    work = scratch()
    shutil.copytree(SOURCE / "variants" / "amber", work / "games #2" / "amber")
    text = (SOURCE / "variants" / "amber" / "examples" / "spring-1901.yaml").read_text()
    text = re.sub(r"(?m)^variant: .*$", 'variant: "games #2/amber"', text)
    (work / "game.yaml").write_text(text)
    rc, out, err = run(["adjudicate", "game.yaml", "--next", "next.yaml"], cwd=work)
    expect(rc == 0, f"exit {rc}: {err}")
    rc, out, err = run(["adjudicate", "next.yaml"], cwd=work)
    expect(rc == 0, f"the next file lost its variant path: {err}\n{(work / 'next.yaml').read_text()[:500]}")


@check("variant-map-file-read")
def variant_map_file_read():
    text = expect_error(run(["validate", "./"], cwd=DATA / "variant-map-file-read"), r"settings\.yaml:2: missing 'format: dipadj-map/1'")
    expect("database_password" not in text, f"the private file is quoted:\n{text}")


# --- The second round: writes, reads, limits ----------------------------------------------------

@check("next-enospc-rc0")
def next_enospc():
    work = scratch()
    game = copy_standard_game(work)
    expect_error(run(["adjudicate", game, "--next", "/dev/full"]), r"/dev/full")
    # Standard output on a full disk is a failure too.
    with open("/dev/full", "w") as full:
        done = subprocess.run([str(DIPADJ), "adjudicate", str(game)], stdout=full, stderr=subprocess.PIPE, timeout=60)
    expect(done.returncode == 1, f"adjudicate to a full disk exited {done.returncode}")


@check("next-file-not-atomic")
def next_file_not_atomic():
    strace = have("strace")
    work = scratch()
    game = copy_standard_game(work)
    before = game.read_bytes()
    # Killed at its first write while writing the game file over itself: the game is left whole.
    subprocess.run([strace, "-f", "-o", "/dev/null", "-e", "trace=write", "-e", "inject=write:signal=SIGKILL:when=1",
                    str(DIPADJ), "adjudicate", str(game), "--in-place"], capture_output=True, timeout=120, env=traced_env())
    expect(game.read_bytes() == before, "the game file was changed by a write that was killed")


@check("proc-mem-abort")
def proc_mem_abort():
    expect_error(run(["adjudicate", "/proc/self/mem"]), r"/proc/self/mem")
    expect_error(run(["adjudicate", "/tmp"]), r"/tmp: (is )?a directory")
    expect_error(run(["adjudicate", "/dev/null"]), r"/dev/null")


@check("plugin-name-traversal")
def plugin_name_traversal():
    compiler = have("cc")
    work = scratch()
    witness = work / "constructor-ran"
    (work / "evil.c").write_text(
        "#include <stdio.h>\n__attribute__((constructor)) static void ran(void) {\n"
        f"  FILE* f = fopen(\"{witness}\", \"a\"); if (f) {{ fputs(\"ran\\n\", f); fclose(f); }}\n}}\n")
    (work / "libdipadj-x").mkdir()
    subprocess.run([compiler, "-shared", "-fPIC", "-o", str(work / "evil.so"), str(work / "evil.c")], check=True)
    variant = work / "variant"
    shutil.copytree(SOURCE / "variants" / "standard", variant, ignore=shutil.ignore_patterns("examples"))
    name = "libdipadj-x/" + "../" * 12 + str(work / "evil.so").lstrip("/")
    with open(variant / "variant.yaml", "a") as out:
        out.write(f'plugins:\n  - name: "{name}"\n')
    expect_error(run(["validate", variant], env={"DIPADJ_PLUGIN_PATH": str(work)}), r"variant\.yaml:\d+: .*plugin")
    expect(not witness.exists(), "the library's constructor ran")


@check("cwd-variant-hijack")
def cwd_variant_hijack():
    work = scratch()
    shutil.copytree(SOURCE / "variants" / "standard", work / "standard", ignore=shutil.ignore_patterns("examples"))
    variant = work / "standard" / "variant.yaml"
    variant.write_text(re.sub(r"(?m)^title: .*$", "title: IMPOSTOR", variant.read_text()))
    rc, out, err = run(["adjudicate", STANDARD_GAME], cwd=work)
    expect(rc == 0 and "IMPOSTOR" not in out, f"the folder in the current directory replaced the bundled variant:\n{out[:300]}")


# --- The fourth round: deep recursion, names, fuzzers' inputs -----------------------------------

def grid_game(work):
    """The review's 100x100 grid and its chain of 9,999 moves into vacated provinces."""
    grid = work / "grid"
    grid.mkdir()
    shutil.copy(DATA / "grid-10000" / "variant.yaml", grid / "variant.yaml")
    (grid / "map.yaml").write_bytes(gzip.decompress((DATA / "grid-10000" / "map.yaml.gz").read_bytes()))
    text = gzip.decompress((DATA / "grid-10000" / "chain-9999.yaml.gz").read_bytes()).decode()
    game = work / "chain-9999.yaml"
    game.write_text(re.sub(r"(?m)^variant: .*$", "variant: ./grid", text, count=1))
    return game


@check("stack-overflow-move-chain")
def move_chain():
    work = scratch()
    game = grid_game(work)
    # A 2 MB stack (a worker thread's): the resolution must not depend on it.
    rc, out, err = run(["adjudicate", game], stack_kb=2048, timeout=600)
    expect(rc == 0, f"exit {rc}: {err[-2000:]}")
    moved = out.count("-> succeeds")
    expect(moved == 9999, f"{moved} of 9,999 moves succeed")


for folder, command in [("fuzz-case_yaml-1", "datc"), ("fuzz-case_yaml-2", "datc"), ("fuzz-game-1", "adjudicate")]:
    def make(folder=folder, command=command):
        def body():
            work = scratch()
            shutil.copy(DATA / folder / "input", work / "input.yaml")
            rc, out, err = run([command, "input.yaml"], cwd=work)
            expect(rc in (1, 2), f"exit {rc}: the input is broken and must be refused:\n{(out + err)[-2000:]}")
            expect(re.search(r"input\.yaml:\d+: ", out + err), f"no file:line in the message:\n{(out + err)[-2000:]}")
        return body
    check(folder)(make())


@check("fuzz-variant-1")
def fuzz_variant():
    work = scratch()
    text = (DATA / "fuzz-variant-1" / "input").read_bytes()
    variant, _, map_text = text.partition(b"\n---8<---\n")
    (work / "variant.yaml").write_bytes(variant)
    (work / "map.yaml").write_bytes(map_text)
    rc, out, err = run(["validate", "./"], cwd=work)
    expect(rc == 1 and re.search(r"variant\.yaml:\d+: ", out + err), f"exit {rc}:\n{(out + err)[-2000:]}")


# --- The fifth round (2026-11-26) -----------------------------------------------------------------

@check("read-error-truncates-silently")
def read_error():
    strace = have("strace")
    work = scratch()
    game = grid_game(work)
    # EIO at the game file's 20th read (a read of the file descriptor the file is opened on).
    trace = work / "trace.txt"
    subprocess.run([strace, "-o", str(trace), "-e", "trace=openat,read", str(DIPADJ), "adjudicate", str(game), "--json"],
                   capture_output=True, timeout=300, env=traced_env())
    reads = 0
    for line in trace.read_text().splitlines():
        if line.startswith("read("):
            reads += 1
        if "chain-9999.yaml" in line:
            break
    before = game.read_bytes()
    done = subprocess.run([strace, "-o", "/dev/null", "-e", "trace=read", "-e", f"inject=read:error=EIO:when={reads + 20}",
                           str(DIPADJ), "adjudicate", str(game), "--in-place"], capture_output=True, timeout=300, env=traced_env())
    text = done.stdout.decode(errors="replace") + done.stderr.decode(errors="replace")
    expect(done.returncode == 1, f"exit {done.returncode} after a read error:\n{text[-2000:]}")
    expect(re.search(r"chain-9999\.yaml.*(input/output error|Input/output error)", text), f"the read error is not named:\n{text[-2000:]}")
    expect(game.read_bytes() == before, "--in-place replaced the game after a read error")
    # The same in batch: the lines before the error are answered, then it says where it stopped.
    phases = work / "p.jsonl"
    phases.write_text(subprocess.run([sys.executable, str(SOURCE / "scripts" / "random_phases.py"), "--count", "2000", "--seed", "3"],
                                     check=True, capture_output=True, text=True).stdout)
    subprocess.run([strace, "-f", "-o", str(trace), "-e", "trace=openat,read", str(DIPADJ), "batch", str(phases), "--threads", "1"],
                   capture_output=True, timeout=300, env=traced_env())
    reads = 0
    for line in trace.read_text().splitlines():
        if re.match(r"^\d+\s+read\(|^read\(", line):
            reads += 1
        if "p.jsonl" in line:
            break
    done = subprocess.run([strace, "-f", "-o", "/dev/null", "-e", "trace=read", "-e", f"inject=read:error=EIO:when={reads + 10}",
                           str(DIPADJ), "batch", str(phases), "--threads", "1"], capture_output=True, timeout=300, env=traced_env())
    err = done.stderr.decode(errors="replace")
    answered = done.stdout.decode(errors="replace").count("\n")
    expect(done.returncode == 1, f"batch exited {done.returncode} after a read error ({answered} of 2,000 lines):\n{err[-1000:]}")
    expect(re.search(r"cannot read the input past line \d+", err), f"batch does not say where it stopped:\n{err[-1000:]}")


@check("import-use-reads-any-file")
def import_use():
    work = scratch()
    (work / "pw").mkdir()
    for name, target in [("a", "/etc/passwd"), ("b", "../" * 8 + "etc/passwd")]:
        (work / "pw" / f"{name}.map").write_text(f"USE {target}\n")
        text = expect_error(run(["import", f"pw/{name}.map", "-o", "out"], cwd=work), rf"{name}\.map:1: ")
        expect("root:" not in text, f"the file named by USE is quoted:\n{text[:2000]}")
    # A part of 300,000 odd lines inside the folder: the notes are capped.
    (work / "pw" / "many.txt").write_text("".join(f"odd line {i}\n" for i in range(300000)))
    (work / "pw" / "c.map").write_text("USE many.txt\n")
    rc, out, err = run(["import", "pw/c.map", "-o", "out"], cwd=work)
    expect(rc in (1, 2) and len(out + err) < 100_000, f"exit {rc}, {len(out + err)} bytes of messages")


@check("diag-path-unescaped")
def diag_path():
    text = expect_error(run(["adjudicate", "escape.yaml"], cwd=DATA / "diag-path-unescaped"), r"\\x1b")
    expect("\x07" not in text, "a raw BEL byte in the message")
    work = scratch()
    (work / "long-path.yaml").write_text('format: dipadj-game/1\nvariant: "./' + "a/" * 500_000 + 'x"\nphase: Spring 1901 Movement\n'
                                         "units: {}\norders: {}\n")
    text = expect_error(run(["adjudicate", "long-path.yaml"], cwd=work), r"long-path\.yaml:2: ")
    expect(len(text) < 20_000, f"a message of {len(text)} bytes for a 1 MB path")


@check("year-limit-next-unreadable")
def year_limit():
    work = scratch()
    for phase in ("Fall 1000000 Movement", "Winter 1000000 Adjustments"):
        game = work / "y.yaml"
        game.write_text(f"format: dipadj-game/1\nvariant: standard\nphase: {phase}\n")
        rc, out, err = run(["adjudicate", game, "--next", work / "n.yaml"])
        if rc == 0:
            rc2, out2, err2 = run(["adjudicate", work / "n.yaml"])
            expect(rc2 == 0, f"{phase}: the next file written cannot be read back: {err2}")
        else:
            expect(rc == 1 and re.search(r"1000000", out + err), f"{phase}: exit {rc}: {err}")
            expect(not (work / "n.yaml").exists(), f"{phase}: a next file was written although the phase was refused")


@check("history-duplicate-append")
def history_duplicate():
    work = scratch()
    game = copy_standard_game(work)
    rc, out, err = run(["adjudicate", game, "--next", "nodir/n.yaml", "--history", "h.json"], cwd=work)
    expect(rc == 1, f"exit {rc} writing into a missing folder")
    (work / "nodir").mkdir()
    rc, out, err = run(["adjudicate", game, "--next", "nodir/n.yaml", "--history", "h.json"], cwd=work)
    expect(rc == 0, f"the retry: exit {rc}: {err}")
    rc, out, err = run(["history", "h.json"], cwd=work)
    expect(rc == 0 and "1 phase(s)" in out, f"the history after a failed --next and its retry: exit {rc}\n{out}{err}")
    # The same phase once more: refused, the history unchanged.
    before = (work / "h.json").read_bytes()
    expect_error(run(["adjudicate", game, "--next", "nodir/m.yaml", "--history", "h.json"], cwd=work), r"h\.json")
    expect((work / "h.json").read_bytes() == before, "the history was changed by a refused phase")


@check("variant-powers-quadratic")
def powers_quadratic():
    work = scratch()
    variant = (SOURCE / "variants" / "standard" / "variant.yaml").read_text()
    powers = "powers:\n" + "".join("  - {name: P, adjective: P}\n" for _ in range(5000))
    variant = re.sub(r"(?ms)^powers:\n.*?(?=^\S)", powers, variant)
    variant = re.sub(r"(?ms)^start:.*?(?=^\S|\Z)", "", variant)
    (work / "variant.yaml").write_text(variant)
    shutil.copy(SOURCE / "variants" / "standard" / "map.yaml", work / "map.yaml")
    text = expect_error(run(["validate", "./"], cwd=work, timeout=120), r"variant\.yaml:\d+: ")
    expect(len(text) < 200_000, f"{len(text)} bytes of messages for 5,000 powers")
    # A jDip variant of 200,000 powers: about 50 minutes before; a time limit of two.
    jdip = work / "jdip"
    jdip.mkdir()
    shutil.copy(SOURCE / "tests" / "data" / "import" / "jdip" / "tiny_adjacency.xml", jdip / "tiny_adjacency.xml")
    template = (SOURCE / "tests" / "data" / "import" / "jdip" / "variants.xml").read_text()
    many = "".join(f'<POWER name="P{i}" active="true" adjective="P{i}" altnames=""/>' for i in range(200000))
    text = re.sub(r"(<POWER )", many + r"\1", template, count=1)
    (jdip / "variants.xml").write_text(text)
    rc, out, err = run(["import", jdip / "variants.xml", "-o", work / "out", "--from", "jdip"], timeout=120)
    expect(rc in (0, 1), f"exit {rc}")
    expect(len(out + err) < 200_000, f"{len(out + err)} bytes of messages for 200,000 powers")


@check("plugin-plain-symbol-segv")
def plugin_plain_symbol():
    compiler = have("cc")
    work = scratch()
    for source in ("cfunc", "cvar"):
        plugins = work / f"plugins-{source}"
        plugins.mkdir()
        subprocess.run([compiler, "-shared", "-fPIC", "-o", str(plugins / f"libdipadj-{source}.so"),
                        str(DATA / "plugin-plain-symbol-segv" / f"{source}.c")], check=True)
        variant = work / f"v-{source}"
        variant.mkdir()
        shutil.copy(DATA / "plugin-plain-symbol-segv" / "map.yaml", variant / "map.yaml")
        (variant / "variant.yaml").write_text((DATA / "plugin-plain-symbol-segv" / "variant-base.yaml").read_text() +
                                              f"plugins:\n  - name: {source}\n")
        expect_error(run(["validate", variant], env={"DIPADJ_PLUGIN_PATH": str(plugins)}), rf"libdipadj-{source}\.so")


@check("draw-layout-superlinear")
def draw_layout():
    work = scratch()
    line = work / "line3000"
    line.mkdir()
    provinces = 3000
    lines = ["format: dipadj-map/1", "provinces:"]
    for i in range(provinces):
        near = [f"p{j}" for j in (i - 1, i + 1) if 0 <= j < provinces]
        lines.append(f"  - {{id: p{i}, name: P{i}, kind: land, supply_centre: {'true' if i < 2 else 'false'}, army: [{', '.join(near)}]}}")
    (line / "map.yaml").write_text("\n".join(lines) + "\n")
    (line / "variant.yaml").write_text("format: dipadj-variant/1\nname: line3000\ntitle: A line\nmap: map.yaml\nvictory_centres: 2\n"
                                       "powers:\n  - {name: A, adjective: A, home_centres: [p0]}\n  - {name: B, adjective: B, home_centres: [p1]}\n"
                                       "start:\n  phase: Spring 1901 Movement\n  units: {}\n")
    rc, out, err = run(["draw", "--map", "./line3000", "-o", "x.svg"], cwd=work, timeout=120)
    expect(rc == 0 and (work / "x.svg").stat().st_size > 0, f"exit {rc}: {err[-1000:]}")


@check("batch-line-unbounded")
def batch_line():
    work = scratch()
    lines = work / "lines.jsonl"
    with open(lines, "w") as out:
        out.write('{"format": "dipadj-game/1", "variant": "standard", "units": {}, "orders": {}, "x": "' + "a" * (65 << 20) + '"}\n')
        out.write((SOURCE / "examples" / "c" / "spring-1901.json").read_text().replace("\n", " ") + "\n")
    rc, out, err = run(["batch", lines, "--threads", "1"], memory_mb=1024, timeout=300)
    answers = [json.loads(line) for line in out.splitlines()]
    expect(rc == 1 and len(answers) == 2, f"exit {rc}, {len(answers)} answers:\n{err[-1000:]}")
    expect(answers[0].get("line") == 1 and "error" in answers[0], f"the long line's answer: {str(answers[0])[:300]}")
    expect("error" not in answers[1], f"the line after it: {str(answers[1])[:300]}")


@check("jdip-1m-oom")
def jdip_many_cases():
    work = scratch()
    cases = work / "many.txt"
    with open(cases, "w") as out:
        out.write("VARIANT_ALL Standard\n\n")
        for i in range(200000):
            out.write(f"CASE c{i:07d}\nPRESTATE_SETPHASE Spring 1901, Movement\nPRESTATE\n\tEngland: A lon\nORDERS\n"
                      "\tEngland: A lon - wal\nPOSTSTATE\n\tEngland: A wal\nEND\n")
    rc, out, err = run(["datc", cases, "--failures"], memory_mb=1024, timeout=600)
    expect(rc in (0, 1), f"exit {rc}")
    expect(rc == 0 and "200000 passed" in out or re.search(r"many\.txt:\d+: ", out + err), f"exit {rc}:\n{(out + err)[-1000:]}")


@check("python-nul-message")
def python_nul():
    module = BUILD / "python"
    if not any(module.glob("dipadj/_dipadj*.so")) and not any(module.glob("_dipadj*.so")):
        raise Skipped("the Python module is not built")
    program = ("import dipadj\ntry:\n    dipadj.Game('stan\\x00dard')\nexcept dipadj.Error as e:\n    print(repr(str(e)))\n")
    done = subprocess.run([sys.executable, "-c", program], env=dict(os.environ, PYTHONPATH=str(module)), capture_output=True,
                          text=True, timeout=60)
    expect(done.returncode == 0, done.stderr[-2000:])
    expect("\\\\x00" in done.stdout and "dard" in done.stdout, f"the message: {done.stdout}")


def main():
    failed = skipped = passed = 0
    for folder, function in checks:
        if ONLY and folder not in ONLY:
            continue
        started = time.monotonic()
        try:
            function()
        except Skipped as why:
            skipped += 1
            print(f"{folder}: skipped ({why})")
        except Failed as why:
            failed += 1
            text = str(why) if len(str(why)) < 3000 else str(why)[:1500] + "\n[...]\n" + str(why)[-1500:]
            print(f"{folder}: FAILED\n  " + text.replace("\n", "\n  "))
        except Exception as why:  # a check that breaks is a failure too, named
            failed += 1
            print(f"{folder}: FAILED ({type(why).__name__}: {why})")
        else:
            passed += 1
            print(f"{folder}: ok ({time.monotonic() - started:.1f} s)")
    print(f"{passed} folders ok, {failed} failed, {skipped} skipped")
    shutil.rmtree(SCRATCH, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
