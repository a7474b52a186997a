/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_crowd_separate (movers pushed apart). DEFINES the result;
 * crowd_separate_tmpl.c must match it bit for bit (semantics: crowd_separate.h). The
 * contact search, the iteration loop and the write-back are shared (crowd_stages.h:
 * horde_crowd_solve); what is here is one Jacobi iteration, one mover after another. */
#include "crowd_separate.h"

/* Mover s at the positions of buffer `cur`: returns whether it overlaps a contact; with
 * push set, writes its position after this iteration into buffer cur ^ 1. */
static int step(const crowd_work *w, uint32_t s, int cur, int push)
{
    const float *x = w->x[cur], *z = w->z[cur];
    const float xs = x[s], zs = z[s];
    int32_t sum_x = 0, sum_z = 0;
    uint32_t overlaps = 0;
    for (uint32_t k = 0; k < w->count[s]; k++) {
        const size_t e = horde_crowd_slot(s, k);
        const uint32_t t = w->part[e];
        const float R = w->R[e];
        const float dx = xs - x[t], dz = zs - z[t];
        const float d2 = dx * dx + dz * dz;
        if (!(d2 < R * R))
            continue;
        overlaps++;
        if (!push)
            continue;
        const float T = R + (fabsf(xs) + fabsf(zs) + R + CROWD_SKIN_FLOOR) * CROWD_SKIN;
        const float share = horde_crowd_share(w->share[e]);
        float px, pz;
        if (d2 < HORDE_CROWD_SEPARATE_TINY) { /* coincident axes: along x, by batch index */
            px = horde_crowd_side(w->share[e]) * (T * share), pz = 0.0f;
        } else {
            const float d = sqrtf(d2);
            const float g = ((T - d) * share) / d;
            px = dx * g, pz = dz * g;
        }
        sum_x += (int32_t)(px * CROWD_QUANT); /* truncation, |.| < 2^26: exact */
        sum_z += (int32_t)(pz * CROWD_QUANT);
    }
    if (push) {
        w->x[cur ^ 1][s] = overlaps ? xs + (float)sum_x * CROWD_UNQUANT : xs;
        w->z[cur ^ 1][s] = overlaps ? zs + (float)sum_z * CROWD_UNQUANT : zs;
    }
    return overlaps > 0;
}

/* One pass over movers lo ... (horde_crowd_pass_fn). */
static int pass(const crowd_work *w, int cur, int push, uint32_t flag, uint32_t lo, uint32_t hi)
{
    int any = 0;
    for (uint32_t s = lo; s < hi; s++)
        if (step(w, s, cur, push))
            w->flags[s] |= flag, any = 1;
    return any;
}

HORDE_REFERENCE(crowd_separate)
{
    (void)bytes;
    const horde_crowd_ops ops = {horde_crowd_validate, horde_crowd_cells, horde_crowd_scan_run,
                                 horde_crowd_slots, pass};
    horde_crowd_solve(stages, c, p, scratch, &ops);
}
