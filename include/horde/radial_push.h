/* horde — radial_push.h: vertical-cylinder movers pushed out of static vertical
 * cylinders ("poles": trees, posts, pillars), radially, with both radii.
 *
 * A pole j is a vertical cylinder: axis (x[j], z[j]), radius r[j], from y = bottom[j] to
 * y = top[j]. A mover is the cylinder of horde_cylinder_batch (cylinder_push.h): bottom
 * centre (x, y, z), radius, height. Each mover is tested against its own candidate list,
 * pole indices[k] for k in [offsets[i], offsets[i + 1]) (the caller's broadphase fills
 * it, as for horde_sphere_tri_list).
 *
 * Overlap (all in float, in this order): with R = r + r[j], dx = x - x[j],
 * dz = z - z[j], d2 = dx * dx + dz * dz, the mover overlaps pole j when
 *     y < top[j]  and  y + h > bottom[j]  and  d2 < R * R
 * (strict: touching is not overlapping; a pole of radius 0 is a vertical segment that a
 * mover of radius 0 never overlaps). Seed 004's radial correction compared the distance
 * with the pole's radius alone, so a mover fitted through gaps narrower than itself;
 * here the sum of both radii decides.
 *
 * Push out of one pole: the mover's axis goes onto the circle of radius
 *     T = R + skin,   skin = (|x[j]| + |z[j]| + R) * 2^-20   (HORDE_RADIAL_SKIN)
 * about the pole's axis, along the offset: s = T / sqrt(d2), x = x[j] + dx * s,
 * z = z[j] + dz * s. The skin is 16 times the worst rounding of those operations, so
 * that the pushed mover never tests as overlapping the same pole again. A centre within
 * 2^-50 of the pole's axis (d2 < 2^-100, HORDE_RADIAL_TINY: the offset is rounding noise)
 * is pushed along +x: x = x[j] + T, z unchanged. y never changes.
 *
 * Several poles (the combined correction): up to `iterations` passes over the list, in
 * list order, each pass pushing the mover out of every entry it overlaps at its current
 * position (Gauss-Seidel projection: each push starts from where the previous one left
 * the mover). A pass that finds no overlap ends the solve: the mover then overlaps no
 * pole of its list. If the last allowed pass still pushed, one more pass tests (without
 * pushing) whether any overlap remains; if so the mover is WEDGED: there is no room for
 * it between those poles, or not enough passes to find it; its position is where the
 * last pass left it (it overlaps at least one pole). Two poles closer than the mover's
 * diameter with the mover between them is the typical wedge. One pass separates a mover
 * from a single pole; poles whose pushes do not interact need one pass plus the test.
 *
 * Results: out_x, out_z as above, out_y = y; flags
 *     HORDE_FLAG_COLLIDED   some pass pushed the mover
 *     HORDE_FLAG_WEDGED     still overlapping after the last pass (see above)
 *     HORDE_FLAG_SKIPPED    the list named a pole index >= poles->n or an invalid pole
 *                           (the entry is ignored)
 *
 * Valid input. Mover: x, y, z finite with |v| <= HORDE_RADIAL_MAX_COORD, 0 <= radius <=
 * HORDE_RADIAL_MAX_RADIUS, 0 <= height <= HORDE_RADIAL_MAX_HEIGHT; an invalid mover gets
 * flags = HORDE_FLAG_INVALID and its input bits as outputs. Pole: x, z, bottom, top finite
 * with |v| <= HORDE_RADIAL_MAX_COORD, bottom <= top, 0 <= r <= HORDE_RADIAL_MAX_RADIUS.
 * NaN fails every test.
 *
 * Call: horde_radial_push(poles, offsets, indices, iterations, batch). offsets has
 * batch->n + 1 non-decreasing entries; 1 <= iterations <= HORDE_RADIAL_MAX_ITERATIONS.
 * n == 0 is valid and touches no pointer. Outputs may be the very same arrays as the
 * inputs (out_x == x ...); no other overlap. Returns HORDE_OK, HORDE_ERR_NULL_ARG or
 * HORDE_ERR_BAD_PARAMS (iterations out of range, decreasing offsets).
 *
 * Frame recipe: use the correction as a displacement (out - in) added to the mover's
 * intent before horde_cylinder_move, so the voxel world has the last word and a push can
 * never put a mover into a block.
 *
 * Every backend returns exactly the scalar reference's bits. */
#ifndef HORDE_RADIAL_PUSH_H
#define HORDE_RADIAL_PUSH_H

#include "horde/cylinder_push.h"

#ifdef __cplusplus
extern "C" {
#endif

#define HORDE_RADIAL_MAX_COORD 65536.0f   /* 2^16: float spacing 2^-7 there */
#define HORDE_RADIAL_MAX_RADIUS 256.0f    /* movers and poles */
#define HORDE_RADIAL_MAX_HEIGHT 256.0f    /* movers */
#define HORDE_RADIAL_MAX_ITERATIONS 64u
#define HORDE_RADIAL_SKIN 0x1p-20f        /* skin = (|x[j]| + |z[j]| + R) * HORDE_RADIAL_SKIN */
#define HORDE_RADIAL_TINY 0x1p-100f       /* d2 below this: centre on the axis, push along +x */

#define HORDE_FLAG_WEDGED 0x800u   /* radial_push: still overlapping a pole after the last pass */
#define HORDE_FLAG_SKIPPED 0x1000u /* radial_push: a list entry named no valid pole */

/* Static vertical cylinders, element j of each array; no alignment needed. */
typedef struct horde_poles {
    const float *x, *z, *r, *bottom, *top;
    size_t n;
} horde_poles;

HORDE_API int horde_radial_push(const horde_poles *poles, const uint32_t *offsets,
                                const uint32_t *indices, uint32_t iterations,
                                const horde_cylinder_batch *b);
/* The same with a named backend (tests and benchmarks). HORDE_ERR_UNKNOWN_ISA /
 * HORDE_ERR_UNSUPPORTED_ISA when that backend cannot run here. */
HORDE_API int horde_radial_push_isa(horde_isa isa, const horde_poles *poles,
                                    const uint32_t *offsets, const uint32_t *indices,
                                    uint32_t iterations, const horde_cylinder_batch *b);

#ifdef __cplusplus
}
#endif
#endif
