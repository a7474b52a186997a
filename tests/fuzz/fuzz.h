/* SPDX-License-Identifier: MIT */
/* Shared harness of the libFuzzer targets (tests/fuzz/<target>.c; README "Fuzzing").
 *
 * Every target decodes its inputs from the fuzzer's bytes (fz_*: a byte stream that reads
 * zeros once exhausted), runs the public API on every backend this build and CPU have,
 * in a caller FP environment also chosen by the bytes (fz_fp_*), and aborts (a finding)
 * when
 *   - a backend's status or any output bit differs from the scalar reference's,
 *   - an invalid lane does not get the documented result,
 *   - an invariant the header promises fails (each target lists its own).
 * Counters (fz_count) record how often the interesting cases happened; when the run ends
 * (atexit) they are printed, and with HORDE_FUZZ_REQUIRE=1 (the short runs of
 * scripts/test.sh) a counter that stayed 0 fails the run: a target that stopped
 * colliding cannot pass silently. */
#ifndef HORDE_FUZZ_H
#define HORDE_FUZZ_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "horde/horde.h"
#include "hostile_fp.h"

/* ---- findings ------------------------------------------------------------------------ */
#define FZ_CHECK(cond, ...)                                                                   \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            fprintf(stderr, "FINDING %s:%d: %s: ", __FILE__, __LINE__, #cond);                \
            fprintf(stderr, __VA_ARGS__);                                                     \
            fputc('\n', stderr);                                                              \
            abort();                                                                          \
        }                                                                                     \
    } while (0)

/* ---- counters -------------------------------------------------------------------------- */
enum { FZ_MAX_COUNTERS = 12 };
static const char *fz_counter_names[FZ_MAX_COUNTERS];
static unsigned long fz_counters[FZ_MAX_COUNTERS];
static int fz_n_counters, fz_n_required;

static inline void fz_report(void)
{
    int zero = 0;
    fprintf(stderr, "counters:");
    for (int i = 0; i < fz_n_counters; i++) {
        fprintf(stderr, " %s=%lu", fz_counter_names[i], fz_counters[i]);
        zero |= i < fz_n_required && fz_counters[i] == 0;
    }
    fputc('\n', stderr);
    const char *req = getenv("HORDE_FUZZ_REQUIRE");
    if (zero && req && *req == '1') {
        fprintf(stderr, "a required counter stayed 0: the target no longer reaches its cases\n");
        _Exit(1);
    }
}

/* Names the counters (indices 0 .. n-1) and arranges the report; the first `required`
 * must move in every run (the others are rare cases, reported only). Call once. */
static inline void fz_counters_init(int n, const char *const *names, int required)
{
    fz_n_counters = n, fz_n_required = required;
    for (int i = 0; i < n; i++)
        fz_counter_names[i] = names[i];
    atexit(fz_report);
}
#define fz_count(i, cond) ((void)(fz_counters[i] += (cond) ? 1u : 0u))

/* Defines the target's LLVMFuzzerInitialize: counters named by the array `names`, the
 * first `required` of them required (fz_counters_init). */
#define FZ_INITIALIZE(names, required)                                                        \
    int LLVMFuzzerInitialize(int *argc, char ***argv)                                         \
    {                                                                                         \
        (void)argc, (void)argv;                                                               \
        fz_counters_init((int)(sizeof(names) / sizeof((names)[0])), (names), (required));     \
        return 0;                                                                             \
    }

/* ---- the byte stream --------------------------------------------------------------------- */
typedef struct { const uint8_t *p; size_t n, i; } fz_bytes;

static inline uint8_t fz_u8(fz_bytes *b) { return b->i < b->n ? b->p[b->i++] : 0; }
static inline uint32_t fz_u16(fz_bytes *b) { return fz_u8(b) | (uint32_t)fz_u8(b) << 8; }
static inline uint32_t fz_u32(fz_bytes *b) { return fz_u16(b) | fz_u16(b) << 16; }
static inline float fz_bits(fz_bytes *b)
{
    const uint32_t u = fz_u32(b);
    float f;
    memcpy(&f, &u, 4);
    return f;
}

static inline float fz_nudge(float f, int ulps)
{
    for (; ulps > 0; ulps--)
        f = nextafterf(f, INFINITY);
    for (; ulps < 0; ulps++)
        f = nextafterf(f, -INFINITY);
    return f;
}

/* A float aimed at what the kernels find hard, around 0 with magnitude about `scale`:
 * raw bits, integers (grid lines, faces) and integers a few ulps off, fractions,
 * special values and the API's limits. */
static inline float fz_float(fz_bytes *b, float scale)
{
    static const float special[] = {0.0f, -0.0f, NAN, INFINITY, -INFINITY, FLT_MIN, 0x1p-149f,
                                    -0x1p-140f, FLT_MAX, 1048576.0f, -1048576.0f, 1044480.0f,
                                    262144.0f, -262144.0f, 65536.0f, 0x1p25f, 0.5f, 1.0f};
    const uint8_t sel = fz_u8(b);
    const float s = (float)((int)(int16_t)fz_u16(b)) * (scale / 32768.0f);
    switch (sel % 8) {
    case 0: return fz_bits(b);
    case 1: return rintf(s);
    case 2: return fz_nudge(rintf(s), (int)(fz_u8(b) % 9) - 4);
    case 3: return special[fz_u8(b) % (sizeof special / sizeof special[0])];
    case 4: return fz_nudge(s, (int)(fz_u8(b) % 5) - 2);
    default: return s;
    }
}

/* A size in [0, max]: small values often, the whole range sometimes. */
static inline size_t fz_count_n(fz_bytes *b, size_t max)
{
    const uint8_t k = fz_u8(b);
    return (k & 0x80) ? fz_u16(b) % (max + 1) : (size_t)(k % 20) % (max + 1);
}

/* ---- caller FP environment ------------------------------------------------------------ */
/* One byte picks it: rounding mode, flush-to-zero, denormals-are-zero, unmasked
 * exceptions (x86 MXCSR; FPCR on aarch64; nothing elsewhere). fz_fp_enter() returns
 * the caller's register; fz_fp_leave() restores it and checks the call left the control
 * bits alone. */
#if defined(__x86_64__)
static inline uint32_t fz_fp_value(uint8_t k)
{
    uint32_t v = 0x1f80u | (uint32_t)(k & 3) << 13;
    if (k & 4) v |= 0x8000u; /* FTZ */
    if (k & 8) v |= 0x0040u; /* DAZ */
    if (k & 16) v &= ~0x0280u; /* invalid, divide-by-zero unmasked */
    if (k & 32) v &= ~0x1f80u; /* every exception unmasked */
    return v;
}
#elif defined(__aarch64__)
static inline uint64_t fz_fp_value(uint8_t k)
{
    return (uint64_t)(k & 3) << 22 | ((k & 4) ? UINT64_C(1) << 24 : 0) | ((k & 8) ? UINT64_C(1) << 25 : 0);
}
#endif

#ifdef HORDE_FP_MODE
typedef struct { horde_fp_reg caller, set; } fz_fp;
static inline fz_fp fz_fp_enter(uint8_t k)
{
    fz_fp s;
    s.caller = horde_fp_get();
    horde_fp_set(fz_fp_value(k));
    s.set = horde_fp_get();
    return s;
}
static inline void fz_fp_leave(fz_fp s)
{
    const horde_fp_reg after = horde_fp_get();
    horde_fp_set(s.caller);
    FZ_CHECK((after & ~(horde_fp_reg)HORDE_FP_FLAGS) == (s.set & ~(horde_fp_reg)HORDE_FP_FLAGS),
             "the call changed the caller's FP control bits");
}
#else
typedef int fz_fp;
static inline fz_fp fz_fp_enter(uint8_t k) { (void)k; return 0; }
static inline void fz_fp_leave(fz_fp s) { (void)s; }
#endif

/* ---- arrays: offset (unaligned) placement ------------------------------------------------ */
/* Room for FZ_MAX_N items at any of 4 offsets; pointers handed to the API start at
 * base + off, so SIMD loads and stores see every alignment. Guard values after the end
 * catch writes past n. */
enum { FZ_MAX_N = 300, FZ_PAD = 4 };
typedef struct { float v[FZ_MAX_N + FZ_PAD + 8]; } fz_floats;
typedef struct { uint32_t v[FZ_MAX_N + FZ_PAD + 8]; } fz_u32s;
static const uint32_t FZ_GUARD = 0x7fa5a5a5u; /* a NaN nobody writes */

/* Fills `words` 32-bit words at base with the guard (any array size). */
static inline void fz_guard_fill(void *base, size_t words)
{
    for (size_t i = 0; i < words; i++)
        memcpy((unsigned char *)base + 4 * i, &FZ_GUARD, 4);
}
static inline float *fz_place(fz_floats *a, int off, size_t n)
{
    fz_guard_fill(a->v, sizeof a->v / sizeof a->v[0]);
    (void)n;
    return a->v + off;
}
static inline uint32_t *fz_place_u(fz_u32s *a, int off)
{
    fz_guard_fill(a->v, sizeof a->v / sizeof a->v[0]);
    return a->v + off;
}
static inline void fz_guard_ok(const void *base, int off, size_t n, const char *what)
{
    const uint32_t *u = (const uint32_t *)base;
    for (int i = 0; i < off; i++)
        FZ_CHECK(u[i] == FZ_GUARD, "%s: written before element 0", what);
    for (size_t i = off + n; i < (size_t)off + n + FZ_PAD; i++)
        FZ_CHECK(u[i] == FZ_GUARD, "%s: written past element n-1 (n = %zu)", what, n);
}

static inline int fz_same(const void *a, const void *b, size_t n_words) { return !memcmp(a, b, 4 * n_words); }

/* ---- worlds ------------------------------------------------------------------------------ */
/* Up to 3 x 3 x 3 chunks, some NULL, from a pool of four patterns (empty, full, random
 * blocks near the faces of a room, a random sparse pattern); origin near 0 or extreme
 * (where the chunk arithmetic overflows if done carelessly); a missing policy. */
typedef struct {
    horde_chunk pool[4];
    const horde_chunk *ptrs[27];
    horde_world w;
    int init_status;
} fz_world;

static inline void fz_world_make(fz_world *fw, fz_bytes *b)
{
    horde_chunk_clear(&fw->pool[0]);
    horde_chunk_fill(&fw->pool[1]);
    for (int k = 2; k < 4; k++) {
        horde_chunk_clear(&fw->pool[k]);
        const int count = k == 2 ? 48 : 400;
        for (int i = 0; i < count; i++) {
            const uint32_t u = k == 2 ? fz_u16(b) : (uint32_t)(i * 2654435761u) ^ fz_u8(b);
            horde_chunk_set(&fw->pool[k], u & 31, (u >> 5) & 31, (u >> 10) & 31, 1);
        }
        if (k == 2) /* a floor at local y = 8 */
            for (int z = 0; z < 32; z++)
                for (int x = 0; x < 32; x++)
                    horde_chunk_set(&fw->pool[k], x, 8, z, 1);
    }
    const int nx = fz_u8(b) % 4, ny = fz_u8(b) % 4, nz = fz_u8(b) % 4;
    for (int i = 0; i < 27; i++) {
        const uint8_t c = fz_u8(b);
        fw->ptrs[i] = (c % 5 == 4) ? NULL : &fw->pool[c % 5 == 3 ? 2 : c % 4];
    }
    int32_t o[3];
    for (int a = 0; a < 3; a++) {
        const uint8_t k = fz_u8(b);
        o[a] = (k & 0xc0) == 0xc0 ? (int32_t)fz_u32(b)            /* anything */
               : (k & 0xc0) == 0x80 ? (k & 1 ? INT32_MAX - (k >> 1 & 7) : INT32_MIN + (k >> 1 & 7))
                                    : (int32_t)(k % 5) - 2;        /* near 0 */
    }
    const horde_missing miss = (fz_u8(b) & 1) ? HORDE_MISSING_SOLID : HORDE_MISSING_EMPTY;
    fw->init_status = horde_world_init(&fw->w, fw->ptrs, o[0], o[1], o[2], nx, ny, nz, miss);
}

/* The world position of a float coordinate near the grid: the origin chunk's blocks,
 * plus c. Keeps movers where the chunks are when the origin is near 0; with extreme
 * origins the coordinates are what they are. */
static inline float fz_near_world(fz_bytes *b, int32_t origin_c, float span)
{
    const float base = (origin_c > -64 && origin_c < 64) ? (float)origin_c * 32.0f : 0.0f;
    return base + fz_float(b, span);
}

/* ---- move kernels (cylinder, point and AABB movers; cylinder_push, without displacements):
 * x, y, z are the first three inputs (dx, dy, dz the next three for movers); end x, y, z
 * and the optional displacement x, y, z the six float outputs ------------------------------ */

/* How one input calls a move kernel: batch size, pointer offset, in place or not, with
 * the displacement outputs or not, and the caller's FP mode (fz_fp_enter). */
typedef struct {
    size_t n;
    int off, alias, with_d;
    uint8_t fp;
} fz_move_call;
static inline fz_move_call fz_move_call_read(fz_bytes *b)
{
    fz_move_call c;
    c.n = fz_count_n(b, FZ_MAX_N);
    c.off = fz_u8(b) % 4;
    c.alias = fz_u8(b) & 1;
    c.with_d = fz_u8(b) & 1;
    c.fp = fz_u8(b);
    return c;
}
/* The start of a move target's input: the world into fw, then the call into c (in that
 * order in the bytes). Returns 0 when the world does not initialise (nothing to run). */
static inline int fz_move_start(fz_bytes *b, fz_world *fw, fz_move_call *c)
{
    fz_world_make(fw, b);
    if (fw->init_status != HORDE_OK)
        return 0;
    *c = fz_move_call_read(b);
    return 1;
}
/* The scalar reference's call: not in place, with displacements, default FP mode. */
static inline fz_move_call fz_move_call_plain(fz_move_call c)
{
    c.alias = 0, c.with_d = 1, c.fp = 0;
    return c;
}

/* One call's outputs: end position, displacement, flags. */
typedef struct { fz_floats v[6]; fz_u32s flags; } fz_move_out;

/* The outputs at off: o[0 .. 5] and the returned flags. */
static inline const uint32_t *fz_move_at(const fz_move_out *s, int off, const float *o[6])
{
    for (int k = 0; k < 6; k++)
        o[k] = s->v[k].v + off;
    return s->flags.v + off;
}

/* Places the outputs at off (o[0 .. 5] and the returned flags); with alias the end arrays
 * start as copies of the positions x[0 .. 2], for a call that moves them in place. */
static inline uint32_t *fz_move_place(fz_move_out *s, float *const *x, size_t n, int off, int alias, float *o[6])
{
    for (int k = 0; k < 6; k++) {
        o[k] = fz_place(&s->v[k], off, n);
        if (alias && k < 3)
            memcpy(o[k], x[k], n * sizeof(float));
    }
    return fz_place_u(&s->flags, off);
}

/* After a call: nothing written outside [off, off + n), and nothing at all into the
 * displacement arrays when the call was given none (with_d = 0). */
static inline void fz_move_guards(const fz_move_out *s, size_t n, int off, int with_d)
{
    for (int k = 0; k < 6; k++)
        fz_guard_ok(s->v[k].v, off, with_d || k < 3 ? n : 0, "out");
    fz_guard_ok(s->flags.v, off, n, "out_flags");
}

/* One call's arrays as fz_move_begin places them: the positions the kernel reads (the end
 * arrays when in place), the six outputs (the displacement ones NULL without with_d), the
 * flags, and the caller's FP state to restore. */
typedef struct {
    const float *pos[3];
    float *o[6];
    uint32_t *f;
    fz_fp fp;
} fz_move_io;

/* Before a call c on the inputs x: places the outputs in s (fz_move_place) and enters the
 * call's FP mode. The target builds its batch from the result and the extra inputs. */
static inline fz_move_io fz_move_begin(fz_move_out *s, float *const *x, fz_move_call c)
{
    fz_move_io io;
    float *o[6];
    io.f = fz_move_place(s, x, c.n, c.off, c.alias, o);
    for (int k = 0; k < 3; k++)
        io.pos[k] = c.alias ? o[k] : x[k];
    for (int k = 0; k < 6; k++)
        io.o[k] = k < 3 || c.with_d ? o[k] : NULL;
    io.fp = fz_fp_enter(c.fp);
    return io;
}

/* After the call (status st): restores the caller's FP state, checks the guards
 * (fz_move_guards); returns st. */
static inline int fz_move_end(const fz_move_out *s, fz_move_call c, fz_move_io io, int st)
{
    fz_fp_leave(io.fp);
    fz_move_guards(s, c.n, c.off, c.with_d);
    return st;
}

/* Defines a mover target's state and call: the world fw, its n_in input arrays in[] and
 * the outputs res[2] (slot 0 the scalar reference's, slot 1 a backend's); and
 * run(isa, slot, x, c, p), call c of horde_<kernel>_isa on isa with parameters p, positions
 * x[0 .. 2] and the further inputs given after n_in (the batch fields between the positions
 * and the outputs), outputs into res[slot] (fz_move_begin, fz_move_end). run returns the
 * status. */
#define FZ_MOVE_TARGET(kernel, n_in, ...)                                                      \
    static fz_world fw;                                                                        \
    static fz_floats in[n_in];                                                                 \
    static fz_move_out res[2];                                                                 \
    static int run(horde_isa isa, int slot, float *const *x, fz_move_call c,                   \
                   const horde_##kernel##_params *p)                                           \
    {                                                                                          \
        const fz_move_io io = fz_move_begin(&res[slot], x, c);                                 \
        const horde_##kernel##_batch b = {io.pos[0], io.pos[1], io.pos[2], __VA_ARGS__,        \
                                          io.o[0],   io.o[1],   io.o[2],   io.o[3],            \
                                          io.o[4],   io.o[5],   io.f,      c.n};               \
        return fz_move_end(&res[slot], c, io, horde_##kernel##_isa(isa, &fw.w, p, &b));        \
    }

/* The opening of a move target's LLVMFuzzerTestOneInput(data, size): the bytes b, the
 * world fw and the call c from them (the target returns 0 when the world does not
 * initialise), n = c.n, and p, horde_<kernel>'s default parameters. */
#define FZ_MOVE_OPEN(kernel)                                                                   \
    fz_bytes b = {data, size, 0};                                                              \
    fz_move_call c;                                                                            \
    if (!fz_move_start(&b, &fw, &c))                                                           \
        return 0;                                                                              \
    const size_t n = c.n;                                                                      \
    horde_##kernel##_params p;                                                                 \
    horde_##kernel##_params_default(&p)
/* The scalar reference's call on inputs x with p (fz_move_call_plain(c)): its status st,
 * checked to be BAD_PARAMS exactly when !params_valid (counted as bad_params_case), and its
 * outputs o[6] and flags f at c.off. */
#define FZ_MOVE_RUN_SCALAR(params_valid, bad_params_case)                                      \
    const int st = run(HORDE_ISA_SCALAR, 0, x, fz_move_call_plain(c), &p);                     \
    fz_move_check_status(st, params_valid, bad_params_case);                                   \
    const float *o[6];                                                                         \
    const uint32_t *f = fz_move_at(&res[0], c.off, o)

/* A mover's start v (x, y, z, dx, dy, dz) is valid: |position| <= max_coord (not NaN), the
 * displacement finite. */
static inline int fz_move_valid_start(const float *v, float max_coord)
{
    for (int k = 0; k < 3; k++)
        if (!(fabsf(v[k]) <= max_coord) || !isfinite(v[3 + k]))
            return 0;
    return 1;
}

/* The count input arrays of call c, placed at c.off in in[0 .. count - 1], into x. */
static inline void fz_move_inputs(fz_floats *in, int count, fz_move_call c, float **x)
{
    for (int k = 0; k < count; k++)
        x[k] = fz_place(&in[k], c.off, c.n);
}

/* Mover i's position x[0 .. 2][i] near the world (fz_near_world, 48 blocks). */
static inline void fz_near_world3(fz_bytes *b, const fz_world *fw, float *const *x, size_t i)
{
    x[0][i] = fz_near_world(b, fw->w.origin_cx, 48.0f);
    x[1][i] = fz_near_world(b, fw->w.origin_cy, 48.0f);
    x[2][i] = fz_near_world(b, fw->w.origin_cz, 48.0f);
}

/* Mover i's position near the world, and its displacement: up to 3 blocks per axis, or
 * up to `far` one time in four. */
static inline void fz_move_item(fz_bytes *b, const fz_world *fw, float *const *x, size_t i, float far)
{
    fz_near_world3(b, fw, x, i);
    const float reach = (fz_u8(b) & 3) == 0 ? far : 3.0f;
    for (int k = 3; k < 6; k++)
        x[k][i] = fz_float(b, reach);
}

/* Lane i's end position equals its start v bit for bit. */
static inline int fz_move_stayed(const float *const *o, const float *v, size_t i)
{
    return fz_same(&o[0][i], &v[0], 1) && fz_same(&o[1][i], &v[1], 1) && fz_same(&o[2][i], &v[2], 1);
}

/* Lane i's displacement outputs are +0 (bit for bit). */
static inline int fz_move_zero_d(const float *const *o, size_t i)
{
    const float zero = 0.0f;
    return fz_same(&o[3][i], &zero, 1) && fz_same(&o[4][i], &zero, 1) && fz_same(&o[5][i], &zero, 1);
}

/* The displacement made is end - start, in float. */
static inline void fz_move_check_made(const float *const *o, const float *v, size_t i)
{
    for (int k = 0; k < 3; k++) {
        const float made = o[k][i] - v[k];
        FZ_CHECK(fz_same(&o[3 + k][i], &made, 1), "lane %zu: displacement %d is not end - start", i, k);
    }
}

/* The scalar reference's status st: HORDE_OK exactly when the parameters are valid
 * (params_valid), else BAD_PARAMS; counts the rejected ones in counter bad_counter. */
static inline void fz_move_check_status(int st, int params_valid, int bad_counter)
{
    FZ_CHECK(st == (params_valid ? HORDE_OK : HORDE_ERR_BAD_PARAMS), "status %d, params valid %d", st, params_valid);
    fz_count(bad_counter, !params_valid);
}

/* Lane i of a mover call with displacements: an invalid mover (valid = 0) is copied
 * (same: fz_move_stayed) with a +0 displacement and flags INVALID alone, and is counted in
 * counter invalid_counter; a valid one is not flagged INVALID. what names the mover in the
 * message. Returns 1 for an invalid lane (nothing more to check). */
static inline int fz_move_invalid_lane(const float *const *o, const uint32_t *f, size_t i, int valid, int same,
                                       int invalid_counter, const char *what)
{
    if (!valid) {
        FZ_CHECK(same && fz_move_zero_d(o, i) && f[i] == HORDE_FLAG_INVALID,
                 "lane %zu: invalid %s not copied / flagged (%#x)", i, what, f[i]);
        fz_count(invalid_counter, 1);
        return 1;
    }
    FZ_CHECK(!(f[i] & HORDE_FLAG_INVALID), "lane %zu: valid %s flagged INVALID", i, what);
    return 0;
}

/* A SIMD backend's call c (status st2, outputs got) against the scalar one (st, ref). */
static inline void fz_move_same_as_scalar(horde_isa isa, fz_move_call c, int st2, const fz_move_out *got, int st,
                                          const fz_move_out *ref)
{
    FZ_CHECK(st2 == st, "%s: status %d, scalar %d", horde_isa_name(isa), st2, st);
    if (st != HORDE_OK)
        return;
    for (int k = 0; k < (c.with_d ? 6 : 3); k++)
        FZ_CHECK(fz_same(got->v[k].v + c.off, ref->v[k].v + c.off, c.n), "%s: output %d differs from scalar",
                 horde_isa_name(isa), k);
    FZ_CHECK(fz_same(got->flags.v + c.off, ref->flags.v + c.off, c.n), "%s: flags differ from scalar",
             horde_isa_name(isa));
}

/* ---- triangles ------------------------------------------------------------------------- */
/* A triangle near c (scale about `span`): random vertices from fz_float, or an
 * axis-aligned floor / wall, or a degenerate one (a repeated vertex, a point, collinear),
 * or raw bits. */
static inline void fz_triangle(fz_bytes *b, const float c[3], float span, float v[9])
{
    const uint8_t kind = fz_u8(b) % 6;
    for (int j = 0; j < 3; j++)
        for (int k = 0; k < 3; k++)
            v[3 * j + k] = kind == 5 ? fz_bits(b) : c[k] + fz_float(b, span);
    if (kind == 1) { /* floor: one height */
        v[4] = v[7] = v[1];
    } else if (kind == 2) { /* wall: one x */
        v[3] = v[6] = v[0];
    } else if (kind == 3) { /* a repeated vertex, or a point */
        memcpy(v + 3, v, 12);
        if (fz_u8(b) & 1)
            memcpy(v + 6, v, 12);
    } else if (kind == 4) { /* collinear: C = A + 2 (B - A) */
        for (int k = 0; k < 3; k++)
            v[6 + k] = v[k] + 2.0f * (v[3 + k] - v[k]);
    }
}

/* A soup of T triangles in planar arrays v[9][FZ_MAX_N], as horde_triangles. */
typedef struct { float v[9][FZ_MAX_N]; } fz_soup;
static inline horde_triangles fz_soup_view(fz_soup *s, size_t n)
{
    horde_triangles t = {s->v[0], s->v[1], s->v[2], s->v[3], s->v[4], s->v[5], s->v[6], s->v[7], s->v[8], n};
    return t;
}

/* ---- backends ------------------------------------------------------------------------------ */
#define FZ_FOR_EACH_SIMD_BACKEND(isa)                                                          \
    for (horde_isa isa = (horde_isa)(HORDE_ISA_SCALAR + 1); isa < HORDE_ISA_COUNT;            \
         isa = (horde_isa)(isa + 1))                                                           \
        if (horde_isa_supported(isa))

/* The float overlap test of cylinder_push.h, written from the header. */
static inline int fz_cyl_overlaps(const horde_world *w, float x, float y, float z, float r, float h)
{
    const double lo = floor((double)x - r) - 1, hi = floor((double)x + r) + 1;
    const double zlo = floor((double)z - r) - 1, zhi = floor((double)z + r) + 1;
    for (double by = floor(y) - 1; by <= ceil((double)y + h) + 1; by++) {
        if (!((float)by < y + h && (float)by + 1.0f > y))
            continue;
        for (double bz = zlo; bz <= zhi; bz++)
            for (double bx = lo; bx <= hi; bx++) {
                if (!horde_world_solid(w, (int32_t)bx, (int32_t)by, (int32_t)bz))
                    continue;
                const float dx = fmaxf(fmaxf((float)bx - x, x - (float)(bx + 1)), 0.0f);
                const float dz = fmaxf(fmaxf((float)bz - z, z - (float)(bz + 1)), 0.0f);
                if (dx * dx + dz * dz < r * r)
                    return 1;
            }
    }
    return 0;
}

#endif
