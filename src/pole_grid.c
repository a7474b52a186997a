/* SPDX-License-Identifier: MIT */
/* The poles' uniform grid: the broadphase that fills horde_radial_push's candidate lists
 * (semantics: include/horde/radial_push.h), its public entry points. Scalar integer
 * bookkeeping around a few float compares; nothing here depends on the backend. The
 * kernel side of the grid (its validity check, the SIMD backends' mover sort) is
 * kernels/crowd/pole_sort.c. */
#include <math.h>
#include <string.h>
#include <stdint.h>

#include "dispatch.h" /* HORDE_CALL: the caller's FP environment is not used */
#include "task_runner.h"
#include "crowd/pole_sort.h"

static int pole_valid(const horde_poles *p, size_t j)
{
    return horde_radial_push_pole_ok(p->x[j], p->z[j], p->r[j], p->bottom[j], p->top[j]);
}

/* The grid's extent over the valid poles: first cell and cell counts; 0 when too many. */
typedef struct extent {
    int32_t cx0, cz0;
    uint32_t nx, nz;
    size_t valid;
    float max_r;
} extent;

/* |v / cell| <= 2^26; the movers' cells (horde_radial_push_grid) use the same formula. */
static int cell_of(float v, float cell) { return horde_pole_cell_of(v, cell, 0); }

static int extent_of(const horde_poles *p, float cell, extent *e)
{
    int32_t x0 = 0, x1 = -1, z0 = 0, z1 = -1;
    memset(e, 0, sizeof *e);
    for (size_t j = 0; j < p->n; j++) {
        if (!pole_valid(p, j))
            continue;
        const int32_t cx = cell_of(p->x[j], cell), cz = cell_of(p->z[j], cell);
        if (e->valid++ == 0)
            x0 = x1 = cx, z0 = z1 = cz;
        x0 = cx < x0 ? cx : x0, x1 = cx > x1 ? cx : x1;
        z0 = cz < z0 ? cz : z0, z1 = cz > z1 ? cz : z1;
        e->max_r = p->r[j] > e->max_r ? p->r[j] : e->max_r;
    }
    e->cx0 = x0, e->cz0 = z0;
    e->nx = e->valid ? (uint32_t)(x1 - x0 + 1) : 1, e->nz = e->valid ? (uint32_t)(z1 - z0 + 1) : 1;
    return (uint64_t)e->nx * e->nz <= HORDE_POLE_GRID_MAX_CELLS;
}

/* The extent on the caller's task system (horde_pole_grid_build_tasks): one stage over
 * blocks of poles, each block's extent kept in its slot and the blocks combined in block
 * order on the calling thread (min, max, a count and the largest radius: the same as
 * extent_of's one pass). At most EXTENT_BLOCKS blocks of a size that depends on n only. */
#define EXTENT_BLOCKS 256u
#define EXTENT_MIN_BLOCK 1024u
typedef struct extent_part {
    size_t valid;
    int32_t x0, x1, z0, z1; /* cells, when valid > 0 */
    float max_r;
} extent_part;
typedef struct extent_stage {
    const horde_poles *p;
    float cell;
    size_t block;
    extent_part part[EXTENT_BLOCKS];
} extent_stage;

static void extent_blocks(uint32_t begin, uint32_t end, uint32_t worker, void *ctx)
{
    extent_stage *s = (extent_stage *)ctx;
    (void)worker;
    for (uint32_t k = begin; k < end; k++) {
        horde_poles sub = *s->p;
        const size_t i = (size_t)k * s->block, left = sub.n - i;
        sub.x += i, sub.z += i, sub.r += i, sub.bottom += i, sub.top += i;
        sub.n = left < s->block ? left : s->block;
        extent_part *e = &s->part[k];
        memset(e, 0, sizeof *e);
        for (size_t j = 0; j < sub.n; j++) {
            if (!pole_valid(&sub, j))
                continue;
            const int32_t cx = cell_of(sub.x[j], s->cell), cz = cell_of(sub.z[j], s->cell);
            if (e->valid++ == 0)
                e->x0 = e->x1 = cx, e->z0 = e->z1 = cz;
            e->x0 = cx < e->x0 ? cx : e->x0, e->x1 = cx > e->x1 ? cx : e->x1;
            e->z0 = cz < e->z0 ? cz : e->z0, e->z1 = cz > e->z1 ? cz : e->z1;
            e->max_r = sub.r[j] > e->max_r ? sub.r[j] : e->max_r;
        }
    }
}

static int extent_on(const horde_stages *st, const horde_poles *p, float cell, extent *e)
{
    if (!st->tasks || p->n <= EXTENT_MIN_BLOCK)
        return extent_of(p, cell, e);
    static const size_t unit = EXTENT_MIN_BLOCK;
    /* Quotients rounded up without n + unit - 1, which wraps for n near SIZE_MAX. */
    const size_t units = p->n / unit + (p->n % unit != 0);
    extent_stage s;
    s.p = p, s.cell = cell, s.block = (units / EXTENT_BLOCKS + (units % EXTENT_BLOCKS != 0)) * unit;
    const uint32_t blocks = (uint32_t)(p->n / s.block + (p->n % s.block != 0));
    horde_stage(st, extent_blocks, blocks, 1, &s);
    int32_t x0 = 0, x1 = -1, z0 = 0, z1 = -1;
    memset(e, 0, sizeof *e);
    for (uint32_t k = 0; k < blocks; k++) {
        const extent_part *b = &s.part[k];
        if (!b->valid)
            continue;
        if (e->valid == 0)
            x0 = b->x0, x1 = b->x1, z0 = b->z0, z1 = b->z1;
        e->valid += b->valid;
        x0 = b->x0 < x0 ? b->x0 : x0, x1 = b->x1 > x1 ? b->x1 : x1;
        z0 = b->z0 < z0 ? b->z0 : z0, z1 = b->z1 > z1 ? b->z1 : z1;
        e->max_r = b->max_r > e->max_r ? b->max_r : e->max_r;
    }
    e->cx0 = x0, e->cz0 = z0;
    e->nx = e->valid ? (uint32_t)(x1 - x0 + 1) : 1, e->nz = e->valid ? (uint32_t)(z1 - z0 + 1) : 1;
    return (uint64_t)e->nx * e->nz <= HORDE_POLE_GRID_MAX_CELLS;
}

static int arrays_ok(const horde_poles *p) { return p->n == 0 || (p->x && p->z && p->r && p->bottom && p->top); }

/* The scratch a grid of this extent takes: start[cells + 1], then items[valid], from the
 * first 4-byte boundary in the scratch (GRID_SLACK bytes at most before it). */
#define GRID_SLACK (sizeof(uint32_t) - 1)
static size_t grid_bytes(const extent *e)
{
    return ((size_t)e->nx * e->nz + 1 + e->valid) * sizeof(uint32_t) + GRID_SLACK;
}

/* The cell of pole j in a grid of this extent (j valid, so inside it). */
static size_t cell_index(const horde_poles *p, size_t j, float cell, const extent *e)
{
    return (size_t)(cell_of(p->z[j], cell) - e->cz0) * e->nx + (size_t)(cell_of(p->x[j], cell) - e->cx0);
}

/* Every float compare (the cell's too) inside the FP guard: a caller's unmasked
 * invalid-operation trap must not fire on a NaN cell or pole. */
static size_t scratch_bytes(const horde_poles *poles, float cell)
{
    extent e;
    if (!poles || !arrays_ok(poles) || !horde_pole_cell_ok(cell) || !extent_of(poles, cell, &e))
        return 0;
    return grid_bytes(&e);
}

size_t horde_pole_grid_scratch_bytes(const horde_poles *poles, float cell)
{
    size_t bytes = 0;
    HORDE_CALL(bytes = scratch_bytes(poles, cell));
    return bytes;
}

static int build(const horde_stages *st, horde_pole_grid *g, const horde_poles *poles, float cell, void *scratch,
                 size_t bytes)
{
    if (!g || !poles || !scratch)
        return HORDE_ERR_NULL_ARG;
    if (!arrays_ok(poles))
        return HORDE_ERR_NULL_ARG;
    extent e;
    if (!horde_pole_cell_ok(cell) || !extent_on(st, poles, cell, &e) || bytes < grid_bytes(&e))
        return HORDE_ERR_BAD_PARAMS;
    const size_t cells = (size_t)e.nx * e.nz;
    const uintptr_t align = (uintptr_t)sizeof(uint32_t) - 1; /* the scratch has any alignment */
    uint32_t *start = (uint32_t *)(((uintptr_t)scratch + align) & ~align), *items = start + cells + 1;
    /* Counting sort by cell; filling in ascending j keeps every cell ascending. */
    memset(start, 0, (cells + 1) * sizeof *start);
    for (size_t j = 0; j < poles->n; j++)
        if (pole_valid(poles, j))
            start[cell_index(poles, j, cell, &e) + 1]++;
    for (size_t c = 0; c < cells; c++)
        start[c + 1] += start[c];
    for (size_t j = 0; j < poles->n; j++)
        if (pole_valid(poles, j))
            items[start[cell_index(poles, j, cell, &e)]++] = (uint32_t)j;
    for (size_t c = cells; c > 0; c--) /* undo the fill's shift: start[c] = first of cell c */
        start[c] = start[c - 1];
    start[0] = 0;
    g->cell = cell, g->max_r = e.max_r, g->cx0 = e.cx0, g->cz0 = e.cz0, g->nx = e.nx, g->nz = e.nz;
    g->start = start, g->items = items;
    return HORDE_OK;
}

horde_status horde_pole_grid_build_tasks(const horde_tasks *tasks, horde_pole_grid *g, const horde_poles *poles,
                                         float cell, void *scratch, size_t bytes)
{
    int st = horde_tasks_check(tasks);
    if (st == HORDE_OK) {
        horde_stages stages;
        horde_stages_init(&stages, tasks);
        HORDE_CALL(st = build(&stages, g, poles, cell, scratch, bytes));
    }
    return (horde_status)st;
}

horde_status horde_pole_grid_build(horde_pole_grid *g, const horde_poles *poles, float cell, void *scratch,
                                   size_t bytes)
{
    return horde_pole_grid_build_tasks(NULL, g, poles, cell, scratch, bytes);
}

/* Cells lo .. hi of one axis that a range [v - half, v + half] can reach, one cell wider
 * on each side (so rounding of v +- half cannot drop a pole the float test keeps),
 * clamped to the grid; empty (hi < lo) when outside it. */
static void cell_range(float v, float half, float cell, int32_t first, uint32_t count, int32_t *lo, int32_t *hi)
{
    const int32_t a = cell_of(v - half, cell) - 1, b = cell_of(v + half, cell) + 1;
    const int32_t last = first + (int32_t)count - 1;
    *lo = a < first ? first : a;
    *hi = b > last ? last : b;
}

static int lists(const horde_pole_grid *g, const horde_poles *poles, const horde_radial_push_batch *b, float reach,
                 uint32_t *offsets, uint32_t *indices, size_t capacity)
{
    if (!g || !poles || !b || !offsets || (b->n && (!b->x || !b->y || !b->z || !b->radius || !b->height)) ||
        (capacity && !indices) || (poles->n && (!poles->x || !poles->z || !poles->r || !poles->bottom || !poles->top)))
        return HORDE_ERR_NULL_ARG;
    if (!(reach >= 0.0f && reach <= HORDE_RADIAL_PUSH_MAX_RADIUS) || !horde_pole_grid_ok(g))
        return HORDE_ERR_BAD_PARAMS;
    size_t total = 0;
    for (size_t i = 0; i < b->n; i++) {
        offsets[i] = (uint32_t)total;
        const float x = b->x[i], z = b->z[i], r = b->radius[i];
        if (!horde_radial_push_mover_ok(x, b->y[i], z, r, b->height[i]) || !g->start[g->nx * g->nz])
            continue;
        /* |v| <= 2^16 and half <= 768: the cell indices fit easily. */
        const float half = r + g->max_r + reach;
        int32_t x0, x1, z0, z1;
        cell_range(x, half, g->cell, g->cx0, g->nx, &x0, &x1);
        cell_range(z, half, g->cell, g->cz0, g->nz, &z0, &z1);
        const size_t first = total;
        for (int32_t cz = z0; cz <= z1; cz++)
            for (int32_t cx = x0; cx <= x1; cx++) {
                const size_t c = (size_t)(cz - g->cz0) * g->nx + (size_t)(cx - g->cx0);
                for (uint32_t k = g->start[c]; k < g->start[c + 1]; k++) {
                    const uint32_t j = g->items[k];
                    const float lim = r + poles->r[j] + reach;
                    if (!(fabsf(x - poles->x[j]) <= lim && fabsf(z - poles->z[j]) <= lim))
                        continue;
                    if (total == UINT32_MAX) { /* offsets are 32-bit: no more entries */
                        for (size_t k2 = i + 1; k2 <= b->n; k2++)
                            offsets[k2] = UINT32_MAX;
                        return HORDE_ERR_BAD_PARAMS;
                    }
                    /* insertion into the mover's ascending list (where it fits) */
                    size_t at = total;
                    if (total < capacity) {
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
    offsets[b->n] = (uint32_t)total;
    return total <= capacity ? HORDE_OK : HORDE_ERR_BAD_PARAMS;
}

horde_status horde_pole_grid_lists(const horde_pole_grid *g, const horde_poles *poles,
                                   const horde_radial_push_batch *b, float reach, uint32_t *offsets,
                                   uint32_t *indices, size_t capacity)
{
    int st = HORDE_OK;
    HORDE_CALL(st = lists(g, poles, b, reach, offsets, indices, capacity));
    return (horde_status)st;
}
