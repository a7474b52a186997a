#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Give a cross compiler SIMDe's headers and nothing else.

Usage: simde_include.py OUTDIR SIMDE_ROOT
       simde_include.py OUTDIR -- BUILD_CC [ARGS...]

Cross compilers do not search the build machine's /usr/include (where Debian's
libsimde-dev puts simde/), and adding -I/usr/include would pull in the build machine's
libc headers. This makes OUTDIR hold a single symlink, OUTDIR/simde -> SIMDE_ROOT/simde,
so that `-isystem OUTDIR` exposes SIMDe only. SIMDE_ROOT is the directory containing
simde/ (meson option simde_include); with `-- BUILD_CC ...` it is found by asking the
build machine's C compiler where it reads <simde/hedley.h> from. Prints OUTDIR."""
import os
import re
import subprocess
import sys


def find_root(cc):
    out = subprocess.run(cc + ['-E', '-x', 'c', '-'], input='#include <simde/hedley.h>\n',
                         capture_output=True, text=True, check=True).stdout
    for m in re.finditer(r'^# \d+ "([^"]*simde/hedley\.h)"', out, re.M):
        return os.path.dirname(os.path.dirname(os.path.abspath(m.group(1))))
    sys.exit('simde_include.py: the build machine\'s compiler does not find <simde/hedley.h>')


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    outdir = sys.argv[1]
    root = find_root(sys.argv[3:]) if sys.argv[2] == '--' else sys.argv[2]
    target = os.path.join(os.path.abspath(root), 'simde')
    if not os.path.isfile(os.path.join(target, 'hedley.h')):
        sys.exit('simde_include.py: no SIMDe headers in ' + target)
    os.makedirs(outdir, exist_ok=True)
    link = os.path.join(outdir, 'simde')
    if os.path.islink(link) or os.path.exists(link):
        if os.path.realpath(link) == os.path.realpath(target):
            print(outdir)
            return
        os.remove(link)
    os.symlink(target, link)
    print(outdir)


if __name__ == '__main__':
    main()
