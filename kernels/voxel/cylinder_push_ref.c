/* Scalar reference for horde_cylinder_push. This file DEFINES the result; every SIMD
 * backend (cylinder_push_tmpl.c) must match it bit for bit. Semantics: cylinder.h.
 *
 * Origin: seed 000 (collision correction of a cylinder against one cube: push up,
 * push down, push off a face, push off a vertical edge, smallest wins). Unlike the
 * seed, candidates are evaluated against all blocks around the mover at once and an
 * exit is only taken if it is free, so seams between neighbouring blocks are not exits. */
#include "cylinder_push.h"

/* Candidate order (ties go to the earlier one): see cylinder.h. */
enum { LAT_NONE, LAT_XLO, LAT_XHI, LAT_ZLO, LAT_ZHI, LAT_XLO_ZLO, LAT_XHI_ZLO, LAT_XLO_ZHI,
       LAT_XHI_ZHI, LAT_RADIAL, LAT_COUNT };
static const int lat_xopt[LAT_COUNT] = {0, 1, 2, 0, 0, 1, 2, 1, 2, 3};
static const int lat_zopt[LAT_COUNT] = {0, 0, 0, 1, 2, 1, 1, 2, 2, 3};

/* Squared distance from coordinate c to window column (or row) i, for i in 0..3. */
static void axis_dist2(float c, float fw, float *d2)
{
    for (int i = 0; i < 4; i++) {
        d2[i] = horde_cylinder_push_cell_d2(c, fw + (float)i);
    }
}

/* Bits (i + 8k) of the 4x4 window cells the disc overlaps: dxx[i] + dzz[k] < r2. Only
 * columns / rows with a squared distance below r2 can pass (float addition of
 * non-negative values never decreases), so the others are skipped. */
static uint32_t disc_cells(const float *dxx, const float *dzz, float r2)
{
    uint32_t m = 0;
    for (int k = 0; k < 4; k++) {
        if (!(dzz[k] < r2))
            continue;
        for (int i = 0; i < 4; i++)
            if (dxx[i] < r2 && dxx[i] + dzz[k] < r2)
                m |= 1u << (i + 8 * k);
    }
    return m;
}

/* Union of window levels [jlo, jhi] (clamped to the window). */
static uint32_t band(const uint32_t *occ, int32_t jlo, int32_t jhi)
{
    uint32_t m = 0;
    for (int j = 0; j < HORDE_WIN_LEVELS; j++)
        if (j >= jlo && j <= jhi)
            m |= occ[j];
    return m;
}

static float next_down(float v) /* v != 0, finite */
{
    union { float f; int32_t i; } u = {v};
    u.i += v > 0.0f ? -1 : 1;
    return u.f;
}

void horde_cylinder_push_one(const horde_world *w, float x, float y, float z, float r, float h,
                        float step_h, float *ox, float *oy, float *oz, uint32_t *oflags)
{
    *ox = x, *oy = y, *oz = z;
    if (!horde_cylinder_push_valid(x, y, z, r, h)) {
        *oflags = HORDE_FLAG_INVALID;
        return;
    }
    const int32_t ix0 = horde_cylinder_push_lowest_cell(x, r), iz0 = horde_cylinder_push_lowest_cell(z, r);
    const int32_t iy0 = horde_ifloor(y);
    const int32_t wx = ix0 - 1, wy = iy0 - 1, wz = iz0 - 1;
    uint32_t occ[HORDE_WIN_LEVELS];
    horde_fetch_window(w, wx, wy, wz, HORDE_WIN_LEVELS, occ);

    const float fwx = (float)wx, fwz = (float)wz;
    const float r2 = r * r;

    /* Vertical options: 0 stay, 1 up (bottom onto floor(y) + 1), 2 down (top under the
     * bottom of the highest level reached). */
    float vy[3];
    int vok[3];
    uint32_t vband[3];
    const int32_t jtop = horde_iceil(y + h) - 1;
    vy[0] = y;
    vy[1] = (float)(iy0 + 1);
    float yd = (float)jtop - h;
    if (yd + h > (float)jtop)
        yd = next_down(yd);
    vy[2] = yd;
    for (int v = 0; v < 3; v++) {
        int32_t jlo = horde_ifloor(vy[v]) - wy;
        int32_t jhi = horde_iceil(vy[v] + h) - 1 - wy;
        vok[v] = jlo >= 0;
        vband[v] = band(occ, jlo, jhi);
    }

    float dxx[4][4], dzz[4][4]; /* [option][column or row] */
    axis_dist2(x, fwx, dxx[0]);
    axis_dist2(z, fwz, dzz[0]);
    const uint32_t here = disc_cells(dxx[0], dzz[0], r2);
    if ((vband[0] & here) == 0) {
        /* Free. On the ground if standing exactly on a block top. */
        *oflags = (y == (float)iy0 && (occ[0] & here)) ? HORDE_FLAG_ON_GROUND : 0u;
        return;
    }

    /* Horizontal options per axis: 0 stay, 1 towards -, 2 towards +, 3 radial. The disc
     * reaches column ix0 (the lowest, by construction) and maybe ix0 + 1: then it
     * straddles the line lx = ix0 + 1 and the exits clear that line; else it sits in
     * column ix0 and the exits clear its two lines. */
    const float rp = r + horde_cylinder_push_skin(x, z);
    const float lx = (float)(ix0 + 1), lz = (float)(iz0 + 1);
    float xo[4], zo[4];
    xo[0] = x;
    xo[1] = dxx[0][2] < r2 ? lx - rp : (float)ix0 - rp;
    xo[2] = lx + rp;
    zo[0] = z;
    zo[1] = dzz[0][2] < r2 ? lz - rp : (float)iz0 - rp;
    zo[2] = lz + rp;
    /* Radial push away from the grid vertex (lx, lz) when the disc contains it. */
    const float dvx = x - lx, dvz = z - lz;
    const float d2 = dvx * dvx + dvz * dvz;
    const int radial_ok = d2 > 0.0f && d2 < r2;
    const float s = radial_ok ? rp / sqrtf(d2) : 0.0f;
    xo[3] = lx + dvx * s;
    zo[3] = lz + dvz * s;

    for (int a = 1; a < 4; a++) {
        axis_dist2(xo[a], fwx, dxx[a]);
        axis_dist2(zo[a], fwz, dzz[a]);
    }
    uint32_t lcells[LAT_COUNT];
    int lok[LAT_COUNT];
    float llen[LAT_COUNT];
    for (int l = 0; l < LAT_COUNT; l++) {
        const float cx = xo[lat_xopt[l]], cz = zo[lat_zopt[l]];
        lcells[l] = disc_cells(dxx[lat_xopt[l]], dzz[lat_zopt[l]], r2);
        const float dx = cx - x, dz = cz - z;
        llen[l] = dx * dx + dz * dz;
        /* The disc must reach no column or row outside the 4x4 window it was checked
         * against, by the overlap test's own measure (cx - r can round onto a line). */
        lok[l] = !(horde_cylinder_push_cell_d2(cx, fwx - 1.0f) < r2 || horde_cylinder_push_cell_d2(cx, fwx + 4.0f) < r2 ||
                   horde_cylinder_push_cell_d2(cz, fwz - 1.0f) < r2 || horde_cylinder_push_cell_d2(cz, fwz + 4.0f) < r2);
    }
    lok[LAT_RADIAL] &= radial_ok;

    /* The candidates in the order of cylinder_push.h (ties go to the earlier one): (up,
     * none), (down, none), then (stay, l), (up, l), (down, l) for l = 1..9. */
    enum { V_STAY, V_UP, V_DOWN };
    static const struct { int v, l; } order[29] = {
        {V_UP, LAT_NONE}, {V_DOWN, LAT_NONE},
        {V_STAY, 1}, {V_STAY, 2}, {V_STAY, 3}, {V_STAY, 4}, {V_STAY, 5},
        {V_STAY, 6}, {V_STAY, 7}, {V_STAY, 8}, {V_STAY, 9},
        {V_UP, 1},   {V_UP, 2},   {V_UP, 3},   {V_UP, 4},   {V_UP, 5},
        {V_UP, 6},   {V_UP, 7},   {V_UP, 8},   {V_UP, 9},
        {V_DOWN, 1}, {V_DOWN, 2}, {V_DOWN, 3}, {V_DOWN, 4}, {V_DOWN, 5},
        {V_DOWN, 6}, {V_DOWN, 7}, {V_DOWN, 8}, {V_DOWN, 9}};
    int best = -1;
    float best_len = INFINITY;
    for (int c = 0; c < 29; c++) {
        const int v = order[c].v, l = order[c].l;
        if (!vok[v] || !lok[l] || (vband[v] & lcells[l]))
            continue;
        const float dy = vy[v] - y;
        const float len = dy * dy + llen[l]; /* squared length of the translation */
        if (len < best_len)
            best_len = len, best = c;
    }
    if (best < 0) {
        *oflags = HORDE_FLAG_COLLIDED | HORDE_FLAG_STUCK;
        return;
    }
    int v = order[best].v, l = order[best].l;
    /* Step-up (move kernels only, step_h > 0): a horizontal correction is replaced by
     * the free upward exit (up, none) when it rises at most step_h. */
    int stepped = 0;
    if (step_h > 0.0f && l != LAT_NONE && vok[V_UP] && lok[LAT_NONE] &&
        !(vband[V_UP] & lcells[LAT_NONE]) && vy[V_UP] - y <= step_h) {
        v = V_UP, l = LAT_NONE;
        stepped = 1;
    }
    *ox = xo[lat_xopt[l]], *oy = vy[v], *oz = zo[lat_zopt[l]];
    uint32_t f = HORDE_FLAG_COLLIDED;
    if (v == 1 || (v == 0 && y == (float)iy0 && (occ[0] & lcells[l])))
        f |= HORDE_FLAG_ON_GROUND;
    if (v == 2)
        f |= HORDE_FLAG_HIT_CEILING;
    if (l != LAT_NONE)
        f |= HORDE_FLAG_HIT_WALL;
    if (stepped)
        f |= HORDE_FLAG_STEP_TAKEN;
    *oflags = f;
}

HORDE_REFERENCE(cylinder_push)
{
    for (size_t i = 0; i < b->n; i++) {
        float ox, oy, oz;
        uint32_t f;
        horde_cylinder_push_one(w, b->x[i], b->y[i], b->z[i], b->radius[i], b->height[i], 0.0f, &ox,
                           &oy, &oz, &f);
        b->out_x[i] = ox, b->out_y[i] = oy, b->out_z[i] = oz, b->out_flags[i] = f;
    }
}
