/* SPDX-License-Identifier: MIT */
/* horde_cylinder_move for one ISA (HORDE_SUFFIX = sse2, sse41, avx2, neon, wasm_simd128): substeps
 * over tiles of 64 movers, each substep one push of the tile through the shared core
 * (cylinder_core_tmpl.h). cylinder_move_ref.c defines the result. */
#include "simd/template.h"
#include "cylinder_core_tmpl.h"
#include "cylinder_move.h"


/* Per-tile mover state between substeps (indexed by the mover's slot in the tile). */
typedef struct move_state {
    float x0[HORDE_TILE], y0[HORDE_TILE], z0[HORDE_TILE]; /* start */
    float px[HORDE_TILE], py[HORDE_TILE], pz[HORDE_TILE]; /* current */
    float sx[HORDE_TILE], sy[HORDE_TILE], sz[HORDE_TILE]; /* one substep */
    float r[HORDE_TILE], h[HORDE_TILE];
    int32_t k[HORDE_TILE];       /* substeps; 0 for invalid and padding lanes */
    uint32_t alive[HORDE_TILE];  /* ~0 until stuck */
    uint32_t flags[HORDE_TILE];  /* accumulated flags (ON_GROUND kept apart) */
    uint32_t ground[HORDE_TILE]; /* ~0 if the last substep ended on the ground */
} move_state;

/* Load W movers, validate, and plan their substeps (mirrors the reference's set-up). */
static inline void plan_lanes(const horde_cylinder_move_batch *b, const horde_cylinder_move_params *p,
                              size_t start, size_t count, move_state *st, int base)
{
    wf v[8];
    const float *src[8] = {b->x, b->y, b->z, b->dx, b->dy, b->dz, b->radius, b->height};
    wf_load_lanes(v, src, 8, start + base, count - (size_t)base);
    const wf zero = wf_set(0.0f), inf = wf_set(INFINITY);
    const wf maxc = wf_set(HORDE_CYLINDER_MOVE_MAX_COORD);
    wi ok = wi_and(wi_and(wf_le(wf_abs(v[0]), maxc), wf_le(wf_abs(v[1]), maxc)),
                   wf_le(wf_abs(v[2]), maxc));
    ok = wi_and(ok, wi_and(wi_and(wf_lt(wf_abs(v[3]), inf), wf_lt(wf_abs(v[4]), inf)),
                           wf_lt(wf_abs(v[5]), inf)));
    ok = wi_and(ok, wi_and(wf_le(wf_set(HORDE_CYLINDER_MOVE_MIN_RADIUS), v[6]),
                           wf_le(v[6], wf_set(HORDE_CYLINDER_MOVE_MAX_RADIUS))));
    ok = wi_and(ok, wi_and(wf_le(zero, v[7]), wf_le(v[7], wf_set(HORDE_CYLINDER_MOVE_MAX_HEIGHT))));
    ok = wi_and(ok, wi_lanes_below(count - (size_t)base)); /* padding lanes are never valid */
    wf_keep_lanes(v, 8, ok);
    wf dx = v[3], dy = v[4], dz = v[5];
    const wf r = v[6];

    const wf m = wf_max(wf_max(wf_abs(dx), wf_abs(dy)), wf_abs(dz));
    const wf maxd = wf_set(HORDE_CYLINDER_MOVE_MAX_DISP);
    const wi big = wf_gt(m, maxd);
    if (wi_any(big)) { /* lanes without: sb = 1, the reference's dx unscaled */
        const wf sb = wf_sel(big, wf_div(maxd, m), wf_set(1.0f));
        dx = wf_sel(big, wf_mul(dx, sb), dx), dy = wf_sel(big, wf_mul(dy, sb), dy);
        dz = wf_sel(big, wf_mul(dz, sb), dz);
    }
    const wf half = wf_mul(wf_set(0.5f), r), step = wf_set(p->step);
    const wf len = wf_min(half, step);
    const wf dist = wf_sqrt(wf_add(wf_add(wf_mul(dx, dx), wf_mul(dy, dy)), wf_mul(dz, dz)));
    const wi one = wi_set(1);
    wi k, trunc;
    if (!wi_any(wf_gt(dist, len))) {
        /* One substep in every lane (walking NPCs): dist <= len gives q = dist / len <= 1
         * exactly (division is monotone and len / len = 1), so q <= max_substeps (>= 1)
         * and k = max(ceil(q), 1) = 1, and dx / 1 = dx: the reference's result without
         * the four divisions below (invalid lanes: dist = len = 0). */
        trunc = wi_set(0);
        k = wi_and(one, ok);
    } else {
        /* Invalid lanes have r = 0 (len 0): keep their quotient finite; they get k = 0. */
        const wf q = wf_div(dist, wf_sel(ok, len, wf_set(1.0f)));
        const wf fmax_sub = wf_set((float)p->max_substeps);
        trunc = wf_gt(q, fmax_sub);
        const wf st_ = wf_div(wf_mul(fmax_sub, len), dist);
        dx = wf_sel(trunc, wf_mul(dx, st_), dx), dy = wf_sel(trunc, wf_mul(dy, st_), dy);
        dz = wf_sel(trunc, wf_mul(dz, st_), dz);
        k = wi_ceil(wf_sel(trunc, wf_set(0.0f), q));
        k = wi_sel(wi_gt(one, k), one, k);
        k = wi_sel(trunc, wi_set((int32_t)p->max_substeps), k);
        k = wi_and(k, ok);
        const wf fk = wf_from_i(wi_sel(ok, k, one));
        dx = wf_div(dx, fk), dy = wf_div(dy, fk), dz = wf_div(dz, fk);
    }
    wf_store(st->sx + base, dx);
    wf_store(st->sy + base, dy);
    wf_store(st->sz + base, dz);
    wf_store(st->x0 + base, v[0]), wf_store(st->y0 + base, v[1]), wf_store(st->z0 + base, v[2]);
    wf_store(st->px + base, v[0]), wf_store(st->py + base, v[1]), wf_store(st->pz + base, v[2]);
    wf_store(st->r + base, r), wf_store(st->h + base, v[7]);
    wi_store((uint32_t *)st->k + base, k);
    wi_store(st->alive + base, ok);
    wi_store(st->flags + base, wi_and(trunc, wi_set(HORDE_FLAG_TRUNCATED)));
    wi_store(st->ground + base, wi_set(0));
}

/* One push for substep s of every mover still moving: the active lanes are packed into
 * the tile (so a few long moves do not keep whole tiles busy), moved by
 * (mx * sx, my * sy, mz * sz) from their current position, pushed, and their results
 * taken back exactly as the reference's loop body does. Staging and taking back are
 * single IEEE adds and selects, so doing them in packed lanes changes no bits; packing
 * and unpacking are lane permutes (lane_pack.h), as in push_tile. Windows are not kept
 * from one substep to the next: packing and unpacking them would cost more than the
 * reads they save (reuse_windows keeps them only within a substep). */
/* The windows (nl levels) of a lateral push, whose tile holds the same lanes, in the same
 * order, as the vertical push just before it (which read nl + 1 levels into t): a
 * lane whose window origin is unchanged keeps its window, one whose origin rose by one
 * level (an NPC pushed up onto the floor it sank into: every walking one, every frame)
 * takes levels 1.. of the vertical push's window, and only the others read the world.
 * The same blocks, so the same bits. Origins are computed here (tile_origins). Only
 * moves with step-up on (examples/crowd) run two pushes per substep; the benchmark's
 * walk has none, so this does not show there. */
static inline void reuse_windows(const horde_view *v, horde_cylinder_push_tile *t, int mpad, int nl)
{
    for (int g = 0; g < mpad; g += W) {
        const wi ox = wi_load((const uint32_t *)t->wx + g), oy = wi_load((const uint32_t *)t->wy + g);
        const wi oz = wi_load((const uint32_t *)t->wz + g);
        tile_origins(t, g);
        const wi nx = wi_load((const uint32_t *)t->wx + g), ny = wi_load((const uint32_t *)t->wy + g);
        const wi nz = wi_load((const uint32_t *)t->wz + g);
        const wi same_xz = wi_and(wi_eq(ox, nx), wi_eq(oz, nz));
        const wi rose = wi_and(same_xz, wi_eq(ny, wi_add(oy, wi_set(1))));
        const wi keep = wi_or(rose, wi_and(same_xz, wi_eq(ny, oy)));
        for (int j = 0; j < nl; j++)
            wi_store(t->occ[j] + g, wi_sel(rose, wi_load(t->occ[j + 1] + g), wi_load(t->occ[j] + g)));
        const wi again = wi_andnot(keep, wi_not(is_zero(wi_load(t->valid + g))));
        if (wi_any(again)) {
            uint32_t occ[HORDE_WIN_LEVELS][W];
            fetch_windows(v, nx, ny, nz, again, nl, occ[0], W);
            for (int j = 0; j < nl; j++)
                wi_store(t->occ[j] + g, wi_sel(again, wi_load(occ[j]), wi_load(t->occ[j] + g)));
        }
    }
}

/* nl: the window levels the push tests (HORDE_WIN_LEVELS, or HORDE_WIN_SHORT_LEVELS for a
 * tile of short movers: tile_is_short); fetch_levels: the levels to read (nl + 1 for a
 * vertical push that a lateral one follows); reuse_m: the vertical push's lane count,
 * before a lateral push (-1 otherwise): when this push packs as many lanes, they are the
 * same ones (a lane only leaves by getting stuck) and reuse_windows applies. Returns the
 * lane count. */
static int push_phase(const horde_view *v, horde_cylinder_push_tile *t, horde_cylinder_push_tile *c, move_state *st,
                      size_t padded, int32_t s, int mx, int my, int mz, const uint32_t *step_ok,
                      float step_height, int nl, int fetch_levels, int reuse_m)
{
    float ox[HORDE_CYL_TILE_LANES], oy[HORDE_CYL_TILE_LANES], oz[HORDE_CYL_TILE_LANES];
    uint32_t of[HORDE_CYL_TILE_LANES], active[HORDE_TILE];
    const wi substep = wi_set(s);
    const wf step_up = wf_set(step_height), zero = wf_set(0.0f);
    int m = 0;
    for (size_t i = 0; i < padded; i += W) {
        const wi act = wi_and(wi_load(st->alive + i), wi_gt(wi_load((const uint32_t *)st->k + i), substep));
        wi_store(active + i, act);
        w_perm cp, ex;
        const int n = lp_pack(wi_bits(act), &cp, &ex);
        const wf px = wf_load(st->px + i), py = wf_load(st->py + i), pz = wf_load(st->pz + i);
        const wf nx = mx ? wf_add(px, wf_load(st->sx + i)) : px;
        const wf ny = my ? wf_add(py, wf_load(st->sy + i)) : py;
        const wf nz = mz ? wf_add(pz, wf_load(st->sz + i)) : pz;
        const wf sh = step_ok ? wf_sel(wi_load(step_ok + i), step_up, zero) : zero;
        wf_store(t->x + m, wf_permute(nx, cp)), wf_store(t->y + m, wf_permute(ny, cp));
        wf_store(t->z + m, wf_permute(nz, cp));
        wf_store(t->r + m, wf_permute(wf_load(st->r + i), cp));
        wf_store(t->h + m, wf_permute(wf_load(st->h + i), cp));
        wf_store(t->step_h + m, wf_permute(sh, cp));
        wi_store(t->valid + m, wi_set(-1));
        m += n;
    }
    if (!m)
        return 0;
    const int mpad = (m + W - 1) / W * W;
    pad_lanes(t, m);
    if (m == reuse_m) {
        reuse_windows(v, t, mpad, nl);
        push_tile(v, t, c, (size_t)mpad, ox, oy, oz, of, 0, nl);
    } else {
        for (int j = 0; j < mpad; j += W)
            tile_origins(t, j);
        push_tile(v, t, c, (size_t)mpad, ox, oy, oz, of, fetch_levels, nl);
    }
    const wi stuck_bit = wi_set(HORDE_FLAG_STUCK), ground_bit = wi_set(HORDE_FLAG_ON_GROUND);
    int at = 0;
    for (size_t i = 0; i < padded; i += W) {
        const wi act = wi_load(active + i);
        w_perm cp, ex;
        const int n = lp_pack(wi_bits(act), &cp, &ex);
        const wi f = wi_permute(wi_load(of + at), ex);
        const wi stuck = wi_and(act, wi_not(is_zero(wi_and(f, stuck_bit))));
        const wi moved = wi_andnot(stuck, act);
        wi flags = wi_load(st->flags + i);
        flags = wi_or(flags, wi_and(stuck, wi_set(HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED)));
        flags = wi_or(flags, wi_and(moved, wi_and(f, wi_set(HORDE_CYLINDER_MOVE_ACC_FLAGS))));
        wi_store(st->flags + i, flags);
        wi_store(st->alive + i, wi_andnot(stuck, wi_load(st->alive + i)));
        wf_store(st->px + i, wf_sel(moved, wf_permute(wf_load(ox + at), ex), wf_load(st->px + i)));
        wf_store(st->py + i, wf_sel(moved, wf_permute(wf_load(oy + at), ex), wf_load(st->py + i)));
        wf_store(st->pz + i, wf_sel(moved, wf_permute(wf_load(oz + at), ex), wf_load(st->pz + i)));
        const wi grounded = wi_not(is_zero(wi_and(f, ground_bit)));
        wi_store(st->ground + i, wi_sel(moved, grounded, wi_load(st->ground + i)));
        at += n;
    }
    return m;
}

/* The results of W movers of a tile (slots i.., batch entries o..), all present: as
 * the reference's last steps (cylinder_move_ref.c), for W lanes. Invalid lanes (k = 0)
 * get their input position bits back (HORDE_MOVE_OUT_INVALID). Each group's inputs
 * are read before its outputs are written, so outputs that alias inputs stay right. */
static inline void write_movers(const horde_cylinder_move_batch *b, const move_state *st, size_t o, size_t i)
{
    const wi valid = wi_gt(wi_load((const uint32_t *)st->k + i), wi_set(0));
    const wf px = wf_load(st->px + i), py = wf_load(st->py + i), pz = wf_load(st->pz + i);
    const wf x = wf_load(b->x + o), y = wf_load(b->y + o), z = wf_load(b->z + o);
    const wf zero = wf_set(0.0f);
    if (b->out_dx) {
        wf_store(b->out_dx + o, wf_sel(valid, wf_sub(px, wf_load(st->x0 + i)), zero));
        wf_store(b->out_dy + o, wf_sel(valid, wf_sub(py, wf_load(st->y0 + i)), zero));
        wf_store(b->out_dz + o, wf_sel(valid, wf_sub(pz, wf_load(st->z0 + i)), zero));
    }
    wf_store(b->out_x + o, wf_sel(valid, px, x));
    wf_store(b->out_y + o, wf_sel(valid, py, y));
    wf_store(b->out_z + o, wf_sel(valid, pz, z));
    /* ground is all ones or zero */
    const wi f = wi_or(wi_load(st->flags + i), wi_and(wi_load(st->ground + i), wi_set(HORDE_FLAG_ON_GROUND)));
    wi_store(b->out_flags + o, wi_sel(valid, f, wi_set((int32_t)HORDE_FLAG_INVALID)));
}

/* The substeps of a tile, each one push (two with step-up: vertical, then lateral), with
 * nl window levels (a literal at each call: see push_phase). */
static inline void substeps(const horde_view *vw, horde_cylinder_push_tile *t, horde_cylinder_push_tile *c,
                            move_state *st, size_t padded, int32_t kmax, const horde_cylinder_move_params *p,
                            uint32_t *ground_v, int nl)
{
    for (int32_t s = 0; s < kmax; s++) {
        if (p->step_height > 0.0f) {
            const int m = push_phase(vw, t, c, st, padded, s, 0, 1, 0, NULL, 0.0f, nl, nl + 1, -1);
            for (size_t i = 0; i < padded; i += W)
                wi_store(ground_v + i, wi_load(st->ground + i));
            push_phase(vw, t, c, st, padded, s, 1, 0, 1, ground_v, p->step_height, nl, nl, m);
        } else {
            push_phase(vw, t, c, st, padded, s, 1, 1, 1, NULL, 0.0f, nl, nl, -1);
        }
    }
}

HORDE_TEMPLATE(cylinder_move)
{
    horde_cylinder_push_tile t, c;
    move_state st;
    horde_view vw; /* the world resolved once per call */
    horde_view_init(&vw, w);
    uint32_t ground_v[HORDE_TILE];
    for (size_t start = 0; start < b->n; start += HORDE_TILE) {
        const size_t count = b->n - start < HORDE_TILE ? b->n - start : HORDE_TILE;
        const size_t padded = (count + W - 1) / W * W;
        wi kmax_w = wi_set(0);
        for (size_t i = 0; i < padded; i += W) {
            plan_lanes(b, p, start, count, &st, (int)i);
            kmax_w = wi_max(kmax_w, wi_load((const uint32_t *)st.k + i));
        }
        int32_t kmax_l[W], kmax = 0;
        wi_store((uint32_t *)kmax_l, kmax_w);
        for (int l = 0; l < W; l++)
            kmax = kmax_l[l] > kmax ? kmax_l[l] : kmax;
        if (tile_is_short(st.h, padded))
            substeps(&vw, &t, &c, &st, padded, kmax, p, ground_v, HORDE_WIN_SHORT_LEVELS);
        else
            substeps(&vw, &t, &c, &st, padded, kmax, p, ground_v, HORDE_WIN_LEVELS);
        const size_t full = count / W * W;
        for (size_t i = 0; i < full; i += W)
            write_movers(b, &st, start + i, i);
        for (size_t i = full; i < count; i++) { /* the batch's last, partial group */
            const size_t o = start + i;
            if (st.k[i] == 0) { /* invalid: input bits back, no displacement */
                HORDE_MOVE_OUT_INVALID(b, o);
                continue;
            }
            b->out_x[o] = st.px[i], b->out_y[o] = st.py[i], b->out_z[o] = st.pz[i];
            if (b->out_dx) {
                b->out_dx[o] = st.px[i] - st.x0[i];
                b->out_dy[o] = st.py[i] - st.y0[i];
                b->out_dz[o] = st.pz[i] - st.z0[i];
            }
            b->out_flags[o] = st.flags[i] | (st.ground[i] ? HORDE_FLAG_ON_GROUND : 0u);
        }
    }
}
