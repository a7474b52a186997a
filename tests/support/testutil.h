/* SPDX-License-Identifier: MIT */
/* Shared test helpers: seeded RNG, scene builders, an independent overlap check, and
 * a tiny assertion counter. Header-only so each test program stays one file. */
#ifndef HORDE_TESTUTIL_H
#define HORDE_TESTUTIL_H

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "horde/horde.h"

static int tu_checks, tu_failures;

#define CHECK(cond, ...)                                                                   \
    do {                                                                                   \
        tu_checks++;                                                                       \
        if (!(cond)) {                                                                     \
            tu_failures++;                                                                 \
            fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);                \
            fprintf(stderr, __VA_ARGS__);                                                  \
            fputc('\n', stderr);                                                           \
        }                                                                                  \
    } while (0)

static inline int tu_finish(const char *name)
{
    printf("%s: %d checks, %d failed\n", name, tu_checks, tu_failures);
    return tu_failures ? 1 : 0;
}

/* Loop over every backend this build and CPU run (the scalar reference included). */
#define TU_FOR_EACH_BACKEND(isa)                                                             \
    for (horde_isa isa = HORDE_ISA_SCALAR; isa < HORDE_ISA_COUNT; isa = (horde_isa)(isa + 1)) \
        if (horde_isa_supported(isa))

/* Known-answer tests: run every case once per backend, with *cur set to that backend. */
static inline void tu_each_backend(horde_isa *cur, void (*const *cases)(void), size_t count)
{
    TU_FOR_EACH_BACKEND(isa) {
        *cur = isa;
        for (size_t i = 0; i < count; i++)
            cases[i]();
    }
}
#define TU_RUN_CASES(cur, ...)                                                               \
    do {                                                                                     \
        static void (*const cases_[])(void) = {__VA_ARGS__};                                 \
        tu_each_backend(&(cur), cases_, sizeof cases_ / sizeof cases_[0]);                   \
    } while (0)

/* splitmix64: tiny, seedable, identical everywhere. */
typedef struct { uint64_t s; } tu_rng;
static inline uint64_t tu_next(tu_rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
static inline float tu_uniform(tu_rng *r, float lo, float hi) /* [lo, hi) */
{
    return lo + (hi - lo) * (float)(tu_next(r) >> 40) * 0x1p-24f;
}
static inline uint32_t tu_below(tu_rng *r, uint32_t n) { return (uint32_t)(tu_next(r) % n); }

/* Which architecture the test runs on, and whether meson built the other architectures'
 * backends through SIMDe (-Demulated_isas, passed as HORDE_TEST_EMULATED). */
#if defined(__x86_64__) || defined(__i386__) || defined(_M_X64) || defined(_M_IX86)
#define ON_X86 1
#else
#define ON_X86 0
#endif
#if defined(__aarch64__) || defined(__arm__) || defined(_M_ARM64)
#define ON_ARM 1
#else
#define ON_ARM 0
#endif
#ifndef HORDE_TEST_EMULATED
#define HORDE_TEST_EMULATED 0
#endif

/* armv7: horde runs every kernel in ARMv7 NEON's floating-point mode (flush-to-zero,
 * default NaN; src/dispatch.h, README "armv7"), so there a subnormal input acts as zero.
 * Backends still agree bit for bit, but a property the test derives from the input in
 * IEEE arithmetic does not apply to such a lane: tu_outside_fp_policy() says to skip it. */
#if defined(__arm__) && !defined(__aarch64__)
#define TU_FLUSHES_SUBNORMALS 1
#else
#define TU_FLUSHES_SUBNORMALS 0
#endif
static inline int tu_outside_fp_policy(const float *const *in, int arrays, size_t i)
{
    if (!TU_FLUSHES_SUBNORMALS)
        return 0;
    for (int k = 0; k < arrays; k++)
        if (in[k][i] != 0.0f && fabsf(in[k][i]) < FLT_MIN)
            return 1;
    return 0;
}

/* Random items per backend for checkasm tests: the program's default (>= 1,000,000),
 * unless HORDE_CHECKASM_ITEMS=N is set. scripts/test.sh sets it for the cross runs
 * (qemu emulates float math in software), the TSan run and the ASan+UBSan run;
 * command-line options still override. */
static inline size_t tu_items(size_t dflt)
{
    const char *e = getenv("HORDE_CHECKASM_ITEMS");
    if (!e || !*e)
        return dflt;
    char *end;
    unsigned long long v = strtoull(e, &end, 10);
    return v && !*end ? (size_t)v : dflt;
}

/* Nonzero when HORDE_CHECKASM_ITEMS asks for fewer than the default 1,000,000 items (the
 * emulated, sanitizer and TSan runs of scripts/test.sh): the API tests whose work is not a
 * count of random items (walks, large meshes, every size on every scheduler) then keep every
 * case but run fewer points, frames or sizes, so the emulated suites stay within minutes. */
static inline int tu_reduced(void)
{
    return tu_items(1000000) < 1000000;
}

/* The property tests' options: --seed=N and --items=N (items default: tu_items(1 M)).
 * Returns 0, or 2 after printing the usage for anything else. */
static inline int tu_seed_items_args(int argc, char **argv, uint64_t *seed, size_t *items)
{
    *items = tu_items(1000000);
    for (int i = 1; i < argc; i++) {
        if (!strncmp(argv[i], "--seed=", 7))
            *seed = strtoull(argv[i] + 7, NULL, 0);
        else if (!strncmp(argv[i], "--items=", 8))
            *items = strtoull(argv[i] + 8, NULL, 0);
        else {
            fprintf(stderr, "usage: %s [--seed=N] [--items=N]\n", argv[0]);
            return 2;
        }
    }
    return 0;
}

/* The same with a smaller default (tu_items(dflt)) and --long for long_items. */
static inline int tu_seed_items_long_args(int argc, char **argv, uint64_t *seed, size_t *items, size_t dflt,
                                          size_t long_items)
{
    *items = tu_items(dflt);
    for (int i = 1; i < argc; i++) {
        if (!strncmp(argv[i], "--seed=", 7))
            *seed = strtoull(argv[i] + 7, NULL, 0);
        else if (!strncmp(argv[i], "--items=", 8))
            *items = strtoull(argv[i] + 8, NULL, 0);
        else if (!strcmp(argv[i], "--long"))
            *items = long_items;
        else {
            fprintf(stderr, "usage: %s [--seed=N] [--items=N] [--long]\n", argv[0]);
            return 2;
        }
    }
    return 0;
}

/* A property test's start: tu_seed_items_args, then the line "name: seed=S what per
 * backend=N" followed by `note`. Returns 0, or 2 for bad arguments. */
static inline int tu_property_start(int argc, char **argv, const char *name, const char *what, const char *note,
                                    uint64_t *seed, size_t *items)
{
    if (tu_seed_items_args(argc, argv, seed, items))
        return 2;
    printf("%s: seed=%llu %s per backend=%zu%s\n", name, (unsigned long long)*seed, what, *items, note);
    return 0;
}

/* The horde_triangles of elements off .. off + n - 1 of nine vertex arrays v[0 .. 8]
 * (ax ay az bx by bz cx cy cz; pointers or rows of a 2-D array). */
#define TU_TRIS(v, off, n)                                                                   \
    ((horde_triangles){(v)[0] + (off), (v)[1] + (off), (v)[2] + (off), (v)[3] + (off),         \
                       (v)[4] + (off), (v)[5] + (off), (v)[6] + (off), (v)[7] + (off),         \
                       (v)[8] + (off), (n)})

/* A world of gx x gy x gz chunks owned by the test (chunk origin ox, oy, oz). */
typedef struct {
    horde_chunk *chunks;
    const horde_chunk **ptrs;
    horde_world w;
} tu_world;

static inline void tu_world_make(tu_world *t, int ox, int oy, int oz, int gx, int gy, int gz,
                                 horde_missing missing)
{
    size_t n = (size_t)gx * gy * gz;
    t->chunks = calloc(n ? n : 1, sizeof *t->chunks);
    t->ptrs = calloc(n ? n : 1, sizeof *t->ptrs);
    for (size_t i = 0; i < n; i++)
        t->ptrs[i] = &t->chunks[i];
    int st = horde_world_init(&t->w, t->ptrs, ox, oy, oz, gx, gy, gz, missing);
    if (st != HORDE_OK) {
        fprintf(stderr, "world init failed: %s\n", horde_status_string(st));
        exit(2);
    }
}
static inline void tu_world_free(tu_world *t) { free(t->chunks), free(t->ptrs); }

/* Set world block (bx, by, bz); ignored outside the grid. */
static inline void tu_set(tu_world *t, int bx, int by, int bz, int solid)
{
    const horde_world *w = &t->w;
    int cx = (bx >> 5) - w->origin_cx, cy = (by >> 5) - w->origin_cy, cz = (bz >> 5) - w->origin_cz;
    if (cx < 0 || cy < 0 || cz < 0 || cx >= w->nx || cy >= w->ny || cz >= w->nz)
        return;
    horde_chunk_set(&t->chunks[cx + w->nx * (cz + w->nz * cy)], bx & 31, by & 31, bz & 31, solid);
}

/* Independent overlap test straight from the definition in horde/cylinder_push.h (float, as
 * documented), enumerating blocks through the public world lookup. */
static inline int tu_cyl_overlaps(const horde_world *w, float x, float y, float z, float r, float h)
{
    int x0 = (int)floor((double)x - r) - 1, x1 = (int)floor((double)x + r) + 1;
    int z0 = (int)floor((double)z - r) - 1, z1 = (int)floor((double)z + r) + 1;
    int y0 = (int)floor(y) - 1, y1 = (int)ceil((double)y + h) + 1;
    for (int by = y0; by <= y1; by++) {
        if (!((float)by < y + h && (float)by + 1.0f > y))
            continue;
        for (int bz = z0; bz <= z1; bz++)
            for (int bx = x0; bx <= x1; bx++) {
                if (!horde_world_solid(w, bx, by, bz))
                    continue;
                float dx = fmaxf(fmaxf((float)bx - x, x - (float)(bx + 1)), 0.0f);
                float dz = fmaxf(fmaxf((float)bz - z, z - (float)(bz + 1)), 0.0f);
                if (dx * dx + dz * dz < r * r)
                    return 1;
            }
    }
    return 0;
}

#endif
