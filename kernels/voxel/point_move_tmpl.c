/* SPDX-License-Identifier: MIT */
/* horde_point_move for one ISA (HORDE_SUFFIX = sse2, sse41, avx2, neon, wasm_simd128); point_move_ref.c
 * defines the result. Points are processed in tiles of 64: a vectorised set-up (validate,
 * sanitise, plan substeps), then per round (the start check, then each substep) the new
 * positions and their blocks in SIMD, one voxel bit per lane (integer), and the SIMD
 * correction only for the lanes whose block is solid, compacted W at a time.
 *
 * Voxels: at the start each lane fetches one 4x4x4 window placed towards its substep
 * (origin b0 - 1, or b0 - 2 on axes where the substep is negative). A substep moves at
 * most one block per axis, so the window holds the start block, the first substep's
 * block and both their 3x3x3 neighbourhoods: a typical frame (one substep) reads the
 * world once per point. Later substeps, and points corrected at the start, look up
 * blocks directly. All of this is integer work: it cannot change a result bit. */
#include "simd/template.h"
#include "point_move.h"
#include "simd/wide.h"
#include "fetch_rows.h"



typedef struct pt_tile {
    float px[HORDE_TILE], py[HORDE_TILE], pz[HORDE_TILE]; /* current position (sanitised) */
    float sx[HORDE_TILE], sy[HORDE_TILE], sz[HORDE_TILE]; /* one substep */
    float nx[HORDE_TILE], ny[HORDE_TILE], nz[HORDE_TILE]; /* position to check this round */
    int32_t bx[HORDE_TILE], by[HORDE_TILE], bz[HORDE_TILE]; /* its block */
    int32_t k[HORDE_TILE];       /* substeps */
    uint32_t valid[HORDE_TILE];  /* ~0 valid input */
    uint32_t alive[HORDE_TILE];  /* ~0 while valid and not stuck */
    uint32_t active[HORDE_TILE]; /* ~0 if checked this round */
    uint32_t flags[HORDE_TILE];
    int32_t ox[HORDE_TILE], oy[HORDE_TILE], oz[HORDE_TILE]; /* window origin */
    uint32_t win[4][HORDE_TILE];  /* window levels oy .. oy + 3, bits i + 8k */
    uint32_t win_ok[HORDE_TILE];  /* ~0 while the window covers the next check */
    uint32_t use_win[HORDE_TILE]; /* ~0: this round's block and neighbourhood are in the window */
    int32_t lvl[HORDE_TILE], pos[HORDE_TILE]; /* this round's block in the window: level, bit */
} pt_tile;

/* Load, validate and sanitise W points and plan their substeps (the reference's set-up). */
static inline void prepare_lanes(const horde_point_move_batch *b, const horde_point_move_params *p,
                                 size_t start, size_t count, pt_tile *t, int base)
{
    wf v[6];
    const float *src[6] = {b->x, b->y, b->z, b->dx, b->dy, b->dz};
    wf_load_lanes(v, src, 6, start + base, count - (size_t)base);
    const wf zero = wf_set(0.0f), inf = wf_set(INFINITY), maxc = wf_set(HORDE_POINT_MOVE_MAX_COORD);
    wi ok = wi_and(wi_and(wf_le(wf_abs(v[0]), maxc), wf_le(wf_abs(v[1]), maxc)),
                   wf_le(wf_abs(v[2]), maxc));
    ok = wi_and(ok, wi_and(wi_and(wf_lt(wf_abs(v[3]), inf), wf_lt(wf_abs(v[4]), inf)),
                           wf_lt(wf_abs(v[5]), inf)));
    ok = wi_and(ok, wi_lanes_below(count - (size_t)base)); /* padding lanes are never valid */
    wf_keep_lanes(v, 6, ok);
    wf dx = v[3], dy = v[4], dz = v[5];
    const wf m = wf_max(wf_max(wf_abs(dx), wf_abs(dy)), wf_abs(dz));
    const wf step = wf_set(p->step), fmax_sub = wf_set((float)p->max_substeps);
    const wf q = wf_div(m, step);
    const wi trunc = wf_gt(q, fmax_sub);
    if (wi_any(trunc)) {
        /* m == 0 lanes divide by zero here; their result is never selected. */
        const wf s = wf_div(wf_mul(fmax_sub, step), m);
        dx = wf_sel(trunc, wf_mul(dx, s), dx);
        dy = wf_sel(trunc, wf_mul(dy, s), dy);
        dz = wf_sel(trunc, wf_mul(dz, s), dz);
    }
    const wi k = wi_sel(trunc, wi_set((int32_t)p->max_substeps), wi_ceil(wf_sel(trunc, zero, q)));
    const wi one = wi_set(1);
    if (wi_any(wi_gt(k, one))) {
        const wf fk = wf_from_i(wi_sel(wi_gt(k, wi_set(0)), k, one));
        dx = wf_div(dx, fk), dy = wf_div(dy, fk), dz = wf_div(dz, fk);
    } /* else every lane divides by 1: the division is exact, skip it */
    wf_store(t->sx + base, dx);
    wf_store(t->sy + base, dy);
    wf_store(t->sz + base, dz);
    wf_store(t->px + base, v[0]), wf_store(t->py + base, v[1]), wf_store(t->pz + base, v[2]);
    wi_store((uint32_t *)t->k + base, wi_and(k, ok));
    wi_store(t->valid + base, ok);
    wi_store(t->alive + base, ok);
    wi_store(t->flags + base, wi_and(trunc, wi_set(HORDE_FLAG_TRUNCATED)));
}

/* Positions to check in round r (0: the start, r >= 1: substep r) and their blocks;
 * round 0 also places the window, rounds 0 and 1 locate the block in it. */
static inline void stage_lanes(pt_tile *t, int32_t r, int base)
{
    wi act = wi_load(t->alive + base);
    wf x = wf_load(t->px + base), y = wf_load(t->py + base), z = wf_load(t->pz + base);
    if (r > 0) {
        act = wi_and(act, wi_gt(wi_load((const uint32_t *)t->k + base), wi_set(r - 1)));
        x = wf_add(x, wf_load(t->sx + base));
        y = wf_add(y, wf_load(t->sy + base));
        z = wf_add(z, wf_load(t->sz + base));
    }
    wf_store(t->nx + base, x), wf_store(t->ny + base, y), wf_store(t->nz + base, z);
    const wi b[3] = {wi_floor(x), wi_floor(y), wi_floor(z)};
    wi_store((uint32_t *)t->bx + base, b[0]);
    wi_store((uint32_t *)t->by + base, b[1]);
    wi_store((uint32_t *)t->bz + base, b[2]);
    wi_store(t->active + base, act);
    if (r > 1) { /* the window was placed for the first substep only */
        wi_store(t->use_win + base, wi_set(0));
        return;
    }
    int32_t *o[3] = {t->ox, t->oy, t->oz};
    wi d[3];
    if (r == 0) { /* origin b - 1, one more towards a negative substep (mask -1 adds -1) */
        const wf zero = wf_set(0.0f);
        const wf s[3] = {wf_load(t->sx + base), wf_load(t->sy + base), wf_load(t->sz + base)};
        for (int a = 0; a < 3; a++) {
            const wi oa = wi_add(wi_sub(b[a], wi_set(1)), wf_lt(s[a], zero));
            wi_store((uint32_t *)o[a] + base, oa);
            d[a] = wi_sub(b[a], oa);
        }
        wi_store(t->win_ok + base, wi_set(-1));
    } else {
        for (int a = 0; a < 3; a++)
            d[a] = wi_sub(b[a], wi_load((const uint32_t *)o[a] + base));
    }
    /* The block's whole neighbourhood must lie in the window: 1 <= d <= 2 per axis. */
    const wi zero_i = wi_set(0), three = wi_set(3);
    wi in = wi_load(t->win_ok + base);
    for (int a = 0; a < 3; a++)
        in = wi_and(in, wi_and(wi_gt(d[a], zero_i), wi_gt(three, d[a])));
    wi_store(t->use_win + base, in);
    const wi dz2 = wi_add(d[2], d[2]), dz4 = wi_add(dz2, dz2);
    wi_store((uint32_t *)t->pos + base, wi_and(in, wi_add(d[0], wi_add(dz4, dz4))));
    wi_store((uint32_t *)t->lvl + base, wi_and(in, d[1]));
}

/* Codes of the chosen neighbour: one bit per moved direction. */
enum { C_XLO = 1, C_XHI = 2, C_YLO = 4, C_YHI = 8, C_ZLO = 16, C_ZHI = 32 };

/* The largest float below the integral value f when f - skin rounds back onto f. */
static inline wf below_face(wf f, wf skin)
{
    const wf v = wf_sub(f, skin);
    const wi bits = wi_as(f), one = wi_set(1);
    wi nd = wi_sel(wf_gt(f, wf_set(0.0f)), wi_sub(bits, one), wi_add(bits, one));
    nd = wi_sel(wf_eq(f, wf_set(0.0f)), wi_set((int32_t)0x80000001u), nd);
    return wf_sel(wf_lt(v, f), v, wf_as(nd));
}

/* Candidate (ix, iy, iz) of correct_lanes, in the reference's loop order. Constant
 * arguments: the branches fold away. */
#define PT_CAND(ix, iy, iz)                                                                  \
    do {                                                                                     \
        wf d_ = lo[0];                                                                            \
        int axes_ = 0;                                                                       \
        const int i_[3] = {ix, iy, iz};                                                      \
        for (int a_ = 0; a_ < 3; a_++) {                                                     \
            if (!i_[a_])                                                                     \
                continue;                                                                    \
            const wf da_ = i_[a_] < 0 ? lo[a_] : hi[a_];                                     \
            d_ = axes_ ? wf_max(d_, da_) : da_;                                              \
            axes_++;                                                                         \
        }                                                                                    \
        if (axes_ == 2)                                                                      \
            d_ = wf_add(d_, hcap);                                                           \
        else if (axes_ == 3)                                                                 \
            d_ = wf_add(d_, hcap2);                                                          \
        const wi free_ = wi_eq(wi_and(occ[(iy) + 1], wi_set(1 << (((ix) + 1) + 8 * ((iz) + 1)))), \
                               zero_i);                                                      \
        const wi better_ = wi_and(free_, wf_lt(d_, best));                                   \
        best = wf_sel(better_, d_, best);                                                    \
        code = wi_sel(better_,                                                               \
                      wi_set(((ix) < 0 ? C_XLO : (ix) > 0 ? C_XHI : 0) |                     \
                             ((iy) < 0 ? C_YLO : (iy) > 0 ? C_YHI : 0) |                     \
                             ((iz) < 0 ? C_ZLO : (iz) > 0 ? C_ZHI : 0)),                     \
                      code);                                                                 \
    } while (0)
#define PT_CAND_Y(ix, iz) PT_CAND(ix, -1, iz); PT_CAND(ix, 0, iz); PT_CAND(ix, 1, iz)

static inline wi has(wi code, int bit) { return wi_not(wi_eq(wi_and(code, wi_set(bit)), wi_set(0))); }

/* Correct W points known to lie in solid blocks; occ* hold their 3x3x3 neighbourhoods
 * (horde_fetch_window layout). Writes the new positions and the flags (0 = stuck). */
static inline void correct_lanes(const float *x, const float *y, const float *z,
                                 const uint32_t *occ0, const uint32_t *occ1, const uint32_t *occ2,
                                 float skin_s, float *ox, float *oy, float *oz, uint32_t *of)
{
    const wf p[3] = {wf_load(x), wf_load(y), wf_load(z)};
    const wf one = wf_set(1.0f), hcap = wf_set(HORDE_POINT_MOVE_HANDICAP),
             hcap2 = wf_set(HORDE_POINT_MOVE_HANDICAP2);
    const wi zero_i = wi_set(0);
    wf fb[3], lo[3], hi[3];
    for (int a = 0; a < 3; a++) {
        fb[a] = wf_from_i(wi_floor(p[a]));
        lo[a] = wf_sub(p[a], fb[a]);
        hi[a] = wf_sub(wf_add(fb[a], one), p[a]);
    }
    const wi occ[3] = {wi_load(occ0), wi_load(occ1), wi_load(occ2)};
    wf best = wf_set(INFINITY);
    wi code = zero_i;
    PT_CAND_Y(-1, -1); PT_CAND_Y(-1, 0); PT_CAND_Y(-1, 1);
    PT_CAND(0, -1, -1); PT_CAND(0, 0, -1); PT_CAND(0, 1, -1);
    PT_CAND(0, -1, 0); PT_CAND(0, 1, 0);
    PT_CAND(0, -1, 1); PT_CAND(0, 0, 1); PT_CAND(0, 1, 1);
    PT_CAND_Y(1, -1); PT_CAND_Y(1, 0); PT_CAND_Y(1, 1);

    const wf skin = wf_set(skin_s);
    wf out[3];
    for (int a = 0; a < 3; a++) {
        const int lo_bit = a == 0 ? C_XLO : a == 1 ? C_YLO : C_ZLO;
        out[a] = wf_sel(has(code, lo_bit), below_face(fb[a], skin),
                        wf_sel(has(code, lo_bit << 1), wf_add(wf_add(fb[a], one), skin), p[a]));
    }
    wf_store(ox, out[0]), wf_store(oy, out[1]), wf_store(oz, out[2]);
    wi f = wi_set(HORDE_FLAG_COLLIDED);
    f = wi_or(f, wi_and(has(code, C_XLO | C_XHI | C_ZLO | C_ZHI), wi_set(HORDE_FLAG_HIT_WALL)));
    f = wi_or(f, wi_and(has(code, C_YHI), wi_set(HORDE_FLAG_ON_GROUND)));
    f = wi_or(f, wi_and(has(code, C_YLO), wi_set(HORDE_FLAG_HIT_CEILING)));
    wi_store(of, wi_andnot(wi_eq(code, zero_i), f));
}

/* Free lanes of the round move to their new position. */
static inline void commit_lanes(pt_tile *t, const uint32_t *solid, int base)
{
    const wi go = wi_andnot(wi_load(solid + base), wi_load(t->active + base));
    wf_store(t->px + base, wf_sel(go, wf_load(t->nx + base), wf_load(t->px + base)));
    wf_store(t->py + base, wf_sel(go, wf_load(t->ny + base), wf_load(t->py + base)));
    wf_store(t->pz + base, wf_sel(go, wf_load(t->nz + base), wf_load(t->pz + base)));
}

/* The 3x3x3 blocks around (bx, by, bz) in horde_fetch_window's layout (bits i + 8k of
 * level j; only i, k <= 2 are used). Inside one chunk: three 4-row loads. */
static inline void fetch_neighbourhood(const horde_view *v, int32_t bx, int32_t by, int32_t bz,
                                       uint32_t *occ)
{
    const int32_t sh = (bx & 31) - 1, ly = (by & 31) - 1, lz = (bz & 31) - 1;
    /* unsigned: a start of -1 (the neighbourhood begins in the chunk before) fails too;
     * three levels fit in a chunk layer when ly <= 32 - 3 */
    if ((uint32_t)sh <= HORDE_WIN_LAST_START && (uint32_t)ly <= HORDE_CHUNK_SIZE - 3u &&
        (uint32_t)lz <= HORDE_WIN_LAST_START) {
        const uint32_t *row = &horde_view_chunk(v, bx >> 5, by >> 5, bz >> 5)->rows[ly][lz];
        occ[0] = fetch4(row, sh);
        occ[1] = fetch4(row + HORDE_CHUNK_SIZE, sh);
        occ[2] = fetch4(row + 2 * HORDE_CHUNK_SIZE, sh);
        return;
    }
    horde_fetch_window_inline(v, bx - 1, by - 1, bz - 1, 3, occ);
}

/* 4 window levels from (wx, wy, wz): one 4-row load per level when the window's x and
 * z ranges lie in one chunk (it may still straddle a chunk layer in y). */
static inline void fetch_window4(const horde_view *v, int32_t wx, int32_t wy, int32_t wz,
                                 uint32_t *occ)
{
    const int32_t sh = wx & 31, lz = wz & 31;
    if (HORDE_WIN_IN_CHUNK(sh) && HORDE_WIN_IN_CHUNK(lz)) {
        const int32_t cx = wx >> 5, cz = wz >> 5, cy0 = wy >> 5, cy1 = (wy + 3) >> 5;
        const horde_chunk *c0 = horde_view_chunk(v, cx, cy0, cz);
        const horde_chunk *c1 = cy1 == cy0 ? c0 : horde_view_chunk(v, cx, cy1, cz);
        for (int j = 0; j < 4; j++) {
            const int32_t y = wy + j;
            const horde_chunk *c = (y >> 5) == cy0 ? c0 : c1;
            occ[j] = fetch4(&c->rows[y & 31][lz], sh);
        }
        return;
    }
    horde_fetch_window_inline(v, wx, wy, wz, 4, occ);
}

/* One round: commit free lanes, correct the ones in solid blocks. */
static void run_round(const horde_view *v, pt_tile *t, size_t padded, int32_t r, float skin)
{
    for (size_t i = 0; i < padded; i += W)
        stage_lanes(t, r, (int)i);
    uint8_t list[HORDE_TILE];
    uint32_t solid[HORDE_TILE];
    int n = 0;
    /* Branch-free lists: inactive lanes hold harmless in-range positions. */
    if (r == 0) {
        for (size_t i = 0; i < padded; i++) {
            uint32_t occ[4];
            fetch_window4(v, t->ox[i], t->oy[i], t->oz[i], occ);
            for (int j = 0; j < 4; j++)
                t->win[j][i] = occ[j];
            const uint32_t s = (occ[t->lvl[i]] >> t->pos[i]) & t->active[i] & 1u;
            solid[i] = 0u - s;
            t->win_ok[i] = s - 1u; /* a corrected start leaves the window behind */
            list[n] = (uint8_t)i;
            n += (int)s;
        }
    } else {
        for (size_t i = 0; i < padded; i++) {
            uint32_t s;
            if (t->use_win[i])
                s = t->win[t->lvl[i]][i] >> t->pos[i];
            else
                s = horde_view_solid(v, t->bx[i], t->by[i], t->bz[i]);
            s &= t->active[i] & 1u;
            solid[i] = 0u - s;
            list[n] = (uint8_t)i;
            n += (int)s;
        }
        for (size_t i = 0; i < padded; i += W)
            commit_lanes(t, solid, (int)i);
    }
    for (int g = 0; g < n; g += W) {
        float x[W], y[W], z[W], ox[W], oy[W], oz[W];
        uint32_t o[3][W], of[W];
        for (int j = 0; j < W; j++) {
            const int i = list[g + j < n ? g + j : g]; /* pad with the group's first lane */
            uint32_t occ[3];
            if (t->use_win[i]) {
                const int l = t->lvl[i], sh = t->pos[i] - 9; /* (dx - 1) + 8 (dz - 1) */
                occ[0] = t->win[l - 1][i] >> sh;
                occ[1] = t->win[l][i] >> sh;
                occ[2] = t->win[l + 1][i] >> sh;
            } else {
                fetch_neighbourhood(v, t->bx[i], t->by[i], t->bz[i], occ);
            }
            x[j] = t->nx[i], y[j] = t->ny[i], z[j] = t->nz[i];
            o[0][j] = occ[0], o[1][j] = occ[1], o[2][j] = occ[2];
        }
        correct_lanes(x, y, z, o[0], o[1], o[2], skin, ox, oy, oz, of);
        for (int j = 0; j < W && g + j < n; j++) {
            const int i = list[g + j];
            if (!of[j]) { /* stuck: stays where it was, stops */
                t->flags[i] |= HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED;
                t->alive[i] = 0;
            } else {
                t->px[i] = ox[j], t->py[i] = oy[j], t->pz[i] = oz[j];
                t->flags[i] |= of[j];
            }
        }
    }
}

/* Results of W points: the position, or the input bits for invalid lanes. Outputs may
 * alias the inputs: each lane's input is loaded before its output is stored. */
static inline void output_lanes(const horde_point_move_batch *b, const pt_tile *t, size_t start,
                                int base)
{
    const size_t o = start + (size_t)base;
    const wi ok = wi_load(t->valid + base);
    const float *in[3] = {b->x, b->y, b->z};
    float *out[3] = {b->out_x, b->out_y, b->out_z};
    float *outd[3] = {b->out_dx, b->out_dy, b->out_dz};
    const float *p[3] = {t->px, t->py, t->pz};
    wf x0[3], d[3];
    for (int a = 0; a < 3; a++) {
        x0[a] = wf_load(in[a] + o);
        const wf pa = wf_load(p[a] + base);
        d[a] = wf_as(wi_and(ok, wi_as(wf_sub(pa, x0[a]))));
        x0[a] = wf_sel(ok, pa, x0[a]);
    }
    for (int a = 0; a < 3; a++)
        wf_store(out[a] + o, x0[a]);
    if (b->out_dx)
        for (int a = 0; a < 3; a++)
            wf_store(outd[a] + o, d[a]);
    wi_store(b->out_flags + o, wi_sel(ok, wi_load(t->flags + base), wi_set((int32_t)HORDE_FLAG_INVALID)));
}

HORDE_TEMPLATE(point_move)
{
    pt_tile t;
    horde_view vw; /* the world resolved once per call */
    horde_view_init(&vw, w);
    for (size_t start = 0; start < b->n; start += HORDE_TILE) {
        const size_t count = b->n - start < HORDE_TILE ? b->n - start : HORDE_TILE;
        const size_t padded = (count + W - 1) / W * W;
        for (size_t i = 0; i < padded; i += W)
            prepare_lanes(b, p, start, count, &t, (int)i);
        run_round(&vw, &t, padded, 0, p->skin);
        int32_t kmax = 0;
        for (size_t i = 0; i < padded; i++)
            if (t.alive[i] && t.k[i] > kmax)
                kmax = t.k[i];
        for (int32_t r = 1; r <= kmax; r++)
            run_round(&vw, &t, padded, r, p->skin);
        size_t i0 = 0;
        for (; i0 + W <= count; i0 += W)
            output_lanes(b, &t, start, (int)i0);
        for (size_t i = i0; i < count; i++) {
            const size_t o = start + i;
            const float x0 = b->x[o], y0 = b->y[o], z0 = b->z[o];
            if (!t.valid[i]) { /* input bits back, no displacement */
                HORDE_MOVE_OUT_INVALID(b, o);
                continue;
            }
            b->out_x[o] = t.px[i], b->out_y[o] = t.py[i], b->out_z[o] = t.pz[i];
            if (b->out_dx)
                b->out_dx[o] = t.px[i] - x0, b->out_dy[o] = t.py[i] - y0, b->out_dz[o] = t.pz[i] - z0;
            b->out_flags[o] = t.flags[i];
        }
    }
}
