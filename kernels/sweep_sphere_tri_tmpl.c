/* horde_sweep_sphere_tri for one ISA: one (mover, triangle) pair per lane, branch-free
 * except for skipping a whole stage when no lane needs it. Mirrors sweep_sphere_tri_ref.c
 * operation for operation (that file defines the result). */
#include "sphere_tri_core_tmpl.h"
#include "sweep_sphere_common.h"

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define FN(name) CAT(name, HORDE_SUFFIX)

/* The reference's first_root for W lanes: mask of lanes with a contact in [0, 1]. */
static inline wi sw_root(wf a, wf g, wf c, wf *t)
{
    const wf zero = wf_set(0.0f);
    const wf disc = wf_sub(wf_mul(g, g), wf_mul(a, c));
    const wi ok = wi_and(wf_gt(g, zero), wf_le(zero, disc));
    /* Lanes that fail are computed on harmless values and discarded. */
    const wf den = wf_sel(ok, wf_add(g, wf_sqrt(wf_sel(ok, disc, zero))), wf_set(1.0f));
    *t = wf_max(wf_div(c, den), zero);
    return wi_and(ok, wf_le(*t, wf_set(1.0f)));
}

ST_INLINE void sweep_block(const float *const in[18], size_t i, float *const outf[7],
                               uint32_t *outflags)
{
    const wf zero = wf_set(0.0f), one = wf_set(1.0f);
    wf v[18];
    for (int a = 0; a < 18; a++)
        v[a] = wf_load(in[a] + i);
    wi ok = wi_set(-1);
    for (int a = 0; a < 18; a++)
        if (a >= 6 && a < 9)
            ok = wi_and(ok, wi_and(wf_le(wf_set(HORDE_SWEEP_MIN_RADIUS), v[a]),
                                   wf_le(v[a], wf_set(HORDE_SPHERE_MAX_RADIUS))));
        else
            ok = wi_and(ok, st_coord_ok(v[a]));
    const int all_ok = !wi_any(wi_not(ok));
    if (!all_ok) /* sanitise: zeros, unit radii */
        for (int a = 0; a < 18; a++)
            v[a] = wf_sel(ok, v[a], a >= 6 && a < 9 ? one : zero);

    const wf ix = wf_div(one, v[6]), iy = wf_div(one, v[7]), iz = wf_div(one, v[8]);
    const wf vx = wf_mul(v[3], ix), vy = wf_mul(v[4], iy), vz = wf_mul(v[5], iz);
    const wf inv[3] = {ix, iy, iz};
    wf u[9];
    for (int k = 0; k < 9; k++)
        u[k] = wf_mul(wf_sub(v[9 + k], v[k % 3]), inv[k % 3]);
    const st_tri tr = {u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7], u[8]};
    st_closest c;
    st_closest_point(zero, zero, zero, &tr, &c);
    const wi degen = c.degen;
    const wf qq = st_dot(c.dx, c.dy, c.dz, c.dx, c.dy, c.dz);
    const wi in0 = wf_lt(qq, one);

    /* 1. started inside */
    const wi qpos = wf_gt(qq, zero);
    const wi usen = wi_andnot(degen, wi_not(qpos));
    wf t = wf_sel(in0, zero, one);
    wf qx = wf_sel(in0, c.qx, zero), qy = wf_sel(in0, c.qy, zero), qz = wf_sel(in0, c.qz, zero);
    wf dirx = wf_sel(qpos, c.dx, wf_sel(usen, c.nx, zero));
    wf diry = wf_sel(qpos, c.dy, wf_sel(usen, c.ny, zero));
    wf dirz = wf_sel(qpos, c.dz, wf_sel(usen, c.nz, zero));
    const wi regbits = wi_set((int32_t)(HORDE_TRI_FACE | HORDE_TRI_EDGE | HORDE_TRI_VERTEX));
    wi region = wi_and(in0, wi_and(c.flags, regbits));
    wi hit = in0;

    const wf ax = u[0], ay = u[1], az = u[2], bx = u[3], by = u[4], bz = u[5];
    const wf cx = u[6], cy = u[7], cz = u[8];
    const wf X[3][3] = {{ax, ay, az}, {bx, by, bz}, {cx, cy, cz}};
    const wf E[3][3] = {{wf_sub(bx, ax), wf_sub(by, ay), wf_sub(bz, az)},
                        {wf_sub(cx, bx), wf_sub(cy, by), wf_sub(cz, bz)},
                        {wf_sub(ax, cx), wf_sub(ay, cy), wf_sub(az, cz)}};

    /* 2. face */
    const wi need_face = wi_not(wi_or(in0, degen));
    wi fhit = wi_set(0);
    if (wi_any(need_face)) {
        const wf k = wf_div(one, wf_sqrt(wf_sel(need_face, c.nn, one)));
        const wf mx = wf_mul(c.nx, k), my = wf_mul(c.ny, k), mz = wf_mul(c.nz, k);
        const wf sd = wf_sub(zero, st_dot(mx, my, mz, ax, ay, az));
        const wf sn = st_dot(mx, my, mz, vx, vy, vz);
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
            const wf s = st_dot(ux, uy, uz, wf_sub(fx, X[j][0]), wf_sub(fy, X[j][1]), wf_sub(fz, X[j][2]));
            fhit = wi_and(fhit, wf_le(zero, s));
        }
        t = wf_sel(fhit, t0, t);
        qx = wf_sel(fhit, fx, qx), qy = wf_sel(fhit, fy, qy), qz = wf_sel(fhit, fz, qz);
        region = wi_sel(fhit, wi_set((int32_t)HORDE_TRI_FACE), region);
    }

    /* 3. edges AB, BC, CA, then vertices A, B, C */
    const wi need_ev = wi_not(wi_or(in0, fhit));
    wi evhit = wi_set(0);
    if (wi_any(need_ev)) {
        const wf vv = st_dot(vx, vy, vz, vx, vy, vz);
        wf vX[3], XX[3];
        for (int j = 0; j < 3; j++) {
            vX[j] = st_dot(vx, vy, vz, X[j][0], X[j][1], X[j][2]);
            XX[j] = st_dot(X[j][0], X[j][1], X[j][2], X[j][0], X[j][1], X[j][2]);
        }
        wf best = wf_set(2.0f), ex_ = zero, ey_ = zero, ez_ = zero;
        wi reg = wi_set(0);
        for (int j = 0; j < 3; j++) {
            const wf ex = E[j][0], ey = E[j][1], ez = E[j][2];
            const wf ee = st_dot(ex, ey, ez, ex, ey, ez);
            const wi eok = wf_gt(ee, zero);
            const wf kk = wf_div(one, wf_sel(eok, ee, one));
            const wf ev = st_dot(ex, ey, ez, vx, vy, vz);
            const wf eX = st_dot(ex, ey, ez, X[j][0], X[j][1], X[j][2]);
            const wf a = wf_sub(vv, wf_mul(wf_mul(ev, ev), kk));
            const wf g = wf_sub(vX[j], wf_mul(wf_mul(ev, eX), kk));
            const wf cc = wf_sub(wf_sub(XX[j], wf_mul(wf_mul(eX, eX), kk)), one);
            wf te;
            wi m = wi_and(eok, sw_root(a, g, cc, &te));
            const wf f = wf_mul(wf_sub(wf_mul(ev, te), eX), kk);
            m = wi_and(m, wi_and(wi_and(wf_le(zero, f), wf_le(f, one)), wf_lt(te, best)));
            best = wf_sel(m, te, best);
            ex_ = wf_sel(m, wf_add(X[j][0], wf_mul(ex, f)), ex_);
            ey_ = wf_sel(m, wf_add(X[j][1], wf_mul(ey, f)), ey_);
            ez_ = wf_sel(m, wf_add(X[j][2], wf_mul(ez, f)), ez_);
            reg = wi_sel(m, wi_set((int32_t)HORDE_TRI_EDGE), reg);
        }
        for (int j = 0; j < 3; j++) {
            wf tv;
            const wi r = sw_root(vv, vX[j], wf_sub(XX[j], one), &tv); /* sets tv first */
            const wi m = wi_and(r, wf_lt(tv, best));
            best = wf_sel(m, tv, best);
            ex_ = wf_sel(m, X[j][0], ex_), ey_ = wf_sel(m, X[j][1], ey_), ez_ = wf_sel(m, X[j][2], ez_);
            reg = wi_sel(m, wi_set((int32_t)HORDE_TRI_VERTEX), reg);
        }
        evhit = wi_andnot(wi_eq(reg, wi_set(0)), need_ev);
        t = wf_sel(evhit, best, t);
        qx = wf_sel(evhit, ex_, qx), qy = wf_sel(evhit, ey_, qy), qz = wf_sel(evhit, ez_, qz);
        region = wi_sel(evhit, reg, region);
    }
    const wi moved = wi_or(fhit, evhit);
    dirx = wf_sel(moved, wf_sub(wf_mul(vx, t), qx), dirx);
    diry = wf_sel(moved, wf_sub(wf_mul(vy, t), qy), diry);
    dirz = wf_sel(moved, wf_sub(wf_mul(vz, t), qz), dirz);
    hit = wi_or(hit, moved);

    /* Outputs: world contact and normal. */
    const wf wx = wf_mul(dirx, ix), wy = wf_mul(diry, iy), wz = wf_mul(dirz, iz);
    const wf l2 = st_dot(wx, wy, wz, wx, wy, wz);
    const wi lpos = wf_gt(l2, zero);
    const wf kn = wf_div(one, wf_sqrt(wf_sel(lpos, l2, one)));
    const wi hv = wi_and(hit, ok);
    const wf res[7] = {
        wf_sel(ok, t, zero),
        wf_sel(hv, wf_add(v[0], wf_mul(qx, v[6])), zero),
        wf_sel(hv, wf_add(v[1], wf_mul(qy, v[7])), zero),
        wf_sel(hv, wf_add(v[2], wf_mul(qz, v[8])), zero),
        wf_sel(hv, wf_sel(lpos, wf_mul(wx, kn), zero), zero),
        wf_sel(hv, wf_sel(lpos, wf_mul(wy, kn), one), zero),
        wf_sel(hv, wf_sel(lpos, wf_mul(wz, kn), zero), zero),
    };
    for (int a = 0; a < 7; a++)
        wf_store(outf[a] + i, res[a]);
    wi flags = wi_and(degen, wi_set((int32_t)HORDE_TRI_DEGENERATE));
    flags = wi_or(flags, wi_and(hit, wi_or(region, wi_set((int32_t)HORDE_TRI_HIT))));
    flags = wi_or(flags, wi_and(in0, wi_set((int32_t)HORDE_TRI_STARTED_INSIDE)));
    wi_store(outflags + i, wi_sel(ok, flags, wi_set((int32_t)HORDE_FLAG_INVALID)));
}

void FN(horde_sweep_sphere_tri_)(const horde_sweepers *m, const horde_triangles *t,
                                 const horde_sweep_out *out)
{
    const float *const in[18] = {m->x, m->y, m->z, m->dx, m->dy, m->dz, m->rx, m->ry, m->rz,
                                 t->ax, t->ay, t->az, t->bx, t->by, t->bz, t->cx, t->cy, t->cz};
    float *const outf[7] = {out->t, out->cx, out->cy, out->cz, out->nx, out->ny, out->nz};
    const size_t n = m->n;
    size_t i = 0;
    for (; i + W <= n; i += W)
        sweep_block(in, i, outf, out->flags);
    if (i < n) { /* tail: padded copies (padding lanes are invalid, discarded) */
        float tin[18][W], tout[7][W];
        uint32_t tflags[W];
        const float *tinp[18];
        float *toutp[7];
        const size_t rem = n - i;
        for (int a = 0; a < 18; a++) {
            for (size_t j = 0; j < W; j++)
                tin[a][j] = j < rem ? in[a][i + j] : 0.0f;
            tinp[a] = tin[a];
        }
        for (int a = 0; a < 7; a++)
            toutp[a] = tout[a];
        sweep_block(tinp, 0, toutp, tflags);
        for (size_t j = 0; j < rem; j++) {
            for (int a = 0; a < 7; a++)
                outf[a][i + j] = tout[a][j];
            out->flags[i + j] = tflags[j];
        }
    }
}
