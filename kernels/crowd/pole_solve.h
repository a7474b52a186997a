/* SPDX-License-Identifier: MIT */
/* Internal: the scalar solve both radial push references share (radial_push_ref.c,
 * radial_push_grid_ref.c), so the list and grid kernels give the same bits for the same
 * candidate list. Semantics: include/horde/radial_push.h. */
#ifndef HORDE_POLE_SOLVE_H
#define HORDE_POLE_SOLVE_H

#include "radial_push.h"

/* A mover during its solve. */
typedef struct pole_mover {
    float x, z;      /* current axis */
    float y, top, r; /* y, y + h (rounded once), radius */
} pole_mover;

/* A candidate list as runs of an index array: entries indices[run[i][0] .. run[i][1]) for
 * i < runs, in that order. The list kernel has one run (the mover's offsets); the grid
 * kernel one per grid row of its 3 x 3 cells (cells of a row are adjacent in the grid). */
#define POLE_MAX_RUNS 3
typedef struct pole_list {
    const uint32_t *indices;
    uint32_t run[POLE_MAX_RUNS][2];
    int runs;
} pole_list;

/* Does m overlap pole v? If so and push is set, move m onto the circle of radius
 * T = R + skin about the pole's axis. */
static inline int pole_overlap_push(pole_mover *m, const float v[5], int push)
{
    const float px = v[0], pz = v[1], R = m->r + v[2];
    const float dx = m->x - px, dz = m->z - pz;
    const float d2 = dx * dx + dz * dz;
    if (!(m->y < v[4] && m->top > v[3] && d2 < R * R))
        return 0;
    if (push) {
        const float t = R + (fabsf(px) + fabsf(pz) + R) * HORDE_RADIAL_PUSH_SKIN;
        if (d2 < HORDE_RADIAL_PUSH_TINY) {
            m->x = px + t; /* on the axis: along +x, z unchanged */
        } else {
            const float s = t / sqrtf(d2);
            m->x = px + dx * s;
            m->z = pz + dz * s;
        }
    }
    return 1;
}

/* One pass over the list: returns whether any entry overlapped (and pushed, if push). */
static inline int pole_pass(pole_mover *m, const horde_poles *poles, const pole_list *L, int push,
                            uint32_t *flags)
{
    int hit = 0;
    for (int i = 0; i < L->runs; i++)
        for (uint32_t k = L->run[i][0]; k < L->run[i][1]; k++) {
            float v[5];
            if (!horde_pole_of(poles, L->indices[k], v)) {
                *flags |= HORDE_FLAG_SKIPPED;
                continue;
            }
            hit |= pole_overlap_push(m, v, push);
        }
    return hit;
}

/* The whole solve of a valid mover: up to `iterations` pushing passes, then the test
 * pass when the last one still pushed. Returns the flags. */
static inline uint32_t pole_solve(pole_mover *m, const horde_poles *poles, const pole_list *L,
                                  uint32_t iterations)
{
    uint32_t flags = 0;
    int pushed = 0;
    for (uint32_t it = 0; it < iterations; it++) {
        pushed = pole_pass(m, poles, L, 1, &flags);
        if (!pushed)
            break;
        flags |= HORDE_FLAG_COLLIDED;
    }
    if (pushed && pole_pass(m, poles, L, 0, &flags))
        flags |= HORDE_FLAG_WEDGED;
    return flags;
}

/* The mover arrays of a radial_push or radial_push_grid batch (the two batches share
 * these fields; only the list kernel's has lists). */
typedef struct pole_io {
    const float *x, *y, *z, *radius, *height;
    float *out_x, *out_y, *out_z;
    uint32_t *out_flags;
} pole_io;
#define POLE_IO_OF(b)                                                                      \
    {(b)->x, (b)->y, (b)->z, (b)->radius, (b)->height, (b)->out_x, (b)->out_y, (b)->out_z, \
     (b)->out_flags}

/* Mover i into *m; 0 for an invalid mover, whose outputs (its input bits, INVALID) are
 * then written. */
static inline int pole_mover_of(const pole_io *b, size_t i, pole_mover *m)
{
    const float x = b->x[i], y = b->y[i], z = b->z[i], r = b->radius[i], h = b->height[i];
    if (!horde_radial_push_mover_ok(x, y, z, r, h)) {
        b->out_x[i] = x, b->out_y[i] = y, b->out_z[i] = z;
        b->out_flags[i] = HORDE_FLAG_INVALID;
        return 0;
    }
    m->x = x, m->z = z, m->y = y, m->top = y + h, m->r = r;
    return 1;
}

/* Mover i's outputs after its solve. */
static inline void pole_mover_out(const pole_io *b, size_t i, const pole_mover *m, uint32_t flags)
{
    b->out_x[i] = m->x, b->out_y[i] = m->y, b->out_z[i] = m->z;
    b->out_flags[i] = flags;
}

#endif
