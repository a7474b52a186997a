/* SPDX-License-Identifier: MIT */
/* Scalar reference for horde_radial_push (movers out of vertical poles). DEFINES the
 * result; radial_push_tmpl.c must match it bit for bit (semantics: radial_push.h). The
 * solve itself is pole_solve.h's, shared with the grid kernel's reference. */
#include "pole_solve.h"

HORDE_REFERENCE(radial_push)
{
    const pole_io io = POLE_IO_OF(b);
    for (size_t i = 0; i < b->n; i++) {
        pole_mover m;
        if (!pole_mover_of(&io, i, &m))
            continue;
        const pole_list L = {b->indices, {{b->offsets[i], b->offsets[i + 1]}}, 1};
        pole_mover_out(&io, i, &m, pole_solve(&m, poles, &L, p->iterations));
    }
}
