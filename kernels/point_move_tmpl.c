/* horde_point_move for one ISA (HORDE_SUFFIX = sse2, sse41, avx2, neon); point_move_ref.c
 * defines the result. Points are processed in tiles of 64: a vectorised set-up (validate,
 * sanitise, plan substeps), then per round (the start check, then each substep) the new
 * positions and their blocks in SIMD, one voxel bit per lane (integer), and the SIMD
 * correction only for the lanes whose block is solid, compacted W at a time. */
#include "point_move_common.h"
#include "wide.h"

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define FN(name) CAT(name, HORDE_SUFFIX)

#define PT_TILE 64

typedef struct pt_tile {
    float px[PT_TILE], py[PT_TILE], pz[PT_TILE]; /* current position (sanitised) */
    float sx[PT_TILE], sy[PT_TILE], sz[PT_TILE]; /* one substep */
    float nx[PT_TILE], ny[PT_TILE], nz[PT_TILE]; /* position to check this round */
    int32_t bx[PT_TILE], by[PT_TILE], bz[PT_TILE]; /* its block */
    int32_t k[PT_TILE];       /* substeps */
    uint32_t valid[PT_TILE];  /* ~0 valid input */
    uint32_t alive[PT_TILE];  /* ~0 while valid and not stuck */
    uint32_t active[PT_TILE]; /* ~0 if checked this round */
    uint32_t flags[PT_TILE];
} pt_tile;

/* Load, validate and sanitise W points and plan their substeps (the reference's set-up). */
static inline void prepare_lanes(const horde_point_move_batch *b, const horde_point_move_params *p,
                                 size_t start, size_t count, pt_tile *t, int base)
{
    wf v[6];
    const float *src[6] = {b->x, b->y, b->z, b->dx, b->dy, b->dz};
    if ((size_t)base + W <= count) {
        for (int a = 0; a < 6; a++)
            v[a] = wf_load(src[a] + start + base);
    } else { /* tail: zeros, marked invalid below */
        float tmp[W];
        for (int a = 0; a < 6; a++) {
            for (int i = 0; i < W; i++)
                tmp[i] = (size_t)base + i < count ? src[a][start + base + i] : 0.0f;
            v[a] = wf_load(tmp);
        }
    }
    const wf zero = wf_set(0.0f), inf = wf_set(INFINITY), maxc = wf_set(HORDE_PT_MAX_COORD);
    wi ok = wi_and(wi_and(wf_le(wf_abs(v[0]), maxc), wf_le(wf_abs(v[1]), maxc)),
                   wf_le(wf_abs(v[2]), maxc));
    ok = wi_and(ok, wi_and(wi_and(wf_lt(wf_abs(v[3]), inf), wf_lt(wf_abs(v[4]), inf)),
                           wf_lt(wf_abs(v[5]), inf)));
    uint32_t lanes[W];
    for (int i = 0; i < W; i++)
        lanes[i] = (size_t)base + i < count ? ~0u : 0u;
    ok = wi_and(ok, wi_load(lanes));
    for (int a = 0; a < 6; a++)
        v[a] = wf_sel(ok, v[a], zero);
    wf dx = v[3], dy = v[4], dz = v[5];
    const wf m = wf_max(wf_max(wf_abs(dx), wf_abs(dy)), wf_abs(dz));
    const wf step = wf_set(p->step), fmax_sub = wf_set((float)p->max_substeps);
    const wf q = wf_div(m, step);
    const wi trunc = wf_gt(q, fmax_sub);
    /* m == 0 lanes divide by zero here; their result is never selected. */
    const wf s = wf_div(wf_mul(fmax_sub, step), m);
    dx = wf_sel(trunc, wf_mul(dx, s), dx);
    dy = wf_sel(trunc, wf_mul(dy, s), dy);
    dz = wf_sel(trunc, wf_mul(dz, s), dz);
    const wi k = wi_sel(trunc, wi_set((int32_t)p->max_substeps), wi_ceil(wf_sel(trunc, zero, q)));
    const wf fk = wf_from_i(wi_sel(wi_gt(k, wi_set(0)), k, wi_set(1)));
    wf_store(t->sx + base, wf_div(dx, fk));
    wf_store(t->sy + base, wf_div(dy, fk));
    wf_store(t->sz + base, wf_div(dz, fk));
    wf_store(t->px + base, v[0]), wf_store(t->py + base, v[1]), wf_store(t->pz + base, v[2]);
    wi_store((uint32_t *)t->k + base, wi_and(k, ok));
    wi_store(t->valid + base, ok);
    wi_store(t->alive + base, ok);
    wi_store(t->flags + base, wi_and(trunc, wi_set(HORDE_FLAG_TRUNCATED)));
}

/* Positions to check in round r (0: the start, r >= 1: substep r) and their blocks. */
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
    wi_store((uint32_t *)t->bx + base, wi_floor(x));
    wi_store((uint32_t *)t->by + base, wi_floor(y));
    wi_store((uint32_t *)t->bz + base, wi_floor(z));
    wi_store(t->active + base, act);
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
    const wf one = wf_set(1.0f), hcap = wf_set(HORDE_PT_HANDICAP), hcap2 = wf_set(HORDE_PT_HANDICAP2);
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

/* One round: commit free lanes, correct the ones in solid blocks. */
static void run_round(const horde_world *w, pt_tile *t, size_t padded, int32_t r, float skin)
{
    for (size_t i = 0; i < padded; i += W)
        stage_lanes(t, r, (int)i);
    uint8_t list[PT_TILE];
    int n = 0;
    for (size_t i = 0; i < padded; i++) {
        if (!t->active[i])
            continue;
        if (horde_pt_solid(w, t->bx[i], t->by[i], t->bz[i])) {
            list[n++] = (uint8_t)i;
        } else {
            t->px[i] = t->nx[i], t->py[i] = t->ny[i], t->pz[i] = t->nz[i];
        }
    }
    for (int g = 0; g < n; g += W) {
        float x[W], y[W], z[W], ox[W], oy[W], oz[W];
        uint32_t o[3][W], of[W];
        for (int j = 0; j < W; j++) {
            const int i = list[g + j < n ? g + j : g]; /* pad with the group's first lane */
            uint32_t occ[3];
            horde_fetch_window(w, t->bx[i] - 1, t->by[i] - 1, t->bz[i] - 1, 3, occ);
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

void FN(horde_point_move_)(const horde_world *w, const horde_point_move_params *p,
                           const horde_point_move_batch *b)
{
    pt_tile t;
    for (size_t start = 0; start < b->n; start += PT_TILE) {
        const size_t count = b->n - start < PT_TILE ? b->n - start : PT_TILE;
        const size_t padded = (count + W - 1) / W * W;
        for (size_t i = 0; i < padded; i += W)
            prepare_lanes(b, p, start, count, &t, (int)i);
        run_round(w, &t, padded, 0, p->skin);
        int32_t kmax = 0;
        for (size_t i = 0; i < padded; i++)
            if (t.alive[i] && t.k[i] > kmax)
                kmax = t.k[i];
        for (int32_t r = 1; r <= kmax; r++)
            run_round(w, &t, padded, r, p->skin);
        for (size_t i = 0; i < count; i++) {
            const size_t o = start + i;
            const float x0 = b->x[o], y0 = b->y[o], z0 = b->z[o];
            if (!t.valid[i]) { /* input bits back, no displacement */
                b->out_x[o] = x0, b->out_y[o] = y0, b->out_z[o] = z0;
                if (b->out_dx)
                    b->out_dx[o] = 0.0f, b->out_dy[o] = 0.0f, b->out_dz[o] = 0.0f;
                b->out_flags[o] = HORDE_FLAG_INVALID;
                continue;
            }
            b->out_x[o] = t.px[i], b->out_y[o] = t.py[i], b->out_z[o] = t.pz[i];
            if (b->out_dx)
                b->out_dx[o] = t.px[i] - x0, b->out_dy[o] = t.py[i] - y0, b->out_dz[o] = t.pz[i] - z0;
            b->out_flags[o] = t.flags[i];
        }
    }
}
