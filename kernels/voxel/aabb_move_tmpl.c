/* SPDX-License-Identifier: MIT */
/* horde_aabb_move for one ISA, written once over wide.h and compiled per ISA with
 * HORDE_SUFFIX set (sse2, sse41, avx2, neon, wasm_simd128). It mirrors aabb_move_ref.c operation for
 * operation; that file defines the result. The float work (targets, faces, one-ulp
 * fixes, clamps, flags) runs W lanes wide; the voxel scan between is the shared integer
 * code of aabb_move.h, run per lane and only for lanes that enter new blocks. */
#include "simd/template.h"
#include "aabb_move.h"
#include "simd/wide.h"
#include "fetch_tmpl.h"


typedef struct lane_cells {
    int32_t lo[3][W], hi[3][W];
} lane_cells;

static inline void cells_of(lane_cells *c, wf x, wf y, wf z, wf hx, wf hz, wf h)
{
    const wi one = wi_set(1);
    wi_store((uint32_t *)c->lo[0], wi_floor(wf_sub(x, hx)));
    wi_store((uint32_t *)c->hi[0], wi_sub(wi_ceil(wf_add(x, hx)), one));
    wi_store((uint32_t *)c->lo[1], wi_floor(y));
    wi_store((uint32_t *)c->hi[1], wi_sub(wi_ceil(wf_add(y, h)), one));
    wi_store((uint32_t *)c->lo[2], wi_floor(wf_sub(z, hz)));
    wi_store((uint32_t *)c->hi[2], wi_sub(wi_ceil(wf_add(z, hz)), one));
}

static inline horde_aabb_move_cells lane(const lane_cells *c, int i)
{
    horde_aabb_move_cells r = {{c->lo[0][i], c->lo[1][i], c->lo[2][i]},
                          {c->hi[0][i], c->hi[1][i], c->hi[2][i]}};
    return r;
}

/* v one ulp towards -inf / +inf (v != 0 where the result is used). */
static inline wf next_down(wf v)
{
    return wf_as(wi_add(wi_as(v), wi_sel(wf_gt(v, wf_set(0.0f)), wi_set(-1), wi_set(1))));
}
static inline wf next_up(wf v)
{
    return wf_as(wi_add(wi_as(v), wi_sel(wf_gt(v, wf_set(0.0f)), wi_set(1), wi_set(-1))));
}

/* The float half of a sweep: where coordinate c stops, given per lane whether it moves
 * up / at all, and whether (fnd) and where (fi) the scan found the first solid block. */
static inline wf clamp_axis(wf c, wf elo, wf ehi, wf t, wi up, wi moving, wi fnd, wi fi)
{
    const wf face_up = wf_from_i(fi);
    wf n_up = wf_sub(face_up, ehi);
    n_up = wf_sel(wf_gt(wf_add(n_up, ehi), face_up), next_down(n_up), n_up);
    n_up = wf_max(c, n_up);
    const wf face_dn = wf_from_i(wi_add(fi, wi_set(1)));
    wf n_dn = wf_add(face_dn, elo);
    n_dn = wf_sel(wf_lt(wf_sub(n_dn, elo), face_dn), next_up(n_dn), n_dn);
    n_dn = wf_min(c, n_dn);
    return wf_sel(fnd, wf_sel(up, n_up, n_dn), wf_sel(moving, t, c));
}

/* horde_aabb_move_first_solid for axes 0 (x) and 2 (z) when every range lies in one chunk
 * (the common case: one chunk lookup, then plain row reads; the shared function looks a
 * chunk up per row for x and per slab for z). Same blocks, same answer: checkasm compares
 * the result with the reference, which always takes the shared function. */
static inline int first_solid(const horde_world *w, const horde_aabb_move_cells *c, int axis, int32_t s0,
                              int32_t s1, int dir, int32_t *first)
{
    if (s1 < s0)
        return 0;
    const int32_t lo0 = axis == 0 ? s0 : c->lo[0], hi0 = axis == 0 ? s1 : c->hi[0];
    const int32_t lo2 = axis == 2 ? s0 : c->lo[2], hi2 = axis == 2 ? s1 : c->hi[2];
    if (axis == 1 || (lo0 >> 5) != (hi0 >> 5) || (c->lo[1] >> 5) != (c->hi[1] >> 5) || (lo2 >> 5) != (hi2 >> 5))
        return horde_aabb_move_first_solid(w, c, axis, s0, s1, dir, first);
    if (hi0 < lo0 || c->hi[1] < c->lo[1] || hi2 < lo2)
        return 0;
    const horde_chunk *ch = horde_world_chunk(w, lo0 >> 5, c->lo[1] >> 5, lo2 >> 5);
    const int sh = lo0 & 31, n = (int)(hi0 - lo0 + 1);
    const uint32_t xmask = (uint32_t)(((UINT64_C(1) << n) - 1) << sh);
    if (axis == 0) {
        uint32_t m = 0;
        for (int32_t L = c->lo[1]; L <= c->hi[1]; L++)
            for (int32_t j = lo2; j <= hi2; j++)
                m |= ch->rows[L & 31][j & 31];
        m = (m & xmask) >> sh;
        if (!m)
            return 0;
        *first = s0 + (dir > 0 ? __builtin_ctz(m) : 31 - __builtin_clz(m));
        return 1;
    }
    for (int32_t k = 0; k <= s1 - s0; k++) {
        const int32_t i = dir > 0 ? s0 + k : s1 - k;
        uint32_t acc = 0;
        for (int32_t L = c->lo[1]; L <= c->hi[1]; L++)
            acc |= ch->rows[L & 31][i & 31];
        if (acc & xmask) {
            *first = i;
            return 1;
        }
    }
    return 0;
}

/* One axis of a sweep (sweep() of the reference) for the lanes of `active`: coordinate c
 * moving to t, the box reaching elo below it and ehi above; the new columns (rows,
 * levels) it enters are s0 .. s1, none where s0 > s1. */
typedef struct axis_span {
    wf c, elo, ehi, t;
    wi up, moving, s0, s1;
} axis_span;

static inline axis_span axis_span_of(wi active, wf c, wf elo, wf ehi, wf t)
{
    const wi one = wi_set(1), up = wi_and(active, wf_gt(t, c));
    const axis_span a = {c, elo, ehi, t, up, wi_or(up, wi_and(active, wf_lt(t, c))),
                         wi_sel(up, wi_ceil(wf_add(c, ehi)), wi_floor(wf_sub(t, elo))),
                         wi_sel(up, wi_sub(wi_ceil(wf_add(t, ehi)), one), wi_sub(wi_floor(wf_sub(c, elo)), one))};
    return a;
}

/* The lanes that enter new cells; the coordinate where they do not. */
static inline wi span_enters(const axis_span *a) { return wi_andnot(wi_gt(a->s0, a->s1), a->moving); }
static inline wf span_free(const axis_span *a) { return wf_sel(a->moving, a->t, a->c); }

/* sweep() of the reference for W lanes; lanes outside active keep c and never hit. */
static inline wf sweep(const horde_world *w, const lane_cells *cells, int axis, wi active, wf c,
                       wf elo, wf ehi, wf t, wi *hit)
{
    const axis_span sp = axis_span_of(active, c, elo, ehi, t);
    /* Only lanes that enter new blocks are scanned (most small moves enter none). */
    const wi scan = span_enters(&sp);
    int32_t first[W];
    uint32_t found[W];
    wi_store((uint32_t *)first, wi_set(0));
    wi_store(found, wi_set(0));
    if (wi_any(scan)) {
        int32_t a0[W], a1[W], sc[W], u[W];
        wi_store((uint32_t *)a0, sp.s0), wi_store((uint32_t *)a1, sp.s1);
        wi_store((uint32_t *)sc, scan), wi_store((uint32_t *)u, sp.up);
        for (int i = 0; i < W; i++) {
            if (!sc[i])
                continue;
            const horde_aabb_move_cells lc = lane(cells, i);
            found[i] = first_solid(w, &lc, axis, a0[i], a1[i], u[i] ? 1 : -1, &first[i])
                           ? ~0u : 0u;
        }
    }
    const wi fnd = wi_load(found);
    *hit = fnd;
    return clamp_axis(c, elo, ehi, t, sp.up, sp.moving, fnd, wi_load((const uint32_t *)first));
}

/* rests() of the reference, evaluated only for lanes in need. */
static inline wi rests(const horde_world *w, wi need, wf x, wf y, wf z, wf hx, wf hz, wf h)
{
    const wi iy = wi_floor(y);
    const wi ask = wi_and(need, wf_eq(y, wf_from_i(iy)));
    uint32_t res[W];
    wi_store(res, wi_set(0));
    if (wi_any(ask)) {
        lane_cells c;
        cells_of(&c, x, y, z, hx, hz, h);
        uint32_t a[W];
        wi_store(a, ask);
        for (int i = 0; i < W; i++)
            if (a[i]) {
                const horde_aabb_move_cells lc = lane(&c, i);
                res[i] = horde_aabb_move_slab_solid(w, &lc, 1, lc.lo[1] - 1) ? ~0u : 0u;
            }
    }
    return wi_load(res);
}

/* A group's streams: the arrays of the batch, read and written at the group's first
 * index i. An output the caller does not want (out_dx, out_dy, out_dz may be NULL) goes
 * to a sink of W floats at every i: its mask is 0, the others' all ones. move_group's
 * holding area and the tail's padded copies use the same form with masks 0. Built once
 * per call, not nine input and seven output pointers per group (read back in
 * move_lanes_window). */
typedef struct group_io {
    const float *in[9]; /* x, y, z, dx, dy, dz, half_x, half_z, height */
    float *out[6];      /* out_x, out_y, out_z, out_dx, out_dy, out_dz */
    uint32_t *flags;
    size_t mask[7];     /* out[k] + (i & mask[k]); k = 6: flags */
} group_io;

static inline const float *io_in(const group_io *io, int k, size_t i) { return io->in[k] + i; }
static inline float *io_out(const group_io *io, int k, size_t i) { return io->out[k] + (i & io->mask[k]); }
static inline uint32_t *io_flags(const group_io *io, size_t i) { return io->flags + (i & io->mask[6]); }

/* W boxes loaded, validated (NaN fails every compare), sanitised (invalid lanes become a
 * harmless box at the origin that does not move: yup and ydn rely on that) and their
 * moves limited per axis. */
typedef struct box_lanes {
    wf x0, y0, z0;          /* the inputs as given (invalid lanes get them back) */
    wf x, y, z, hx, hz, h;  /* sanitised */
    wf dx, dy, dz;          /* wanted move, sanitised */
    wf ddx, ddy, ddz;       /* limited to +-max_distance */
    wi valid, trunc;
} box_lanes;

static inline void load_boxes(const group_io *io, size_t i, float max_distance, box_lanes *B)
{
    const wf x0 = wf_load(io_in(io, 0, i)), y0 = wf_load(io_in(io, 1, i)), z0 = wf_load(io_in(io, 2, i));
    const wf dx0 = wf_load(io_in(io, 3, i)), dy0 = wf_load(io_in(io, 4, i)), dz0 = wf_load(io_in(io, 5, i));
    const wf hx0 = wf_load(io_in(io, 6, i)), hz0 = wf_load(io_in(io, 7, i)), h0 = wf_load(io_in(io, 8, i));
    const wf zero = wf_set(0.0f);
    const wf maxc = wf_set(HORDE_AABB_MOVE_MAX_COORD), big = wf_set(0x1.fffffep127f);
    const wf maxh = wf_set(HORDE_AABB_MOVE_MAX_HALF);
    wi valid = wi_and(wi_and(wf_le(wf_abs(x0), maxc), wf_le(wf_abs(y0), maxc)),
                      wf_le(wf_abs(z0), maxc));
    valid = wi_and(valid, wi_and(wi_and(wf_le(wf_abs(dx0), big), wf_le(wf_abs(dy0), big)),
                                 wf_le(wf_abs(dz0), big)));
    valid = wi_and(valid, wi_and(wf_gt(hx0, zero), wf_le(hx0, maxh)));
    valid = wi_and(valid, wi_and(wf_gt(hz0, zero), wf_le(hz0, maxh)));
    valid = wi_and(valid, wi_and(wf_gt(h0, zero), wf_le(h0, wf_set(HORDE_AABB_MOVE_MAX_HEIGHT))));
    B->valid = valid;
    B->x0 = x0, B->y0 = y0, B->z0 = z0;
    if (wi_bits(valid) == (1 << W) - 1) {
        /* Every lane valid (the usual group): nothing to sanitise, and a branch, not
         * selects, so the box's work need not wait for the validity test, on which every
         * later value would depend. (radial_push has no such branch: its time is in the
         * pole loads.) */
        B->x = x0, B->y = y0, B->z = z0, B->dx = dx0, B->dy = dy0, B->dz = dz0;
        B->hx = hx0, B->hz = hz0, B->h = h0;
    } else {
        B->x = wf_sel(valid, x0, zero), B->y = wf_sel(valid, y0, zero), B->z = wf_sel(valid, z0, zero);
        B->dx = wf_sel(valid, dx0, zero), B->dy = wf_sel(valid, dy0, zero);
        B->dz = wf_sel(valid, dz0, zero);
        B->hx = wf_sel(valid, hx0, wf_set(0.5f)), B->hz = wf_sel(valid, hz0, wf_set(0.5f));
        B->h = wf_sel(valid, h0, wf_set(1.0f));
    }
    /* Per-axis limit. */
    const wf md = wf_set(max_distance), nmd = wf_set(-max_distance);
    /* The reference's d > md ? md : d, then d < -md ? -md : d: minps and maxps with md
     * and -md first are those rules exactly (wide.h), NaN and signed zeros included. */
    B->ddx = wf_max(nmd, wf_min(md, B->dx)), B->ddy = wf_max(nmd, wf_min(md, B->dy));
    B->ddz = wf_max(nmd, wf_min(md, B->dz));
    B->trunc = wi_not(wi_and(wi_and(wf_eq(B->ddx, B->dx), wf_eq(B->ddy, B->dy)), wf_eq(B->ddz, B->dz)));
}

/* What happened to W boxes, before it becomes flags and outputs. */
typedef struct box_outcome {
    wf fx, fy, fz;                                  /* final position of the active lanes */
    wi active, stuck;                               /* active: valid and not stuck */
    wi landed, ground, ceiling, wall, stepped;
} box_outcome;

/* Flags and the six outputs. Invalid and stuck lanes: input bits, zero displacement. */
static inline void write_lanes(const box_lanes *B, const box_outcome *o, const group_io *io, size_t i)
{
    const wf zero = wf_set(0.0f);
    wi f = wi_and(B->trunc, wi_set(HORDE_FLAG_TRUNCATED));
    f = wi_or(f, wi_and(o->ground, wi_set(HORDE_FLAG_ON_GROUND)));
    f = wi_or(f, wi_and(o->ceiling, wi_set(HORDE_FLAG_HIT_CEILING)));
    f = wi_or(f, wi_and(o->wall, wi_set(HORDE_FLAG_HIT_WALL)));
    f = wi_or(f, wi_and(o->stepped, wi_set(HORDE_FLAG_STEP_TAKEN)));
    f = wi_or(f, wi_and(wi_or(wi_or(o->landed, o->ceiling), wi_or(o->wall, o->stepped)),
                        wi_set(HORDE_FLAG_COLLIDED)));
    f = wi_sel(o->stuck, wi_set(HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED), f);
    f = wi_sel(B->valid, f, wi_set((int32_t)HORDE_FLAG_INVALID));
    wf_store(io_out(io, 0, i), wf_sel(o->active, o->fx, B->x0));
    wf_store(io_out(io, 1, i), wf_sel(o->active, o->fy, B->y0));
    wf_store(io_out(io, 2, i), wf_sel(o->active, o->fz, B->z0));
    wf_store(io_out(io, 3, i), wf_sel(o->active, wf_sub(o->fx, B->x), zero));
    wf_store(io_out(io, 4, i), wf_sel(o->active, wf_sub(o->fy, B->y), zero));
    wf_store(io_out(io, 5, i), wf_sel(o->active, wf_sub(o->fz, B->z), zero));
    wi_store(io_flags(io, i), f);
}

/* Step-up for the grounded lanes that hit a wall: up by step_height, across, back down;
 * kept where it gets further than the plain move. Updates the final position, wall and
 * landed masks; returns the lanes that stepped. */
static inline wi try_step_up(const horde_world *w, const box_lanes *B, float step_height,
                             wi try_step, wf y1, wf x2, wf z2, wf *fx, wf *fy, wf *fz, wi *wall,
                             wi *landed)
{
    const wf x = B->x, z = B->z, hx = B->hx, hz = B->hz, h = B->h, zero = wf_set(0.0f);
    lane_cells c;
    wi hu, hsx, hsz, hd;
    cells_of(&c, x, y1, z, hx, hz, h);
    const wf ys = sweep(w, &c, 1, try_step, y1, zero, h, wf_add(y1, wf_set(step_height)), &hu);
    cells_of(&c, x, ys, z, hx, hz, h);
    const wf xs = sweep(w, &c, 0, try_step, x, hx, hx, wf_add(x, B->ddx), &hsx);
    cells_of(&c, xs, ys, z, hx, hz, h);
    const wf zs = sweep(w, &c, 2, try_step, z, hz, hz, wf_add(z, B->ddz), &hsz);
    cells_of(&c, xs, ys, zs, hx, hz, h);
    const wf yd = sweep(w, &c, 1, try_step, ys, zero, h, y1, &hd);
    const wf ax = wf_sub(x2, x), az = wf_sub(z2, z), sx = wf_sub(xs, x), sz = wf_sub(zs, z);
    const wi keep = wi_and(try_step, wf_gt(wf_add(wf_mul(sx, sx), wf_mul(sz, sz)),
                                           wf_add(wf_mul(ax, ax), wf_mul(az, az))));
    *fx = wf_sel(keep, xs, *fx), *fy = wf_sel(keep, yd, *fy), *fz = wf_sel(keep, zs, *fz);
    *wall = wi_sel(keep, wi_or(hsx, hsz), *wall);
    *landed = wi_or(*landed, wi_and(keep, hd));
    return keep;
}

static inline void move_lanes(const horde_world *w, const horde_aabb_move_params *p,
                              const group_io *io, size_t i)
{
    box_lanes B;
    load_boxes(io, i, p->max_distance, &B);
    const wf x = B.x, y = B.y, z = B.z, hx = B.hx, hz = B.hz, h = B.h;
    const wf ddx = B.ddx, ddy = B.ddy, ddz = B.ddz, zero = wf_set(0.0f);
    const wi valid = B.valid;
    /* The start overlap test, the y sweep and the resting test under the box all read the
     * same footprint: one column profile per lane (levels l0 .. l1) answers all three. */
    const wi one = wi_set(1);
    lane_cells c;
    cells_of(&c, x, y, z, hx, hz, h);
    const wf ty = wf_add(y, ddy);
    const wi yup = wf_gt(ty, y), ydn = wf_lt(ty, y);
    const wi lo1 = wi_floor(y), hi1 = wi_sub(wi_ceil(wf_add(y, h)), one);
    const wi s0 = wi_sel(yup, wi_ceil(wf_add(y, h)), wi_floor(wf_sub(ty, zero)));
    const wi s1 = wi_sel(yup, wi_sub(wi_ceil(wf_add(ty, h)), one),
                         wi_sub(wi_floor(wf_sub(y, zero)), one));
    const wi l0 = wi_sub(wi_sel(ydn, s0, lo1), one);
    const wi l1 = wi_sel(wi_and(yup, wi_gt(s1, hi1)), s1, hi1);
    uint64_t prof[W];
    int32_t al0[W], al1[W], as0[W], as1[W], alo[W], ahi[W], au[W], ad[W], first[W];
    uint32_t va[W], st[W], found[W];
    wi_store(va, valid), wi_store((uint32_t *)au, yup), wi_store((uint32_t *)ad, ydn);
    wi_store((uint32_t *)al0, l0), wi_store((uint32_t *)al1, l1);
    wi_store((uint32_t *)as0, s0), wi_store((uint32_t *)as1, s1);
    wi_store((uint32_t *)alo, lo1), wi_store((uint32_t *)ahi, hi1);
    for (int i = 0; i < W; i++) {
        st[i] = found[i] = 0, first[i] = 0, prof[i] = 0;
        if (!va[i])
            continue;
        const horde_aabb_move_cells lc = lane(&c, i);
        const uint64_t m = horde_aabb_move_level_mask(w, &lc, al0[i], al1[i]);
        prof[i] = m;
        if (horde_aabb_move_bits(m, alo[i] - al0[i], ahi[i] - al0[i])) {
            st[i] = ~0u;
            continue;
        }
        if (au[i] || ad[i]) {
            const uint64_t b = horde_aabb_move_bits(m, as0[i] - al0[i], as1[i] - al0[i]);
            if (b) {
                found[i] = ~0u;
                first[i] = al0[i] + (au[i] ? __builtin_ctzll(b) : 63 - __builtin_clzll(b));
            }
        }
    }
    const wi stuck = wi_load(st);
    const wi active = wi_andnot(stuck, valid);

    /* y, then x, then z. */
    wi hwx, hwz;
    const wi hy = wi_load(found);
    const wf y1 = clamp_axis(y, zero, h, ty, yup, wi_and(active, wi_or(yup, ydn)), hy,
                             wi_load((const uint32_t *)first));
    wi landed = wi_and(hy, wf_lt(ddy, zero));
    const wi ceiling = wi_and(hy, wf_gt(ddy, zero));
    const wi down_ok = wi_and(active, wf_le(ddy, zero));
    /* Resting after the y sweep: y1 integral and level y1 - 1 solid in the profile. */
    const wi iy1 = wi_floor(y1);
    const wi ask = wi_andnot(landed, wi_and(down_ok, wf_eq(y1, wf_from_i(iy1))));
    uint32_t rest[W];
    wi_store(rest, wi_set(0));
    if (wi_any(ask)) {
        int32_t a[W], ly[W];
        wi_store((uint32_t *)a, ask), wi_store((uint32_t *)ly, wi_sub(iy1, one));
        for (int i = 0; i < W; i++)
            if (a[i])
                rest[i] = (prof[i] >> (ly[i] - al0[i])) & 1u ? ~0u : 0u;
    }
    const wi grounded = wi_and(down_ok, wi_or(landed, wi_load(rest)));
    cells_of(&c, x, y1, z, hx, hz, h);
    const wf x2 = sweep(w, &c, 0, active, x, hx, hx, wf_add(x, ddx), &hwx);
    cells_of(&c, x2, y1, z, hx, hz, h);
    const wf z2 = sweep(w, &c, 2, active, z, hz, hz, wf_add(z, ddz), &hwz);
    wf fx = x2, fy = y1, fz = z2;
    wi wall = wi_or(hwx, hwz);
    wi stepped = wi_set(0);

    if (p->step_height > 0.0f) {
        const wi try_step = wi_and(grounded, wall);
        if (wi_any(try_step))
            stepped = try_step_up(w, &B, p->step_height, try_step, y1, x2, z2, &fx, &fy, &fz,
                                  &wall, &landed);
    }

    const wi ground =
        wi_or(landed, rests(w, wi_andnot(landed, active), fx, fy, fz, hx, hz, h));
    const box_outcome o = {fx, fy, fz, active, stuck, landed, ground, ceiling, wall, stepped};
    write_lanes(&B, &o, io, i);
}

/* The window path. A box whose whole move stays inside a window of 4 x 4 columns and
 * WIN_LEVELS levels (in x and z: whenever width plus move is at most 2 blocks, such as
 * every walking NPC box; in y: see WIN_LEVELS) is answered from that window alone: one
 * fetch per lane (fetch_tmpl.h), then SIMD bit tests for the start overlap, the three
 * sweeps and the resting tests. Same blocks, same answers as the scans of aabb_move.h: the window
 * covers every block those scans read (shown at box_window_fits), and the float work is
 * the same clamp_axis. Other lanes (wider boxes, longer moves, step-up attempts) take
 * move_lanes. */
/* Levels in a window: l0 .. l1 spans ceil(h) + 1 levels for a box at a whole y (standing
 * on a block) that moves down less than a level or not at all, at most ceil(h) + 2 for
 * any box that does, and at most ceil(h) + 3 for one moving up less than a level, so 5
 * hold every box up to 3 high moving down or not at all and every one up to 2 high
 * moving up (6 would cost every box a level's work; the window path checks the span,
 * box_window_fits). Groups whose windows all span at most WIN_SHORT_LEVELS (walkers up
 * to 2 high on a floor) fetch only those; the others read as empty: 3 levels read, not
 * 5, for each of the benchmark's walkers. */
enum { WIN_LEVELS = 5, WIN_SHORT_LEVELS = 3 };
_Static_assert(WIN_LEVELS <= FETCH_MAX_LEVELS, "fetch_windows reads at most FETCH_MAX_LEVELS levels");

/* Window bits: bit i + 8k of level j is block (wx + i, wy + j, wz + k). The tests below
 * work on small bit sets per lane (columns, rows or levels: bit i = index i) with
 * integer arithmetic, no loop over the indices (fewer instructions than testing index
 * by index with compares). */

/* floor(log2(b)) for 1 <= b < 2^24 (converted exactly; the exponent is the answer). */
static inline wi log2_floor(wi b) { return wi_sub(wi_srl(wi_as(wf_from_i(b)), 23), wi_set(127)); }
/* The set {lo .. hi} within {0 .. n - 1} (indices relative, per lane; empty when hi < lo,
 * whatever their size). */
#if defined(HORDE_WIDE_PERMUTE_BY_BYTES) && !defined(HORDE_WIDE_HAS_POW2)
/* Without a variable shift (SSE4.1, WASM), 2^k is a byte table lookup: 1 + k indexes
 * byte (1 << k), and the lane's three upper bytes, 0, index byte 0, which is 0: faster
 * than the float exponent's 2^k (three operations each) with the clamps to 0 .. n. */
static const uint32_t pow2_table[4] = {0x04020100u, 0x40201008u, 0, 0};
static inline wi bit_range(wi lo, wi hi, int n)
{
    const wi one = wi_set(1), top = wi_set(n + 1), t = wi_load(pow2_table);
    const wi a = wi_min(wi_max(wi_add(lo, one), one), top);
    const wi b = wi_max(wi_min(wi_max(wi_add(hi, wi_set(2)), one), top), a);
    return wi_sub(wi_shuffle_bytes(t, b), wi_shuffle_bytes(t, a));
}
#else
static inline wi clamp_idx(wi k, int n) { return wi_min(wi_max(k, wi_set(0)), wi_set(n)); }
static inline wi bit_range(wi lo, wi hi, int n)
{
    const wi a = clamp_idx(lo, n), b = wi_max(clamp_idx(wi_add(hi, wi_set(1)), n), a);
    return wi_sub(wi_pow2(b), wi_pow2(a));
}
#endif
/* The lowest (up) or highest member of a non-empty set. */
static inline wi first_bit(wi set, wi up)
{
    return log2_floor(wi_sel(up, wi_and(set, wi_sub(wi_set(0), set)), set));
}
static inline wi nonzero(wi a) { return wi_not(wi_eq(a, wi_set(0))); }

/* Window bits <-> sets: columns {i} to bit i of every row, rows {k} to all of row k, and
 * back: the columns, and the rows, holding a bit of a window word. */
static inline wi col_bits(wi cols) { return wi_mullo(cols, wi_set(0x01010101)); }
/* Window words use the low 4 bits of each row's byte, so a row's mask is 0x0f, and no
 * product below leaves 31 bits (SIMDe's portable NEON and WASM lanes multiply as signed
 * C ints, where an overflow is undefined). */
static inline wi row_bits(wi rows)
{
    const wi one_per_row = wi_and(wi_mullo(rows, wi_set(0x00204081)), wi_set(0x01010101));
    return wi_mullo(one_per_row, wi_set(15));
}
static inline wi cols_of(wi bits)
{
    const wi b = wi_or(bits, wi_srl(bits, 16));
    return wi_and(wi_or(b, wi_srl(b, 8)), wi_set(15));
}
static inline wi rows_of(wi bits)
{
    /* A row's byte is at most 15: + 15 reaches bit 4 exactly when it is non-zero. */
    const wi t = wi_srl(wi_and(wi_add(bits, wi_set(0x0f0f0f0f)), wi_set(0x10101010)), 4);
    /* Bits 0, 8, 16, 24 to bits 0..3 (shifts: a product would overflow 32 bits). */
    const wi u = wi_or(wi_or(t, wi_srl(t, 7)), wi_or(wi_srl(t, 14), wi_srl(t, 21)));
    return wi_and(u, wi_set(15));
}
/* The OR of the window levels in the set `levels`. */
static inline wi levels_or(const wi *occ, wi levels)
{
    wi acc = wi_set(0);
    for (int j = 0; j < WIN_LEVELS; j++)
        acc = wi_or(acc, wi_andnot(wi_eq(wi_and(levels, wi_set(1 << j)), wi_set(0)), occ[j]));
    return acc;
}

typedef struct box_window {
    wi wx, wy, wz;           /* window origin (block coordinates) */
    wi occ[WIN_LEVELS];      /* bits as above */
} box_window;

/* sweep() of the reference on the window, for axis 0 (x) or 2 (z): `cells` is the set
 * of window columns (x) or rows (z) holding a solid block of the box's levels and rows
 * (x) or columns (z). */
static inline wf sweep_window(wi cells, wi origin, const axis_span *a, wi *hit)
{
    if (!wi_any(span_enters(a))) {
        /* No lane enters a new column (row): the reference's sweep returns t, or c when
         * not moving. */
        *hit = wi_set(0);
        return span_free(a);
    }
    const wi range = wi_and(cells, bit_range(wi_sub(a->s0, origin), wi_sub(a->s1, origin), 4));
    const wi found = wi_and(nonzero(range), a->moving); /* a hit implies s0 <= s1 */
    *hit = found;
    if (!wi_any(found)) /* no lane hits a block: clamp_axis would return span_free (1-4 %) */
        return span_free(a);
    return clamp_axis(a->c, a->elo, a->ehi, a->t, a->up, a->moving, found, wi_add(first_bit(range, a->up), origin));
}

/* A window origin lo for blocks lo .. hi (hi - lo <= 3), moved down to keep the window
 * inside one chunk when those blocks are: a window across a chunk border takes the general
 * fetch (about 400 instructions against about 40), and a 4-block window at a random
 * offset crosses one in 3 of 32 cases per axis, while a 0.6-block box moving 0.1 needs
 * one in about 40. Only the bits' positions change: every index is taken relative to the
 * origin. */
static inline wi inside_chunk(wi lo, wi hi)
{
    const wi base = wi_and(lo, wi_set(-HORDE_CHUNK_SIZE));
    const wi same = wi_eq(base, wi_and(hi, wi_set(-HORDE_CHUNK_SIZE)));
    const wi late = wi_gt(wi_and(lo, wi_set(HORDE_CHUNK_SIZE - 1)), wi_set(HORDE_CHUNK_SIZE - HORDE_WIN_COLS));
    return wi_sel(wi_and(same, late), wi_add(base, wi_set(HORDE_CHUNK_SIZE - HORDE_WIN_COLS)), lo);
}

/* Does the window hold every block the sweeps of a box can read? Its columns must span
 * floor(min(x, tx) - hx) .. ceil(max(x, tx) + hx) - 1: they hold the box's columns at x,
 * at tx, and at every x2 between, where the x sweep can stop (rounding is monotone, and
 * a stop at a block face lies between x and tx). The same for z. Its levels l0 .. l1
 * hold the start test's, the y sweep's, those of every y1 between y and ty (the x and z
 * sweeps), and the resting level floor(y1) - 1 where y1 is whole (the resting test reads
 * it only then). Going down, a whole y1 >= ty is at least ceil(ty), so that level is at
 * least s0 = floor(ty) unless ty is whole: only then does l0 reach s0 - 1. */
static inline wi box_window_fits(box_window *win, const box_lanes *B, wf tx, wf tz, wi l0,
                                 wi l1)
{
    const wi one = wi_set(1), three = wi_set(3);
    win->wx = wi_floor(wf_sub(wf_min(B->x, tx), B->hx));
    win->wz = wi_floor(wf_sub(wf_min(B->z, tz), B->hz));
    win->wy = l0;
    const wi xb = wi_sub(wi_ceil(wf_add(wf_max(B->x, tx), B->hx)), one);
    const wi zb = wi_sub(wi_ceil(wf_add(wf_max(B->z, tz), B->hz)), one);
    const wi fits = wi_not(wi_or(wi_or(wi_gt(wi_sub(xb, win->wx), three), wi_gt(wi_sub(zb, win->wz), three)),
                                 wi_gt(wi_sub(l1, l0), wi_set(WIN_LEVELS - 1))));
    win->wx = inside_chunk(win->wx, xb);
    win->wz = inside_chunk(win->wz, zb);
    return fits;
}

/* Window path for the W boxes at i: returns the lanes left to move_lanes. The W results
 * go to io's outputs when it leaves none (every input is read by then), else to `hold`,
 * to wait until move_lanes has read the inputs (the caller's outputs may be its inputs);
 * storing to `hold` every time would cost a copy per group. */
static inline wi move_lanes_window(const horde_view *v, const view_lanes *L, const horde_aabb_move_params *p,
                                   const group_io *io, size_t i, const group_io *hold)
{
    box_lanes B;
    load_boxes(io, i, p->max_distance, &B);
    const wf x = B.x, y = B.y, z = B.z, hx = B.hx, hz = B.hz, h = B.h, zero = wf_set(0.0f);
    const wi valid = B.valid, one = wi_set(1);
    const wf tx = wf_add(x, B.ddx), ty = wf_add(y, B.ddy), tz = wf_add(z, B.ddz);
    /* The y sweep's levels and the window's (as move_lanes). Invalid lanes have ty = y
     * (load_boxes zeroes their move), so yup and ydn need no AND with valid, which made
     * the window's levels, and the fetch, wait for the validity test (sse41 2-5 %). */
    const wi yup = wf_gt(ty, y), ydn = wf_lt(ty, y);
    const wi lo1 = wi_floor(y), hi1 = wi_sub(wi_ceil(wf_add(y, h)), one);
    const wi s0 = wi_sel(yup, wi_add(hi1, one), wi_floor(ty));
    const wi s1 = wi_sel(yup, wi_sub(wi_ceil(wf_add(ty, h)), one), wi_sub(lo1, one));
    /* Going down, the resting level below s0 only where ty is whole (box_window_fits);
     * the compare's all ones are -1. */
    const wi l0 = wi_sel(ydn, wi_add(s0, wf_eq(ty, wf_from_i(s0))), wi_sub(lo1, one));
    const wi l1 = wi_sel(wi_and(yup, wi_gt(s1, hi1)), s1, hi1);
    box_window win;
    const wi fits = box_window_fits(&win, &B, tx, tz, l0, l1);
    const wi fetch = wi_and(valid, fits);
    {
        uint32_t occ[WIN_LEVELS][W];
        if (!wi_any(wi_gt(wi_sub(l1, l0), wi_set(WIN_SHORT_LEVELS - 1)))) {
            fetch_windows_inline(v, L, win.wx, win.wy, win.wz, fetch, WIN_SHORT_LEVELS, occ[0], W);
            for (int j = 0; j < WIN_LEVELS; j++)
                win.occ[j] = j < WIN_SHORT_LEVELS ? wi_load(occ[j]) : wi_set(0);
        } else {
            fetch_windows_inline(v, L, win.wx, win.wy, win.wz, fetch, WIN_LEVELS, occ[0], W);
            for (int j = 0; j < WIN_LEVELS; j++)
                win.occ[j] = wi_load(occ[j]);
        }
    }
    /* The footprint at the start (x, z cells), and the set of levels holding a block of it. */
    const wi cx0 = wi_floor(wf_sub(x, hx)), cx1 = wi_sub(wi_ceil(wf_add(x, hx)), one);
    const wi cz0 = wi_floor(wf_sub(z, hz)), cz1 = wi_sub(wi_ceil(wf_add(z, hz)), one);
    const wi rows = row_bits(bit_range(wi_sub(cz0, win.wz), wi_sub(cz1, win.wz), 4));
    const wi foot = wi_and(col_bits(bit_range(wi_sub(cx0, win.wx), wi_sub(cx1, win.wx), 4)), rows);
    wi prof = wi_set(0);
    for (int j = 0; j < WIN_LEVELS; j++)
        prof = wi_or(prof, wi_andnot(wi_eq(wi_and(win.occ[j], foot), wi_set(0)), wi_set(1 << j)));
    const wi stuck = wi_and(fetch, nonzero(wi_and(prof, bit_range(wi_sub(lo1, l0), wi_sub(hi1, l0), WIN_LEVELS))));
    const wi active = wi_andnot(stuck, valid);

    /* y. */
    const wi ymoving = wi_and(active, wi_or(yup, ydn));
    const wi yrange = wi_and(prof, bit_range(wi_sub(s0, l0), wi_sub(s1, l0), WIN_LEVELS));
    const wi hy = wi_and(ymoving, nonzero(yrange));
    const wf y1 = clamp_axis(y, zero, h, ty, yup, ymoving, hy, wi_add(first_bit(yrange, yup), l0));
    const wi landed = wi_and(hy, wf_lt(B.ddy, zero));
    const wi ceiling = wi_and(hy, wf_gt(B.ddy, zero));
    /* The levels of the box at y1, ORed: what the x and z sweeps read; and level
     * floor(y1) - 1, the one it may rest on. Where y1 = y in every lane (walkers resting
     * on a floor), those are the levels lo1 .. hi1 of the start, known before the y
     * sweep: taken from there (a branch, not a select), the x and z sweeps need not wait
     * for the fetch -> y sweep -> y1 chain. */
    wi iy1 = lo1, a0 = wi_sub(lo1, l0), a1 = wi_sub(hi1, l0);
    if (wi_bits(wf_eq(y1, y)) != (1 << W) - 1) {
        iy1 = wi_floor(y1);
        a0 = wi_sub(iy1, l0), a1 = wi_sub(wi_sub(wi_ceil(wf_add(y1, h)), one), l0);
    }
    const wi acc = levels_or(win.occ, bit_range(a0, a1, WIN_LEVELS));
    const wi rl = wi_sub(a0, one);
    wi below = wi_set(0);
    for (int j = 0; j < WIN_LEVELS; j++)
        below = wi_sel(wi_eq(rl, wi_set(j)), win.occ[j], below);
    const wi y1_whole = wf_eq(y1, wf_from_i(iy1));

    /* x, then z (each with the other's cells at that moment). When no lane's box enters a
     * new column in x or a new row in z (3 groups in 5 of the benchmark's walkers on
     * SSE4.1, 3 in 8 on AVX2), both sweeps return their target (or the start, not
     * moving) without a hit, as sweep_window does then, and they are skipped: the window
     * path's later tests wait on the fetch and on each other, so skipping them for such
     * groups shortens the chain (the aabb_move rows in bench/results/README.md). */
    wi hwx = wi_set(0), hwz = wi_set(0);
    const axis_span sx = axis_span_of(active, x, hx, hx, tx), sz = axis_span_of(active, z, hz, hz, tz);
    const int enters = wi_any(wi_or(span_enters(&sx), span_enters(&sz)));
    const wf x2 = enters ? sweep_window(cols_of(wi_and(acc, rows)), win.wx, &sx, &hwx) : span_free(&sx);
    const wi dx0 = wi_floor(wf_sub(x2, hx)), dx1 = wi_sub(wi_ceil(wf_add(x2, hx)), one);
    const wi cols2 = col_bits(bit_range(wi_sub(dx0, win.wx), wi_sub(dx1, win.wx), 4));
    const wf z2 = enters ? sweep_window(rows_of(wi_and(acc, cols2)), win.wz, &sz, &hwz) : span_free(&sz);
    const wi wall = wi_or(hwx, hwz);
    wi slow = wi_not(fits);
    if (p->step_height > 0.0f) {
        /* Step-up leaves the window: grounded lanes that hit a wall go to move_lanes. */
        const wi rest_y1 = wi_and(y1_whole, nonzero(wi_and(below, foot)));
        const wi grounded = wi_and(wi_and(active, wf_le(B.ddy, zero)), wi_or(landed, rest_y1));
        slow = wi_or(slow, wi_and(grounded, wall));
    }
    slow = wi_and(slow, valid);

    /* Resting at the end: y1 whole and a block under the final footprint. */
    const wi ez0 = wi_floor(wf_sub(z2, hz)), ez1 = wi_sub(wi_ceil(wf_add(z2, hz)), one);
    const wi foot2 = wi_and(cols2, row_bits(bit_range(wi_sub(ez0, win.wz), wi_sub(ez1, win.wz), 4)));
    const wi rest = wi_and(wi_andnot(landed, active), wi_and(y1_whole, nonzero(wi_and(below, foot2))));
    const wi ground = wi_or(landed, rest);
    const box_outcome o = {x2, y1, z2, active, stuck, landed, ground, ceiling, wall, wi_set(0)};
    if (wi_any(slow))
        write_lanes(&B, &o, hold, 0);
    else
        write_lanes(&B, &o, io, i);
    return slow;
}

/* The W boxes at i: the window path, then move_lanes for the lanes it leaves, merged
 * by lane. `hold` is a W-lane holding area (group_io with masks 0). */
static inline void move_group(const horde_world *w, const horde_view *v, const view_lanes *L,
                              const horde_aabb_move_params *p, const group_io *io, size_t i,
                              const group_io *hold)
{
    const wi slow = move_lanes_window(v, L, p, io, i, hold);
    if (!wi_any(slow))
        return;
    move_lanes(w, p, io, i);
    for (int k = 0; k < 6; k++)
        wf_store(io_out(io, k, i), wf_sel(slow, wf_load(io_out(io, k, i)), wf_load(hold->out[k])));
    wi_store(io_flags(io, i), wi_sel(slow, wi_load(io_flags(io, i)), wi_load(hold->flags)));
}

/* A group_io over W-lane arrays (every mask 0). */
static void io_of_arrays(group_io *io, float (*in)[W], float (*out)[W], uint32_t *flags)
{
    for (int k = 0; k < 9; k++)
        io->in[k] = in ? in[k] : NULL;
    for (int k = 0; k < 6; k++)
        io->out[k] = out[k];
    io->flags = flags;
    for (int k = 0; k < 7; k++)
        io->mask[k] = 0;
}

HORDE_TEMPLATE(aabb_move)
{
    const size_t full = b->n / W * W;
    horde_view v;
    horde_view_init(&v, w);
    const view_lanes L = view_lanes_of(&v);
    float sink[3][W], held[6][W];
    uint32_t held_flags[W];
    group_io hold, io = {{b->x, b->y, b->z, b->dx, b->dy, b->dz, b->half_x, b->half_z, b->height},
                         {b->out_x, b->out_y, b->out_z, b->out_dx, b->out_dy, b->out_dz},
                         b->out_flags,
                         {SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX, SIZE_MAX}};
    for (int k = 3; k < 6; k++)
        if (!io.out[k])
            io.out[k] = sink[k - 3], io.mask[k] = 0;
    io_of_arrays(&hold, NULL, held, held_flags);
    for (size_t i = 0; i < full; i += W)
        move_group(w, &v, &L, p, &io, i, &hold);
    if (full < b->n) {
        /* Tail: padded copies; padding lanes have zero sizes, so they are invalid lanes. */
        const size_t m = b->n - full;
        float tin[9][W], tout[6][W];
        uint32_t tf[W];
        for (int k = 0; k < 9; k++)
            for (size_t i = 0; i < W; i++)
                tin[k][i] = i < m ? io.in[k][full + i] : 0.0f;
        group_io tail;
        io_of_arrays(&tail, tin, tout, tf);
        move_group(w, &v, &L, p, &tail, 0, &hold);
        /* Back through io: outputs the caller does not want go to the sink (i < m < W). */
        for (size_t i = 0; i < m; i++) {
            for (int k = 0; k < 6; k++)
                io_out(&io, k, full)[i] = tout[k][i];
            io_flags(&io, full)[i] = tf[i];
        }
    }
}
