#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks the public API convention (docs/conventions.md) and the include layering.

Usage: check_api.py SOURCE_ROOT [convention|layers|all]

convention: for every kernel of the registry (meson.build's horde_kernels), its family's
  public header declares `horde_status horde_<k>(...)` and `horde_status horde_<k>_isa(horde_isa
  isa, ...)`, the batch type `horde_<k>_batch` (const inputs, `out_*` outputs, `uint32_t
  *out_flags`, `size_t n`) passed last before any scratch, and, when it has a params type
  `horde_<k>_params` (or shares its family's), the call takes it right before the batch and
  `horde_<k>_params_default` exists; scratch comes as `void *scratch, size_t bytes` with a
  `horde_<k>_scratch_bytes` query. No public function returns a bare `int`. Every
  `HORDE_FLAG_*` is defined once, in common.h, as a single bit distinct from all others.
  Limits are named `HORDE_<KERNEL or FAMILY>_MAX_*` / `_MIN_*` in their family's header.
  Every registered kernel is called by tests/api/limits.c, threads.c and determinism.c.
  A `horde_<x>_tasks` declaration (any public header) has its `horde_<x>_tasks_isa` twin
  (when `horde_<x>_isa` exists) and takes (const horde_tasks *tasks, <the arguments of horde_<x>>); the twin takes
  (horde_isa isa, const horde_tasks *tasks, <the same>).
layers: includes go one way, kernels/simd <- kernels/<folder> <- src (public headers from
  anywhere; a kernel folder includes no other kernel folder); an include resolves relative
  to the file, include/ or kernels/ (src/ too, to name an upward include as such); no
  include cycle; no file under kernels/ declares or uses a function or variable defined
  under src/ (HORDE_ENTRY's and HORDE_ENTRY_TASKS' entry points included).
Prints every violation; exit status 1 when there is one.
"""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), '..')
what = sys.argv[2] if len(sys.argv) > 2 else 'all'
errors = []


def read(rel):
    with open(os.path.join(root, rel), encoding='utf-8') as f:
        return f.read()


def strip_comments(s):
    s = re.sub(r'/\*.*?\*/', lambda m: '\n' * m.group(0).count('\n'), s, flags=re.S)
    return re.sub(r'//[^\n]*', '', s)


def registry():
    m = re.search(r'horde_kernels = \[(.*?)\n\]', read('meson.build'), re.S)
    return re.findall(r"\['(\w+)', '(\w+)', '(\w+)'", m.group(1))


def split_args(s):
    return [a.strip() for a in re.sub(r'\s+', ' ', s).split(',') if a.strip()]


def check_convention():
    kernels = registry()
    headers = {}
    for name in sorted(os.listdir(os.path.join(root, 'include/horde'))):
        if name.endswith('.h'):
            headers[name[:-2]] = strip_comments(read('include/horde/' + name))
    # No bare int returns anywhere in the public API.
    for h, s in headers.items():
        for m in re.finditer(r'HORDE_API\s+int\s+(\w+)\s*\(', s):
            errors.append(f'include/horde/{h}.h: {m.group(1)} returns int, not horde_status')
    for k, folder, family in kernels:
        s = headers.get(family)
        if s is None:
            errors.append(f'{k}: no public header include/horde/{family}.h')
            continue
        where = f'include/horde/{family}.h: {k}'
        decl = {}
        for fn in (f'horde_{k}', f'horde_{k}_isa'):
            m = re.search(r'HORDE_API\s+(\w+)\s+' + fn + r'\s*\(([^;]*?)\)\s*;', s)
            if not m:
                errors.append(f'{where}: no declaration of {fn}')
                continue
            if m.group(1) != 'horde_status':
                errors.append(f'{where}: {fn} returns {m.group(1)}, not horde_status')
            decl[fn] = split_args(m.group(2))
        batch = f'horde_{k}_batch'
        m = re.search(r'typedef struct ' + batch + r'\s*\{(.*?)\}\s*' + batch + r'\s*;', s, re.S)
        if not m:
            errors.append(f'{where}: no batch type {batch}')
        else:
            fields = [f.strip() for f in m.group(1).split(';') if f.strip()]
            if not any(re.fullmatch(r'uint32_t\s*\*\s*out_flags', f) for f in fields):
                errors.append(f'{where}: {batch} has no uint32_t *out_flags')
            if not any(re.fullmatch(r'size_t\s+n', f) for f in fields):
                errors.append(f'{where}: {batch} has no size_t n')
            for f in fields:
                if '*' not in f:
                    continue
                const = f.startswith('const ')
                for name in re.findall(r'\*\s*(\w+)', f):
                    if const and name.startswith('out_'):
                        errors.append(f'{where}: {batch}.{name} is const but named as an output')
                    if not const and not name.startswith('out_'):
                        errors.append(f'{where}: {batch}.{name} is writable but not named out_*')
        args = decl.get(f'horde_{k}')
        if args is None:
            continue
        isa_args = decl.get(f'horde_{k}_isa')
        if isa_args is not None and isa_args != ['horde_isa isa'] + args:
            errors.append(f'{where}: horde_{k}_isa is not (horde_isa isa, <the arguments of horde_{k}>)')
        types = [re.sub(r'\s*\w+$', '', a) for a in args]
        scratch = types[-2:] == ['void *', 'size_t'] and args[-2:] == ['void *scratch', 'size_t bytes']
        body = types[:-2] if scratch else types
        if not body or body[-1] != f'const {batch} *':
            errors.append(f'{where}: the batch (const {batch} *b) is not the last argument before any scratch')
        params = [t for t in body if t.endswith('_params *')]
        own = f'horde_{k}_params'
        has_params = re.search(r'\}\s*' + own + r'\s*;', s) is not None
        if has_params:
            if params != [f'const {own} *'] or len(body) < 2 or body[-2] != f'const {own} *':
                errors.append(f'{where}: the params (const {own} *p) do not come right before the batch')
            if not re.search(r'HORDE_API\s+void\s+' + own + r'_default\s*\(\s*' + own + r'\s*\*\s*\w+\s*\)', s):
                errors.append(f'{where}: no void {own}_default({own} *p)')
        elif params:
            errors.append(f'{where}: takes {params[0]} instead of its own {own}')
        if scratch != bool(re.search(r'HORDE_API\s+size_t\s+horde_' + k + r'_scratch_bytes\s*\(', s)):
            errors.append(f'{where}: scratch arguments and horde_{k}_scratch_bytes go together')
        if any('void *' in t for t in body) or any(a.startswith('size_t') for a in args) and not scratch:
            errors.append(f'{where}: scratch must be the last two arguments, void *scratch, size_t bytes')
    # Task forms: a `horde_<k>_tasks` declaration comes with its `_tasks_isa` twin (when the
    # plain call has an `_isa` form: the poles' grid build has none), and the two take (const horde_tasks *tasks, <the plain call's arguments>) and (horde_isa isa,
    # const horde_tasks *tasks, <the same>).
    for h, s in headers.items():
        protos = {m.group(2): (m.group(1), split_args(m.group(3))) for m in
                  re.finditer(r'HORDE_API\s+(\w+)\s+(horde_\w+)\s*\(([^;]*?)\)\s*;', s)}
        for fn, (ret, args) in protos.items():
            if not fn.endswith('_tasks'):
                continue
            plain, twin, where = fn[:-len('_tasks')], fn + '_isa', f'include/horde/{h}.h: {fn}'
            if ret != 'horde_status' or (twin in protos and protos[twin][0] != 'horde_status'):
                errors.append(f'{where}: the task forms return horde_status')
            if plain not in protos:
                errors.append(f'{where}: no plain call {plain} in the same header')
            elif args != ['const horde_tasks *tasks'] + protos[plain][1]:
                errors.append(f'{where} is not (const horde_tasks *tasks, <the arguments of {plain}>)')
            if twin not in protos and plain + '_isa' in protos:
                errors.append(f'{where}: no {twin} twin')
            elif twin in protos and protos[twin][1] != ['horde_isa isa'] + args:
                errors.append(f'{where}: {twin} is not (horde_isa isa, const horde_tasks *tasks, ...)')
        for fn in protos:
            if fn.endswith('_tasks_isa') and fn[:-len('_isa')] not in protos:
                errors.append(f'include/horde/{h}.h: {fn} without {fn[:-len("_isa")]}')
    # Flags: defined once, in common.h, one distinct bit each.
    seen = {}
    for h, s in headers.items():
        for m in re.finditer(r'#define\s+(HORDE_FLAG_\w+)\s+(0x[0-9a-fA-F]+)u?\b', s):
            name, value = m.group(1), int(m.group(2), 16)
            if h != 'common':
                errors.append(f'include/horde/{h}.h: {name} is defined outside common.h')
            if value == 0 or value & (value - 1):
                errors.append(f'{name} = {value:#x} is not a single bit')
            for other, v in seen.items():
                if v == value and other != name:
                    errors.append(f'{name} and {other} share the bit {value:#x}')
            seen[name] = value
    if len(seen) < 10:
        errors.append(f'common.h: only {len(seen)} HORDE_FLAG_* definitions found')
    for h, s in headers.items():
        for m in re.finditer(r'\bHORDE_TRI_[A-Z_]+\b', s):
            errors.append(f'include/horde/{h}.h: {m.group(0)}: triangle flags are HORDE_FLAG_*')
    # Limits: HORDE_<KERNEL or FAMILY>_MAX_* / _MIN_* in the family's header.
    prefixes = {}
    for k, folder, family in kernels:
        prefixes.setdefault(family, set()).update({k.upper(), family.upper()})
    for family, names in prefixes.items():
        s = headers.get(family, '')
        for m in re.finditer(r'#define\s+(HORDE_\w+?_(MAX|MIN)_\w+)', s):
            lim = m.group(1)
            if not any(lim.startswith(f'HORDE_{p}_') for p in names) and not lim.startswith('HORDE_POLE_GRID_'):
                errors.append(f'include/horde/{family}.h: limit {lim} is not named HORDE_<kernel or family>_...')


def layer_of(rel):
    parts = rel.split('/')
    if parts[0] == 'include':
        return ('public', 0)
    if parts[0] == 'kernels' and parts[1] == 'simd':
        return ('simd', 1)
    if parts[0] == 'kernels':
        return ('kernels/' + parts[1], 2)
    if parts[0] == 'src':
        return ('src', 3)
    return (parts[0], 4)


def check_layers():
    files = []
    for top in ('include', 'kernels', 'src'):
        for d, _, names in os.walk(os.path.join(root, top)):
            for n in names:
                if n.endswith(('.c', '.h', '.h.in')):
                    files.append(os.path.relpath(os.path.join(d, n), root))
    byname = {}
    for f in files:
        byname.setdefault(os.path.basename(f).replace('.h.in', '.h'), []).append(f)
    incdirs = ['include', 'kernels', 'src']
    graph = {}
    for f in files:
        src = strip_comments(read(f))
        deps = []
        for inc in re.findall(r'^\s*#\s*include\s+"([^"]+)"', src, re.M):
            cands = [os.path.normpath(os.path.join(os.path.dirname(f), inc))] + [
                os.path.normpath(os.path.join(d, inc)) for d in incdirs]
            hit = next((c for c in cands if c in files or c + '.in' in files), None)
            if hit is None:
                errors.append(f'{f}: #include "{inc}" is not a path relative to the file, include/, kernels/ or src/')
                continue
            hit = hit if hit in files else hit + '.in'
            deps.append(hit)
            (lf, nf), (lt, nt) = layer_of(f), layer_of(hit)
            if lf == 'public' and lt != 'public':
                errors.append(f'{f}: public header includes internal {hit}')
            elif nt > nf or (nt == nf == 2 and lt != lf):
                errors.append(f'{f} ({lf}) includes {hit} ({lt}): includes go kernels/simd <- kernels/<folder> <- src')
        graph[f] = deps
    # cycles
    state = {}

    def visit(n, stack):
        state[n] = 1
        for d in graph.get(n, []):
            if state.get(d) == 1:
                errors.append('include cycle: ' + ' -> '.join(stack[stack.index(d):] + [d]))
            elif not state.get(d):
                visit(d, stack + [d])
        state[n] = 2

    for f in files:
        if not state.get(f):
            visit(f, [f])
    # kernel files declare and use nothing that src/ defines
    src_defs = set()
    for f in files:
        if f.startswith('src/') and f.endswith('.c'):
            s = strip_comments(read(f))
            src_defs.update(re.findall(r'^[A-Za-z_][\w \*]*?\b(horde_\w+)\s*\([^;{]*\)\s*\{', s, re.M))
            src_defs.update(re.findall(r'^(?!static|extern|typedef)[A-Za-z_][\w \*]*?\b(horde_\w+)\s*(?:\[[^\]]*\])*\s*[=;]', s, re.M))
            for k in re.findall(r'^HORDE_ENTRY\((\w+)\)', s, re.M):
                src_defs.update({f'horde_{k}', f'horde_{k}_isa'})
            for k in re.findall(r'^HORDE_ENTRY_TASKS\((\w+)', s, re.M):
                src_defs.update({f'horde_{k}_tasks', f'horde_{k}_tasks_isa'})
    for f in files:
        if not f.startswith('kernels/'):
            continue
        s = strip_comments(read(f))
        declared = set()
        if f.endswith('.h'):
            for m in re.finditer(r'^(?!static|#)[A-Za-z_][\w \*]*?\b(horde_\w+)\s*(\([^;{]*\)|(?:\[[^\]]*\])*)\s*;', s, re.M):
                if m.group(1) in src_defs:
                    declared.add(m.group(1))
                    errors.append(f'{f}: declares {m.group(1)}, which src/ defines (kernels must not depend on src/)')
        for name in sorted(set(re.findall(r'\b(horde_\w+)\b', s)) & src_defs - declared):
            errors.append(f'{f}: uses {name}, which src/ defines (kernels must not depend on src/)')


def check_coverage():
    """Every registered kernel is called by the limits test, the threads test and the
    determinism scene (a kernel added to the registry without them fails here)."""
    for f in ('tests/api/limits.c', 'tests/api/threads.c', 'tests/api/determinism.c'):
        s = strip_comments(read(f))
        for k, _, _ in registry():
            if not re.search(r'\bhorde_' + k + r'(_isa)?\s*[(,]', s):
                errors.append(f'{f}: never calls horde_{k} (every registered kernel belongs there)')


if what in ('convention', 'all'):
    check_convention()
    check_coverage()
if what in ('layers', 'all'):
    check_layers()
for e in errors:
    print('FAIL:', e)
print(f'check_api {what}: {len(errors)} problem(s)')
sys.exit(1 if errors else 0)
