/* SPDX-License-Identifier: MIT */
/* Chunks and world views: the only code that reads voxel memory. */
#include "horde/world.h"
#include "voxel/window.h"

#include <string.h>

void horde_chunk_clear(horde_chunk *c) { memset(c, 0, sizeof *c); }

void horde_chunk_fill(horde_chunk *c) { memset(c, 0xff, sizeof *c); }

static int in_chunk(int x, int y, int z)
{
    return (unsigned)x < HORDE_CHUNK_SIZE && (unsigned)y < HORDE_CHUNK_SIZE &&
           (unsigned)z < HORDE_CHUNK_SIZE;
}

void horde_chunk_set(horde_chunk *c, int x, int y, int z, int solid)
{
    if (!in_chunk(x, y, z))
        return;
    if (solid)
        c->rows[y][z] |= 1u << x;
    else
        c->rows[y][z] &= ~(1u << x);
}

bool horde_chunk_get(const horde_chunk *c, int x, int y, int z)
{
    if (!in_chunk(x, y, z))
        return 0;
    return (int)((c->rows[y][z] >> x) & 1u);
}

void horde_chunk_from_bytes(horde_chunk *c, const uint8_t *blocks)
{
    for (int y = 0; y < HORDE_CHUNK_SIZE; y++)
        for (int z = 0; z < HORDE_CHUNK_SIZE; z++) {
            uint32_t row = 0;
            const uint8_t *b = blocks + HORDE_CHUNK_SIZE * (z + HORDE_CHUNK_SIZE * y);
            for (int x = 0; x < HORDE_CHUNK_SIZE; x++)
                row |= (uint32_t)(b[x] != 0) << x;
            c->rows[y][z] = row;
        }
}

horde_status horde_world_check(const horde_world *w)
{
    if (!w)
        return HORDE_ERR_NULL_ARG;
    if (w->nx < 0 || w->ny < 0 || w->nz < 0)
        return HORDE_ERR_BAD_WORLD;
    if (w->missing != HORDE_MISSING_EMPTY && w->missing != HORDE_MISSING_SOLID)
        return HORDE_ERR_BAD_WORLD;
    /* A grid with a zero dimension is empty, whatever the other two: no pointers. */
    if (w->nx == 0 || w->ny == 0 || w->nz == 0)
        return HORDE_OK;
    /* The pointer count must fit int32; test by division so nothing can overflow. */
    int64_t count = (int64_t)w->nx * w->ny; /* < 2^62: cannot overflow */
    if (count > INT32_MAX || (w->nz && count > INT32_MAX / w->nz))
        return HORDE_ERR_BAD_WORLD;
    count *= w->nz;
    if (count > 0 && !w->chunks)
        return HORDE_ERR_NULL_ARG;
    return HORDE_OK;
}

horde_status horde_world_init(horde_world *w, const horde_chunk *const *chunks, int32_t origin_cx,
                              int32_t origin_cy, int32_t origin_cz, int32_t nx, int32_t ny,
                              int32_t nz, horde_missing missing)
{
    if (!w)
        return HORDE_ERR_NULL_ARG;
    horde_world v = {chunks, origin_cx, origin_cy, origin_cz, nx, ny, nz, missing};
    const horde_status st = horde_world_check(&v);
    if (st == HORDE_OK)
        *w = v;
    return st;
}

bool horde_world_solid(const horde_world *w, int32_t bx, int32_t by, int32_t bz)
{
    if (horde_world_check(w) != HORDE_OK)
        return 0;
    const horde_chunk *c = horde_world_chunk(w, bx >> 5, by >> 5, bz >> 5);
    return (int)((c->rows[by & 31][bz & 31] >> (bx & 31)) & 1u);
}
