/* SPDX-License-Identifier: MIT */
/* gather_forms: what it costs this CPU to bring one pole's fields into the lanes of W = 8
 * movers, in each form horde's radial push could use, with nothing else in the loop. It
 * is the measurement behind README's floor for radial_push/avx2 and behind the form
 * kernels/crowd/pole_lanes.h uses. x86-64 with AVX2 only; not part of the test
 * command. Run: build-dir/bench/gather_forms
 *
 * The scene is radial_push's benchmark forest: 85 x 85 poles in row-major order, each
 * mover's list the 3 x 3 poles around a random one, and the lists walked as the kernel
 * walks them: 8 movers side by side, entry k of each at once. Every form reads the same
 * pole numbers and sums what it built, so no load can be dropped.
 *
 * Forms (per 8 lanes and field):
 *   broadcast+blend  8 vbroadcastss from memory merged by 7 vblendps: wide.h's wf_load_at
 *   wf_load_at5      the same for the five fields together, lane by lane (pole_gather.h)
 *   hw gather        one vgatherdps
 *   stack array      8 scalar loads stored to an array, one 256-bit load
 *   insertps         2 x (movss + 3 insertps), one vinsertf128
 *   packed records   x, z, r, bottom as one 16-byte record per pole: 8 x 128-bit loads,
 *                    a 4 x 4 transpose per half; `top` by broadcast+blend (a layout
 *                    horde_poles does not have: the measurement of that proposal) */
#define _POSIX_C_SOURCE 199309L /* clock_gettime under c_std=c11 */
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

/* The library's own forms (wf_load_at, wf_load_at5), as the AVX2 kernels compile them. */
#define HORDE_WIDE_AVX2
#include "simd/wide.h"
#include "crowd/pole_gather.h"

enum { SIDE = 85, POLES = SIDE * SIDE, MOVERS = 1 << 16, ENTRIES = 9, LANES = 8, FIELDS = 5 };
enum { REPEATS = 9 }; /* best of: a shared machine's noise only ever adds time */

static float field[FIELDS][POLES];
static float packed[POLES][4];
static uint32_t order[MOVERS * ENTRIES]; /* group g, entry k, lane l at (g * ENTRIES + k) * LANES + l */

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* xorshift32: the scene is the same on every run. */
static uint32_t next(uint32_t *s)
{
    *s ^= *s << 13, *s ^= *s >> 17, *s ^= *s << 5;
    return *s;
}

static void make_scene(void)
{
    for (int f = 0; f < FIELDS; f++)
        for (int j = 0; j < POLES; j++)
            field[f][j] = (float)j * 0.25f + (float)f;
    for (int j = 0; j < POLES; j++)
        for (int f = 0; f < 4; f++)
            packed[j][f] = field[f][j];
    uint32_t s = 0x706f6c65u;
    for (int g = 0; g < MOVERS / LANES; g++)
        for (int l = 0; l < LANES; l++) {
            const int cx = 1 + (int)(next(&s) % (SIDE - 2)), cz = 1 + (int)(next(&s) % (SIDE - 2));
            for (int k = 0; k < ENTRIES; k++)
                order[(g * ENTRIES + k) * LANES + l] = (uint32_t)((cz + k / 3 - 1) * SIDE + cx + k % 3 - 1);
        }
}

static inline __m128 insert4(const float *base, const uint32_t *at)
{
    __m128 v = _mm_load_ss(base + at[0]);
    v = _mm_insert_ps(v, _mm_load_ss(base + at[1]), 0x10);
    v = _mm_insert_ps(v, _mm_load_ss(base + at[2]), 0x20);
    return _mm_insert_ps(v, _mm_load_ss(base + at[3]), 0x30);
}

__attribute__((noinline)) static __m256 form_broadcast_blend(void)
{
    __m256 sum = _mm256_setzero_ps();
    for (size_t e = 0; e < MOVERS * ENTRIES; e += LANES)
        for (int f = 0; f < FIELDS; f++)
            sum = _mm256_add_ps(sum, wf_load_at(field[f], order + e));
    return sum;
}

__attribute__((noinline)) static __m256 form_load_at5(void)
{
    const float *const base[5] = {field[0], field[1], field[2], field[3], field[4]};
    __m256 sum = _mm256_setzero_ps();
    for (size_t e = 0; e < MOVERS * ENTRIES; e += LANES) {
        wf v[5];
        wf_load_at5(base, order + e, v);
        for (int f = 0; f < FIELDS; f++)
            sum = _mm256_add_ps(sum, v[f]);
    }
    return sum;
}

__attribute__((noinline)) static __m256 form_hw_gather(void)
{
    __m256 sum = _mm256_setzero_ps();
    for (size_t e = 0; e < MOVERS * ENTRIES; e += LANES) {
        const __m256i at = _mm256_loadu_si256((const void *)(order + e));
        for (int f = 0; f < FIELDS; f++)
            sum = _mm256_add_ps(sum, _mm256_i32gather_ps(field[f], at, 4));
    }
    return sum;
}

__attribute__((noinline)) static __m256 form_stack_array(void)
{
    __m256 sum = _mm256_setzero_ps();
    for (size_t e = 0; e < MOVERS * ENTRIES; e += LANES)
        for (int f = 0; f < FIELDS; f++) {
            float v[LANES];
            for (int l = 0; l < LANES; l++)
                v[l] = field[f][order[e + l]];
            sum = _mm256_add_ps(sum, _mm256_loadu_ps(v));
        }
    return sum;
}

__attribute__((noinline)) static __m256 form_insertps(void)
{
    __m256 sum = _mm256_setzero_ps();
    for (size_t e = 0; e < MOVERS * ENTRIES; e += LANES)
        for (int f = 0; f < FIELDS; f++) {
            const __m128 lo = insert4(field[f], order + e), hi = insert4(field[f], order + e + 4);
            sum = _mm256_add_ps(sum, _mm256_insertf128_ps(_mm256_castps128_ps256(lo), hi, 1));
        }
    return sum;
}

/* Records of lanes l and l + 4 in one register. */
static inline __m256 two_records(const uint32_t *at, int l)
{
    return _mm256_insertf128_ps(_mm256_castps128_ps256(_mm_loadu_ps(packed[at[l]])), _mm_loadu_ps(packed[at[l + 4]]), 1);
}

__attribute__((noinline)) static __m256 form_packed(void)
{
    __m256 sum = _mm256_setzero_ps();
    for (size_t e = 0; e < MOVERS * ENTRIES; e += LANES) {
        const uint32_t *at = order + e;
        const __m256 r0 = two_records(at, 0), r1 = two_records(at, 1), r2 = two_records(at, 2), r3 = two_records(at, 3);
        const __m256 t0 = _mm256_unpacklo_ps(r0, r1), t1 = _mm256_unpackhi_ps(r0, r1);
        const __m256 t2 = _mm256_unpacklo_ps(r2, r3), t3 = _mm256_unpackhi_ps(r2, r3);
        const __m256 x = _mm256_shuffle_ps(t0, t2, 0x44), z = _mm256_shuffle_ps(t0, t2, 0xee);
        const __m256 r = _mm256_shuffle_ps(t1, t3, 0x44), bottom = _mm256_shuffle_ps(t1, t3, 0xee);
        sum = _mm256_add_ps(sum, _mm256_add_ps(_mm256_add_ps(x, z), _mm256_add_ps(r, bottom)));
        sum = _mm256_add_ps(sum, wf_load_at(field[4], at));
    }
    return sum;
}

int main(void)
{
    make_scene();
    const struct {
        const char *name;
        __m256 (*run)(void);
    } forms[] = {{"broadcast+blend", form_broadcast_blend}, {"wf_load_at5", form_load_at5},
                 {"hw gather", form_hw_gather},
                 {"stack array", form_stack_array},         {"insertps", form_insertps},
                 {"packed records", form_packed}};
    const int nforms = (int)(sizeof forms / sizeof forms[0]);
    float check = 0.0f;
    printf("%-16s %14s %14s\n", "form", "ns/lane-entry", "ns/mover (9)");
    for (int i = 0; i < nforms; i++) {
        double best = 1e30;
        for (int r = 0; r < REPEATS; r++) {
            const double t0 = seconds();
            float lane[LANES];
            _mm256_storeu_ps(lane, forms[i].run());
            const double t = seconds() - t0;
            best = t < best ? t : best;
            check += lane[0];
        }
        const double per = 1e9 * best / (MOVERS * ENTRIES);
        printf("%-16s %14.2f %14.2f\n", forms[i].name, per, per * ENTRIES);
    }
    printf("(checksum %g)\n", (double)check);
    return 0;
}
