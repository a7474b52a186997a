/* SPDX-License-Identifier: MIT */
/* Fuzz target: horde_cylinder_move (fuzz.h has the harness). As the push target, plus
 * parameters from raw bits (BAD_PARAMS exactly when the header says), displacements of
 * every size, the optional displacement outputs present or NULL. Checks: backends equal
 * scalar bit for bit (status, positions, displacements, flags); an invalid mover is
 * copied, displacement +0, flags INVALID alone; a valid mover that starts free ends free
 * (STUCK stops at the last free position); the displacement made is end - start in
 * float. */
#include "fuzz.h"

enum { C_MOVED, C_COLLIDED, C_INVALID, C_BAD_PARAMS, C_STUCK, C_TRUNCATED, C_N };
static const char *const names[C_N] = {"moved", "collided", "invalid", "bad_params", "stuck", "truncated"};

FZ_INITIALIZE(names, 4) /* the first 4 must move */

static int valid_mover(const float *v)
{
    if (!fz_move_valid_start(v, HORDE_CYLINDER_MOVE_MAX_COORD))
        return 0;
    return v[6] >= HORDE_CYLINDER_MOVE_MIN_RADIUS && v[6] <= HORDE_CYLINDER_MOVE_MAX_RADIUS &&
           v[7] >= 0.0f && v[7] <= HORDE_CYLINDER_MOVE_MAX_HEIGHT;
}

static int valid_params(const horde_cylinder_move_params *p)
{
    return p->step > 0.0f && p->step <= 1.0f && p->step_height >= 0.0f && p->step_height <= 1.0f &&
           p->max_substeps >= 1 && p->max_substeps <= HORDE_CYLINDER_MOVE_MAX_SUBSTEPS;
}

FZ_MOVE_TARGET(cylinder_move, 8, x[3], x[4], x[5], x[6], x[7])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FZ_MOVE_OPEN(cylinder_move);
    if (fz_u8(&b) & 1) {
        p.step = fz_float(&b, 1.0f), p.step_height = fz_float(&b, 1.0f);
        p.max_substeps = fz_u16(&b) % 5000;
    }
    float *x[8];
    fz_move_inputs(in, 8, c, x);
    for (size_t i = 0; i < n; i++) {
        fz_move_item(&b, &fw, x, i, 400.0f);
        x[6][i] = fz_float(&b, 0.6f);
        x[7][i] = fz_float(&b, 3.5f);
    }
    FZ_MOVE_RUN_SCALAR(valid_params(&p), C_BAD_PARAMS);
    for (size_t i = 0; st == HORDE_OK && i < n; i++) {
        const float v[8] = {x[0][i], x[1][i], x[2][i], x[3][i], x[4][i], x[5][i], x[6][i], x[7][i]};
        const int same = fz_move_stayed(o, v, i);
        if (fz_move_invalid_lane(o, f, i, valid_mover(v), same, C_INVALID, "mover"))
            continue;
        fz_move_check_made(o, v, i);
        if (!fz_cyl_overlaps(&fw.w, v[0], v[1], v[2], v[6], v[7]))
            FZ_CHECK(!fz_cyl_overlaps(&fw.w, o[0][i], o[1][i], o[2][i], v[6], v[7]),
                     "lane %zu: started free at (%a, %a, %a) r %a h %a d (%a, %a, %a), ends overlapping at "
                     "(%a, %a, %a), flags %#x",
                     i, v[0], v[1], v[2], v[6], v[7], v[3], v[4], v[5], o[0][i], o[1][i], o[2][i], f[i]);
        fz_count(C_MOVED, !same);
        fz_count(C_COLLIDED, (f[i] & HORDE_FLAG_COLLIDED) != 0);
        fz_count(C_STUCK, (f[i] & HORDE_FLAG_STUCK) != 0);
        fz_count(C_TRUNCATED, (f[i] & HORDE_FLAG_TRUNCATED) != 0);
    }
    FZ_FOR_EACH_SIMD_BACKEND(isa)
        fz_move_same_as_scalar(isa, c, run(isa, 1, x, c, &p), &res[1], st, &res[0]);
    return 0;
}
