/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_cylinder_move (semantics: cylinder_move.h). It DEFINES the
 * result; cylinder_move_tmpl.c must match it bit for bit.
 *
 * Seed 000's "hippie" collision correction: move a little, correct by the smallest
 * push-out, repeat. Substeps never exceed half the radius, so a correction can never
 * prefer the far side of a wall (no tunnelling). */
#include "cylinder_move.h"

/* A mover between substeps: where it is, the flags gathered, whether it is on the ground. */
typedef struct mover {
    float x, y, z;
    uint32_t flags;
    int ground;
} mover;

/* Push the mover, moved to (x, y, z), out of the world (step-up up to step_h). Returns 0,
 * leaving it where it was with STUCK set, when no exit is free. */
static int push_to(const horde_world *w, mover *m, float x, float y, float z, float r, float h,
                   float step_h)
{
    float ox, oy, oz;
    uint32_t f;
    horde_cylinder_push_one(w, x, y, z, r, h, step_h, &ox, &oy, &oz, &f);
    if (f & HORDE_FLAG_STUCK) {
        m->flags |= HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED;
        return 0;
    }
    m->x = ox, m->y = oy, m->z = oz;
    m->flags |= f & HORDE_CYLINDER_MOVE_ACC_FLAGS;
    m->ground = (f & HORDE_FLAG_ON_GROUND) != 0;
    return 1;
}

HORDE_REFERENCE(cylinder_move)
{
    const float step = p->step, step_height = p->step_height;
    const uint32_t max_sub = p->max_substeps;
    for (size_t i = 0; i < b->n; i++) {
        const float x0 = b->x[i], y0 = b->y[i], z0 = b->z[i], r = b->radius[i], h = b->height[i];
        float dx = b->dx[i], dy = b->dy[i], dz = b->dz[i];
        if (!horde_cylinder_move_valid(x0, y0, z0, dx, dy, dz, r, h)) {
            HORDE_MOVE_OUT_INVALID(b, i);
            continue;
        }
        const float m = horde_maxf(horde_maxf(fabsf(dx), fabsf(dy)), fabsf(dz));
        if (m > HORDE_CYLINDER_MOVE_MAX_DISP) {
            const float s = HORDE_CYLINDER_MOVE_MAX_DISP / m;
            dx *= s, dy *= s, dz *= s;
        }
        const float half = 0.5f * r;
        const float len = half < step ? half : step;
        const float dist = sqrtf(dx * dx + dy * dy + dz * dz);
        const float q = dist / len;
        const float fmax_sub = (float)max_sub;
        uint32_t flags = 0;
        int32_t k;
        if (q > fmax_sub) {
            const float s = (fmax_sub * len) / dist;
            dx *= s, dy *= s, dz *= s;
            k = (int32_t)max_sub;
            flags |= HORDE_FLAG_TRUNCATED;
        } else {
            k = horde_iceil(q);
            if (k < 1)
                k = 1;
        }
        const float fk = (float)k;
        const float sx = dx / fk, sy = dy / fk, sz = dz / fk;

        mover at = {x0, y0, z0, flags, 0};
        for (int32_t s = 0; s < k; s++) {
            if (step_height > 0.0f) {
                /* Vertical part first (Minecraft's y-first order), then horizontal with
                 * step-up allowed if the vertical part left the mover on the ground. */
                if (!push_to(w, &at, at.x, at.y + sy, at.z, r, h, 0.0f) ||
                    !push_to(w, &at, at.x + sx, at.y, at.z + sz, r, h, at.ground ? step_height : 0.0f))
                    break;
            } else if (!push_to(w, &at, at.x + sx, at.y + sy, at.z + sz, r, h, 0.0f)) {
                break;
            }
        }
        b->out_x[i] = at.x, b->out_y[i] = at.y, b->out_z[i] = at.z;
        if (b->out_dx)
            b->out_dx[i] = at.x - x0, b->out_dy[i] = at.y - y0, b->out_dz[i] = at.z - z0;
        b->out_flags[i] = at.flags | (at.ground ? HORDE_FLAG_ON_GROUND : 0u);
    }
}
