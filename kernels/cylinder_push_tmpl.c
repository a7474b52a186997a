/* horde_cylinder_push for one ISA, written once over wide.h and compiled per ISA with
 * HORDE_SUFFIX set (sse2, sse41, avx2, neon). It mirrors cylinder_push_ref.c operation
 * for operation; that file defines the result and explains the candidates. */
#include "cylinder_common.h"
#include "wide.h"

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)
#define FN(name) CAT(name, HORDE_SUFFIX)

/* Squared distances from coordinate c to the window's 4 columns (or rows). */
static inline void axis_dist2(wf c, wf fw, wf *d2)
{
    const wf zero = wf_set(0.0f);
    for (int i = 0; i < 4; i++) {
        const wf lo = wf_add(fw, wf_set((float)i)), hi = wf_add(fw, wf_set((float)(i + 1)));
        const wf d = wf_max(wf_max(wf_sub(lo, c), wf_sub(c, hi)), zero);
        d2[i] = wf_mul(d, d);
    }
}

/* Overlap bits (i + 8k) of the disc over the 4x4 window cells. */
static inline wi disc_cells(const wf *dxx, const wf *dzz, wf r2)
{
    wi m = wi_set(0);
    for (int k = 0; k < 4; k++)
        for (int i = 0; i < 4; i++)
            m = wi_or(m, wi_and(wf_lt(wf_add(dxx[i], dzz[k]), r2), wi_set(1 << (i + 8 * k))));
    return m;
}

static inline wi band(const wi *occ, wi jlo, wi jhi)
{
    wi m = wi_set(0);
    for (int j = 0; j < HORDE_WIN_LEVELS; j++) {
        const wi J = wi_set(j);
        const wi in = wi_andnot(wi_or(wi_gt(jlo, J), wi_gt(J, jhi)), wi_set(-1));
        m = wi_or(m, wi_and(in, occ[j]));
    }
    return m;
}

static inline wi is_zero(wi a) { return wi_eq(a, wi_set(0)); }

enum { NLAT = 10 };
static const int lat_xopt[NLAT] = {0, 1, 2, 0, 0, 1, 2, 1, 2, 3};
static const int lat_zopt[NLAT] = {0, 0, 0, 1, 2, 1, 1, 2, 2, 3};

static void push_lanes(const horde_cyl_tile *t, int base, float *ox, float *oy, float *oz,
                       uint32_t *of)
{
    const wf x = wf_load(t->x + base), y = wf_load(t->y + base), z = wf_load(t->z + base);
    const wf r = wf_load(t->r + base), h = wf_load(t->h + base);
    const wi valid = wi_load(t->valid + base);
    wi occ[HORDE_WIN_LEVELS];
    for (int j = 0; j < HORDE_WIN_LEVELS; j++)
        occ[j] = wi_load(t->occ[j] + base);

    const wi one = wi_set(1);
    const wi ix0 = wi_floor(wf_sub(x, r)), iz0 = wi_floor(wf_sub(z, r)), iy0 = wi_floor(y);
    const wi wx = wi_sub(ix0, one), wy = wi_sub(iy0, one), wz = wi_sub(iz0, one);
    const wf fwx = wf_from_i(wx), fwz = wf_from_i(wz);
    const wf r2 = wf_mul(r, r);

    wf vy[3];
    wi vok[3], vband[3];
    const wi jtop = wi_sub(wi_ceil(wf_add(y, h)), one);
    const wf fjtop = wf_from_i(jtop);
    vy[0] = y;
    vy[1] = wf_from_i(wi_add(iy0, one));
    {
        wf yd = wf_sub(fjtop, h);
        const wi fix = wf_gt(wf_add(yd, h), fjtop);
        const wi step = wi_sel(wf_gt(yd, wf_set(0.0f)), wi_set(-1), one);
        vy[2] = wf_sel(fix, wf_as(wi_add(wi_as(yd), step)), yd);
    }
    for (int v = 0; v < 3; v++) {
        const wi jlo = wi_sub(wi_floor(vy[v]), wy);
        const wi jhi = wi_sub(wi_sub(wi_ceil(wf_add(vy[v], h)), one), wy);
        vok[v] = wi_gt(jlo, wi_set(-1));
        vband[v] = band(occ, jlo, jhi);
    }

    wf dxx[4][4], dzz[4][4]; /* [option][column or row] */
    axis_dist2(x, fwx, dxx[0]);
    axis_dist2(z, fwz, dzz[0]);
    const wi here = disc_cells(dxx[0], dzz[0], r2);
    const wi hit = wi_and(valid, wi_not(is_zero(wi_and(vband[0], here))));
    const wi resting = wi_and(wf_eq(y, wf_from_i(iy0)), wi_not(is_zero(wi_and(occ[0], here))));

    wf bx = x, by = y, bz = z;
    wi flags = wi_and(resting, wi_set(HORDE_FLAG_ON_GROUND));
    if (wi_any(hit)) {
        const wf e = wf_mul(wf_add(wf_add(wf_abs(x), wf_abs(z)), wf_set(1.0f)), wf_set(0x1p-21f));
        const wf rp = wf_add(r, e);
        const wf lx = wf_from_i(wi_add(ix0, one)), lz = wf_from_i(wi_add(iz0, one));
        wf xo[4], zo[4];
        xo[0] = x;
        xo[1] = wf_sel(wf_lt(wf_sub(lx, x), r), wf_sub(lx, rp), wf_sub(wf_from_i(ix0), rp));
        xo[2] = wf_add(lx, rp);
        zo[0] = z;
        zo[1] = wf_sel(wf_lt(wf_sub(lz, z), r), wf_sub(lz, rp), wf_sub(wf_from_i(iz0), rp));
        zo[2] = wf_add(lz, rp);
        const wf dvx = wf_sub(x, lx), dvz = wf_sub(z, lz);
        const wf d2 = wf_add(wf_mul(dvx, dvx), wf_mul(dvz, dvz));
        const wi radial_ok = wi_and(wf_gt(d2, wf_set(0.0f)), wf_lt(d2, r2));
        const wf s = wf_sel(radial_ok, wf_div(rp, wf_sqrt(d2)), wf_set(0.0f));
        xo[3] = wf_add(lx, wf_mul(dvx, s));
        zo[3] = wf_add(lz, wf_mul(dvz, s));

        for (int o = 1; o < 4; o++) {
            axis_dist2(xo[o], fwx, dxx[o]);
            axis_dist2(zo[o], fwz, dzz[o]);
        }
        wi lcells[NLAT], lok[NLAT];
        wf llen[NLAT];
        const wf fwx4 = wf_add(fwx, wf_set(4.0f)), fwz4 = wf_add(fwz, wf_set(4.0f));
        for (int l = 0; l < NLAT; l++) {
            const wf cx = xo[lat_xopt[l]], cz = zo[lat_zopt[l]];
            lcells[l] = disc_cells(dxx[lat_xopt[l]], dzz[lat_zopt[l]], r2);
            const wf dx = wf_sub(cx, x), dz = wf_sub(cz, z);
            llen[l] = wf_add(wf_mul(dx, dx), wf_mul(dz, dz));
            const wi out = wi_or(wi_or(wf_lt(wf_sub(cx, r), fwx), wf_gt(wf_add(cx, r), fwx4)),
                                 wi_or(wf_lt(wf_sub(cz, r), fwz), wf_gt(wf_add(cz, r), fwz4)));
            lok[l] = wi_not(out);
        }
        lok[NLAT - 1] = wi_and(lok[NLAT - 1], radial_ok);
        wf vlen[3];
        for (int v = 0; v < 3; v++) {
            const wf dy = wf_sub(vy[v], y);
            vlen[v] = wf_mul(dy, dy);
        }

        /* Only (length, v, l) are tracked; the winner's position is rebuilt after. */
        wf best_len = wf_set(INFINITY);
        wi found = wi_set(0), best_v = wi_set(0), best_l = wi_set(0);
        /* Candidate order of cylinder.h: (up, none), (down, none), then (v, l) for
         * v = stay, up, down and l = 1..9. Constant bounds so the loops unroll. */
#define CANDIDATE(V, L)                                                                        \
    do {                                                                                       \
        const wi ok = wi_and(wi_and(vok[V], lok[L]), is_zero(wi_and(vband[V], lcells[L])));   \
        const wf len = wf_add(vlen[V], llen[L]);                                               \
        const wi take = wi_and(ok, wf_lt(len, best_len));                                      \
        best_len = wf_sel(take, len, best_len);                                                \
        best_v = wi_sel(take, wi_set(V), best_v);                                              \
        best_l = wi_sel(take, wi_set(L), best_l);                                              \
        found = wi_or(found, take);                                                            \
    } while (0)
        CANDIDATE(1, 0);
        CANDIDATE(2, 0);
        for (int v = 0; v < 3; v++)
            for (int l = 1; l < NLAT; l++)
                CANDIDATE(v, l);
#undef CANDIDATE
        wi best_cells = here;
        for (int l = 0; l < NLAT; l++) {
            const wi is_l = wi_eq(best_l, wi_set(l));
            bx = wf_sel(is_l, xo[lat_xopt[l]], bx);
            bz = wf_sel(is_l, zo[lat_zopt[l]], bz);
            best_cells = wi_sel(is_l, lcells[l], best_cells);
        }
        by = wf_sel(wi_eq(best_v, one), vy[1], wf_sel(wi_eq(best_v, wi_set(2)), vy[2], y));
        const wi moved = wi_and(hit, found);
        const wi stuck = wi_andnot(found, hit);
        bx = wf_sel(moved, bx, x), by = wf_sel(moved, by, y), bz = wf_sel(moved, bz, z);
        const wi up = wi_eq(best_v, one), stay = wi_eq(best_v, wi_set(0));
        const wi rest2 = wi_and(stay, wi_and(wf_eq(y, wf_from_i(iy0)),
                                             wi_not(is_zero(wi_and(occ[0], best_cells)))));
        wi fm = wi_set(HORDE_FLAG_COLLIDED);
        fm = wi_or(fm, wi_and(wi_or(up, rest2), wi_set(HORDE_FLAG_ON_GROUND)));
        fm = wi_or(fm, wi_and(wi_eq(best_v, wi_set(2)), wi_set(HORDE_FLAG_HIT_CEILING)));
        fm = wi_or(fm, wi_and(wi_not(is_zero(best_l)), wi_set(HORDE_FLAG_HIT_WALL)));
        flags = wi_sel(moved, fm, flags);
        flags = wi_sel(stuck, wi_set(HORDE_FLAG_COLLIDED | HORDE_FLAG_STUCK), flags);
    }
    flags = wi_sel(valid, flags, wi_set((int32_t)HORDE_FLAG_INVALID));
    wf_store(ox + base, bx), wf_store(oy + base, by), wf_store(oz + base, bz);
    wi_store(of + base, flags);
}

/* Validate and sanitise W movers, and compute their window origins. */
static inline void prepare_lanes(const horde_cylinder_batch *b, size_t start, size_t count,
                                 horde_cyl_tile *t, int base)
{
    wf v[5];
    const float *src[5] = {b->x, b->y, b->z, b->radius, b->height};
    if ((size_t)base + W <= count) {
        for (int a = 0; a < 5; a++)
            v[a] = wf_load(src[a] + start + base);
    } else { /* tail: pad with zeros, marked invalid below */
        float tmp[W];
        for (int a = 0; a < 5; a++) {
            for (int i = 0; i < W; i++)
                tmp[i] = (size_t)base + i < count ? src[a][start + base + i] : 0.0f;
            v[a] = wf_load(tmp);
        }
    }
    const wf maxc = wf_set(HORDE_CYL_MAX_COORD), zero = wf_set(0.0f);
    /* Ordered compares: NaN fails each, as in horde_cyl_valid. */
    wi ok = wi_and(wi_and(wf_le(wf_abs(v[0]), maxc), wf_le(wf_abs(v[1]), maxc)),
                   wf_le(wf_abs(v[2]), maxc));
    ok = wi_and(ok, wi_and(wf_le(zero, v[3]), wf_le(v[3], wf_set(HORDE_CYL_MAX_RADIUS))));
    ok = wi_and(ok, wi_and(wf_le(zero, v[4]), wf_le(v[4], wf_set(HORDE_CYL_MAX_HEIGHT))));
    float *dst[5] = {t->x, t->y, t->z, t->r, t->h};
    for (int a = 0; a < 5; a++) {
        v[a] = wf_sel(ok, v[a], zero);
        wf_store(dst[a] + base, v[a]);
    }
    const wi one = wi_set(1);
    wi_store((uint32_t *)t->wx + base, wi_sub(wi_floor(wf_sub(v[0], v[3])), one));
    wi_store((uint32_t *)t->wy + base, wi_sub(wi_floor(v[1]), one));
    wi_store((uint32_t *)t->wz + base, wi_sub(wi_floor(wf_sub(v[2], v[3])), one));
    wi_store(t->valid + base, ok);
    for (int i = 0; i < W; i++)
        if ((size_t)base + i >= count)
            t->valid[base + i] = 0;
}

/* Voxel fetch for the prepared movers (integer work: cannot affect bit-exactness). */
static inline void fetch_tile(const horde_world *w, horde_cyl_tile *t, size_t padded)
{
    for (size_t i = 0; i < padded; i++) {
        if (!t->valid[i]) {
            for (int j = 0; j < HORDE_WIN_LEVELS; j++)
                t->occ[j][i] = 0;
            continue;
        }
        const int32_t wx = t->wx[i], wy = t->wy[i], wz = t->wz[i];
        const int sh = wx & 31, ly0 = wy & 31, lz0 = wz & 31;
        if (sh <= 28 && lz0 <= 28) {
            /* x and z inside one chunk column; y may cross into the layer above. */
            const horde_chunk *c0 = horde_world_chunk(w, wx >> 5, wy >> 5, wz >> 5);
            const horde_chunk *c1 =
                ly0 + HORDE_WIN_LEVELS > 32 ? horde_world_chunk(w, wx >> 5, (wy >> 5) + 1, wz >> 5) : c0;
            for (int j = 0; j < HORDE_WIN_LEVELS; j++) {
                const int ly = ly0 + j;
                t->occ[j][i] = fetch4(&(ly > 31 ? c1 : c0)->rows[ly & 31][lz0], sh);
            }
        } else {
            uint32_t occ[HORDE_WIN_LEVELS];
            horde_fetch_window(w, wx, wy, wz, HORDE_WIN_LEVELS, occ);
            for (int j = 0; j < HORDE_WIN_LEVELS; j++)
                t->occ[j][i] = occ[j];
        }
    }
}

void FN(horde_cylinder_push_)(const horde_world *w, const horde_cylinder_batch *b)
{
    horde_cyl_tile t;
    float ox[HORDE_CYL_TILE], oy[HORDE_CYL_TILE], oz[HORDE_CYL_TILE];
    uint32_t of[HORDE_CYL_TILE];
    for (size_t start = 0; start < b->n; start += HORDE_CYL_TILE) {
        const size_t count = b->n - start < HORDE_CYL_TILE ? b->n - start : HORDE_CYL_TILE;
        const size_t padded = (count + W - 1) / W * W;
        for (size_t i = 0; i < padded; i += W)
            prepare_lanes(b, start, count, &t, (int)i);
        fetch_tile(w, &t, padded);
        for (size_t i = 0; i < padded; i += W)
            push_lanes(&t, (int)i, ox, oy, oz, of);
        for (size_t i = 0; i < count; i++) {
            /* Invalid lanes return their input bits untouched (NaN payloads included). */
            const int ok = t.valid[i] != 0;
            const float ix = b->x[start + i], iy = b->y[start + i], iz = b->z[start + i];
            b->out_x[start + i] = ok ? ox[i] : ix;
            b->out_y[start + i] = ok ? oy[i] : iy;
            b->out_z[start + i] = ok ? oz[i] : iz;
            b->out_flags[start + i] = of[i];
        }
    }
}
