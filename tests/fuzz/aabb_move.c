/* SPDX-License-Identifier: MIT */
/* Fuzz target: horde_aabb_move (fuzz.h has the harness). Checks: backends equal scalar
 * bit for bit; BAD_PARAMS exactly for the header's parameter bounds; an invalid box is
 * copied with a +0 displacement and flags INVALID alone; a box that starts overlapping
 * is left where it is with STUCK | COLLIDED; a box that starts free ends free (the
 * header's float overlap test); the displacement made is end - start in float. */
#include "fuzz.h"

enum { C_MOVED, C_COLLIDED, C_INVALID, C_STUCK, C_STEP, C_BAD_PARAMS, C_N };
static const char *const names[C_N] = {"moved", "collided", "invalid", "stuck", "step_taken", "bad_params"};

FZ_INITIALIZE(names, 3) /* the first 3 must move */

/* v: x, y, z, dx, dy, dz, hx, hz, h */
static int valid_box(const float *v)
{
    if (!fz_move_valid_start(v, HORDE_AABB_MOVE_MAX_COORD))
        return 0;
    return v[6] > 0.0f && v[6] <= HORDE_AABB_MOVE_MAX_HALF && v[7] > 0.0f &&
           v[7] <= HORDE_AABB_MOVE_MAX_HALF && v[8] > 0.0f && v[8] <= HORDE_AABB_MOVE_MAX_HEIGHT;
}

static int valid_params(const horde_aabb_move_params *p)
{
    return p->step_height >= 0.0f && p->step_height <= HORDE_AABB_MOVE_MAX_STEP_HEIGHT &&
           p->max_distance > 0.0f && p->max_distance <= HORDE_AABB_MOVE_MAX_DISTANCE;
}

/* The header's overlap test, in float. */
static int box_overlaps(const horde_world *w, float x, float y, float z, float hx, float hz, float h)
{
    const float lx = x - hx, ux = x + hx, lz = z - hz, uz = z + hz, top = y + h;
    for (double by = floor(y) - 1; by <= ceil(top) + 1; by++)
        for (double bz = floor(lz) - 1; bz <= ceil(uz) + 1; bz++)
            for (double bx = floor(lx) - 1; bx <= ceil(ux) + 1; bx++)
                if ((float)bx < ux && (float)bx + 1.0f > lx && (float)by < top && (float)by + 1.0f > y &&
                    (float)bz < uz && (float)bz + 1.0f > lz &&
                    horde_world_solid(w, (int32_t)bx, (int32_t)by, (int32_t)bz))
                    return 1;
    return 0;
}

FZ_MOVE_TARGET(aabb_move, 9, x[3], x[4], x[5], x[6], x[7], x[8])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FZ_MOVE_OPEN(aabb_move);
    if (fz_u8(&b) & 1)
        p.step_height = fz_float(&b, 4.5f), p.max_distance = fz_float(&b, 40.0f);
    float *x[9];
    fz_move_inputs(in, 9, c, x);
    for (size_t i = 0; i < n; i++) {
        fz_move_item(&b, &fw, x, i, 60.0f);
        x[6][i] = fz_float(&b, 1.6f), x[7][i] = fz_float(&b, 1.6f), x[8][i] = fz_float(&b, 4.5f);
    }
    FZ_MOVE_RUN_SCALAR(valid_params(&p), C_BAD_PARAMS);
    for (size_t i = 0; st == HORDE_OK && i < n; i++) {
        float v[9];
        for (int k = 0; k < 9; k++)
            v[k] = x[k][i];
        const int same = fz_move_stayed(o, v, i), zero_d = fz_move_zero_d(o, i);
        if (fz_move_invalid_lane(o, f, i, valid_box(v), same, C_INVALID, "box"))
            continue;
        const int start_over = box_overlaps(&fw.w, v[0], v[1], v[2], v[6], v[7], v[8]);
        if (start_over) {
            FZ_CHECK(same && zero_d && f[i] == (HORDE_FLAG_STUCK | HORDE_FLAG_COLLIDED),
                     "lane %zu: a box starting inside a block was not left STUCK (%#x)", i, f[i]);
            fz_count(C_STUCK, 1);
            continue;
        }
        FZ_CHECK(!box_overlaps(&fw.w, o[0][i], o[1][i], o[2][i], v[6], v[7], v[8]),
                 "lane %zu: box (%a, %a, %a) half (%a, %a) h %a d (%a, %a, %a) started free, ends overlapping at "
                 "(%a, %a, %a), flags %#x", i, v[0], v[1], v[2], v[6], v[7], v[8], v[3], v[4], v[5], o[0][i],
                 o[1][i], o[2][i], f[i]);
        fz_move_check_made(o, v, i);
        fz_count(C_MOVED, !same);
        fz_count(C_COLLIDED, (f[i] & HORDE_FLAG_COLLIDED) != 0);
        fz_count(C_STEP, (f[i] & HORDE_FLAG_STEP_TAKEN) != 0);
    }
    FZ_FOR_EACH_SIMD_BACKEND(isa)
        fz_move_same_as_scalar(isa, c, run(isa, 1, x, c, &p), &res[1], st, &res[0]);
    return 0;
}
