#!/usr/bin/env python3
"""Keeps docs/adding-a-variant.md true: its validate outputs are made again and compared, and every
line number its prose quotes is checked against the messages shown.

    check_tutorial.py DIPADJ SOURCE_DIR

* A mistake the tutorial makes on purpose is written before its output block as a comment,
      <!-- mistake: variants/amber/map.yaml @tal "fleet: [eas, myr]" -> "fleet: [eas]" -->
  (in FILE, after the line `- id: tal`, the first `fleet: [eas, myr]` becomes `fleet: [eas]`;
  without @id, the first in the file). The edit is made in a copy of the variant, the block's
  command run there, and its output must be the block's lines.
* A block with no mistake before it whose command only reads the repository (`validate`,
  `rules`) is run as it is; `...` in a block stands for any lines.
* A prose line number ("Line 114 is Myrr's `fleet:` line", "(line 53)") in the paragraph after an
  output block must be one of the line numbers of that block's messages.
"""
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import tempfile

DIPADJ, SOURCE = pathlib.Path(sys.argv[1]).resolve(), pathlib.Path(sys.argv[2]).resolve()
DOC = SOURCE / "docs" / "adding-a-variant.md"
MISTAKE = re.compile(r'<!-- mistake: (\S+)(?: @(\w+))? "(.*?)" -> "(.*?)" -->')
RUNNABLE = ("validate", "rules")


def blocks(lines):
    """(first line, command, output lines, mistake or None, prose after) of each `$ ` block."""
    out = []
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```" and i + 1 < len(lines) and lines[i + 1].startswith("$ "):
            mistake = None
            for back in range(i - 1, max(i - 8, -1), -1):
                m = MISTAKE.search(lines[back])
                if m:
                    mistake = m.groups()
                    break
                if lines[back].strip() == "```":
                    break
            end = i + 2
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            prose = []
            k = end + 1
            while k < len(lines) and not lines[k].startswith("```") and not lines[k].startswith("#"):
                if lines[k].strip() == "" and prose:
                    break
                prose.append(lines[k])
                k += 1
            out.append((i + 2, lines[i + 1][2:], lines[i + 2:end], mistake, " ".join(prose)))
            i = end
        i += 1
    return out


def apply_mistake(work, mistake):
    file, province, old, new = mistake
    path = work / file
    text = path.read_text()
    start = text.index(f"- id: {province}\n") if province else 0
    at = text.index(old, start)
    path.write_text(text[:at] + new + text[at + len(old):])


def matches(expected, got):
    """Whether the output lines match the block's, `...` standing for any lines."""
    pattern = "\n".join(".*?" if line.strip() == "..." else re.escape(line) for line in expected)
    return re.fullmatch(pattern, "\n".join(got), re.S) is not None


def main():
    lines = DOC.read_text().split("\n")
    failures, checked = [], 0
    for number, command, expected, mistake, prose in blocks(lines):
        words = shlex.split(command)
        if words[0] != "build/cli/dipadj" or "|" in command or (words[1] not in RUNNABLE and not mistake):
            continue
        work = pathlib.Path(tempfile.mkdtemp(prefix="dipadj-tutorial-"))
        try:
            shutil.copytree(SOURCE / "variants", work / "variants")
            shutil.rmtree(work / "variants" / "amber" / "examples", ignore_errors=True)
            if mistake:
                apply_mistake(work, mistake)
            # A name on the search path is the copy: the variants are looked for in the copy.
            env = {"DIPADJ_VARIANT_PATH": str(work / "variants"), "PATH": "/usr/bin:/bin"}
            done = subprocess.run([str(DIPADJ)] + words[1:], cwd=work, env=env, capture_output=True, text=True, timeout=60)
            got = (done.stdout + done.stderr).rstrip("\n").split("\n")
            checked += 1
            if not matches(expected, got):
                failures.append(f"docs/adding-a-variant.md:{number}: `{command}` prints\n  " + "\n  ".join(got) +
                                "\nnot\n  " + "\n  ".join(expected))
        finally:
            shutil.rmtree(work, ignore_errors=True)
        quoted = {int(n) for n in re.findall(r"\.(?:yaml|json):(\d+):", "\n".join(expected))}
        for said in re.findall(r"\b[Ll]ine (\d+)\b", prose):
            if quoted and int(said) not in quoted:
                failures.append(f"docs/adding-a-variant.md: after line {number}: the text says line {said}, "
                                f"the messages above say {sorted(quoted)}")
    for failure in failures:
        print(failure)
    print(f"check_tutorial: {checked} commands of the tutorial run, {len(failures)} problems")
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
