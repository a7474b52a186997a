/* SPDX-License-Identifier: MIT */
/* Ground height through a triangle grid: see ground_height_grid.h and, for why the result
 * is horde_ground_height's bits, include/horde/triangle_grid.h. */
#include "ground_height_grid.h"

int horde_tri_grid_bounds(const horde_triangles *t, size_t i, float *x0, float *x1, float *z0, float *z1,
                          int *wide)
{
    const float x[3] = {t->ax[i], t->bx[i], t->cx[i]};
    const float y[3] = {t->ay[i], t->by[i], t->cy[i]};
    const float z[3] = {t->az[i], t->bz[i], t->cz[i]};
    for (int k = 0; k < 3; k++)
        if (!(fabsf(x[k]) <= HORDE_GROUND_HEIGHT_MAX_COORD && fabsf(y[k]) <= HORDE_GROUND_HEIGHT_MAX_COORD &&
              fabsf(z[k]) <= HORDE_GROUND_HEIGHT_MAX_COORD))
            return 0;
    float lx = x[0], hx = x[0], lz = z[0], hz = z[0];
    for (int k = 1; k < 3; k++) {
        lx = x[k] < lx ? x[k] : lx, hx = x[k] > hx ? x[k] : hx;
        lz = z[k] < lz ? z[k] : lz, hz = z[k] > hz ? z[k] : hz;
    }
    /* In double: exact for the extents and far finer than the margin's own factors. */
    const double w = (double)hx - lx > (double)hz - lz ? (double)hx - lx : (double)hz - lz;
    /* Twice the xz area exactly as ground_height's set-up computes it. */
    const float area2 = (x[1] - x[0]) * (z[2] - z[0]) - (z[1] - z[0]) * (x[2] - x[0]);
    double m = w * 0x1p-20 + 0x1p-40;
    *wide = 0;
    if (area2 != 0.0f) {
        const double k = 0x1p-16 * w * w / fabs((double)area2);
        if (k < 0.25)
            m += 4.0 * k * w;
        else
            *wide = 1;
    }
    *x0 = (float)((double)lx - m), *x1 = (float)((double)hx + m);
    *z0 = (float)((double)lz - m), *z1 = (float)((double)hz + m);
    return area2 != 0.0f ? 2 : 1;
}

/* One usable candidate against one point: ground_height_ref.c's pair test, then the
 * maximum with ties to the lower index, which does not depend on the order of the
 * candidates. The core blocks hold only usable triangles (the build leaves the others
 * out). A form without branches on the outcome (heights of every candidate, selects)
 * measures slower. */
static inline void test_core(const horde_ground_height_tri *g, uint32_t k, float px, float py, float pz,
                             float ylo, float *best, uint32_t *idx)
{
    const float e0 = g->vx[0] * (pz - g->oz[0]) - g->vz[0] * (px - g->ox[0]);
    const float e1 = g->vx[1] * (pz - g->oz[1]) - g->vz[1] * (px - g->ox[1]);
    const float e2 = g->vx[2] * (pz - g->oz[2]) - g->vz[2] * (px - g->ox[2]);
    if (!(e0 >= 0.0f && e1 >= 0.0f && e2 >= 0.0f))
        return;
    float y = g->ay + (e2 * g->dyb + e0 * g->dyc) * g->inv;
    y = horde_minf(horde_maxf(y, g->ymin), g->ymax);
    if (y <= py && y >= ylo && (y > *best || (y == *best && k < *idx)))
        *best = y, *idx = k;
}

/* Any candidate: the test of a usable one. */
static inline void test(const horde_ground_height_tri *g, uint32_t k, float px, float py, float pz, float ylo,
                        float *best, uint32_t *idx)
{
    if (g->ok)
        test_core(g, k, px, py, pz, ylo, best, idx);
}

/* The candidates of point (px, pz) in cell c: the core block when the point is inside
 * the cell's box, else every entry whose grown bounds hold the point. */
static inline void cell_candidates(const horde_triangle_grid *g, size_t c, float px, float py, float pz,
                                   float ylo, float *best, uint32_t *idx)
{
    const horde_tri_grid_cell *r = (const horde_tri_grid_cell *)g->cells + c;
    if (px > r->lx && px < r->rx && pz > r->bz && pz < r->tz) {
        const horde_tri_grid_core *q = (const horde_tri_grid_core *)g->core + r->first;
        for (uint32_t e = 0; e < r->count; e++)
            test_core(&q[e].t, q[e].k, px, py, pz, ylo, best, idx);
        return;
    }
    const horde_ground_height_tri *tri = (const horde_ground_height_tri *)g->ground;
    for (uint32_t e = g->start[c]; e < g->start[c + 1]; e++) {
        /* A covered point lies within the grown bounds (triangle_grid.h): the entry's
         * own copy of them spares reading the set-up. */
        const float *bb = g->bounds + 4 * (size_t)e;
        if (!(px >= bb[0] && px <= bb[1] && pz >= bb[2] && pz <= bb[3]))
            continue;
        const uint32_t k = g->items[e];
        test(&tri[k], k, px, py, pz, ylo, best, idx);
    }
}

/* Points in tiles of GRID_TILE, each in three passes, so that the cache misses of a
 * tile's points overlap instead of following one another: the cells' records are
 * prefetched, then the core blocks the records name, then the points are tested. A
 * terrain's grid is larger than the caches and a crowd's points come in no spatial
 * order, so nearly every point's record and block come from memory. 16 points (about
 * 16 record lines, then 50 block lines in flight) measure faster than 8, 32 or 64, and
 * than running the prefetches a tile or two ahead of the tests: more lines than the
 * core can track at once only queue. */
#define GRID_TILE 16
#define GRID_PREFETCH_LINES 4 /* of a core block: a cell of a few triangles */
#define GRID_OUTSIDE (SIZE_MAX - 1) /* a valid point outside the grid's cells */
#define GRID_INVALID SIZE_MAX       /* a point that fails horde_ground_height_point_ok */

void horde_ground_height_grid_run(const horde_triangle_grid *g, const horde_ground_height_params *p,
                                  const horde_ground_height_batch *b)
{
    const horde_ground_height_tri *tri = (const horde_ground_height_tri *)g->ground;
    const horde_tri_grid_cell *rec = (const horde_tri_grid_cell *)g->cells;
    const horde_tri_grid_core *core = (const horde_tri_grid_core *)g->core;
    size_t cell[GRID_TILE]; /* or GRID_INVALID, GRID_OUTSIDE (a valid point) */
    for (size_t i0 = 0; i0 < b->n; i0 += GRID_TILE) {
        const size_t m = b->n - i0 < GRID_TILE ? b->n - i0 : GRID_TILE;
        for (size_t j = 0; j < m; j++) {
            const float px = b->x[i0 + j], py = b->y[i0 + j], pz = b->z[i0 + j];
            cell[j] = GRID_INVALID;
            if (!horde_ground_height_point_ok(px, py, pz))
                continue;
            cell[j] = GRID_OUTSIDE;
            const int64_t cx = (int64_t)horde_tri_grid_cell_of(px, g->cell) - g->cx0;
            const int64_t cz = (int64_t)horde_tri_grid_cell_of(pz, g->cell) - g->cz0;
            if (cx >= 0 && cx < (int64_t)g->nx && cz >= 0 && cz < (int64_t)g->nz) {
                cell[j] = (size_t)cz * g->nx + (size_t)cx;
                __builtin_prefetch(rec + cell[j]);
            }
        }
        for (size_t j = 0; j < m; j++)
            if (cell[j] < GRID_OUTSIDE) {
                const horde_tri_grid_core *q = core + rec[cell[j]].first;
                const uint32_t count = rec[cell[j]].count;
                for (uint32_t l = 0; l < GRID_PREFETCH_LINES && 64u * l < count * sizeof *q; l++)
                    __builtin_prefetch((const char *)q + 64u * l);
            }
        for (size_t j = 0; j < m; j++) {
            const size_t i = i0 + j;
            const float px = b->x[i], py = b->y[i], pz = b->z[i];
            const int ok = cell[j] != GRID_INVALID;
            float best = -INFINITY;
            uint32_t idx = HORDE_NONE;
            if (ok) {
                const float ylo = py - p->depth;
                if (cell[j] < GRID_OUTSIDE)
                    cell_candidates(g, cell[j], px, py, pz, ylo, &best, &idx);
                for (uint32_t e = 0; e < g->n_wide; e++) {
                    const uint32_t k = g->wide[e];
                    test(&tri[k], k, px, py, pz, ylo, &best, &idx);
                }
            }
            const int found = idx != HORDE_NONE;
            b->out_y[i] = found ? best : py; /* py: the input's bits */
            b->out_tri[i] = idx;
            b->out_flags[i] = !ok ? HORDE_FLAG_INVALID : found ? HORDE_FLAG_ON_GROUND : 0u;
        }
    }
}
