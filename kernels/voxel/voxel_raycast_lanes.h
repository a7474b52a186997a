/* SPDX-License-Identifier: MIT */
/* Internal, AVX2: the raycast's and the line of sight's walk for eight segments in lock
 * step. Most segments of a game's sight and shot queries stop after a handful of blocks,
 * so what costs is the per-segment work around a short walk and the walk's unpredictable
 * axis choice; eight lanes share the set-up and the answers (vector code) and step
 * together with no branch on the axis. It visits the header's block sequence exactly
 * (include/horde/voxel_raycast.h):
 *   - the set-up is horde_rc_setup's arithmetic in double, where every value is an
 *     integer below 2^53 (exact), and the start block's test;
 *   - the crossing order of axes i < j is the sign of d_ij = n_i a_j - n_j a_i (i first
 *     when d_ij <= 0, the header's tie to the lower axis). Every step adds a multiple of
 *     U = 2^20 to d_ij, so the lane keeps q_ij = floor((d_ij - 1) / U) instead: q_ij < 0
 *     exactly when d_ij <= 0, a step adds a_j, -a_i or 0, and |q_ij| <= 2^30 + 2 (the
 *     next crossings of two axes lie within one block's t of each other, so |d_ij| <=
 *     U max(a_i, a_j)): 32-bit lanes, the sign bit is the comparison;
 *   - each lane runs its precounted steps (one per plane crossing with t <= 1); its
 *     steps do not wait for its block tests, and its first solid block, with the axis
 *     of the step into it, is kept when the test finds it;
 *   - a lane keeps its block inside its chunk (0..31 per axis) and its chunk's address;
 *     a step out of the chunk is rare and handled out of line (rc_pack_move), the block
 *     test is one row gather for the eight lanes and a shift;
 *   - after RC_LOCK_STEPS steps the lanes still walking continue one at a time, from
 *     their exact state, in the raycast's walk (voxel_raycast_walk.h: x-row masks,
 *     air-level skips) or the line of sight's (voxel_los_walk.h: boxes of air), which
 *     pay on long segments;
 *   - a hit's t is the reference's division of the same integers.
 * So every result bit is the reference's. */
#ifndef HORDE_VOXEL_RAYCAST_LANES_H
#define HORDE_VOXEL_RAYCAST_LANES_H

#include <stdint.h>

#include "voxel_los_walk.h"

/* The lanes hold chunk addresses in 64-bit elements and read the view's chunk table as
 * 64-bit words: 64-bit pointers only (a 32-bit target's AVX2 is emulated, and its
 * backend walks one lane at a time as the others do). */
#if defined(HORDE_WIDE_AVX2) && UINTPTR_MAX > 0xffffffffu
#include "simd/wide.h"

#define RC_PACK 8
#define RC_LOCK_STEPS 40 /* then the lanes still walking go on one at a time */
#define RC_HAS_PACK 1

/* Eight lanes: the walk's state as rows of 32-bit lanes. */
typedef struct rc_pack {
    int32_t q[3][RC_PACK];   /* q_xy, q_xz, q_yz */
    int32_t a[3][RC_PACK];   /* |D_k| (0 .. 2^30) */
    int32_t s[3][RC_PACK];   /* sign(D_k) */
    int32_t n[3][RC_PACK];   /* the start's plane distances, (0, U] */
    int32_t b[3][RC_PACK];   /* the start block */
    int32_t loc[3][RC_PACK]; /* the block within its chunk */
    int32_t cc[3][RC_PACK];  /* the chunk */
    int32_t rem[RC_PACK];    /* steps left; 0 once stopped */
    int32_t last[RC_PACK];   /* the axis of the last step */
    int32_t found[RC_PACK];  /* -1: the lane has found its solid block (loc holds it) */
    int64_t caddr[RC_PACK];  /* the chunk's address */
    int32_t coff[RC_PACK];   /* the chunk's address less base, when near */
    int64_t base;            /* lane 0's chunk's address at the start */
    int near;                /* every lane's chunk lies within 2^31 - 2^12 bytes of base */
    int invalid, inside;     /* lane bits */
} rc_pack;

/* The lanes of bit mask `bits` as a lane mask. */
static inline simde__m256i rc_mask_of(int bits)
{
    const simde__m256i lane = simde_mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
    return simde_mm256_cmpeq_epi32(simde_mm256_and_si256(simde_mm256_set1_epi32(bits), lane), lane);
}

#define RC_LD(p) simde_mm256_loadu_si256((const void *)(p))
#define RC_ST(p, v) simde_mm256_storeu_si256((void *)(p), v)

/* The chunks' offsets from the pack's base, and whether all of them fit the 32-bit
 * offsets of one gather (chunks allocated together do; a far one is read lane by lane,
 * and the offsets are then zero and unused). Four 64-bit lanes at a time: the offsets'
 * low halves, gathered into one row, are the offsets themselves when all are near. */
static inline void rc_pack_near(rc_pack *p)
{
    const int64_t lim = ((int64_t)1 << 31) - 4096;
    const simde__m256i base = simde_mm256_set1_epi64x(p->base);
    const simde__m256i hi = simde_mm256_set1_epi64x(lim), lo = simde_mm256_set1_epi64x(-lim);
    simde__m256i d[2];
    int far = 0;
    for (int h = 0; h < 2; h++) {
        d[h] = simde_mm256_sub_epi64(RC_LD(p->caddr + 4 * h), base);
        /* near: lo < d < hi */
        const simde__m256i in = simde_mm256_and_si256(simde_mm256_cmpgt_epi64(d[h], lo), simde_mm256_cmpgt_epi64(hi, d[h]));
        far |= ~simde_mm256_movemask_pd(simde_mm256_castsi256_pd(in)) & 0xF;
    }
    const simde__m256i low = simde_mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    const simde__m256i a = simde_mm256_permutevar8x32_epi32(d[0], low), b = simde_mm256_permutevar8x32_epi32(d[1], low);
    const simde__m256i off = simde_mm256_blend_epi32(a, b, 0xF0);
    RC_ST(p->coff, far ? simde_mm256_setzero_si256() : off);
    p->near = !far;
}

/* The lanes (bits of `lanes`) whose block left its chunk: the next chunk along that axis
 * (out of line: most packs never leave their chunks). */
static void rc_pack_move(const horde_view *v, rc_pack *p, int lanes)
{
    for (; lanes; lanes &= lanes - 1) {
        const int i = rc_low_bit((uint32_t)lanes);
        int moved = 0;
        for (int k = 0; k < 3; k++) {
            const int32_t o = p->loc[k][i];
            if (o & ~31) {
                p->cc[k][i] += o >> 5, p->loc[k][i] = o & 31;
                moved = 1;
            }
        }
        if (moved)
            p->caddr[i] = (int64_t)(uintptr_t)horde_view_chunk(v, p->cc[0][i], p->cc[1][i], p->cc[2][i]);
    }
    rc_pack_near(p);
}

/* The chunk row at address o. */
static inline int32_t rc_row_at(int64_t o) { return (int32_t)*(const uint32_t *)(uintptr_t)o; }

/* The rows at byte offsets off of the eight lanes' chunks: eight loads, for chunks too far
 * apart for one gather's 32-bit offsets. */
static inline simde__m256i rc_pack_rows(simde__m256i clo, simde__m256i chi, simde__m256i off)
{
    const simde__m256i alo = simde_mm256_add_epi64(clo, simde_mm256_cvtepu32_epi64(simde_mm256_castsi256_si128(off)));
    const simde__m256i ahi = simde_mm256_add_epi64(chi, simde_mm256_cvtepu32_epi64(simde_mm256_extracti128_si256(off, 1)));
    int64_t o[8];
    RC_ST(o, alo), RC_ST(o + 4, ahi);
    return simde_mm256_setr_epi32(rc_row_at(o[0]), rc_row_at(o[1]), rc_row_at(o[2]), rc_row_at(o[3]),
                                  rc_row_at(o[4]), rc_row_at(o[5]), rc_row_at(o[6]), rc_row_at(o[7]));
}

/* The same when the pack's chunks are near its base: one gather of 32-bit offsets. */
static inline simde__m256i rc_pack_rows_near(const rc_pack *p, simde__m256i coff, simde__m256i off)
{
    return simde_mm256_i32gather_epi32((const int32_t *)(uintptr_t)p->base, simde_mm256_add_epi32(coff, off), 1);
}

/* The walk keeps a lane's block within its chunk in one 32-bit lane, a byte per axis
 * with a bias of 64: x in bits 0-7, z in 8-15, y in 16-23. A step adds +-1, +-256 or
 * +-65536, and a byte that starts in 64..95 and moves by one stays within 63..96, so no
 * step carries into the next byte; the lane is in its chunk while no byte has bit 5 or
 * bit 7 set (63 and 96 have bit 5), so one vptest against RC_OUT finds that every lane
 * still walking is. A lane that stopped keeps stepping, and its bytes may run off (and
 * turn to garbage when a move repacks the lanes): its row offset and shift are masked
 * into its chunk, its test and moves are masked off, and a found block is kept apart in
 * found_at. One vector for the block and one for the found block, in place of six,
 * leaves four more of the sixteen AVX2 registers to the walk's other state. */
#define RC_BIAS 0x404040
#define RC_OUT 0xa0a0a0
static inline simde__m256i rc_pack_lin(const rc_pack *p)
{
    const simde__m256i x = RC_LD(p->loc[0]), y = RC_LD(p->loc[1]), z = RC_LD(p->loc[2]);
    const simde__m256i yz = simde_mm256_or_si256(simde_mm256_slli_epi32(y, 16), simde_mm256_slli_epi32(z, 8));
    return simde_mm256_add_epi32(simde_mm256_or_si256(yz, x), simde_mm256_set1_epi32(RC_BIAS));
}
static inline void rc_unpack_lin(rc_pack *p, simde__m256i lin)
{
    const simde__m256i byte = simde_mm256_set1_epi32(0xff), bias = simde_mm256_set1_epi32(RC_BIAS & 0xff);
    RC_ST(p->loc[0], simde_mm256_sub_epi32(simde_mm256_and_si256(lin, byte), bias));
    RC_ST(p->loc[1], simde_mm256_sub_epi32(simde_mm256_and_si256(simde_mm256_srli_epi32(lin, 16), byte), bias));
    RC_ST(p->loc[2], simde_mm256_sub_epi32(simde_mm256_and_si256(simde_mm256_srli_epi32(lin, 8), byte), bias));
}

/* The byte offset in its chunk of the row under each lane's packed block (level
 * (lin >> 16) & 31, row (lin >> 8) & 31, at 4 (32 level + row)), and the shift that
 * brings the block's bit x = lin & 31 to the top (31 - x = ~lin & 31). Whatever the
 * bytes hold, the offset stays inside a chunk's rows and the shift inside a row. */
static inline simde__m256i rc_lin_offset(simde__m256i lin)
{
    return simde_mm256_or_si256(simde_mm256_and_si256(simde_mm256_srli_epi32(lin, 6), simde_mm256_set1_epi32(0x7c)),
                                simde_mm256_and_si256(simde_mm256_srli_epi32(lin, 9), simde_mm256_set1_epi32(0xf80)));
}
static inline simde__m256i rc_lin_shift(simde__m256i lin)
{
    return simde_mm256_andnot_si256(lin, simde_mm256_set1_epi32(31));
}

/* The step's choice among three values per lane: x's where the next step is along x
 * (xf), else y's where y comes before z (yf), else z's (the masks are -1 or 0). */
static inline simde__m256i rc_pick(simde__m256i xf, simde__m256i yf, simde__m256i vx, simde__m256i vy,
                                   simde__m256i vz)
{
    return simde_mm256_blendv_epi8(simde_mm256_blendv_epi8(vz, vy, yf), vx, xf);
}

/* Up to RC_LOCK_STEPS steps of every lane (file comment); the state goes back into p.
 * Every lane steps in every iteration, walking or not: only the lanes still walking
 * (`open`: steps left, no solid block found) need an exact state. A lane that stopped
 * may run off its chunk; it is masked out of the chunk test, the moves and the block
 * test, its row reads stay inside its chunk (the offsets are masked), and its answer
 * does not read its block: a miss reports no block, a hit the one kept in found_at. */
static inline void rc_pack_walk(const horde_view *v, rc_pack *p)
{
    const simde__m256i zero = simde_mm256_setzero_si256(), ones = simde_mm256_set1_epi32(-1);
    simde__m256i qxy = RC_LD(p->q[0]), qxz = RC_LD(p->q[1]), qyz = RC_LD(p->q[2]);
    const simde__m256i ax = RC_LD(p->a[0]), ay = RC_LD(p->a[1]), az = RC_LD(p->a[2]);
    const simde__m256i nax = simde_mm256_sub_epi32(zero, ax), nay = simde_mm256_sub_epi32(zero, ay);
    /* the steps along x, y, z in the packed block (rc_pack_lin) */
    const simde__m256i dx = RC_LD(p->s[0]), dy = simde_mm256_slli_epi32(RC_LD(p->s[1]), 16);
    const simde__m256i dz = simde_mm256_slli_epi32(RC_LD(p->s[2]), 8);
    /* the axis codes: 0 for x, 1 for y, 2 for z */
    const simde__m256i one = simde_mm256_set1_epi32(1), two = simde_mm256_set1_epi32(2);
    const simde__m256i outside = simde_mm256_set1_epi32(RC_OUT);
    simde__m256i lin = rc_pack_lin(p), found_at = lin;
    simde__m256i rem = RC_LD(p->rem), hit = rc_mask_of(p->inside), last = zero;
    simde__m256i clo = RC_LD(p->caddr), chi = RC_LD(p->caddr + 4), coff = RC_LD(p->coff);
    int near = p->near;
    for (int it = 0; it < RC_LOCK_STEPS; it++) {
        const simde__m256i open = simde_mm256_andnot_si256(hit, simde_mm256_cmpgt_epi32(rem, zero));
        if (simde_mm256_testz_si256(open, open))
            break;
        const simde__m256i xf = simde_mm256_srai_epi32(simde_mm256_and_si256(qxy, qxz), 31);
        const simde__m256i yf = simde_mm256_srai_epi32(qyz, 31);
        /* q_ij gains a_j for a step along i, -a_i along j */
        qxy = simde_mm256_add_epi32(qxy, rc_pick(xf, yf, ay, nax, zero));
        qxz = simde_mm256_add_epi32(qxz, rc_pick(xf, yf, az, zero, nax));
        qyz = simde_mm256_add_epi32(qyz, rc_pick(xf, yf, zero, az, nay));
        lin = simde_mm256_add_epi32(lin, rc_pick(xf, yf, dx, dy, dz));
        rem = simde_mm256_add_epi32(rem, ones);
        if (!simde_mm256_testz_si256(simde_mm256_and_si256(open, lin), outside)) {
            const simde__m256i in = simde_mm256_cmpeq_epi32(simde_mm256_and_si256(lin, outside), zero);
            rc_unpack_lin(p, lin);
            rc_pack_move(v, p, simde_mm256_movemask_ps(simde_mm256_castsi256_ps(simde_mm256_andnot_si256(in, open))));
            lin = rc_pack_lin(p);
            clo = RC_LD(p->caddr), chi = RC_LD(p->caddr + 4), coff = RC_LD(p->coff);
            near = p->near;
        }
        /* a lane that stopped may read a wrong row of its chunk: its test is not used */
        const simde__m256i off = rc_lin_offset(lin);
        const simde__m256i rows = near ? rc_pack_rows_near(p, coff, off) : rc_pack_rows(clo, chi, off);
        const simde__m256i solid = simde_mm256_srai_epi32(simde_mm256_sllv_epi32(rows, rc_lin_shift(lin)), 31);
        const simde__m256i found = simde_mm256_and_si256(solid, open);
        hit = simde_mm256_or_si256(hit, found);
        found_at = simde_mm256_blendv_epi8(found_at, lin, found);
        last = simde_mm256_blendv_epi8(last, rc_pick(xf, yf, zero, one, two), found);
    }
    /* a lane that found its block reports it; the others their current block (exact
     * for the lanes still walking) */
    rc_unpack_lin(p, simde_mm256_blendv_epi8(lin, found_at, hit));
    RC_ST(p->rem, simde_mm256_andnot_si256(hit, simde_mm256_max_epi32(rem, zero)));
    RC_ST(p->last, last), RC_ST(p->found, hit);
}

/* The chunks (cx, cy, cz) of eight lanes through the view, as addresses
 * (horde_view_chunk's answer: the index of a chunk outside the view is zeroed, so the
 * table read is in bounds, and its pointer is dropped). */
static inline void rc_pack_chunks(const horde_view *v, simde__m256i cx, simde__m256i cy,
                                  simde__m256i cz, int64_t *caddr)
{
    const simde__m256i top = simde_mm256_set1_epi32(INT32_MIN);
    const simde__m256i gx = simde_mm256_sub_epi32(cx, simde_mm256_set1_epi32(v->ox));
    const simde__m256i gy = simde_mm256_sub_epi32(cy, simde_mm256_set1_epi32(v->oy));
    const simde__m256i gz = simde_mm256_sub_epi32(cz, simde_mm256_set1_epi32(v->oz));
    /* unsigned g < n as signed compares with the top bit flipped */
    simde__m256i in = simde_mm256_cmpgt_epi32(simde_mm256_set1_epi32((int32_t)(v->nx ^ 0x80000000u)),
                                              simde_mm256_xor_si256(gx, top));
    in = simde_mm256_and_si256(in, simde_mm256_cmpgt_epi32(simde_mm256_set1_epi32((int32_t)(v->ny ^ 0x80000000u)),
                                                           simde_mm256_xor_si256(gy, top)));
    in = simde_mm256_and_si256(in, simde_mm256_cmpgt_epi32(simde_mm256_set1_epi32((int32_t)(v->nz ^ 0x80000000u)),
                                                           simde_mm256_xor_si256(gz, top)));
    simde__m256i idx = simde_mm256_add_epi32(gx, simde_mm256_mullo_epi32(gz, simde_mm256_set1_epi32((int32_t)v->sz)));
    idx = simde_mm256_add_epi32(idx, simde_mm256_mullo_epi32(gy, simde_mm256_set1_epi32((int32_t)v->sy)));
    idx = simde_mm256_and_si256(idx, in);
    const simde__m256i fill = simde_mm256_set1_epi64x((int64_t)(uintptr_t)v->fill);
    const long long *table = (const long long *)(const void *)v->chunks;
    for (int h = 0; h < 2; h++) {
        const simde__m128i ih = h ? simde_mm256_extracti128_si256(idx, 1) : simde_mm256_castsi256_si128(idx);
        const simde__m128i mh = h ? simde_mm256_extracti128_si256(in, 1) : simde_mm256_castsi256_si128(in);
        simde__m256i c = simde_mm256_and_si256(simde_mm256_i32gather_epi64(table, ih, 8), simde_mm256_cvtepi32_epi64(mh));
        const simde__m256i none = simde_mm256_cmpeq_epi64(c, simde_mm256_setzero_si256());
        c = simde_mm256_blendv_epi8(c, fill, none);
        RC_ST(caddr + 4 * h, c);
    }
}

/* The reference's snapping (horde_rc_snap) of four coordinates. */
static inline simde__m256d rc_snap4(simde__m128 f)
{
    const simde__m256d m = simde_mm256_set1_pd(6755399441055744.0);
    return simde_mm256_sub_pd(simde_mm256_add_pd(simde_mm256_mul_pd(simde_mm256_cvtps_pd(f), simde_mm256_set1_pd(1048576.0)), m), m);
}

/* One axis of four lanes: horde_rc_setup's a, n, b, s in double (every value is an
 * integer below 2^42: exact), then as 32-bit lanes; the lanes longer than the limit. */
typedef struct rc_axis4 {
    simde__m256d a, n;
    simde__m128i ai, ni, bi, si;
    int longer;
} rc_axis4;
static inline void rc_axis4_of(simde__m256d c0, simde__m256d c1, rc_axis4 *r)
{
    const simde__m256d zero = simde_mm256_setzero_pd(), one = simde_mm256_set1_pd(1.0);
    const simde__m256d u = simde_mm256_set1_pd((double)RC_U), maxd = simde_mm256_set1_pd((double)RC_MAX_D);
    const simde__m256d d = simde_mm256_sub_pd(c1, c0);
    const simde__m256d neg = simde_mm256_cmp_pd(d, zero, SIMDE_CMP_LT_OQ);
    const simde__m256d pos = simde_mm256_cmp_pd(d, zero, SIMDE_CMP_GT_OQ);
    const simde__m256d a = simde_mm256_andnot_pd(simde_mm256_set1_pd(-0.0), d);
    r->longer = simde_mm256_movemask_pd(simde_mm256_cmp_pd(a, maxd, SIMDE_CMP_GT_OQ));
    r->a = simde_mm256_min_pd(a, maxd); /* a longer lane is invalid: kept in range */
    /* b = floor(c0 / U) (d >= 0) or ceil(c0 / U) - 1 (d < 0); n = (b + 1) U - c0 or c0 - b U */
    const simde__m256d qd = simde_mm256_mul_pd(c0, simde_mm256_set1_pd(1.0 / (double)RC_U));
    const simde__m256d b = simde_mm256_blendv_pd(simde_mm256_floor_pd(qd), simde_mm256_sub_pd(simde_mm256_ceil_pd(qd), one), neg);
    const simde__m256d e = simde_mm256_sub_pd(c0, simde_mm256_mul_pd(b, u));
    r->n = simde_mm256_blendv_pd(simde_mm256_sub_pd(u, e), e, neg);
    const simde__m256d s = simde_mm256_sub_pd(simde_mm256_and_pd(pos, one), simde_mm256_and_pd(neg, one));
    r->ai = simde_mm256_cvttpd_epi32(r->a), r->ni = simde_mm256_cvttpd_epi32(r->n);
    r->bi = simde_mm256_cvttpd_epi32(b), r->si = simde_mm256_cvttpd_epi32(s);
}

/* q_ij = floor((n_i a_j - n_j a_i - 1) / U) of four lanes: products below 2^51, exact. */
static inline simde__m128i rc_q4(const rc_axis4 *i, const rc_axis4 *j)
{
    const simde__m256d d = simde_mm256_sub_pd(simde_mm256_mul_pd(i->n, j->a), simde_mm256_mul_pd(j->n, i->a));
    const simde__m256d q = simde_mm256_mul_pd(simde_mm256_sub_pd(d, simde_mm256_set1_pd(1.0)), simde_mm256_set1_pd(1.0 / (double)RC_U));
    return simde_mm256_cvttpd_epi32(simde_mm256_floor_pd(q));
}

/* Eight segments into the pack: the reference's validation and set-up (horde_rc_setup:
 * an invalid lane's coordinates are zeroed first, so every lane computes in range), the
 * step count, the start block and its test. An invalid or started-inside lane gets no
 * steps. */
static inline void rc_pack_setup(const horde_view *v, rc_pack *p, const float *const in[6])
{
    const simde__m256 lim = simde_mm256_set1_ps(HORDE_VOXEL_RAYCAST_MAX_COORD), sign = simde_mm256_set1_ps(-0.0f);
    simde__m256 c[6], ok = simde_mm256_castsi256_ps(simde_mm256_set1_epi32(-1));
    for (int k = 0; k < 6; k++) {
        c[k] = simde_mm256_loadu_ps(in[k]);
        ok = simde_mm256_and_ps(ok, simde_mm256_cmp_ps(simde_mm256_andnot_ps(sign, c[k]), lim, SIMDE_CMP_LE_OQ));
    }
    int invalid = ~simde_mm256_movemask_ps(ok) & 0xFF;
    rc_axis4 ax[2][3];
    for (int h = 0; h < 2; h++)
        for (int k = 0; k < 3; k++) {
            const simde__m256 s0 = simde_mm256_and_ps(c[k], ok), s1 = simde_mm256_and_ps(c[k + 3], ok);
            const simde__m128 f0 = h ? simde_mm256_extractf128_ps(s0, 1) : simde_mm256_castps256_ps128(s0);
            const simde__m128 f1 = h ? simde_mm256_extractf128_ps(s1, 1) : simde_mm256_castps256_ps128(s1);
            rc_axis4_of(rc_snap4(f0), rc_snap4(f1), &ax[h][k]);
            invalid |= ax[h][k].longer << (4 * h);
        }
    simde__m256i rem = simde_mm256_setzero_si256();
    for (int k = 0; k < 3; k++) {
        const simde__m256i a = simde_mm256_set_m128i(ax[1][k].ai, ax[0][k].ai);
        const simde__m256i n = simde_mm256_set_m128i(ax[1][k].ni, ax[0][k].ni);
        const simde__m256i b = simde_mm256_set_m128i(ax[1][k].bi, ax[0][k].bi);
        RC_ST(p->a[k], a), RC_ST(p->n[k], n), RC_ST(p->b[k], b);
        RC_ST(p->s[k], simde_mm256_set_m128i(ax[1][k].si, ax[0][k].si));
        RC_ST(p->loc[k], simde_mm256_and_si256(b, simde_mm256_set1_epi32(31)));
        RC_ST(p->cc[k], simde_mm256_srai_epi32(b, 5));
        /* planes with t <= 1: (a - n) / U + 1 when n <= a; a - n >= -U otherwise gives 0 */
        rem = simde_mm256_add_epi32(rem, simde_mm256_add_epi32(simde_mm256_srai_epi32(simde_mm256_sub_epi32(a, n), 20),
                                                               simde_mm256_set1_epi32(1)));
    }
    RC_ST(p->q[0], simde_mm256_set_m128i(rc_q4(&ax[1][0], &ax[1][1]), rc_q4(&ax[0][0], &ax[0][1])));
    RC_ST(p->q[1], simde_mm256_set_m128i(rc_q4(&ax[1][0], &ax[1][2]), rc_q4(&ax[0][0], &ax[0][2])));
    RC_ST(p->q[2], simde_mm256_set_m128i(rc_q4(&ax[1][1], &ax[1][2]), rc_q4(&ax[0][1], &ax[0][2])));
    rc_pack_chunks(v, RC_LD(p->cc[0]), RC_LD(p->cc[1]), RC_LD(p->cc[2]), p->caddr);
    p->base = p->caddr[0];
    rc_pack_near(p);
    const simde__m256i lin = rc_pack_lin(p);
    const simde__m256i rows = rc_pack_rows(RC_LD(p->caddr), RC_LD(p->caddr + 4), rc_lin_offset(lin));
    const simde__m256i solid = simde_mm256_sllv_epi32(rows, rc_lin_shift(lin));
    p->invalid = invalid;
    p->inside = simde_mm256_movemask_ps(simde_mm256_castsi256_ps(solid)) & ~invalid;
    RC_ST(p->rem, simde_mm256_andnot_si256(rc_mask_of(invalid | p->inside), rem));
}

/* The pack's answers after rc_pack_walk, into the output rows t, bx, by, bz, face,
 * flags (eight each; bx == NULL: t and flags only). A hit's plane distance is the
 * start's plus the planes crossed before the last step: n = n_k + (j_k - 1) U with j_k
 * the blocks moved along k. Lanes still walking finish one at a time in the scalar walk. */
static inline void rc_pack_answer(const horde_view *v, rc_pack *p, float *t, int32_t *bx, int32_t *by,
                                  int32_t *bz, uint32_t *face, uint32_t *flags)
{
    const simde__m256i zero = simde_mm256_setzero_si256(), one = simde_mm256_set1_epi32(1);
    const simde__m256i last = RC_LD(p->last), rem = RC_LD(p->rem);
    const simde__m256i m1 = simde_mm256_cmpeq_epi32(last, one), m2 = simde_mm256_cmpeq_epi32(last, simde_mm256_set1_epi32(2));
    simde__m256i cur[3], bk = zero, b0 = zero, nk = zero, ak = zero, sk = zero;
    for (int k = 0; k < 3; k++) {
        cur[k] = simde_mm256_add_epi32(simde_mm256_slli_epi32(RC_LD(p->cc[k]), 5), RC_LD(p->loc[k]));
        const simde__m256i m = k == 0 ? simde_mm256_set1_epi32(-1) : k == 1 ? m1 : m2;
        bk = simde_mm256_blendv_epi8(bk, cur[k], m), b0 = simde_mm256_blendv_epi8(b0, RC_LD(p->b[k]), m);
        nk = simde_mm256_blendv_epi8(nk, RC_LD(p->n[k]), m), ak = simde_mm256_blendv_epi8(ak, RC_LD(p->a[k]), m);
        sk = simde_mm256_blendv_epi8(sk, RC_LD(p->s[k]), m);
    }
    const simde__m256i j = simde_mm256_abs_epi32(simde_mm256_sub_epi32(bk, b0));
    const simde__m256i nh = simde_mm256_add_epi32(nk, simde_mm256_slli_epi32(simde_mm256_sub_epi32(j, one), 20));
    simde__m128 th[2];
    for (int h = 0; h < 2; h++) {
        const simde__m128i n4 = h ? simde_mm256_extracti128_si256(nh, 1) : simde_mm256_castsi256_si128(nh);
        const simde__m128i a4 = h ? simde_mm256_extracti128_si256(ak, 1) : simde_mm256_castsi256_si128(ak);
        th[h] = simde_mm256_cvtpd_ps(simde_mm256_div_pd(simde_mm256_cvtepi32_pd(n4), simde_mm256_cvtepi32_pd(a4)));
    }
    const int walking = simde_mm256_movemask_ps(simde_mm256_castsi256_ps(simde_mm256_cmpgt_epi32(rem, zero)));
    const int found = simde_mm256_movemask_ps(simde_mm256_castsi256_ps(RC_LD(p->found)));
    const int done = p->invalid | p->inside | walking;
    const simde__m256i hit = rc_mask_of(found & ~done), in = rc_mask_of(p->inside);
    const simde__m256i inv = rc_mask_of(p->invalid);
    simde__m256 tv = simde_mm256_set_m128(th[1], th[0]);
    tv = simde_mm256_blendv_ps(simde_mm256_set1_ps(1.0f), tv, simde_mm256_castsi256_ps(hit));
    tv = simde_mm256_andnot_ps(simde_mm256_castsi256_ps(in), tv);
    simde__m256i fl = simde_mm256_and_si256(hit, simde_mm256_set1_epi32((int32_t)HORDE_FLAG_HIT));
    fl = simde_mm256_or_si256(fl, simde_mm256_and_si256(in, simde_mm256_set1_epi32((int32_t)(HORDE_FLAG_HIT | HORDE_FLAG_STARTED_INSIDE))));
    fl = simde_mm256_or_si256(fl, simde_mm256_and_si256(inv, simde_mm256_set1_epi32((int32_t)HORDE_FLAG_INVALID)));
    simde_mm256_storeu_ps(t, tv);
    RC_ST(flags, fl);
    if (bx) {
        int32_t *out[3] = {bx, by, bz};
        for (int k = 0; k < 3; k++)
            RC_ST(out[k], simde_mm256_or_si256(simde_mm256_and_si256(hit, cur[k]), simde_mm256_and_si256(in, RC_LD(p->b[k]))));
        /* face 2k + (s_k < 0) of a hit, else HORDE_NONE */
        const simde__m256i f = simde_mm256_add_epi32(simde_mm256_add_epi32(last, last), simde_mm256_srli_epi32(sk, 31));
        RC_ST(face, simde_mm256_blendv_epi8(simde_mm256_set1_epi32((int32_t)HORDE_NONE), f, hit));
    }
    for (int m = walking; m; m &= m - 1) { /* invalid and inside lanes have no steps */
        const int i = rc_low_bit((uint32_t)m);
        horde_rc_lane l;
        horde_rc_hit h = {0.0f, {0, 0, 0}, 0, 0}; /* both walks set every field */
        for (int k = 0; k < 3; k++) {
            const int32_t b = p->cc[k][i] * HORDE_CHUNK_SIZE + p->loc[k][i];
            l.a[k] = p->a[k][i], l.s[k] = p->s[k][i], l.b[k] = b;
            l.n[k] = p->n[k][i] + (int64_t)((b - p->b[k][i]) * p->s[k][i]) * RC_U;
        }
        if (bx)
            rc_walk(v, &l, &h);
        else
            rc_walk_skip(v, &l, &h); /* the line of sight's walk, with its boxes of air */
        t[i] = h.t, flags[i] = h.flags;
        if (bx)
            bx[i] = h.b[0], by[i] = h.b[1], bz[i] = h.b[2], face[i] = h.face;
    }
}

/* Segments g .. g + RC_PACK - 1 of a raycast or line-of-sight batch b: all eight read
 * their inputs before any answer is written (outputs may alias inputs). */
static inline void rc_pack_run(const horde_view *v, const float *const in[6], float *t, int32_t *bx,
                               int32_t *by, int32_t *bz, uint32_t *face, uint32_t *flags)
{
    rc_pack p;
    rc_pack_setup(v, &p, in);
    rc_pack_walk(v, &p);
    rc_pack_answer(v, &p, t, bx, by, bz, face, flags);
}

#endif
#endif
