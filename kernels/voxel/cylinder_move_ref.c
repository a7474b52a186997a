/* Scalar reference for horde_cylinder_move (semantics: cylinder_move.h). It DEFINES the
 * result; cylinder_move_tmpl.c must match it bit for bit.
 *
 * Seed 000's "hippie" collision correction: move a little, correct by the smallest
 * push-out, repeat. Substeps never exceed half the radius, so a correction can never
 * prefer the far side of a wall (no tunnelling). */
#include "cylinder_move.h"

static inline float fmax_sse(float a, float b) { return a > b ? a : b; }

HORDE_REFERENCE(cylinder_move)
{
    const float step = p->step, step_height = p->step_height;
    const uint32_t max_sub = p->max_substeps;
    for (size_t i = 0; i < b->n; i++) {
        const float x0 = b->x[i], y0 = b->y[i], z0 = b->z[i], r = b->radius[i], h = b->height[i];
        float dx = b->dx[i], dy = b->dy[i], dz = b->dz[i];
        if (!horde_cyl_move_valid(x0, y0, z0, dx, dy, dz, r, h)) {
            b->out_x[i] = x0, b->out_y[i] = y0, b->out_z[i] = z0;
            if (b->out_dx)
                b->out_dx[i] = 0.0f, b->out_dy[i] = 0.0f, b->out_dz[i] = 0.0f;
            b->out_flags[i] = HORDE_FLAG_INVALID;
            continue;
        }
        const float m = fmax_sse(fmax_sse(fabsf(dx), fabsf(dy)), fabsf(dz));
        if (m > HORDE_CYL_MOVE_MAX_DISP) {
            const float s = HORDE_CYL_MOVE_MAX_DISP / m;
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

        float px = x0, py = y0, pz = z0;
        int ground = 0;
        for (int32_t s = 0; s < k; s++) {
            float ox, oy, oz;
            uint32_t f;
            if (step_height > 0.0f) {
                /* Vertical part first (Minecraft's y-first order), then horizontal with
                 * step-up allowed if the vertical part left the mover on the ground. */
                horde_cyl_push_one(w, px, py + sy, pz, r, h, 0.0f, &ox, &oy, &oz, &f);
                if (f & HORDE_FLAG_STUCK) {
                    flags |= HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED;
                    break;
                }
                px = ox, py = oy, pz = oz;
                flags |= f & HORDE_CYL_MOVE_ACC_FLAGS;
                ground = (f & HORDE_FLAG_ON_GROUND) != 0;
                horde_cyl_push_one(w, px + sx, py, pz + sz, r, h, ground ? step_height : 0.0f, &ox,
                                   &oy, &oz, &f);
            } else {
                horde_cyl_push_one(w, px + sx, py + sy, pz + sz, r, h, 0.0f, &ox, &oy, &oz, &f);
            }
            if (f & HORDE_FLAG_STUCK) {
                flags |= HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED;
                break;
            }
            px = ox, py = oy, pz = oz;
            flags |= f & HORDE_CYL_MOVE_ACC_FLAGS;
            ground = (f & HORDE_FLAG_ON_GROUND) != 0;
        }
        b->out_x[i] = px, b->out_y[i] = py, b->out_z[i] = pz;
        if (b->out_dx)
            b->out_dx[i] = px - x0, b->out_dy[i] = py - y0, b->out_dz[i] = pz - z0;
        b->out_flags[i] = flags | (ground ? HORDE_FLAG_ON_GROUND : 0u);
    }
}
