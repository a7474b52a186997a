/* SPDX-License-Identifier: MIT */
/* horde — world.h: bit-packed voxel chunks and a world view over a grid of them.
 *
 * Axes: y is up. A block is the unit cube [x, x+1] x [y, y+1] x [z, z+1] for integer
 * x, y, z. A chunk holds 32 x 32 x 32 blocks, one bit each (4 KiB): rows[y][z] is a
 * uint32_t whose bit x (1u << x) says whether block (x, y, z) of the chunk is solid.
 *
 * A world view does not own or copy chunks: it is a grid of pointers to the caller's
 * chunks, so the engine keeps its storage and only refreshes pointers when chunks
 * load or unload. Grid cell (cx, cy, cz), relative to the view's origin, holds the
 * chunk covering blocks [32*(origin_cx+cx), 32*(origin_cx+cx)+32) etc. A NULL pointer
 * or a position outside the grid reads as the view's missing-chunk policy. */
#ifndef HORDE_WORLD_H
#define HORDE_WORLD_H

#include "horde/common.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_CHUNK_SIZE 32

typedef struct horde_chunk {
    uint32_t rows[HORDE_CHUNK_SIZE][HORDE_CHUNK_SIZE]; /* rows[y][z], bit x */
} horde_chunk;

typedef enum horde_missing {
    HORDE_MISSING_EMPTY = 0, /* missing chunks are air */
    HORDE_MISSING_SOLID = 1  /* missing chunks are solid (movers cannot leave the loaded area) */
} horde_missing;

typedef struct horde_world {
    const horde_chunk *const *chunks; /* nx*ny*nz pointers, index cx + nx*(cz + nz*cy); may hold NULL */
    int32_t origin_cx, origin_cy, origin_cz; /* chunk coordinates of grid cell (0, 0, 0) */
    int32_t nx, ny, nz;                      /* grid dimensions in chunks, each >= 0 */
    horde_missing missing;                   /* what NULL / out-of-grid chunks contain */
} horde_world;

/* Chunk helpers. Coordinates are chunk-local, 0..31; out-of-range coordinates are
 * ignored by set/clear and read as 0 by get. */
HORDE_API void horde_chunk_clear(horde_chunk *c);
HORDE_API void horde_chunk_fill(horde_chunk *c); /* every block solid */
HORDE_API void horde_chunk_set(horde_chunk *c, int x, int y, int z, int solid);
HORDE_API bool horde_chunk_get(const horde_chunk *c, int x, int y, int z);
/* blocks[x + 32*(z + 32*y)] != 0 means solid; 32768 bytes. */
HORDE_API void horde_chunk_from_bytes(horde_chunk *c, const uint8_t *blocks);

/* Initialise a view. Returns HORDE_ERR_BAD_WORLD for negative sizes, a grid whose
 * pointer count nx * ny * nz overflows int32 or a `missing` that is neither
 * HORDE_MISSING_EMPTY nor HORDE_MISSING_SOLID; HORDE_ERR_NULL_ARG for a NULL view, or for
 * a NULL chunks array with a non-empty grid. A grid with a zero size is empty, whatever
 * the other two sizes (every lookup follows `missing`; chunks may be NULL). */
HORDE_API horde_status horde_world_init(horde_world *w, const horde_chunk *const *chunks,
                                        int32_t origin_cx, int32_t origin_cy, int32_t origin_cz,
                                        int32_t nx, int32_t ny, int32_t nz, horde_missing missing);
/* Is world block (bx, by, bz) solid? Any int32 coordinates; missing chunks follow policy. */
HORDE_API bool horde_world_solid(const horde_world *w, int32_t bx, int32_t by, int32_t bz);
/* Checks a view's fields the way every kernel does: horde_world_init's statuses (HORDE_OK,
 * HORDE_ERR_NULL_ARG also for a NULL w, HORDE_ERR_BAD_WORLD). */
HORDE_API horde_status horde_world_check(const horde_world *w);

#ifdef __cplusplus
}
#endif
#endif
