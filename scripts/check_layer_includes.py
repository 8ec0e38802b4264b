#!/usr/bin/env python3
"""Every header and source of a core layer includes only headers of its own layer and of those
below (core/CMakeLists.txt lists the layers, lowest first, in DIPADJ_LAYERS). The build's include
views refuse an upward include in what a layer compiles; this also covers the headers no source of
their layer includes (a plugin header, say), so that the plugin interface names nothing above it."""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
layers_line = re.search(r"set\(DIPADJ_LAYERS ([^)]*)\)", (root / "core/CMakeLists.txt").read_text())
layers = layers_line.group(1).split()
rank = {layer: i for i, layer in enumerate(layers)}
include = re.compile(r'^\s*#\s*include\s+"(?:dipadj/)?([a-z_]+)/[^"]+"', re.M)

failures = []
for top, folder in ((root / "core/include/dipadj", "public"), (root / "core/src", "private")):
    for path in sorted(top.rglob("*")):
        if path.suffix not in (".hpp", ".cpp", ".h") or path.parent == top:
            continue
        layer = path.relative_to(top).parts[0]
        if layer not in rank:
            continue
        for match in include.finditer(path.read_text(encoding="utf-8", errors="replace")):
            used = match.group(1)
            if used in rank and rank[used] > rank[layer]:
                line = path.read_text(encoding="utf-8", errors="replace").count("\n", 0, match.start()) + 1
                failures.append(f"{path.relative_to(root)}:{line}: the {layer} layer includes {used}/, a layer above it")

if failures:
    print("check-code: includes of a layer above:")
    print("\n".join(failures))
    sys.exit(1)
print("check-code: every layer's headers and sources include only their own layer and those below")
