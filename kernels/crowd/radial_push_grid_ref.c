/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_radial_push_grid. DEFINES the result (semantics:
 * radial_push.h): each mover, in batch order, gets the list of its 3 x 3 grid cells as
 * one run of the grid's items per row, and pole_solve.h's solve, the list kernel's. */
#include "pole_solve.h"
#include "pole_sort.h"

/* The list of the mover in grid cell (cx, cz): rows cz - 1 .. cz + 1, in each the cells
 * cx - 1 .. cx + 1 clipped to the grid, which are adjacent in g->items. */
static pole_list grid_list(const horde_pole_grid *g, int32_t cx, int32_t cz)
{
    pole_list L = {g->items, {{0, 0}}, 0};
    const int32_t nx = (int32_t)g->nx, nz = (int32_t)g->nz;
    const int32_t lo = cx - 1 > 0 ? cx - 1 : 0, hi = cx + 1 < nx - 1 ? cx + 1 : nx - 1;
    if (lo > hi)
        return L;
    for (int32_t row = cz - 1; row <= cz + 1; row++) {
        if (row < 0 || row >= nz)
            continue;
        const size_t base = (size_t)row * g->nx;
        L.run[L.runs][0] = g->start[base + (size_t)lo];
        L.run[L.runs][1] = g->start[base + (size_t)hi + 1];
        L.runs++;
    }
    return L;
}

typedef struct ref_call {
    const horde_pole_grid *g;
    const horde_poles *poles;
    const horde_radial_push_grid_params *p;
    const horde_radial_push_grid_batch *b;
} ref_call;

/* Blocks [begin, end) of RADIAL_GRID_BLOCK movers. */
static void ref_blocks(uint32_t begin, uint32_t end, uint32_t worker, void *ctx)
{
    const ref_call *c = (const ref_call *)ctx;
    const horde_pole_grid *g = c->g;
    const pole_io io = POLE_IO_OF(c->b);
    const size_t n = c->b->n, hi = (size_t)end * RADIAL_GRID_BLOCK;
    (void)worker;
    for (size_t i = (size_t)begin * RADIAL_GRID_BLOCK; i < n && i < hi; i++) {
        pole_mover m;
        if (!pole_mover_of(&io, i, &m))
            continue;
        const pole_list L = grid_list(g, horde_pole_cell_of(m.x, g->cell, g->cx0),
                                      horde_pole_cell_of(m.z, g->cell, g->cz0));
        pole_mover_out(&io, i, &m, pole_solve(&m, c->poles, &L, c->p->iterations));
    }
}

/* One stage over blocks of movers (inline: one range of all of them). */
HORDE_REFERENCE(radial_push_grid)
{
    (void)scratch, (void)bytes; /* only the SIMD backends sort */
    ref_call c = {g, poles, p, b};
    const uint32_t blocks = (uint32_t)((b->n + RADIAL_GRID_BLOCK - 1) / RADIAL_GRID_BLOCK);
    horde_stage(stages, ref_blocks, blocks, 1, &c);
}
