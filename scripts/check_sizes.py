#!/usr/bin/env python3
"""Fails when a file of core/src is over 500 lines or a function in it over 80 lines.

    check_sizes.py [--list]      (--list: every function over 40 lines, longest first)

Functions are found the way a reader finds them: a line that opens a block after a signature
(a name and its parameters, not `if`/`for`/`while`/`switch`/a lambda given as an argument), at
any depth (member functions defined in a class count too), closed by its matching brace.
Data tables (a file's arrays and initializer lists: `= {` or `{{` blocks) are not functions.
Exceptions kept on purpose are listed in ALLOWED with why.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MAX_FILE_LINES = 500
MAX_FUNCTION_LINES = 80
# path relative to core/src -> why it may be longer (files), or "path:function" -> why.
ALLOWED = {
    "rules/datc_options.cpp": "a data table: every option of DATC chapter 4 with its choices and their meanings",
    "rules/datc_options.cpp:core_rule_options": "a data table (the options' definitions), one statement",
}
CONTROL = re.compile(r"^\s*(?:\}\s*)?(?:else\s+)?(?:if|for|while|switch|catch|do|else|try)\b")
SIGNATURE = re.compile(r"([A-Za-z_~][A-Za-z_0-9:<>~]*)\s*\([^;]*\)\s*(?:const)?\s*(?:noexcept)?\s*(?:override)?\s*(?:final)?\s*(?:->[^{]*)?\s*\{\s*$")


def strip_strings_and_comments(text: str) -> str:
    """The text with string and character literals and comments blanked, lines kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif text.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', text[i:])
            end = text.find(")" + m.group(1) + '"', i) if m else -1
            end = n if end < 0 else end + len(m.group(1)) + 2
            out.append('""' + "\n" * text.count("\n", i, end))
            i = end
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path: pathlib.Path):
    """(name, first line, line count) of each function defined in the file."""
    lines = strip_strings_and_comments(path.read_text()).split("\n")
    found = []
    for number, line in enumerate(lines):
        if not line.rstrip().endswith("{") or CONTROL.match(line) or "[" in line.split("(")[0] or "= {" in line:
            continue
        # The signature may start on an earlier line: join back to the line that starts it.
        header, k = line, number
        while k > 0 and "(" not in header.split("{")[0]:
            k -= 1
            header = lines[k] + " " + header
        while k > 0 and header.count("(") > header.count(")") + 0 and not lines[k - 1].rstrip().endswith((";", "{", "}")):
            k -= 1
            header = lines[k] + " " + header
        m = SIGNATURE.search(" ".join(header.split()))
        if not m or m.group(1) in ("if", "for", "while", "switch", "return", "catch"):
            continue
        depth, end = 0, number
        for end in range(number, len(lines)):
            depth += lines[end].count("{") - lines[end].count("}")
            if depth <= 0:
                break
        found.append((m.group(1).split("::")[-1], k + 1, end - k + 1))
    return found


def main() -> int:
    listing = "--list" in sys.argv
    problems, long_ones = [], []
    for path in sorted((ROOT / "core" / "src").rglob("*.[ch]pp")):
        relative = path.relative_to(ROOT / "core" / "src").as_posix()
        count = path.read_text().count("\n")
        if count > MAX_FILE_LINES and relative not in ALLOWED:
            problems.append(f"core/src/{relative}: {count} lines (at most {MAX_FILE_LINES})")
        for name, first, length in functions(path):
            long_ones.append((length, f"core/src/{relative}:{first}: {name}: {length} lines"))
            if length > MAX_FUNCTION_LINES and f"{relative}:{name}" not in ALLOWED:
                problems.append(f"core/src/{relative}:{first}: function {name} is {length} lines (at most {MAX_FUNCTION_LINES})")
    if listing:
        for length, where in sorted(long_ones, reverse=True):
            if length > 40:
                print(where)
    if problems:
        print("check-sizes: files or functions too long:")
        print("\n".join(problems))
        return 1
    print(f"check-sizes: no file of core/src over {MAX_FILE_LINES} lines, no function over {MAX_FUNCTION_LINES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
