/* SPDX-License-Identifier: MIT */
/* Fuzz target: horde_point_move (fuzz.h has the harness). Checks: backends equal scalar
 * bit for bit; BAD_PARAMS exactly for the header's parameter bounds; an invalid point is
 * copied with a +0 displacement and flags INVALID alone; a point that is not STUCK
 * ends in a free block (the start is corrected first), so one that starts free always
 * ends free. */
#include "fuzz.h"

enum { C_MOVED, C_CORRECTED, C_INVALID, C_STUCK, C_TRUNCATED, C_BAD_PARAMS, C_N };
static const char *const names[C_N] = {"moved", "corrected", "invalid", "stuck", "truncated", "bad_params"};

FZ_INITIALIZE(names, 3) /* the first 3 must move */

static int valid_point(const float *v)
{
    return fz_move_valid_start(v, HORDE_POINT_MOVE_MAX_COORD);
}

static int valid_params(const horde_point_move_params *p)
{
    return p->step > 0.0f && p->step <= HORDE_POINT_MOVE_MAX_STEP && p->skin >= 0.0f &&
           p->skin <= HORDE_POINT_MOVE_MAX_SKIN && p->max_substeps >= 1 &&
           p->max_substeps <= HORDE_POINT_MOVE_MAX_SUBSTEPS;
}

static int solid_at(const horde_world *w, const float *p)
{
    return horde_world_solid(w, (int32_t)floorf(p[0]), (int32_t)floorf(p[1]), (int32_t)floorf(p[2]));
}

FZ_MOVE_TARGET(point_move, 6, x[3], x[4], x[5])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FZ_MOVE_OPEN(point_move);
    if (fz_u8(&b) & 1) {
        p.step = fz_float(&b, 0.5f), p.skin = fz_float(&b, 0.3f);
        p.max_substeps = fz_u16(&b) % 5000;
    }
    float *x[6];
    fz_move_inputs(in, 6, c, x);
    for (size_t i = 0; i < n; i++)
        fz_move_item(&b, &fw, x, i, 400.0f);
    FZ_MOVE_RUN_SCALAR(valid_params(&p), C_BAD_PARAMS);
    for (size_t i = 0; st == HORDE_OK && i < n; i++) {
        const float v[6] = {x[0][i], x[1][i], x[2][i], x[3][i], x[4][i], x[5][i]};
        const float e[3] = {o[0][i], o[1][i], o[2][i]};
        const int same = fz_move_stayed(o, v, i);
        if (fz_move_invalid_lane(o, f, i, valid_point(v), same, C_INVALID, "point"))
            continue;
        if (!(f[i] & HORDE_FLAG_STUCK))
            FZ_CHECK(!solid_at(&fw.w, e), "lane %zu: (%a, %a, %a) d (%a, %a, %a) ends in a solid block at "
                     "(%a, %a, %a), flags %#x", i, v[0], v[1], v[2], v[3], v[4], v[5], e[0], e[1], e[2], f[i]);
        else
            FZ_CHECK(solid_at(&fw.w, v) || (f[i] & HORDE_FLAG_COLLIDED), "lane %zu: STUCK without a collision", i);
        fz_count(C_MOVED, !same);
        fz_count(C_CORRECTED, (f[i] & HORDE_FLAG_COLLIDED) != 0);
        fz_count(C_STUCK, (f[i] & HORDE_FLAG_STUCK) != 0);
        fz_count(C_TRUNCATED, (f[i] & HORDE_FLAG_TRUNCATED) != 0);
    }
    FZ_FOR_EACH_SIMD_BACKEND(isa)
        fz_move_same_as_scalar(isa, c, run(isa, 1, x, c, &p), &res[1], st, &res[0]);
    return 0;
}
