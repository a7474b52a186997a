/* SPDX-License-Identifier: MIT */
/* horde_sweep_sphere_tri for one ISA: one (mover, triangle) pair per lane, branch-free
 * except for skipping a whole stage when no lane needs it. Mirrors sweep_sphere_tri_ref.c
 * operation for operation (that file defines the result). */
/* Selects as written blends (wide.h): most of this kernel's masks serve several selects,
 * where the blend instruction needs no compare of its own. sphere_tri_pairs keeps the
 * intrinsic, whose selects against zero GCC turns into ands. */
#define HORDE_WIDE_SEL_OPAQUE
#include "simd/template.h"
#include "sphere_tri_core_tmpl.h"
#include "sweep_sphere_tri.h"
#include "simd/lane_pack.h"


/* The reference's first_touch for W lanes: mask of lanes with a contact in [0, 1]. Lanes
 * that fail compute on whatever they hold (no traps: the FP guard masks them) and are
 * discarded. */
static inline wi sweep_touch(const wf Vp[3], const wf Xp[3], wf *t)
{
    const wf zero = wf_set(0.0f);
    const wf a = wf_dot3(Vp[0], Vp[1], Vp[2], Vp[0], Vp[1], Vp[2]);
    const wf g = wf_dot3(Vp[0], Vp[1], Vp[2], Xp[0], Xp[1], Xp[2]);
    const wf ts = wf_div(g, a);
    const wf hx = wf_sub(Xp[0], wf_mul(Vp[0], ts)), hy = wf_sub(Xp[1], wf_mul(Vp[1], ts)),
             hz = wf_sub(Xp[2], wf_mul(Vp[2], ts));
    const wf miss = wf_sub(wf_set(1.0f), wf_dot3(hx, hy, hz, hx, hy, hz));
    const wi ok = wi_and(wf_gt(g, zero), wf_le(zero, miss));
    *t = wf_max(wf_sub(ts, wf_sqrt(wf_div(miss, a))), zero);
    return wi_and(ok, wf_le(*t, wf_set(1.0f)));
}

/* Movers per tile here: 64, not the voxel kernels' HORDE_TILE (kernel.h): at 128 this
 * kernel runs no faster (sweep_sphere_tri rows) and its stack doubles to 39 KB. A
 * multiple of every backend's W. */
#define SWEEP_TILE 64

/* Movers are processed in tiles of SWEEP_TILE: pass 1 (start overlap and face) on every lane, pass 2
 * (edges and vertices) only on the lanes that still need it, compacted (the reference
 * skips it for the others too), pass 3 (world outputs) on every lane. */

/* The input streams of a batch, in this order: the position P, the move D, the radii R,
 * then the triangle's vertices A, B, C; and the output streams. */
enum { IN_P = 0, IN_D = 3, IN_R = 6, IN_TRI = 9, IN_COUNT = 18 };
enum { OUT_T, OUT_CONTACT, OUT_NORMAL = 4, OUT_COUNT = 7 };

typedef struct sweep_tile {
    float v[3][SWEEP_TILE]; /* unit-space velocity */
    float t[SWEEP_TILE], q[3][SWEEP_TILE], dir[3][SWEEP_TILE], inv[3][SWEEP_TILE]; /* inv: 1 / R */
    uint32_t region[SWEEP_TILE], hit[SWEEP_TILE], in0[SWEEP_TILE], degen[SWEEP_TILE], ok[SWEEP_TILE], need[SWEEP_TILE];
} sweep_tile;

/* The lanes of a tile that need pass 2, packed, and pass 2's results for them. */
typedef struct sweep_compact {
    float u[9][SWEEP_TILE + W], v[3][SWEEP_TILE + W]; /* and W lanes of padding */
    float t[SWEEP_TILE], q[3][SWEEP_TILE];
    uint32_t reg[SWEEP_TILE];
} sweep_compact;

/* The lanes of a tile that need pass 2 (edges and vertices) are packed by pass 1, a
 * block at a time, with a lane permute of its triangle and velocity while they are in
 * registers (the need bits of fresh inputs do not predict, so no per-lane branches).
 * Block b writes its lanes from a position <= b, so a tile's lanes fit. */
typedef struct sweep_packing {
    w_perm unpack[SWEEP_TILE / W]; /* per block: its packed lanes back in place */
    int mask[SWEEP_TILE / W], off[SWEEP_TILE / W];
    int n; /* lanes packed so far */
} sweep_packing;

/* Pass 1 for W lanes: inputs in[IN_COUNT] at index i, results into the tile at lane b,
 * the lanes that need pass 2 packed into C (K says where). */
SPHERE_TRI_INLINE void sweep_pass1(const float *const in[IN_COUNT], size_t i, sweep_tile *T, int b,
                                   sweep_compact *C, sweep_packing *K)
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f);
    /* One load per stream, written out: as a loop the compiler keeps it rolled, copying
     * every vector through the stack (7 instructions a stream instead of 2). */
    wf v[IN_COUNT] = {
        wf_load(in[0] + i),  wf_load(in[1] + i),  wf_load(in[2] + i),  wf_load(in[3] + i),
        wf_load(in[4] + i),  wf_load(in[5] + i),  wf_load(in[6] + i),  wf_load(in[7] + i),
        wf_load(in[8] + i),  wf_load(in[9] + i),  wf_load(in[10] + i), wf_load(in[11] + i),
        wf_load(in[12] + i), wf_load(in[13] + i), wf_load(in[14] + i), wf_load(in[15] + i),
        wf_load(in[16] + i), wf_load(in[17] + i),
    };
    /* Valid: position, move and triangle within the coordinate range, radii in range
     * (NaN fails every test). */
    wi ok = sphere_tri_bits_ok(sphere_tri_bits_max(sphere_tri_bits_max(wi_set(0), v + IN_P, 6), v + IN_TRI, 9),
                                 HORDE_SWEEP_SPHERE_TRI_MAX_COORD);
    for (int a = IN_R; a < IN_R + 3; a++)
        ok = wi_and(ok, wi_and(wf_le(wf_set(HORDE_SWEEP_SPHERE_TRI_MIN_RADIUS), v[a]),
                               wf_le(v[a], wf_set(HORDE_SWEEP_SPHERE_TRI_MAX_RADIUS))));
    if (wi_any(wi_not(ok))) { /* sanitise: zeros, unit radii */
        for (int a = IN_P; a < IN_R; a++)
            v[a] = wf_sel(ok, v[a], zero);
        for (int a = IN_R; a < IN_TRI; a++)
            v[a] = wf_sel(ok, v[a], one);
        for (int a = IN_TRI; a < IN_COUNT; a++)
            v[a] = wf_sel(ok, v[a], zero);
    }

    const wf ix = wf_div(one, v[IN_R]), iy = wf_div(one, v[IN_R + 1]), iz = wf_div(one, v[IN_R + 2]);
    const wf vx = wf_mul(v[IN_D], ix), vy = wf_mul(v[IN_D + 1], iy), vz = wf_mul(v[IN_D + 2], iz);
    const wf inv[3] = {ix, iy, iz};
    wf u[9];
    for (int k = 0; k < 9; k++)
        u[k] = wf_mul(wf_sub(v[IN_TRI + k], v[IN_P + k % 3]), inv[k % 3]);
    wf_store(T->v[0] + b, vx), wf_store(T->v[1] + b, vy), wf_store(T->v[2] + b, vz);
    wf_store(T->inv[0] + b, ix), wf_store(T->inv[1] + b, iy), wf_store(T->inv[2] + b, iz);
    const sphere_tri_tri tr = {u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8]};
    sphere_tri_closest c;
    sphere_tri_closest_point(zero, zero, zero, &tr, &c);
    const wi degen = c.degen;
    const wf qq = wf_dot3(c.dx, c.dy, c.dz, c.dx, c.dy, c.dz);
    const wi in0 = wf_lt(qq, one);

    /* 1. started inside */
    const wi qpos = wf_gt(qq, zero);
    const wi usen = wi_andnot(degen, wi_not(qpos));
    wf t = wf_sel(in0, zero, one);
    wf qx = wf_sel(in0, c.qx, zero), qy = wf_sel(in0, c.qy, zero), qz = wf_sel(in0, c.qz, zero);
    const wi regbits = wi_set((int32_t)(HORDE_FLAG_FACE | HORDE_FLAG_EDGE | HORDE_FLAG_VERTEX));
    wi region = wi_and(in0, wi_and(c.flags, regbits));
    wf_store(T->dir[0] + b, wf_sel(qpos, c.dx, wf_sel(usen, c.nx, zero)));
    wf_store(T->dir[1] + b, wf_sel(qpos, c.dy, wf_sel(usen, c.ny, zero)));
    wf_store(T->dir[2] + b, wf_sel(qpos, c.dz, wf_sel(usen, c.nz, zero)));

    /* 2. face */
    const wi need_face = wi_not(wi_or(in0, degen));
    wi fhit = wi_set(0);
    if (wi_any(need_face)) {
        wf E[3][3];
        sphere_tri_edges(&tr, E);
        /* n without its part along the longest edge (first of equal lengths), then unit */
        wf el[3];
        const wf ll = sphere_tri_longest_edge(E, el);
        const wf ne = wf_div(wf_dot3(c.nx, c.ny, c.nz, el[0], el[1], el[2]), wf_sel(need_face, ll, one));
        const wf px = wf_sub(c.nx, wf_mul(el[0], ne)), py = wf_sub(c.ny, wf_mul(el[1], ne));
        const wf pz = wf_sub(c.nz, wf_mul(el[2], ne));
        const wf k = wf_div(one, wf_sqrt(wf_sel(need_face, wf_dot3(px, py, pz, px, py, pz), one)));
        const wf mx = wf_mul(px, k), my = wf_mul(py, k), mz = wf_mul(pz, k);
        const wf sd = wf_sub(zero, wf_dot3(mx, my, mz, u[0], u[1], u[2]));
        const wf sn = wf_dot3(mx, my, mz, vx, vy, vz);
        const wf ssn = wf_mul(sn, wf_sel(wf_le(zero, sd), one, wf_set(-1.0f)));
        const wi appr = wf_lt(ssn, zero);
        const wf t0 = wf_max(wf_div(wf_sub(wf_abs(sd), one), wf_sub(zero, wf_sel(appr, ssn, wf_set(-1.0f)))), zero);
        const wf h = wf_add(sd, wf_mul(sn, t0));
        const wf fx = wf_sub(wf_mul(vx, t0), wf_mul(mx, h));
        const wf fy = wf_sub(wf_mul(vy, t0), wf_mul(my, h));
        const wf fz = wf_sub(wf_mul(vz, t0), wf_mul(mz, h));
        fhit = wi_and(need_face, wi_and(appr, wf_le(t0, one)));
        for (int j = 0; j < 3; j++) {
            const wf ux = wf_sub(wf_mul(c.ny, E[j][2]), wf_mul(c.nz, E[j][1]));
            const wf uy = wf_sub(wf_mul(c.nz, E[j][0]), wf_mul(c.nx, E[j][2]));
            const wf uz = wf_sub(wf_mul(c.nx, E[j][1]), wf_mul(c.ny, E[j][0]));
            const wf s = wf_dot3(ux, uy, uz, wf_sub(fx, u[3 * j]), wf_sub(fy, u[3 * j + 1]),
                                wf_sub(fz, u[3 * j + 2]));
            fhit = wi_and(fhit, wf_le(zero, s));
        }
        t = wf_sel(fhit, t0, t);
        qx = wf_sel(fhit, fx, qx), qy = wf_sel(fhit, fy, qy), qz = wf_sel(fhit, fz, qz);
        region = wi_sel(fhit, wi_set((int32_t)HORDE_FLAG_FACE), region);
    }
    wf_store(T->t + b, t);
    wf_store(T->q[0] + b, qx), wf_store(T->q[1] + b, qy), wf_store(T->q[2] + b, qz);
    wi_store(T->region + b, region);
    wi_store(T->hit + b, wi_or(in0, fhit));
    wi_store(T->in0 + b, in0);
    wi_store(T->degen + b, degen);
    wi_store(T->ok + b, ok);
    const wf vv = wf_dot3(vx, vy, vz, vx, vy, vz);
    const wi inreach = wf_le(qq, wf_mul(wf_add(vv, one), wf_set(HORDE_SWEEP_REACH_SCALE)));
    const wi need = wi_and(wi_and(ok, inreach), wi_not(wi_or(in0, fhit)));
    wi_store(T->need + b, need);
    w_perm pack, unpack;
    const int mb = wi_bits(need), nc = K->n;
    K->n += lp_pack(mb, &pack, &unpack);
    K->mask[b / W] = mb, K->off[b / W] = nc, K->unpack[b / W] = unpack;
    for (int k = 0; k < 9; k++)
        wf_store(C->u[k] + nc, wf_permute(u[k], pack));
    wf_store(C->v[0] + nc, wf_permute(vx, pack)), wf_store(C->v[1] + nc, wf_permute(vy, pack));
    wf_store(C->v[2] + nc, wf_permute(vz, pack));
}

/* Pass 2, 3. edges AB, BC, CA, then vertices A, B, C, for W compacted lanes. */
SPHERE_TRI_INLINE void sweep_pass2(const float u_[9][SWEEP_TILE + W], const float v_[3][SWEEP_TILE + W], int b, float *ot,
                           float *oq[3], uint32_t *oreg)
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f);
    wf u[9];
    for (int k = 0; k < 9; k++)
        u[k] = wf_load(u_[k] + b);
    const wf vx = wf_load(v_[0] + b), vy = wf_load(v_[1] + b), vz = wf_load(v_[2] + b);
    const sphere_tri_tri tr = {u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8]};
    wf E[3][3];
    sphere_tri_edges(&tr, E);
    const wf V[3] = {vx, vy, vz};
    wf best = wf_set(2.0f), ex_ = zero, ey_ = zero, ez_ = zero;
    wi reg = wi_set(0);
    for (int j = 0; j < 3; j++) {
        const wf *e = E[j], *X = u + 3 * j;
        const wf ee = wf_dot3(e[0], e[1], e[2], e[0], e[1], e[2]);
        const wi eok = wf_gt(ee, zero);
        const wf kk = wf_div(one, wf_sel(eok, ee, one));
        const wf ev = wf_mul(wf_dot3(e[0], e[1], e[2], vx, vy, vz), kk);
        const wf eX = wf_mul(wf_dot3(e[0], e[1], e[2], X[0], X[1], X[2]), kk);
        wf Vp[3], Xp[3], te;
        for (int a = 0; a < 3; a++)
            Vp[a] = wf_sub(V[a], wf_mul(e[a], ev)), Xp[a] = wf_sub(X[a], wf_mul(e[a], eX));
        wi m = wi_and(eok, sweep_touch(Vp, Xp, &te));
        const wf f = wf_sub(wf_mul(ev, te), eX);
        m = wi_and(m, wi_and(wi_and(wf_le(zero, f), wf_le(f, one)), wf_lt(te, best)));
        best = wf_sel(m, te, best);
        ex_ = wf_sel(m, wf_add(X[0], wf_mul(e[0], f)), ex_);
        ey_ = wf_sel(m, wf_add(X[1], wf_mul(e[1], f)), ey_);
        ez_ = wf_sel(m, wf_add(X[2], wf_mul(e[2], f)), ez_);
        reg = wi_sel(m, wi_set((int32_t)HORDE_FLAG_EDGE), reg);
    }
    for (int j = 0; j < 3; j++) {
        wf tv;
        const wi r = sweep_touch(V, u + 3 * j, &tv);
        const wi m = wi_and(r, wf_lt(tv, best));
        best = wf_sel(m, tv, best);
        ex_ = wf_sel(m, u[3 * j], ex_), ey_ = wf_sel(m, u[3 * j + 1], ey_), ez_ = wf_sel(m, u[3 * j + 2], ez_);
        reg = wi_sel(m, wi_set((int32_t)HORDE_FLAG_VERTEX), reg);
    }
    wf_store(ot + b, best);
    wf_store(oq[0] + b, ex_), wf_store(oq[1] + b, ey_), wf_store(oq[2] + b, ez_);
    wi_store(oreg + b, reg);
}

/* Pass 3 for W lanes of the tile: world contact and normal, flags; outputs at out + i. */
SPHERE_TRI_INLINE void sweep_pass3(const float *const in[IN_COUNT], size_t i, const sweep_tile *T,
                                   int b, float *const outf[OUT_COUNT], uint32_t *outflags)
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f);
    const wi ok = wi_load(T->ok + b), hit = wi_load(T->hit + b), in0 = wi_load(T->in0 + b);
    const wi degen = wi_load(T->degen + b);
    wf R[3], P[3];
    for (int k = 0; k < 3; k++) { /* sanitised as in pass 1 */
        R[k] = wf_sel(ok, wf_load(in[IN_R + k] + i), one);
        P[k] = wf_sel(ok, wf_load(in[IN_P + k] + i), zero);
    }
    const wf ix = wf_load(T->inv[0] + b), iy = wf_load(T->inv[1] + b), iz = wf_load(T->inv[2] + b);
    const wf t = wf_load(T->t + b);
    const wf qx = wf_load(T->q[0] + b), qy = wf_load(T->q[1] + b), qz = wf_load(T->q[2] + b);
    const wi moved = wi_andnot(in0, hit);
    const wf dirx = wf_sel(moved, wf_sub(wf_mul(wf_load(T->v[0] + b), t), qx), wf_load(T->dir[0] + b));
    const wf diry = wf_sel(moved, wf_sub(wf_mul(wf_load(T->v[1] + b), t), qy), wf_load(T->dir[1] + b));
    const wf dirz = wf_sel(moved, wf_sub(wf_mul(wf_load(T->v[2] + b), t), qz), wf_load(T->dir[2] + b));
    const wf wx = wf_mul(dirx, ix), wy = wf_mul(diry, iy), wz = wf_mul(dirz, iz);
    const wf m = wf_max(wf_max(wf_abs(wx), wf_abs(wy)), wf_abs(wz));
    const wi lpos = wf_gt(m, zero);
    const wf ms = wf_sel(lpos, m, one);
    const wf ux = wf_div(wx, ms), uy = wf_div(wy, ms), uz = wf_div(wz, ms);
    const wf kn = wf_div(one, wf_sqrt(wf_sel(lpos, wf_dot3(ux, uy, uz, ux, uy, uz), one)));
    const wi hv = wi_and(hit, ok);
    const wf res[OUT_COUNT] = {
        [OUT_T] = wf_sel(ok, t, one), /* an invalid lane: 1, as a miss */
        [OUT_CONTACT] = wf_sel(hv, wf_add(P[0], wf_mul(qx, R[0])), zero),
        wf_sel(hv, wf_add(P[1], wf_mul(qy, R[1])), zero),
        wf_sel(hv, wf_add(P[2], wf_mul(qz, R[2])), zero),
        [OUT_NORMAL] = wf_sel(hv, wf_sel(lpos, wf_mul(ux, kn), zero), zero),
        wf_sel(hv, wf_sel(lpos, wf_mul(uy, kn), one), zero),
        wf_sel(hv, wf_sel(lpos, wf_mul(uz, kn), zero), zero),
    };
    for (int a = 0; a < OUT_COUNT; a++)
        wf_store(outf[a] + i, res[a]);
    wi flags = wi_and(degen, wi_set((int32_t)HORDE_FLAG_DEGENERATE));
    flags = wi_or(flags, wi_and(hit, wi_or(wi_load(T->region + b), wi_set((int32_t)HORDE_FLAG_HIT))));
    flags = wi_or(flags, wi_and(in0, wi_set((int32_t)HORDE_FLAG_STARTED_INSIDE)));
    wi_store(outflags + i, wi_sel(ok, flags, wi_set((int32_t)HORDE_FLAG_INVALID)));
}

/* The padded count of the nc packed lanes (sweep_pass1 packs them), the padding being
 * far, still triangles. */
static int pad_hard_lanes(sweep_compact *C, int nc)
{
    /* padding: a far, still triangle; discarded. W lanes from nc, one store per stream
     * (a loop over the lanes past nc becomes a memset call per stream) */
    const wf zero = wf_set(0.0f);
    for (int k = 0; k < 9; k++)
        wf_store(C->u[k] + nc, zero);
    for (int k = 0; k < 3; k++)
        wf_store(C->v[k] + nc, zero);
    return (nc + W - 1) / W * W;
}

/* Merge pass 2 back for the W lanes of the tile at b: the lanes whose edge or vertex
 * stage hit take its t, point and region. Called just before pass 3 on the same block,
 * so the merged values are still in registers when pass 3 reads them. */
SPHERE_TRI_INLINE void merge_hard_lanes(sweep_tile *T, int b, const sweep_compact *C,
                                        const sweep_packing *K)
{
    if (!K->mask[b / W])
        return;
    const int o = K->off[b / W];
    const w_perm unpack = K->unpack[b / W];
    const wi reg = wi_permute(wi_load(C->reg + o), unpack);
    const wi got = wi_andnot(wi_eq(reg, wi_set(0)), wi_load(T->need + b));
    wf_store(T->t + b, wf_sel(got, wf_permute(wf_load(C->t + o), unpack), wf_load(T->t + b)));
    for (int k = 0; k < 3; k++)
        wf_store(T->q[k] + b,
                 wf_sel(got, wf_permute(wf_load(C->q[k] + o), unpack), wf_load(T->q[k] + b)));
    wi_store(T->region + b, wi_sel(got, reg, wi_load(T->region + b)));
    wi_store(T->hit + b, wi_or(got, wi_load(T->hit + b)));
}

HORDE_TEMPLATE(sweep_sphere_tri)
{
    const float *const in[IN_COUNT] = {b->x,  b->y,  b->z,  b->dx, b->dy, b->dz,
                                       b->rx, b->ry, b->rz, t->ax, t->ay, t->az,
                                       t->bx, t->by, t->bz, t->cx, t->cy, t->cz};
    float *const outf[OUT_COUNT] = {b->out_t,  b->out_cx, b->out_cy, b->out_cz,
                                    b->out_nx, b->out_ny, b->out_nz};
    sweep_tile T;
    /* Zeroed once per call: lanes past the compacted count hold zeros or an earlier
     * tile's values (read and discarded), never indeterminate values. */
    static const sweep_compact zero_compact;
    sweep_compact C = zero_compact;
    sweep_packing K;
    float *cqp[3] = {C.q[0], C.q[1], C.q[2]};
    /* Tail lanes go through padded copies (padding lanes are invalid, discarded). */
    float tin[IN_COUNT][SWEEP_TILE], tout[OUT_COUNT][SWEEP_TILE];
    uint32_t tflags[SWEEP_TILE];
    for (size_t start = 0; start < b->n; start += SWEEP_TILE) {
        const size_t count = b->n - start < SWEEP_TILE ? b->n - start : SWEEP_TILE;
        const size_t padded = (count + W - 1) / W * W;
        const float *src[IN_COUNT];
        float *dst[OUT_COUNT];
        uint32_t *dflags;
        size_t base;
        if (padded == count) {
            for (int a = 0; a < IN_COUNT; a++)
                src[a] = in[a];
            for (int a = 0; a < OUT_COUNT; a++)
                dst[a] = outf[a];
            dflags = b->out_flags, base = start;
        } else {
            for (int a = 0; a < IN_COUNT; a++) {
                for (size_t j = 0; j < padded; j++)
                    tin[a][j] = j < count ? in[a][start + j] : 0.0f;
                src[a] = tin[a];
            }
            for (int a = 0; a < OUT_COUNT; a++)
                dst[a] = tout[a];
            dflags = tflags, base = 0;
        }
        K.n = 0;
        for (size_t l = 0; l < padded; l += W)
            sweep_pass1(src, base + l, &T, (int)l, &C, &K);
        const int ncp = pad_hard_lanes(&C, K.n);
        for (int l = 0; l < ncp; l += W)
            sweep_pass2((const float(*)[SWEEP_TILE + W])C.u, (const float(*)[SWEEP_TILE + W])C.v, l, C.t,
                        cqp, C.reg);
        for (size_t l = 0; l < padded; l += W) {
            merge_hard_lanes(&T, (int)l, &C, &K);
            sweep_pass3(src, base + l, &T, (int)l, dst, dflags);
        }
        if (padded != count)
            for (size_t j = 0; j < count; j++) {
                for (int a = 0; a < OUT_COUNT; a++)
                    outf[a][start + j] = tout[a][j];
                b->out_flags[start + j] = tflags[j];
            }
    }
}
