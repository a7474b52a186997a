/* SPDX-License-Identifier: MIT */
/* The checkasm harness (after dav1d's tests/checkasm): one program, one test per kernel,
 * each running every supported backend against the scalar reference on the same inputs
 * and demanding identical bits. A kernel's test file keeps only what is its own (input
 * generators, the call, the reference's contract checks); what every test needs is here:
 * options, misaligned arrays, poisoned outputs, random sub-batches, the backend loop and
 * bitwise comparison. Counters and CHECK come from testutil.h (one set per test file).
 *
 * Usage: checkasm [--test=NAME] [--list] [--seed=N] [--items=N] [--long]
 *   --items: random items per backend (default 1,000,000, or HORDE_CHECKASM_ITEMS; the
 *            coverage checks need CA_COVERAGE_MIN_ITEMS);
 *   --long: 20,000,000. Every failure prints the seed, the test and the backend. */
#ifndef HORDE_CHECKASM_H
#define HORDE_CHECKASM_H

#include <inttypes.h>

#include "testutil.h"

typedef struct checkasm_opts {
    uint64_t seed;
    size_t items; /* random items per backend */
} checkasm_opts;

#define CHECKASM_DEFAULT_ITEMS 1000000
#define CHECKASM_LONG_ITEMS 20000000

/* Every test: CHECKASM_TEST(<kernel>) { ... return tu_finish("checkasm_<kernel>"); } */
#define CHECKASM_TEST(name) int checkasm_##name(const checkasm_opts *opts)
#define CHECKASM_DECLARE(name) CHECKASM_TEST(name);
#include "checkasm_list.h" /* generated from meson.build's kernel registry: X(name) */
CHECKASM_LIST(CHECKASM_DECLARE)
#undef CHECKASM_DECLARE

/* The bits of a float (every comparison is on bits: NaN payloads and -0 count). */
static inline uint32_t ca_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* An array of n 4-byte elements that is deliberately misaligned (one element past a
 * malloc'd block), so no kernel can rely on 16/32-byte alignment. Free with ca_free. */
static inline void *ca_alloc(size_t n)
{
    uint32_t *p = (uint32_t *)malloc((n + 1) * sizeof *p);
    if (!p) {
        fprintf(stderr, "checkasm: out of memory\n");
        exit(2);
    }
    return p + 1;
}
static inline void ca_free(void *p)
{
    if (p)
        free((uint32_t *)p - 1);
}

/* Allocate (misaligned, as above) / free every array of a struct whose members are all
 * pointers to n 4-byte elements (a batch's named arrays). The pointers are written and
 * read with memcpy, so the members may be float *, uint32_t * or int32_t *. */
static inline void ca_alloc_arrays(void *s, size_t size, size_t n)
{
    for (size_t off = 0; off + sizeof(void *) <= size; off += sizeof(void *)) {
        void *p = ca_alloc(n);
        memcpy((char *)s + off, &p, sizeof p);
    }
}
static inline void ca_free_arrays(void *s, size_t size)
{
    for (size_t off = 0; off + sizeof(void *) <= size; off += sizeof(void *)) {
        void *p;
        memcpy(&p, (char *)s + off, sizeof p);
        ca_free(p);
    }
}
/* A test's arrays: nin inputs, nout float outputs and the flags (for CA_ALLOC_ARRAYS). */
#define CA_IO_ARRAYS(nin, nout)                                                             \
    struct {                                                                                \
        float *in[nin], *out[nout];                                                         \
        uint32_t *flags;                                                                    \
    }
#define CA_ALLOC_ARRAYS(s, n) ca_alloc_arrays((s), sizeof *(s), (n))
#define CA_FREE_ARRAYS(s) ca_free_arrays((s), sizeof *(s))

/* Fill n 4-byte outputs with 0xAB bytes, so an output a backend forgets stays visible. */
static inline void ca_poison(void *p, size_t n) { memset(p, 0xAB, n * 4); }

/* The length of the next sub-batch of a batch with `left` items: one in four below
 * `small` (so every tail length occurs), the rest below `large`; never past the end. */
static inline size_t ca_sub_batch(tu_rng *g, size_t left, uint32_t small, uint32_t large)
{
    const size_t len = tu_below(g, 4) == 0 ? tu_below(g, small) : tu_below(g, large);
    return len < left ? len : left;
}

/* The first of n 4-byte elements where a and b differ in bits, or n. */
static inline size_t ca_first_diff(const void *a, const void *b, size_t n)
{
    const uint32_t *x = (const uint32_t *)a, *y = (const uint32_t *)b;
    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return i;
    return n;
}

/* m items of `count` arrays: copied from src to dst; compared bit for bit. */
static inline void ca_copy_arrays(float *const *dst, float *const *src, int count, size_t m)
{
    for (int k = 0; k < count; k++)
        memcpy(dst[k], src[k], m * 4);
}
static inline int ca_same_arrays(float *const *a, float *const *b, int count, size_t m)
{
    for (int k = 0; k < count; k++)
        if (memcmp(a[k], b[k], m * 4))
            return 0;
    return 1;
}

/* Items (of n) where any of `count` output arrays differs in bits between ref and got;
 * *first is the first such item. ref[k] and got[k] point to n 4-byte elements. */
static inline size_t ca_count_diffs(const void *const *ref, const void *const *got, int count,
                                    size_t n, size_t *first)
{
    size_t bad = 0;
    for (size_t i = 0; i < n; i++) {
        int d = 0;
        for (int k = 0; k < count; k++)
            d |= ((const uint32_t *)ref[k])[i] != ((const uint32_t *)got[k])[i];
        if (d && !bad++)
            *first = i;
    }
    return bad;
}

/* ca_count_diffs over a kernel's flags and `count` float output arrays (count < 16). */
static inline size_t ca_diff_outputs(const uint32_t *ref_flags, float *const *ref_out,
                                     const uint32_t *got_flags, float *const *got_out, int count,
                                     size_t n, size_t *first)
{
    const void *refs[16] = {ref_flags}, *gots[16] = {got_flags};
    for (int k = 0; k < count; k++)
        refs[k + 1] = ref_out[k], gots[k + 1] = got_out[k];
    return ca_count_diffs(refs, gots, count + 1, n, first);
}

/* ---- tests over CA_IO_ARRAYS (inputs in[], outputs out[] and flags) -------------------- */
/* One call of the kernel under test on isa: the items off .. off + n - 1 of the inputs in,
 * outputs into out and flags at off (out may be in: in place). Returns the status. */
typedef int (*ca_io_call)(horde_isa isa, float *const *in, float *const *out, uint32_t *flags, size_t off,
                          size_t n);

/* A backend's run of n items: its nout outputs and flags poisoned, then the inputs in
 * sub-batches (ca_sub_batch(g, .., small, large)), each call checked for HORDE_OK.
 * Returns the items whose outputs differ from ref_out / ref_flags in bits (ca_diff_outputs;
 * *first is the first). */
static inline size_t ca_io_backend(horde_isa isa, ca_io_call call, tu_rng *g, uint32_t small, uint32_t large,
                                   float *const *in, float *const *out, uint32_t *flags, int nout,
                                   float *const *ref_out, const uint32_t *ref_flags, size_t n, size_t *first)
{
    for (int k = 0; k < nout; k++)
        ca_poison(out[k], n);
    ca_poison(flags, n);
    for (size_t off = 0; off < n;) {
        const size_t len = ca_sub_batch(g, n - off, small, large);
        CHECK(call(isa, in, out, flags, off, len) == HORDE_OK, "status");
        off += len;
    }
    return ca_diff_outputs(ref_flags, ref_out, flags, out, nout, n, first);
}

/* The same m items in place: the nin inputs src copied to alias, the call writes its
 * outputs over alias's first nout inputs and its flags to alias_flags. Returns whether they
 * equal ref_out / ref_flags bit for bit. */
static inline int ca_io_in_place(horde_isa isa, ca_io_call call, float *const *alias, uint32_t *alias_flags,
                                 float *const *src, int nin, int nout, float *const *ref_out,
                                 const uint32_t *ref_flags, size_t m)
{
    ca_copy_arrays(alias, src, nin, m);
    call(isa, alias, alias, alias_flags, 0, m);
    return !memcmp(alias_flags, ref_flags, m * 4) && ca_same_arrays(alias, ref_out, nout, m);
}

/* How a CA_IO_ARRAYS test runs its backends (ca_io_backends). */
typedef struct {
    const char *what; /* the messages' prefix */
    ca_io_call call;
    uint32_t small, large; /* sub-batch lengths (ca_sub_batch) */
    int nin, nout;
    size_t in_place_max; /* items of the in-place run */
    uint64_t seed;
    /* Prints item i of a backend that differs from the scalar reference. */
    void (*report)(uint64_t seed, const char *isa, float *const *in, size_t i, float *const *ref_out,
                   const uint32_t *ref_flags, float *const *out, const uint32_t *flags);
} ca_io_test;

/* Every backend on the n items of in (outputs into out and flags) against the scalar
 * reference's ref_out / ref_flags: ca_io_backend, the first differing item reported and
 * one CHECK on the lot; then ca_io_in_place on up to in_place_max items in alias /
 * alias_flags, one CHECK. per_isa[isa] counts the n items of every backend. */
static inline void ca_io_backends(const ca_io_test *t, tu_rng *g, float *const *in, float *const *out, uint32_t *flags,
                                  float *const *alias, uint32_t *alias_flags, float *const *ref_out,
                                  const uint32_t *ref_flags, size_t n, size_t *per_isa)
{
    TU_FOR_EACH_BACKEND(isa) {
        const char *name = horde_isa_name((horde_isa)isa);
        size_t first = 0;
        const size_t bad = ca_io_backend((horde_isa)isa, t->call, g, t->small, t->large, in, out, flags, t->nout,
                                         ref_out, ref_flags, n, &first);
        if (bad)
            t->report(t->seed, name, in, first, ref_out, ref_flags, out, flags);
        CHECK(!bad, "%s: %s differs from scalar on %zu of %zu (seed=%" PRIu64 ")", t->what, name, bad, n, t->seed);
        const size_t m = n < t->in_place_max ? n : t->in_place_max;
        const int asame = ca_io_in_place((horde_isa)isa, t->call, alias, alias_flags, in, t->nin, t->nout, ref_out,
                                         ref_flags, m);
        CHECK(asame, "%s in place: %s differs (seed=%" PRIu64 ")", t->what, name, t->seed);
        per_isa[isa] += n;
    }
}

/* Items per backend, as printed at the start of every test. */
static inline void ca_banner(const char *test, const checkasm_opts *o, const char *what)
{
    printf("checkasm_%s: seed=%" PRIu64 " %s per backend=%zu\n", test, o->seed, what, o->items);
}

/* The start of a test: `seed`, the item count (named count_name) and the seeded RNG `g`
 * as locals, `per_isa` counts for ca_summary, and the banner. */
#define CA_BEGIN(test, count_name)                                                          \
    const uint64_t seed = opts->seed;                                                      \
    const size_t count_name = opts->items;                                                 \
    size_t per_isa[HORDE_ISA_COUNT] = {0};                                                 \
    tu_rng g = {seed};                                                                     \
    ca_banner(#test, opts, #count_name)

/* The check that a test's generators reached the cases it aims at (every outcome, the
 * rare flags, a mix of hits and misses). Some of those cases come once in tens of
 * thousands of items, so the check holds from CA_COVERAGE_MIN_ITEMS items per backend
 * (the suite runs at least that many); a run with fewer items says that it was not made. */
#define CA_COVERAGE_MIN_ITEMS 100000
#define CA_COVERAGE(count, cond, ...)                                                      \
    do {                                                                                   \
        if ((count) >= CA_COVERAGE_MIN_ITEMS)                                              \
            CHECK(cond, __VA_ARGS__);                                                      \
        else                                                                               \
            printf("  coverage not checked (%zu items per backend, below %d)\n",            \
                   (size_t)(count), CA_COVERAGE_MIN_ITEMS);                                \
    } while (0)

/* Per-backend summary line. */
static inline void ca_summary(const size_t *per_isa, const char *what)
{
    for (int isa = 0; isa < HORDE_ISA_COUNT; isa++)
        if (per_isa[isa])
            printf("  %-12s %zu %s bit-identical to scalar%s\n", horde_isa_name((horde_isa)isa),
                   per_isa[isa], what, isa == HORDE_ISA_SCALAR ? " (itself)" : "");
}

#endif
