/* SPDX-License-Identifier: MIT */
/* Internal: the cylinder push-out core for one ISA, shared by the push and the move
 * templates (included once per ISA translation unit, after wide.h). It mirrors
 * cylinder_push_ref.c operation for operation; that file defines the result and
 * explains the candidates. */
#ifndef HORDE_CYLINDER_CORE_TMPL_H
#define HORDE_CYLINDER_CORE_TMPL_H

#include "cylinder_push.h"
#include "simd/wide.h"
#include "simd/lane_pack.h"
#include "fetch_tmpl.h"

/* horde_cylinder_push_cell_d2 (cylinder_push.h) for W lanes: the overlap test's squared distance
 * from c to the column [k, k + 1]. */
static inline wf cell_d2(wf c, wf k)
{
    const wf d = wf_max(wf_max(wf_sub(k, c), wf_sub(c, wf_add(k, wf_set(1.0f)))), wf_set(0.0f));
    return wf_mul(d, d);
}

/* horde_cylinder_push_lowest_cell for W lanes. */
static inline wi lowest_cell(wf c, wf r)
{
    const wi one = wi_set(1), k = wi_floor(wf_sub(c, r));
    const wf r2 = wf_mul(r, r);
    const wi below = wf_lt(cell_d2(c, wf_from_i(wi_sub(k, one))), r2);
    const wi at = wf_lt(cell_d2(c, wf_from_i(k)), r2);
    return wi_sel(below, wi_sub(k, one), wi_sel(at, k, wi_add(k, one)));
}

static inline wi is_zero(wi a) { return wi_eq(a, wi_set(0)); }

/* Per-axis summary of one coordinate option against the window, for the cell masks
 * below. */
typedef struct axis_mask {
    wi reach; /* columns with d2 < r2: bit i repeated in every byte (x) or byte k = 0xff (z) */
    wi side;  /* the same restricted to 0 < d2 < r2 (the centre lies outside that column) */
    wf side_d2; /* d2 of the side column (0 if none; at most one exists since r <= 0.5) */
    wi cols;  /* d2 < r2 for columns -1 .. 4 (the window and the two just outside) */
} axis_mask;

/* Bit of window column i (-1 <= i <= 4) in axis_mask.cols, and its pattern's place.
 * The reach pattern's bits stay below 11, the side pattern's start at SIDE_AT. */
#define COL_BIT(i) (1 << ((i) + 3))
enum { SIDE_AT = 16 };

/* Bits 0 .. 3 (one per window column) to the cell layout, bits i + 8k: x columns repeat
 * bit i in every byte; z rows fill byte k. Shifts and ORs, not the multiply (a long
 * latency on x86) by (1 + 2^7 + 2^14 + 2^21) that puts bit k at 8k (no two of the 16
 * shifted copies overlap). */
static inline wi spread_columns(wi b, int is_z)
{
    if (!is_z) {
        const wi t = wi_or(b, wi_shl(b, 8));
        return wi_or(t, wi_shl(t, 16));
    }
    const wi t = wi_or(b, wi_shl(b, 7));
    const wi at = wi_and(wi_or(t, wi_shl(t, 14)), wi_set(0x01010101));
    return wi_sub(wi_shl(at, 8), at); /* 1 -> 0xff per byte */
}

/* The overlap test (horde_cylinder_push_cell_d2(c, fw + i) < r2) for window columns
 * -1 .. 4 of one coordinate. With r <= 1/2, only the centre's column q = floor(c) and
 * its two neighbours can pass (the others are at least 1 away, r2 <= 1/4), and for them
 * the reference's d2 is, bit for bit:
 *   q - 1: (c - q)^2: c - ((q - 1) + 1) is the larger difference, >= 0;
 *   q:     +0: both differences are <= 0, and neither is -0 (x - y is -0 only for
 *          x = y = 0 with signs opposed);
 *   q + 1: ((q + 1) - c)^2: the same float difference the reference takes.
 * So two differences and two squares replace the 6 columns' 36 operations, and the
 * masks come from a 3-bit pattern (bit j: column q - 1 + j) shifted to the centre's
 * column. An r2 of 0 (r = 0, or r^2 below the smallest subnormal) reaches nothing. */
static inline axis_mask axis_summary(wf c, wi fw, wf r2, int is_z)
{
    const wi zero = wi_set(0);
    /* The centre column: reached when r2 > 0. */
    const wi centre = wi_and(wf_lt(wf_set(0.0f), r2), wi_set(2));
    wi k;
    /* fk's sign for c = -0 may be either: dl and dr, and all below, come out the same. */
    const wf fk = wf_floor_int(c, &k);
    const wf dl = wf_sub(c, fk), dr = wf_sub(wf_add(fk, wf_set(1.0f)), c);
    const wf d2l = wf_mul(dl, dl), d2r = wf_mul(dr, dr);
    const wi rl = wf_lt(d2l, r2), rr = wf_lt(d2r, r2);
    /* A reached neighbour column sets its reach bit, and its side bit unless its d2 is
     * 0 (the centre on the line): (rl & 1) | (rl & d2l != 0) << SIDE_AT in three steps. */
    const wi pl = wi_and(rl, wi_or(wi_andnot(wi_eq(wi_as(d2l), zero), wi_set(1 << SIDE_AT)), wi_set(1)));
    const wi pr = wi_and(rr, wi_or(wi_andnot(wi_eq(wi_as(d2r), zero), wi_set(4 << SIDE_AT)), wi_set(4)));
    const wi p = wi_or(wi_or(pl, pr), centre);
    /* With q counted from the window origin fw: column q - 1 to bit (q - 1) + 3, a
     * shift by q + 2, done as a shift by q + 3 clamped to [0, 9] and one back, so that
     * q <= -3 (nothing reached inside -1 .. 4) lands in bits 0 .. 1 and q >= 6 past
     * bit 7, and the side pattern stays clear of the reach pattern. */
    const wi e = wi_min(wi_max(wi_add(wi_sub(k, fw), wi_set(3)), zero), wi_set(9));
    const wi v = wi_srl(wi_shlv(p, e), 1);
    axis_mask m;
    m.cols = v;
    m.reach = spread_columns(wi_and(wi_srl(v, 3), wi_set(15)), is_z);
    m.side = spread_columns(wi_and(wi_srl(v, 3 + SIDE_AT), wi_set(15)), is_z);
    /* The side column's d2 (where it lies outside the window no corner uses it): a
     * reached column with d2 = 0 gives 0, the value for no side column, and both
     * neighbours are never reached with d2 > 0 (their distances add up to 1). */
    m.side_d2 = wf_sel(rl, d2l, wf_as(wi_and(rr, wi_as(d2r))));
    return m;
}

/* Does the disc reach any of the columns in `bits` (COL_BITs)? */
static inline wi axis_reaches(const axis_mask *m, int32_t bits) { return wi_not(is_zero(wi_and(m->cols, wi_set(bits)))); }
/* ... a column just outside the window? */
static inline wi axis_out(const axis_mask *m) { return axis_reaches(m, COL_BIT(-1) | COL_BIT(4)); }

/* Overlap bits (i + 8k) of the disc over the 4x4 window cells, equal to testing
 * dxx[i] + dzz[k] < r2 for all 16 cells as the reference does: a cell passes only if
 * its column and row each have d2 < r2; if either d2 is 0 the sum is the other one,
 * exactly; the only cell with both positive is (side column, side row), tested here
 * with the same float sum. */
static inline wi disc_cells_fast(const axis_mask *mx, const axis_mask *mz, wf r2)
{
    const wi outer = wi_and(mx->reach, mz->reach);
    const wi corner = wi_and(mx->side, mz->side);
    const wi far = wi_not(wf_lt(wf_add(mx->side_d2, mz->side_d2), r2));
    return wi_andnot(wi_and(corner, far), outer);
}

/* The levels jlo .. jhi among the window's first nl (tile_is_short). */
static inline wi band(const wi *occ, int nl, wi jlo, wi jhi)
{
    wi m = wi_set(0);
    for (int j = 0; j < nl; j++) {
        const wi J = wi_set(j);
        const wi in = wi_andnot(wi_or(wi_gt(jlo, J), wi_gt(J, jhi)), wi_set(-1));
        m = wi_or(m, wi_and(in, occ[j]));
    }
    return m;
}

/* band() when jlo is the constant `first`: the levels first .. min(jhi, nl - 1). Three
 * compares and ANDs fewer per level than band(). */
static inline wi band_from(const wi *occ, int nl, int first, wi jhi)
{
    wi m = wi_set(0);
    for (int j = first; j < nl; j++)
        m = wi_or(m, wi_and(wi_gt(jhi, wi_set(j - 1)), occ[j]));
    return m;
}

enum { NLAT = HORDE_CYLINDER_PUSH_LATERALS };
/* Sentinels for blocked options (push_lanes): bits no window cell uses. */
#define BLOCKED_VERTICAL_BIT (1 << 30)
#define BLOCKED_LATERAL_BIT (1 << 29)

/* What every candidate evaluation starts from: the mover, its window, the vertical
 * options, the cells its disc overlaps now, and whether it overlaps anything. */
typedef struct mover_window {
    wf x, y, z, r, h, r2;
    wi valid, ix0, iz0, iy0, occ[HORDE_WIN_LEVELS];
    wf vy[3];        /* vertical options: stay, up, down */
    wi vok[3], vband[3];
    wi iwx, iwz;     /* window origin */
    axis_mask mx, mz; /* the window against x and z as they are */
    wi here, hit, resting;
} mover_window;

HORDE_FORCE_INLINE void load_movers(const horde_cylinder_push_tile *t, int base, int nl, mover_window *L)
{
    L->x = wf_load(t->x + base), L->y = wf_load(t->y + base), L->z = wf_load(t->z + base);
    L->r = wf_load(t->r + base), L->h = wf_load(t->h + base);
    L->valid = wi_load(t->valid + base);
    for (int j = 0; j < nl; j++)
        L->occ[j] = wi_load(t->occ[j] + base);
    const wf x = L->x, y = L->y, z = L->z, r = L->r, h = L->h;
    const wi one = wi_set(1);
    /* The window origins prepared with the tile (lowest_cell - 1), carried by packing. */
    L->iwx = wi_load((const uint32_t *)t->wx + base), L->iwz = wi_load((const uint32_t *)t->wz + base);
    L->ix0 = wi_add(L->iwx, one), L->iz0 = wi_add(L->iwz, one), L->iy0 = wi_floor(y);
    const wi wy = wi_sub(L->iy0, one);
    L->r2 = wf_mul(r, r);

    const wi jtop = wi_sub(wi_ceil(wf_add(y, h)), one);
    const wf fjtop = wf_from_i(jtop);
    L->vy[0] = y;
    L->vy[1] = wf_from_i(wi_add(L->iy0, one));
    {
        wf yd = wf_sub(fjtop, h);
        const wi fix = wf_gt(wf_add(yd, h), fjtop);
        const wi step = wi_sel(wf_gt(yd, wf_set(0.0f)), wi_set(-1), one);
        L->vy[2] = wf_sel(fix, wf_as(wi_add(wi_as(yd), step)), yd);
    }
    /* Window levels jlo .. jhi of each option. Staying starts at floor(y) = wy + 1 and up
     * at wy + 2 (floor(y) + 1 is exact as a float), so both are in the window and their
     * bands start at a constant level; down's band is general. */
    wi jhi[3];
    for (int v = 0; v < 3; v++)
        jhi[v] = wi_sub(wi_sub(wi_ceil(wf_add(L->vy[v], h)), one), wy);
    const wi jlo_down = wi_sub(wi_floor(L->vy[2]), wy);
    L->vok[0] = L->vok[1] = wi_set(-1);
    L->vok[2] = wi_gt(jlo_down, wi_set(-1));
    L->vband[0] = band_from(L->occ, nl, 1, jhi[0]);
    L->vband[1] = band_from(L->occ, nl, 2, jhi[1]);
    L->vband[2] = band(L->occ, nl, jlo_down, jhi[2]);
    L->mx = axis_summary(x, L->iwx, L->r2, 0);
    L->mz = axis_summary(z, L->iwz, L->r2, 1);
    L->here = disc_cells_fast(&L->mx, &L->mz, L->r2);
    L->hit = wi_and(L->valid, wi_not(is_zero(wi_and(L->vband[0], L->here))));
    L->resting = wi_and(wf_eq(y, wf_from_i(L->iy0)), wi_not(is_zero(wi_and(L->occ[0], L->here))));
}

/* The horizontal options' positions, squared lengths, window masks and window checks,
 * and the squared lengths of the vertical options. */
typedef struct lateral {
    wf xo[4], zo[4], llen[NLAT], vlen[3];
    axis_mask mx[4], mz[4]; /* [option] */
    wi lok[NLAT], radial_ok;
} lateral;

/* Lateral option l can be checked against the window: its disc reaches no column or row
 * just outside it. */
static inline wi option_in_window(const lateral *A, int l)
{
    return wi_not(wi_or(axis_out(&A->mx[lat_xopt[l]]), axis_out(&A->mz[lat_zopt[l]])));
}

/* Positions and squared lengths of the options, and the window check of option 0
 * (option_cells adds the others'). */
static inline void lateral_options(const mover_window *L, lateral *A)
{
    const wf x = L->x, z = L->z, r = L->r;
    const wi one = wi_set(1);
    /* horde_cylinder_push_skin */
    const wf e = wf_mul(wf_add(wf_max(wf_abs(x), wf_abs(z)), wf_set(1.0f)),
                        wf_set(HORDE_CYLINDER_PUSH_SKIN_SCALE));
    const wf rp = wf_add(r, e);
    const wf lx = wf_from_i(wi_add(L->ix0, one)), lz = wf_from_i(wi_add(L->iz0, one));
    A->xo[0] = x;
    A->xo[1] = wf_sel(axis_reaches(&L->mx, COL_BIT(2)), wf_sub(lx, rp),
                      wf_sub(wf_from_i(L->ix0), rp));
    A->xo[2] = wf_add(lx, rp);
    A->zo[0] = z;
    A->zo[1] = wf_sel(axis_reaches(&L->mz, COL_BIT(2)), wf_sub(lz, rp),
                      wf_sub(wf_from_i(L->iz0), rp));
    A->zo[2] = wf_add(lz, rp);
    const wf dvx = wf_sub(x, lx), dvz = wf_sub(z, lz);
    const wf d2 = wf_add(wf_mul(dvx, dvx), wf_mul(dvz, dvz));
    A->radial_ok = wi_and(wf_gt(d2, wf_set(0.0f)), wf_lt(d2, L->r2));
    const wf s = wf_sel(A->radial_ok, wf_div(rp, wf_sqrt(d2)), wf_set(0.0f));
    A->xo[3] = wf_add(lx, wf_mul(dvx, s));
    A->zo[3] = wf_add(lz, wf_mul(dvz, s));
    for (int l = 0; l < NLAT; l++) {
        const wf dx = wf_sub(A->xo[lat_xopt[l]], x), dz = wf_sub(A->zo[lat_zopt[l]], z);
        A->llen[l] = wf_add(wf_mul(dx, dx), wf_mul(dz, dz));
    }
    A->mx[0] = L->mx, A->mz[0] = L->mz;
    A->lok[0] = option_in_window(A, 0);
    for (int v = 0; v < 3; v++) {
        const wf dy = wf_sub(L->vy[v], L->y);
        A->vlen[v] = wf_mul(dy, dy);
    }
}

/* Exact shortcut: (up, none) comes first and wins when it is free, no longer than every
 * horizontal option (any combination is at least that long: adding non-negative floats
 * never decreases) and not beaten by a free, strictly shorter (down, none). Movers sunk
 * slightly into a floor, the common case, then need none of the other 26 candidates;
 * the full evaluation would give the same answer.
 * There is no such shortcut for wall pushes ((stay, l), l single-axis): its bounds
 * settle few lanes (a mover sunk into a floor has a short vertical exit, so (up, l)
 * competes), too few to pay for the axis summaries it needs. */
static inline wi quick_up(const mover_window *L, const lateral *A)
{
    const wi up_free = wi_and(wi_and(L->vok[1], A->lok[0]), is_zero(wi_and(L->vband[1], L->here)));
    const wi down_free = wi_and(wi_and(L->vok[2], A->lok[0]), is_zero(wi_and(L->vband[2], L->here)));
    wi shortest = wi_not(wi_and(down_free, wf_lt(A->vlen[2], A->vlen[1])));
    /* Against the single-axis options 1-4 and the radial one 9 only: a combination 5-8
     * is (x option)^2 + (z option)^2, rounded, never shorter than the single-axis option
     * of either part (x option)^2 + 0^2 (adding a non-negative float never decreases).
     * So classify_lanes computes none of the combinations' lengths. */
    static const int single[5] = {1, 2, 3, 4, NLAT - 1};
    for (int i = 0; i < 5; i++)
        shortest = wi_and(shortest, wf_le(A->vlen[1], A->llen[single[i]]));
    return wi_and(up_free, shortest);
}

/* The window masks of options 1-3 per axis, the other options' window checks, and the
 * cells the disc covers for each lateral option. */
static inline void option_cells(const mover_window *L, lateral *A, wi *lcells)
{
    for (int o = 1; o < 4; o++) {
        A->mx[o] = axis_summary(A->xo[o], L->iwx, L->r2, 0);
        A->mz[o] = axis_summary(A->zo[o], L->iwz, L->r2, 1);
    }
    for (int l = 1; l < NLAT; l++)
        A->lok[l] = option_in_window(A, l);
    A->lok[NLAT - 1] = wi_and(A->lok[NLAT - 1], A->radial_ok);
    for (int l = 0; l < NLAT; l++)
        lcells[l] = disc_cells_fast(&A->mx[lat_xopt[l]], &A->mz[lat_zopt[l]], L->r2);
}

/* The candidate each lane takes: its vertical and lateral option, whether any was free,
 * and whether step-up replaced a horizontal one. */
typedef struct choice {
    wi v, l, found, step;
} choice;

/* A candidate's length (+inf when blocked) and code v << 4 | l, and the first of two
 * (a's before b's in the candidate order) with the strictly smallest length. */
typedef struct cand {
    wf len;
    wi code;
} cand;
static inline cand first_min(cand a, cand b)
{
    const wi take = wf_lt(b.len, a.len);
    const cand m = {wf_sel(take, b.len, a.len), wi_sel(take, b.code, a.code)};
    return m;
}

static inline choice choose_candidate(const mover_window *L, const lateral *A, const wi *lcells,
                                      wf step_h)
{
    /* Validity in one AND: a blocked vertical option ORs all ones into its band, a blocked
     * horizontal option into its cells; distinct sentinel bits, unused by the 4x4 cell
     * layout (bits i + 8k, i, k < 4), make any blocked side produce a non-zero AND. */
    wi vmask[3], lmask[NLAT];
    for (int v = 0; v < 3; v++)
        vmask[v] = wi_or(wi_or(L->vband[v], wi_not(L->vok[v])), wi_set(BLOCKED_VERTICAL_BIT));
    for (int l = 0; l < NLAT; l++)
        lmask[l] = wi_or(wi_or(lcells[l], wi_not(A->lok[l])), wi_set(BLOCKED_LATERAL_BIT));
    /* Only the length and the candidate's code v << 4 | l are tracked; the winner's
     * position is rebuilt after. A blocked candidate's length becomes +inf, and the first
     * candidate of strictly smallest length wins: folded in blocks of 4, each a small
     * tree (the later of two wins only when strictly shorter, so the earlier wins ties,
     * as in the reference's loop), so that the chain of compares and selects is 5
     * blocks long, not 29 candidates. A lane found a free candidate when its best length
     * is below +inf (free lengths are finite). Staying has vlen[0] = +0, and
     * +0 + llen[l] is llen[l], so those candidates skip the add. */
    enum { NCAND = HORDE_CYLINDER_PUSH_CANDIDATES };
    cand all[NCAND];
    const wf inf = wf_set(INFINITY);
#define CANDIDATE(I, V, LAT)                                                                   \
    do {                                                                                       \
        const wi ok = is_zero(wi_and(vmask[V], lmask[LAT]));                                   \
        const wf len = (V) == 0 ? A->llen[LAT] : wf_add(A->vlen[V], A->llen[LAT]);             \
        all[I].len = wf_sel(ok, len, inf);                                                     \
        all[I].code = wi_set((V) << 4 | (LAT));                                                \
    } while (0)
    /* Candidate order of cylinder_push.h: (up, none), (down, none), then (v, l) for
     * v = stay, up, down and l = 1..9. Constant bounds so the loops unroll. */
    CANDIDATE(0, 1, 0);
    CANDIDATE(1, 2, 0);
    for (int v = 0; v < 3; v++)
        for (int l = 1; l < NLAT; l++)
            CANDIDATE(2 + v * (NLAT - 1) + l - 1, v, l);
#undef CANDIDATE
    cand best = first_min(first_min(all[0], all[1]), first_min(all[2], all[3]));
    int i = 4;
    for (; i + 4 <= NCAND; i += 4)
        best = first_min(best, first_min(first_min(all[i], all[i + 1]), first_min(all[i + 2], all[i + 3])));
    for (; i < NCAND; i++)
        best = first_min(best, all[i]);
    choice c;
    c.found = wf_lt(best.len, inf);
    /* Where no candidate is free, the code is the first candidate's, and nothing reads it:
     * those lanes are stuck, and their step is off (it needs (up, none) free). */
    const wi code = best.code;
    c.v = wi_srl(code, 4), c.l = wi_and(code, wi_set(15));
    /* Step-up (move kernels): a grounded mover whose correction would be horizontal
     * takes the free upward exit instead when it rises at most step_h. */
    const wi up_ok = is_zero(wi_and(vmask[1], lmask[0]));
    c.step = wi_and(wi_and(wf_gt(step_h, wf_set(0.0f)), up_ok),
                    wi_and(wi_not(is_zero(c.l)), wf_le(wf_sub(L->vy[1], L->y), step_h)));
    c.v = wi_sel(c.step, wi_set(1), c.v);
    c.l = wi_sel(c.step, wi_set(0), c.l);
    return c;
}

/* Full evaluation of the 29 candidates for W lanes (all lanes of a compacted tile), with
 * nl window levels; out of line once per count (push_lanes). */
HORDE_FORCE_INLINE void push_lanes_nl(const horde_cylinder_push_tile *t, int base, int nl, float *ox,
                                      float *oy, float *oz, uint32_t *of)
{
    mover_window L;
    load_movers(t, base, nl, &L);
    const wf x = L.x, y = L.y, z = L.z;
    const wi one = wi_set(1), hit = L.hit;
    wf bx = x, by = y, bz = z;
    wi flags = wi_and(L.resting, wi_set(HORDE_FLAG_ON_GROUND));
    if (wi_any(hit)) {
        lateral A;
        lateral_options(&L, &A);
        wi lcells[NLAT];
        option_cells(&L, &A, lcells);
        const choice c = choose_candidate(&L, &A, lcells, wf_load(t->step_h + base));
        /* The winner's position and cells. */
        wi best_cells = L.here;
        for (int l = 0; l < NLAT; l++) {
            const wi is_l = wi_eq(c.l, wi_set(l));
            bx = wf_sel(is_l, A.xo[lat_xopt[l]], bx);
            bz = wf_sel(is_l, A.zo[lat_zopt[l]], bz);
            best_cells = wi_sel(is_l, lcells[l], best_cells);
        }
        by = wf_sel(wi_eq(c.v, one), L.vy[1], wf_sel(wi_eq(c.v, wi_set(2)), L.vy[2], y));
        const wi moved = wi_and(hit, c.found);
        const wi stuck = wi_andnot(c.found, hit);
        bx = wf_sel(moved, bx, x), by = wf_sel(moved, by, y), bz = wf_sel(moved, bz, z);
        /* Its flags (cylinder_push.h). */
        const wi up = wi_eq(c.v, one), stay = wi_eq(c.v, wi_set(0));
        const wi rest2 = wi_and(stay, wi_and(wf_eq(y, wf_from_i(L.iy0)),
                                             wi_not(is_zero(wi_and(L.occ[0], best_cells)))));
        wi fm = wi_set(HORDE_FLAG_COLLIDED);
        fm = wi_or(fm, wi_and(wi_or(up, rest2), wi_set(HORDE_FLAG_ON_GROUND)));
        fm = wi_or(fm, wi_and(wi_eq(c.v, wi_set(2)), wi_set(HORDE_FLAG_HIT_CEILING)));
        fm = wi_or(fm, wi_and(wi_not(is_zero(c.l)), wi_set(HORDE_FLAG_HIT_WALL)));
        fm = wi_or(fm, wi_and(c.step, wi_set(HORDE_FLAG_STEP_TAKEN)));
        flags = wi_sel(moved, fm, flags);
        flags = wi_sel(stuck, wi_set(HORDE_FLAG_COLLIDED | HORDE_FLAG_STUCK), flags);
    }
    flags = wi_sel(L.valid, flags, wi_set((int32_t)HORDE_FLAG_INVALID));
    wf_store(ox + base, bx), wf_store(oy + base, by), wf_store(oz + base, bz);
    wi_store(of + base, flags);
}

static void push_lanes_short(const horde_cylinder_push_tile *t, int base, float *ox, float *oy, float *oz,
                             uint32_t *of)
{
    push_lanes_nl(t, base, HORDE_WIN_SHORT_LEVELS, ox, oy, oz, of);
}
static void push_lanes_full(const horde_cylinder_push_tile *t, int base, float *ox, float *oy, float *oz,
                            uint32_t *of)
{
    push_lanes_nl(t, base, HORDE_WIN_LEVELS, ox, oy, oz, of);
}
HORDE_FORCE_INLINE void push_lanes(const horde_cylinder_push_tile *t, int base, int nl, float *ox,
                                   float *oy, float *oz, uint32_t *of)
{
    if (nl == HORDE_WIN_SHORT_LEVELS)
        push_lanes_short(t, base, ox, oy, oz, of);
    else
        push_lanes_full(t, base, ox, oy, oz, of);
}

/* Cheap first pass: which lanes need the full evaluation? Free lanes get their final
 * result here (unchanged, ON_GROUND when resting on a block), so do lanes the exact
 * (up, none) shortcut settles; the rest are marked in hit[] and resolved by push_lanes
 * on a compacted tile, so SIMD work is not spent on easy movers (the scalar reference
 * returns early for free movers too). */
HORDE_FORCE_INLINE wi classify_lanes(const horde_cylinder_push_tile *t, int base, int nl, float *ox,
                                     float *oy, float *oz, uint32_t *of)
{
    mover_window L;
    load_movers(t, base, nl, &L);
    wi flags = wi_and(L.resting, wi_set(HORDE_FLAG_ON_GROUND));
    wf by = L.y;
    wi hard = L.hit;
    if (wi_any(L.hit)) {
        lateral A;
        lateral_options(&L, &A);
        const wi quick = wi_and(L.hit, quick_up(&L, &A));
        by = wf_sel(quick, L.vy[1], by);
        flags = wi_sel(quick, wi_set(HORDE_FLAG_COLLIDED | HORDE_FLAG_ON_GROUND), flags);
        hard = wi_andnot(quick, L.hit);
    }
    flags = wi_sel(L.valid, flags, wi_set((int32_t)HORDE_FLAG_INVALID));
    wf_store(ox + base, L.x), wf_store(oy + base, by), wf_store(oz + base, L.z);
    wi_store(of + base, flags);
    return hard;
}

/* Voxel fetch for the prepared movers (integer work: cannot affect bit-exactness):
 * `levels` window levels (HORDE_WIN_LEVELS, or one more for the move's vertical pushes). */
static inline void fetch_tile(const horde_view *v, horde_cylinder_push_tile *t, size_t padded, int levels)
{
    for (size_t g = 0; g < padded; g += W)
        fetch_windows(v, wi_load((const uint32_t *)t->wx + g), wi_load((const uint32_t *)t->wy + g),
                      wi_load((const uint32_t *)t->wz + g), wi_not(wi_eq(wi_load(t->valid + g), wi_set(0))),
                      levels, &t->occ[0][g], HORDE_CYL_TILE_LANES);
}

/* Window origins of W tile lanes from their (sanitised) positions. */
static inline void tile_origins(horde_cylinder_push_tile *t, int base)
{
    const wf x = wf_load(t->x + base), y = wf_load(t->y + base), z = wf_load(t->z + base);
    const wf r = wf_load(t->r + base);
    const wi one = wi_set(1);
    wi_store((uint32_t *)t->wx + base, wi_sub(lowest_cell(x, r), one));
    wi_store((uint32_t *)t->wy + base, wi_sub(wi_floor(y), one));
    wi_store((uint32_t *)t->wz + base, wi_sub(lowest_cell(z, r), one));
}

/* Are the `lanes` first movers of a tile all at most HORDE_WIN_SHORT_HEIGHT tall (window.h)?
 * Invalid and padding lanes hold h = 0. Then HORDE_WIN_SHORT_LEVELS window levels hold
 * every level they read, else HORDE_WIN_LEVELS do; callers pass the count on as a
 * literal, so each kernel has a body per count. */
static inline int tile_is_short(const float *h, size_t lanes)
{
    wi tall = wi_set(0);
    for (size_t i = 0; i < lanes; i += W)
        tall = wi_or(tall, wf_gt(wf_load(h + i), wf_set(HORDE_WIN_SHORT_HEIGHT)));
    return !wi_any(tall);
}

/* Left-pack the lanes of group `base` of t selected by `sel` into c from lane m on
 * (storing W lanes; those past the count are overwritten or are padding). Returns the
 * new count. */
static inline int pack_lanes(const horde_cylinder_push_tile *t, int base, int nl, wi sel,
                             horde_cylinder_push_tile *c, int m)
{
    w_perm cp, ex;
    const int n = lp_pack(wi_bits(sel), &cp, &ex);
    const float *const fs[6] = {t->x, t->y, t->z, t->r, t->h, t->step_h};
    float *const fd[6] = {c->x, c->y, c->z, c->r, c->h, c->step_h};
    for (int a = 0; a < 6; a++)
        wf_store(fd[a] + m, wf_permute(wf_load(fs[a] + base), cp));
    const int32_t *const is[2] = {t->wx, t->wz};
    int32_t *const id[2] = {c->wx, c->wz};
    for (int a = 0; a < 2; a++)
        wi_store((uint32_t *)id[a] + m, wi_permute(wi_load((const uint32_t *)is[a] + base), cp));
    for (int j = 0; j < nl; j++)
        wi_store(c->occ[j] + m, wi_permute(wi_load(t->occ[j] + base), cp));
    wi_store(c->valid + m, wi_set(-1));
    return m + n;
}

/* Lanes [m, m + W) of a packed tile become padding: free movers, discarded. */
static inline void pad_lanes(horde_cylinder_push_tile *c, int m)
{
    float *const fd[6] = {c->x, c->y, c->z, c->r, c->h, c->step_h};
    for (int a = 0; a < 6; a++)
        wf_store(fd[a] + m, wf_set(0.0f));
    wi_store((uint32_t *)c->wx + m, wi_set(0)), wi_store((uint32_t *)c->wz + m, wi_set(0));
    for (int j = 0; j < HORDE_WIN_LEVELS + 1; j++)
        wi_store(c->occ[j] + m, wi_set(0));
    wi_store(c->valid + m, wi_set(0));
}

/* Push every lane of a prepared tile (positions, sizes, valid, origins, step_h set):
 * fetch `fetch_levels` window levels (0: the windows are in t already), classify,
 * resolve the overlapping lanes on a packed copy (c is scratch), results in o*. Lanes with valid == 0 get HORDE_FLAG_INVALID. Packing and unpacking
 * are lane permutes (lane_pack.h), not per-lane copy loops: the overlap masks of fresh
 * movers do not predict. Classifying first pays even when most movers need the full
 * evaluation: the free and quick_up lanes skip push_lanes' 29 candidates. */
static inline void push_tile(const horde_view *v, horde_cylinder_push_tile *t, horde_cylinder_push_tile *c,
                             size_t padded, float *ox, float *oy, float *oz, uint32_t *of, int fetch_levels,
                             int nl)
{
    float cx[HORDE_CYL_TILE_LANES], cy[HORDE_CYL_TILE_LANES], cz[HORDE_CYL_TILE_LANES];
    uint32_t cf[HORDE_CYL_TILE_LANES], hard[HORDE_TILE];
    int m = 0;
    if (fetch_levels)
        fetch_tile(v, t, padded, fetch_levels);
    for (size_t i = 0; i < padded; i += W) {
        const wi sel = classify_lanes(t, (int)i, nl, ox, oy, oz, of);
        wi_store(hard + i, sel);
        m = pack_lanes(t, (int)i, nl, sel, c, m);
    }
    if (!m)
        return;
    pad_lanes(c, m);
    for (int i = 0; i < m; i += W)
        push_lanes(c, i, nl, cx, cy, cz, cf);
    /* Unpack: group i's packed results start at lane `at`. */
    int at = 0;
    for (size_t i = 0; i < padded; i += W) {
        const wi sel = wi_load(hard + i);
        w_perm cp, ex;
        const int n = lp_pack(wi_bits(sel), &cp, &ex);
        wf_store(ox + i, wf_sel(sel, wf_permute(wf_load(cx + at), ex), wf_load(ox + i)));
        wf_store(oy + i, wf_sel(sel, wf_permute(wf_load(cy + at), ex), wf_load(oy + i)));
        wf_store(oz + i, wf_sel(sel, wf_permute(wf_load(cz + at), ex), wf_load(oz + i)));
        wi_store(of + i, wi_sel(sel, wi_permute(wi_load(cf + at), ex), wi_load(of + i)));
        at += n;
    }
}

#endif
