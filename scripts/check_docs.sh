#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Checks the documentation (scripts/test.sh runs it as one test):
#   (a) README.md, docs/*.md and bench/results/README.md hold no history: run names
#       ("run 1544"), VM families ("family-25"), ordinal rounds of work ("the nineteenth"),
#       dated rounds ("06:16 rounds"), fresh-clone logs, commit hashes (7-12 hex digits
#       with a digit and a letter a-f). One line may name a commit: the performance
#       table's heading in README.md, which starts with "Measured".
#   (b) comments under kernels/, src/ and include/ hold none of these patterns either;
#   (c) every relative markdown link [text](path) in README.md and docs/*.md (and
#       bench/results/README.md) names a file that exists;
#   (d) README.md has at most 450 lines;
#   (e) with --spdx: every .c/.h/.cpp under kernels/ src/ include/ tests/ bench/
#       examples/ has "SPDX-License-Identifier: MIT" in its first 3 lines.
#
#   ./scripts/check_docs.sh [--spdx] [--no-comments]
#
# --no-comments skips (b). Prints each problem as FILE:LINE: what, then "N problems";
# exit status 0 only when there is none.
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 - "$@" <<'EOF'
import glob
import os
import re
import subprocess
import sys

args = sys.argv[1:]
spdx = "--spdx" in args
comments = "--no-comments" not in args
unknown = [a for a in args if a not in ("--spdx", "--no-comments")]
if unknown:
    print("usage: scripts/check_docs.sh [--spdx] [--no-comments]", file=sys.stderr)
    sys.exit(2)

HISTORY = [
    ("run name", re.compile(r"\brun [0-9]{4}\b", re.I)),
    ("VM family", re.compile(r"family-2[0-9]", re.I)),
    ("ordinal round of work", re.compile(
        r"\b(eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|"
        r"nineteenth|twentieth|twenty-(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth)|"
        r"thirtieth)\b", re.I)),
    ("dated rounds", re.compile(r"\b[0-9]{1,2}:[0-9]{2} rounds\b", re.I)),
    ("fresh-clone log", re.compile(r"\bfresh clone (at|took)\b", re.I)),
]
# A commit hash standing alone: 7-12 lowercase hex digits, at least one digit and one
# letter, not part of a longer word, a number (0x1f80, 2.001953125f) or a path.
HEX = re.compile(r"(?<![0-9A-Za-z_.])[0-9a-f]{7,12}(?![0-9A-Za-z_])")


def hashes(text):
    return [m.group(0) for m in HEX.finditer(text)
            if re.search(r"[0-9]", m.group(0)) and re.search(r"[a-f]", m.group(0))]


problems = []


def report(path, line, what):
    problems.append(f"{path}:{line}: {what}")


def history(path, lineno, text, allow_hash=False):
    for name, rx in HISTORY:
        m = rx.search(text)
        if m:
            report(path, lineno, f"history ({name}): '{m.group(0)}'")
    if not allow_hash:
        for h in hashes(text):
            report(path, lineno, f"history (commit hash): '{h}'")


def tracked(dirs, exts):
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "--"] + dirs,
                             check=True, capture_output=True, text=True).stdout.split("\n")
        files = [f for f in out if f and os.path.isfile(f)]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for d in dirs:
            for root, _, names in os.walk(d):
                files += [os.path.join(root, n) for n in names]
    return sorted(f for f in files if f.endswith(exts))


docs = ["README.md"] + sorted(glob.glob("docs/*.md")) + ["bench/results/README.md"]
docs = [d for d in docs if os.path.isfile(d)]

# (a) history in the documentation
for path in docs:
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            history(path, i, line, allow_hash=(path == "README.md" and line.lstrip("#> *").startswith("Measured")))

# (b) history in the comments of the library's code
def comment_lines(src):
    """(line number, comment text) for every line of every comment of a C/C++ file."""
    out, i, n, line = [], 0, len(src), 1
    while i < n:
        c = src[i]
        if c == "\n":
            line += 1
            i += 1
        elif src.startswith("//", i):
            j = src.find("\n", i)
            j = n if j < 0 else j
            out.append((line, src[i + 2:j]))
            i = j
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            j = n if j < 0 else j
            for k, part in enumerate(src[i + 2:j].split("\n")):
                out.append((line + k, part))
            line += src.count("\n", i, j)
            i = j + 2
        elif c in "\"'":
            j = i + 1
            while j < n and src[j] != c and src[j] != "\n":
                j += 2 if src[j] == "\\" else 1
            i = j + 1
        else:
            i += 1
    return out


if comments:
    for path in tracked(["kernels", "src", "include"], (".c", ".h", ".cpp", ".h.in", ".def")):
        with open(path, encoding="utf-8", errors="replace") as f:
            for lineno, text in comment_lines(f.read()):
                history(path, lineno, text)

# (c) relative links
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
for path in docs:
    base = os.path.dirname(path)
    in_code = False
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f, 1):
            if line.lstrip().startswith("```"):
                in_code = not in_code
                continue
            if in_code:
                continue
            for m in LINK.finditer(line):
                target = m.group(1)
                if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", target) or target.startswith("#"):
                    continue  # a scheme (https:, mailto:) or an anchor in the same page
                file_part = target.split("#", 1)[0]
                if file_part and not os.path.exists(os.path.normpath(os.path.join(base, file_part))):
                    report(path, i, f"broken link: '{target}'")

# (d) README length
if os.path.isfile("README.md"):
    with open("README.md", encoding="utf-8") as f:
        n = sum(1 for _ in f)
    if n > 450:
        report("README.md", n, f"{n} lines, more than 450")
else:
    report("README.md", 0, "missing")

# (e) SPDX lines
if spdx:
    for path in tracked(["kernels", "src", "include", "tests", "bench", "examples"], (".c", ".h", ".cpp")):
        with open(path, encoding="utf-8", errors="replace") as f:
            head = [f.readline() for _ in range(3)]
        if not any("SPDX-License-Identifier: MIT" in h for h in head):
            report(path, 1, "no 'SPDX-License-Identifier: MIT' in the first 3 lines")

for p in problems:
    print(p)
what = "docs" + (", comments" if comments else "") + ", links, README length" + (", SPDX" if spdx else "")
print(f"check_docs ({what}): {len(problems)} problem{'s' if len(problems) != 1 else ''}")
sys.exit(1 if problems else 0)
EOF
