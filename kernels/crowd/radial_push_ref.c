/* Scalar reference for horde_radial_push (movers out of vertical poles). DEFINES the
 * result; radial_push_tmpl.c must match it bit for bit (semantics: radial_push.h). */
#include "radial_push.h"

/* A mover's state during its solve. */
typedef struct mover {
    float x, z;          /* current axis */
    float y, top, r;     /* y, y + h (rounded once), radius */
} mover;

/* Does m overlap pole v? If so and push is set, move m onto the circle of radius
 * T = R + skin about the pole's axis. */
static int overlap_push(mover *m, const float v[5], int push)
{
    const float px = v[0], pz = v[1], R = m->r + v[2];
    const float dx = m->x - px, dz = m->z - pz;
    const float d2 = dx * dx + dz * dz;
    if (!(m->y < v[4] && m->top > v[3] && d2 < R * R))
        return 0;
    if (push) {
        const float t = R + (fabsf(px) + fabsf(pz) + R) * HORDE_RADIAL_SKIN;
        if (d2 < HORDE_RADIAL_TINY) {
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
static int pass(mover *m, const horde_poles *poles, const uint32_t *indices, uint32_t k0,
                uint32_t k1, int push, uint32_t *flags)
{
    int hit = 0;
    for (uint32_t k = k0; k < k1; k++) {
        float v[5];
        if (!horde_pole_of(poles, indices[k], v)) {
            *flags |= HORDE_FLAG_SKIPPED;
            continue;
        }
        hit |= overlap_push(m, v, push);
    }
    return hit;
}

HORDE_REFERENCE(radial_push)
{
    for (size_t i = 0; i < b->n; i++) {
        const float x = b->x[i], y = b->y[i], z = b->z[i], r = b->radius[i], h = b->height[i];
        if (!horde_radial_push_mover_ok(x, y, z, r, h)) {
            b->out_x[i] = x, b->out_y[i] = y, b->out_z[i] = z;
            b->out_flags[i] = HORDE_FLAG_INVALID;
            continue;
        }
        mover m = {x, z, y, y + h, r};
        const uint32_t k0 = offsets[i], k1 = offsets[i + 1];
        uint32_t flags = 0;
        int pushed = 0;
        for (uint32_t it = 0; it < iterations; it++) {
            pushed = pass(&m, poles, indices, k0, k1, 1, &flags);
            if (!pushed)
                break;
            flags |= HORDE_FLAG_COLLIDED;
        }
        if (pushed && pass(&m, poles, indices, k0, k1, 0, &flags))
            flags |= HORDE_FLAG_WEDGED;
        b->out_x[i] = m.x, b->out_y[i] = y, b->out_z[i] = m.z;
        b->out_flags[i] = flags;
    }
}
