/* SPDX-License-Identifier: MIT */
/* The triangle grid's public entry points (semantics: include/horde/triangle_grid.h):
 * build (counting sort by cell, in the caller's memory), candidate lists, and ground
 * height through the grid. Integer bookkeeping around the float bounds of
 * kernels/tri/ground_height_grid.c; nothing here depends on the backend. */
#include <math.h>
#include <string.h>
#include <stdint.h>

#include "dispatch.h" /* HORDE_CALL: the caller's FP environment is not used */
#include "tri/ground_height_grid.h"

static int arrays_ok(const horde_triangles *t)
{
    return t->n == 0 || (t->ax && t->ay && t->az && t->bx && t->by && t->bz && t->cx && t->cy && t->cz);
}

static int cell_ok(float cell)
{
    return cell >= HORDE_TRIANGLE_GRID_MIN_CELL && cell <= HORDE_TRIANGLE_GRID_MAX_CELL; /* NaN fails */
}

/* One in-range triangle's cell ranges (inclusive). */
typedef struct span {
    int32_t x0, x1, z0, z1;
    float b[4]; /* the grown bounds: x0, x1, z0, z1 */
    int wide;
    int ground; /* usable as ground: goes into core blocks */
} span;

static int span_of(const horde_triangles *t, size_t i, float cell, span *s)
{
    float x0, x1, z0, z1;
    const int in = horde_tri_grid_bounds(t, i, &x0, &x1, &z0, &z1, &s->wide);
    if (!in)
        return 0;
    s->ground = in == 2;
    s->b[0] = x0, s->b[1] = x1, s->b[2] = z0, s->b[3] = z1;
    s->x0 = horde_tri_grid_cell_of(x0, cell), s->x1 = horde_tri_grid_cell_of(x1, cell);
    s->z0 = horde_tri_grid_cell_of(z0, cell), s->z1 = horde_tri_grid_cell_of(z1, cell);
    return 1;
}

typedef struct extent {
    int32_t cx0, cz0;
    uint32_t nx, nz;
    uint64_t entries, wide, core;
} extent;

/* The grid's extent and sizes; 0 when over a limit. */
static int extent_of(const horde_triangles *t, float cell, extent *e)
{
    int32_t x0 = 0, x1 = 0, z0 = 0, z1 = 0;
    int any = 0;
    memset(e, 0, sizeof *e);
    for (size_t i = 0; i < t->n; i++) {
        span s;
        if (!span_of(t, i, cell, &s))
            continue;
        if (!any)
            x0 = s.x0, x1 = s.x1, z0 = s.z0, z1 = s.z1, any = 1;
        x0 = s.x0 < x0 ? s.x0 : x0, x1 = s.x1 > x1 ? s.x1 : x1;
        z0 = s.z0 < z0 ? s.z0 : z0, z1 = s.z1 > z1 ? s.z1 : z1;
        e->entries += (uint64_t)(s.x1 - s.x0 + 1) * (uint64_t)(s.z1 - s.z0 + 1);
        e->wide += (uint64_t)s.wide;
        /* The extent only grows, so one over the cell limit fails the query and the build
         * already; the check comes before this triangle's cells are visited one by one. */
        if (e->entries > HORDE_TRIANGLE_GRID_MAX_ENTRIES ||
            (uint64_t)((int64_t)x1 - x0 + 1) * (uint64_t)((int64_t)z1 - z0 + 1) > HORDE_TRIANGLE_GRID_MAX_CELLS)
            return 0;
        for (int32_t cz = s.z0; cz <= s.z1; cz++)
            for (int32_t cx = s.x0; cx <= s.x1; cx++)
                e->core += s.ground && horde_tri_grid_side(s.b, cx, cz, cell) == 0;
    }
    e->cx0 = x0, e->cz0 = z0;
    e->nx = (uint32_t)((int64_t)x1 - x0 + 1), e->nz = (uint32_t)((int64_t)z1 - z0 + 1);
    return (uint64_t)e->nx * e->nz <= HORDE_TRIANGLE_GRID_MAX_CELLS;
}

#define GRID_ALIGN 64u /* a cell record never straddles two cache lines */
/* The scratch in 64 bits (every term is bounded: cells 2^22, entries 2^28, n 2^31), 0
 * when it does not fit a size_t (32-bit targets). */
static size_t grid_bytes(const horde_triangles *t, const extent *e)
{
    const uint64_t cells = (uint64_t)e->nx * e->nz;
    const uint64_t b = (GRID_ALIGN - 1) + cells * sizeof(horde_tri_grid_cell) +
                       (uint64_t)e->core * sizeof(horde_tri_grid_core) +
                       (uint64_t)t->n * sizeof(horde_ground_height_tri) + (uint64_t)e->entries * 4 * sizeof(float) +
                       (cells + 1 + (uint64_t)e->entries + (uint64_t)e->wide) * sizeof(uint32_t);
    return b <= (uint64_t)SIZE_MAX ? (size_t)b : 0;
}

static size_t scratch_bytes(const horde_triangles *soup, float cell)
{
    extent e;
    if (!soup || !arrays_ok(soup) || soup->n > (size_t)INT32_MAX || !cell_ok(cell) || !extent_of(soup, cell, &e))
        return 0;
    return grid_bytes(soup, &e);
}

size_t horde_triangle_grid_scratch_bytes(const horde_triangles *soup, float cell)
{
    size_t bytes = 0;
    HORDE_CALL(bytes = scratch_bytes(soup, cell));
    return bytes;
}

static int build(horde_triangle_grid *g, const horde_triangles *soup, float cell, void *scratch, size_t bytes)
{
    if (!g || !soup || !scratch || !arrays_ok(soup))
        return HORDE_ERR_NULL_ARG;
    extent e;
    if (soup->n > (size_t)INT32_MAX || !cell_ok(cell) || !extent_of(soup, cell, &e) || !grid_bytes(soup, &e) ||
        bytes < grid_bytes(soup, &e))
        return HORDE_ERR_BAD_PARAMS;
    const size_t cells = (size_t)e.nx * e.nz;
    const uintptr_t base = ((uintptr_t)scratch + (GRID_ALIGN - 1)) & ~(uintptr_t)(GRID_ALIGN - 1);
    horde_tri_grid_cell *rec = (horde_tri_grid_cell *)base;
    horde_tri_grid_core *core = (horde_tri_grid_core *)(void *)(rec + cells);
    horde_ground_height_tri *tri = (horde_ground_height_tri *)(void *)(core + e.core);
    float *bounds = (float *)(void *)(tri + soup->n); /* 4 per entry: x0, x1, z0, z1 */
    uint32_t *start = (uint32_t *)(void *)(bounds + 4 * e.entries), *items = start + cells + 1, *wide = items + e.entries;
    for (size_t i = 0; i < soup->n; i++)
        horde_ground_height_prep(soup, i, &tri[i]);
    /* Counting sort by cell; filling in ascending i keeps every cell ascending. */
    memset(start, 0, (cells + 1) * sizeof *start);
    for (size_t c = 0; c < cells; c++)
        rec[c] = (horde_tri_grid_cell){-INFINITY, INFINITY, -INFINITY, INFINITY, 0, 0, {0, 0}};
    uint32_t n_wide = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < soup->n; i++) {
            span s;
            if (!span_of(soup, i, cell, &s))
                continue;
            if (pass == 1 && s.wide)
                wide[n_wide++] = (uint32_t)i;
            for (int32_t cz = s.z0; cz <= s.z1; cz++)
                for (int32_t cx = s.x0; cx <= s.x1; cx++) {
                    const size_t c = (size_t)(cz - e.cz0) * e.nx + (size_t)(cx - e.cx0);
                    const int side = horde_tri_grid_side(s.b, cx, cz, cell);
                    if (pass == 0) {
                        start[c + 1]++;
                        rec[c].count += s.ground && side == 0;
                        /* The box excludes this entry (its bounds miss it on that side). */
                        if (side == 1)
                            rec[c].lx = s.b[1] > rec[c].lx ? s.b[1] : rec[c].lx;
                        else if (side == 2)
                            rec[c].rx = s.b[0] < rec[c].rx ? s.b[0] : rec[c].rx;
                        else if (side == 3)
                            rec[c].bz = s.b[3] > rec[c].bz ? s.b[3] : rec[c].bz;
                        else if (side == 4)
                            rec[c].tz = s.b[2] < rec[c].tz ? s.b[2] : rec[c].tz;
                    } else {
                        memcpy(bounds + 4 * (size_t)start[c], s.b, sizeof s.b);
                        items[start[c]++] = (uint32_t)i;
                        if (s.ground && side == 0) { /* ascending i: the core block ascends too */
                            horde_tri_grid_core *q = &core[rec[c].first + rec[c].count++];
                            q->t = tri[i], q->k = (uint32_t)i;
                        }
                    }
                }
        }
        if (pass == 0) { /* counts to firsts (start[c] = first of cell c - 1, shifted) */
            uint32_t first = 0;
            for (size_t c = 0; c < cells; c++) {
                start[c + 1] += start[c];
                rec[c].first = first, first += rec[c].count, rec[c].count = 0;
            }
        }
    }
    for (size_t c = cells; c > 0; c--) /* undo the fill's shift: start[c] = first of cell c */
        start[c] = start[c - 1];
    start[0] = 0;
    g->cell = cell, g->cx0 = e.cx0, g->cz0 = e.cz0, g->nx = e.nx, g->nz = e.nz;
    g->n_tri = (uint32_t)soup->n, g->n_wide = n_wide;
    g->start = start, g->items = items, g->wide = wide, g->ground = tri, g->bounds = bounds;
    g->cells = rec, g->core = core, g->n_core = (uint32_t)e.core;
    return HORDE_OK;
}

horde_status horde_triangle_grid_build(horde_triangle_grid *g, const horde_triangles *soup, float cell,
                                       void *scratch, size_t bytes)
{
    int st = HORDE_OK;
    HORDE_CALL(st = build(g, soup, cell, scratch, bytes));
    return (horde_status)st;
}

/* What a built grid satisfies (a struct the caller filled otherwise fails). */
static int grid_ok(const horde_triangle_grid *g)
{
    return cell_ok(g->cell) && g->nx >= 1 && g->nz >= 1 && (uint64_t)g->nx * g->nz <= HORDE_TRIANGLE_GRID_MAX_CELLS &&
           g->start && (g->items || !g->start[(size_t)g->nx * g->nz]) && (g->wide || !g->n_wide) &&
           (g->ground || !g->n_tri) && (g->bounds || !g->start[(size_t)g->nx * g->nz]) && g->cells && g->core;
}

/* Cells lo .. hi of one axis for [v - reach, v + reach], clamped to the grid; empty
 * (hi < lo) when outside it. */
static void cell_range(float v, float reach, float cell, int32_t first, uint32_t count, int64_t *lo, int64_t *hi)
{
    const int64_t a = horde_tri_grid_cell_of(v - reach, cell), b = horde_tri_grid_cell_of(v + reach, cell);
    const int64_t last = (int64_t)first + count - 1;
    *lo = a < first ? first : a;
    *hi = b > last ? last : b;
}

/* Whether cell c holds triangle j (its entries ascend: a binary search). */
static int in_cell(const horde_triangle_grid *g, size_t c, uint32_t j)
{
    uint32_t lo = g->start[c], hi = g->start[c + 1];
    while (lo < hi) {
        const uint32_t mid = lo + (hi - lo) / 2;
        if (g->items[mid] < j)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < g->start[c + 1] && g->items[lo] == j;
}

static int lists(const horde_triangle_grid *g, const float *x, const float *z, size_t n, float reach,
                 uint32_t *offsets, uint32_t *indices, size_t capacity)
{
    if (!g || !offsets || (n && (!x || !z)) || (capacity && !indices))
        return HORDE_ERR_NULL_ARG;
    if (!(reach >= 0.0f && reach <= HORDE_TRIANGLE_GRID_MAX_REACH) || !grid_ok(g))
        return HORDE_ERR_BAD_PARAMS;
    size_t total = 0;
    for (size_t i = 0; i < n; i++) {
        offsets[i] = (uint32_t)total;
        const float px = x[i], pz = z[i];
        if (!(fabsf(px) <= HORDE_GROUND_HEIGHT_MAX_COORD && fabsf(pz) <= HORDE_GROUND_HEIGHT_MAX_COORD))
            continue;
        int64_t x0, x1, z0, z1;
        cell_range(px, reach, g->cell, g->cx0, g->nx, &x0, &x1);
        cell_range(pz, reach, g->cell, g->cz0, g->nz, &z0, &z1);
        const size_t first = total;
        for (int64_t cz = z0; cz <= z1; cz++)
            for (int64_t cx = x0; cx <= x1; cx++) {
                const size_t c = (size_t)(cz - g->cz0) * g->nx + (size_t)(cx - g->cx0);
                for (uint32_t k = g->start[c]; k < g->start[c + 1]; k++) {
                    const uint32_t j = g->items[k];
                    /* A triangle's cells form a rectangle: it was met already when it is
                     * in the cell before this one on x or on z within the range. */
                    if ((cx > x0 && in_cell(g, c - 1, j)) || (cz > z0 && in_cell(g, c - g->nx, j)))
                        continue;
                    if (total == UINT32_MAX) { /* offsets are 32-bit: no more entries */
                        for (size_t k2 = i + 1; k2 <= n; k2++)
                            offsets[k2] = UINT32_MAX;
                        return HORDE_ERR_BAD_PARAMS;
                    }
                    if (total < capacity) { /* insertion into the point's ascending list */
                        size_t at = total;
                        while (at > first && indices[at - 1] > j) {
                            indices[at] = indices[at - 1];
                            at--;
                        }
                        indices[at] = j;
                    }
                    total++;
                }
            }
    }
    offsets[n] = (uint32_t)total;
    return total <= capacity ? HORDE_OK : HORDE_ERR_BAD_PARAMS;
}

horde_status horde_triangle_grid_lists(const horde_triangle_grid *g, const float *x, const float *z, size_t n,
                                       float reach, uint32_t *offsets, uint32_t *indices, size_t capacity)
{
    int st = HORDE_OK;
    HORDE_CALL(st = lists(g, x, z, n, reach, offsets, indices, capacity));
    return (horde_status)st;
}

static const horde_ground_height_params ground_defaults = {.depth = HORDE_GROUND_HEIGHT_MAX_DEPTH};

static int ground(const horde_triangle_grid *g, const horde_ground_height_params *p, const horde_ground_height_batch *b)
{
    if (!g || !b)
        return HORDE_ERR_NULL_ARG;
    p = p ? p : &ground_defaults;
    if (!(p->depth >= 0.0f && p->depth <= HORDE_GROUND_HEIGHT_MAX_DEPTH) || !grid_ok(g))
        return HORDE_ERR_BAD_PARAMS;
    if (b->n == 0)
        return HORDE_OK;
    if (!b->x || !b->y || !b->z || !b->out_y || !b->out_tri || !b->out_flags)
        return HORDE_ERR_NULL_ARG;
    horde_ground_height_grid_run(g, p, b);
    return HORDE_OK;
}

horde_status horde_ground_height_grid(const horde_triangle_grid *g, const horde_ground_height_params *p,
                                      const horde_ground_height_batch *b)
{
    int st = HORDE_OK;
    HORDE_CALL(st = ground(g, p, b));
    return (horde_status)st;
}
