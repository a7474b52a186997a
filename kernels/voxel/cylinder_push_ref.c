/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_cylinder_push. This file DEFINES the result; every SIMD
 * backend (cylinder_push_tmpl.c) must match it bit for bit. Semantics:
 * horde/cylinder_push.h.
 *
 * The candidate exits are push up, push down, push off a face, push off a vertical edge
 * and their combinations, the shortest free one wins. Candidates are evaluated against
 * all blocks around the mover at once and an exit is only taken if it is free, so seams
 * between neighbouring blocks are not exits. */
#include "cylinder_push.h"

/* The lateral options, in the order of lat_xopt and lat_zopt (cylinder_push.h). */
enum { LAT_NONE, LAT_XLO, LAT_XHI, LAT_ZLO, LAT_ZHI, LAT_XLO_ZLO, LAT_XHI_ZLO, LAT_XLO_ZHI,
       LAT_XHI_ZHI, LAT_RADIAL, LAT_COUNT };
_Static_assert((int)LAT_COUNT == (int)HORDE_CYLINDER_PUSH_LATERALS, "lateral options (cylinder_push.h)");

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

/* One mover and its window: what every step below reads. */
typedef struct mover {
    float x, y, z, r, h, r2, fwx, fwz;
    int32_t ix0, iz0, iy0, wy;
    uint32_t occ[HORDE_WIN_LEVELS];
    float dxx0[4], dzz0[4]; /* squared distances of the unmoved disc to the window cells */
} mover;

enum { V_STAY, V_UP, V_DOWN, V_COUNT };
_Static_assert((int)V_COUNT == (int)HORDE_CYLINDER_PUSH_VERTICALS, "vertical options (cylinder_push.h)");

/* Vertical options: stay, up (bottom onto floor(y) + 1), down (top under the bottom of
 * the highest level reached); whether each stays in the window; the solid cells of the
 * levels each would occupy. */
typedef struct vertical {
    float y[V_COUNT];
    int ok[V_COUNT];
    uint32_t band[V_COUNT];
} vertical;

static void vertical_options(const mover *m, vertical *V)
{
    const int32_t jtop = horde_iceil(m->y + m->h) - 1;
    V->y[V_STAY] = m->y;
    V->y[V_UP] = (float)(m->iy0 + 1);
    float yd = (float)jtop - m->h;
    if (yd + m->h > (float)jtop)
        yd = next_down(yd);
    V->y[V_DOWN] = yd;
    for (int v = 0; v < V_COUNT; v++) {
        const int32_t jlo = horde_ifloor(V->y[v]) - m->wy;
        const int32_t jhi = horde_iceil(V->y[v] + m->h) - 1 - m->wy;
        V->ok[v] = jlo >= 0;
        V->band[v] = band(m->occ, jlo, jhi);
    }
}

/* Horizontal options per axis: 0 stay, 1 towards -, 2 towards +, 3 radial, and the ten
 * lateral moves built from them: the cells each disc covers, whether it stays in the
 * window, its squared length. */
typedef struct lateral {
    float xo[4], zo[4];
    uint32_t cells[LAT_COUNT];
    int ok[LAT_COUNT];
    float len2[LAT_COUNT];
} lateral;

static void lateral_options(const mover *m, lateral *L)
{
    const float x = m->x, z = m->z, r2 = m->r2;
    /* The disc reaches column ix0 (the lowest, by construction) and maybe ix0 + 1: then
     * it straddles the line lx = ix0 + 1 and the exits clear that line; else it sits in
     * column ix0 and the exits clear its two lines. */
    const float rp = m->r + horde_cylinder_push_skin(x, z);
    const float lx = (float)(m->ix0 + 1), lz = (float)(m->iz0 + 1);
    L->xo[0] = x;
    L->xo[1] = m->dxx0[2] < r2 ? lx - rp : (float)m->ix0 - rp;
    L->xo[2] = lx + rp;
    L->zo[0] = z;
    L->zo[1] = m->dzz0[2] < r2 ? lz - rp : (float)m->iz0 - rp;
    L->zo[2] = lz + rp;
    /* Radial push away from the grid vertex (lx, lz) when the disc contains it. */
    const float dvx = x - lx, dvz = z - lz;
    const float d2 = dvx * dvx + dvz * dvz;
    const int radial_ok = d2 > 0.0f && d2 < r2;
    const float s = radial_ok ? rp / sqrtf(d2) : 0.0f;
    L->xo[3] = lx + dvx * s;
    L->zo[3] = lz + dvz * s;

    float dxx[4][4], dzz[4][4]; /* [option][column or row] */
    for (int i = 0; i < 4; i++)
        dxx[0][i] = m->dxx0[i], dzz[0][i] = m->dzz0[i];
    for (int a = 1; a < 4; a++) {
        axis_dist2(L->xo[a], m->fwx, dxx[a]);
        axis_dist2(L->zo[a], m->fwz, dzz[a]);
    }
    for (int l = 0; l < LAT_COUNT; l++) {
        const float cx = L->xo[lat_xopt[l]], cz = L->zo[lat_zopt[l]];
        L->cells[l] = disc_cells(dxx[lat_xopt[l]], dzz[lat_zopt[l]], r2);
        const float dx = cx - x, dz = cz - z;
        L->len2[l] = dx * dx + dz * dz;
        /* The disc must reach no column or row outside the 4x4 window it was checked
         * against, by the overlap test's own measure (cx - r can round onto a line). */
        L->ok[l] = !(horde_cylinder_push_cell_d2(cx, m->fwx - 1.0f) < r2 ||
                     horde_cylinder_push_cell_d2(cx, m->fwx + 4.0f) < r2 ||
                     horde_cylinder_push_cell_d2(cz, m->fwz - 1.0f) < r2 ||
                     horde_cylinder_push_cell_d2(cz, m->fwz + 4.0f) < r2);
    }
    L->ok[LAT_RADIAL] &= radial_ok;
}

/* The candidates in the order of cylinder_push.h (ties go to the earlier one): (up,
 * none), (down, none), then (stay, l), (up, l), (down, l) for l = 1..9. */
static const struct { int v, l; } order[HORDE_CYLINDER_PUSH_CANDIDATES] = {
    {V_UP, LAT_NONE}, {V_DOWN, LAT_NONE},
    {V_STAY, 1}, {V_STAY, 2}, {V_STAY, 3}, {V_STAY, 4}, {V_STAY, 5},
    {V_STAY, 6}, {V_STAY, 7}, {V_STAY, 8}, {V_STAY, 9},
    {V_UP, 1},   {V_UP, 2},   {V_UP, 3},   {V_UP, 4},   {V_UP, 5},
    {V_UP, 6},   {V_UP, 7},   {V_UP, 8},   {V_UP, 9},
    {V_DOWN, 1}, {V_DOWN, 2}, {V_DOWN, 3}, {V_DOWN, 4}, {V_DOWN, 5},
    {V_DOWN, 6}, {V_DOWN, 7}, {V_DOWN, 8}, {V_DOWN, 9}};

/* The shortest free candidate (index into order), or -1 when every one is blocked. */
static int best_candidate(const mover *m, const vertical *V, const lateral *L)
{
    int best = -1;
    float best_len = INFINITY;
    for (int c = 0; c < HORDE_CYLINDER_PUSH_CANDIDATES; c++) {
        const int v = order[c].v, l = order[c].l;
        if (!V->ok[v] || !L->ok[l] || (V->band[v] & L->cells[l]))
            continue;
        const float dy = V->y[v] - m->y;
        const float len = dy * dy + L->len2[l]; /* squared length of the translation */
        if (len < best_len)
            best_len = len, best = c;
    }
    return best;
}

void horde_cylinder_push_one(const horde_world *w, float x, float y, float z, float r, float h,
                             float step_h, float *ox, float *oy, float *oz, uint32_t *oflags)
{
    *ox = x, *oy = y, *oz = z;
    if (!horde_cylinder_push_valid(x, y, z, r, h)) {
        *oflags = HORDE_FLAG_INVALID;
        return;
    }
    mover m = {.x = x, .y = y, .z = z, .r = r, .h = h, .r2 = r * r};
    m.ix0 = horde_cylinder_push_lowest_cell(x, r), m.iz0 = horde_cylinder_push_lowest_cell(z, r);
    m.iy0 = horde_ifloor(y);
    m.wy = m.iy0 - 1;
    horde_fetch_window(w, m.ix0 - 1, m.wy, m.iz0 - 1, HORDE_WIN_LEVELS, m.occ);
    m.fwx = (float)(m.ix0 - 1), m.fwz = (float)(m.iz0 - 1);

    vertical V;
    vertical_options(&m, &V);
    axis_dist2(x, m.fwx, m.dxx0);
    axis_dist2(z, m.fwz, m.dzz0);
    const uint32_t here = disc_cells(m.dxx0, m.dzz0, m.r2);
    if ((V.band[V_STAY] & here) == 0) {
        /* Free. On the ground if standing exactly on a block top. */
        *oflags = (y == (float)m.iy0 && (m.occ[0] & here)) ? HORDE_FLAG_ON_GROUND : 0u;
        return;
    }
    lateral L;
    lateral_options(&m, &L);
    const int best = best_candidate(&m, &V, &L);
    if (best < 0) {
        *oflags = HORDE_FLAG_COLLIDED | HORDE_FLAG_STUCK;
        return;
    }
    int v = order[best].v, l = order[best].l;
    /* Step-up (move kernels only, step_h > 0): a horizontal correction is replaced by
     * the free upward exit (up, none) when it rises at most step_h. */
    int stepped = 0;
    if (step_h > 0.0f && l != LAT_NONE && V.ok[V_UP] && L.ok[LAT_NONE] &&
        !(V.band[V_UP] & L.cells[LAT_NONE]) && V.y[V_UP] - y <= step_h) {
        v = V_UP, l = LAT_NONE;
        stepped = 1;
    }
    *ox = L.xo[lat_xopt[l]], *oy = V.y[v], *oz = L.zo[lat_zopt[l]];
    uint32_t f = HORDE_FLAG_COLLIDED;
    if (v == V_UP || (v == V_STAY && y == (float)m.iy0 && (m.occ[0] & L.cells[l])))
        f |= HORDE_FLAG_ON_GROUND;
    if (v == V_DOWN)
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
