/* SPDX-License-Identifier: MIT */
/* Fuzz target: horde_cylinder_push (fuzz.h has the harness). Worlds with missing chunks
 * and extreme origins, raw-bit movers around them, n from 0 past the tile size, offset
 * and aliased arrays, a caller FP environment from the bytes. Checks, per lane:
 * every backend equals scalar bit for bit; an invalid mover is copied with flags =
 * INVALID alone; a valid mover that starts free is left as it is (flags at most
 * ON_GROUND); a valid one that is not STUCK ends overlapping nothing (the header's
 * float test); a STUCK one is left where it was. */
#include "fuzz.h"

enum { C_PUSHED, C_FREE, C_INVALID, C_STUCK, C_N };
static const char *const names[C_N] = {"pushed", "started_free", "invalid", "stuck"};

FZ_INITIALIZE(names, 3) /* the first 3 must move */

static int valid_mover(float x, float y, float z, float r, float h)
{
    return fabsf(x) <= HORDE_CYLINDER_PUSH_MAX_COORD && fabsf(y) <= HORDE_CYLINDER_PUSH_MAX_COORD &&
           fabsf(z) <= HORDE_CYLINDER_PUSH_MAX_COORD && r >= 0.0f &&
           r <= HORDE_CYLINDER_PUSH_MAX_RADIUS && h >= 0.0f && h <= HORDE_CYLINDER_PUSH_MAX_HEIGHT;
}

static fz_world fw;
static fz_floats in[5];
static fz_move_out res[2];

/* One call c on isa; outputs in res[slot] (aliasing the inputs when c.alias: the inputs
 * are copied there first). Returns the status. */
static int run(horde_isa isa, int slot, float *const *x, fz_move_call c)
{
    const fz_move_io io = fz_move_begin(&res[slot], x, c);
    const horde_cylinder_push_batch b = {io.pos[0], io.pos[1], io.pos[2], x[3], x[4], io.o[0], io.o[1], io.o[2],
                                         io.f, c.n};
    return fz_move_end(&res[slot], c, io, horde_cylinder_push_isa(isa, &fw.w, &b));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size, 0};
    fz_world_make(&fw, &b);
    if (fw.init_status != HORDE_OK)
        return 0;
    fz_move_call c = {0};
    c.n = fz_count_n(&b, FZ_MAX_N);
    c.off = fz_u8(&b) % 4, c.alias = fz_u8(&b) & 1;
    c.fp = fz_u8(&b);
    const size_t n = c.n;
    float *x[5];
    fz_move_inputs(in, 5, c, x);
    for (size_t i = 0; i < n; i++) {
        fz_near_world3(&b, &fw, x, i);
        x[3][i] = fz_float(&b, 0.6f);
        x[4][i] = fz_float(&b, 3.5f);
    }
    fz_move_call plain = c;
    plain.alias = 0, plain.fp = 0;
    const int st = run(HORDE_ISA_SCALAR, 0, x, plain);
    FZ_CHECK(st == HORDE_OK, "status %d", st);
    const float *o[6];
    const uint32_t *f = fz_move_at(&res[0], c.off, o);
    for (size_t i = 0; i < n; i++) {
        const float px = x[0][i], py = x[1][i], pz = x[2][i], r = x[3][i], h = x[4][i];
        const int same = fz_move_stayed(o, (const float[3]){px, py, pz}, i);
        if (!valid_mover(px, py, pz, r, h)) {
            FZ_CHECK(same && f[i] == HORDE_FLAG_INVALID, "lane %zu: invalid mover not copied / flagged (%#x)", i, f[i]);
            fz_count(C_INVALID, 1);
            continue;
        }
        FZ_CHECK(!(f[i] & HORDE_FLAG_INVALID), "lane %zu: valid mover flagged INVALID", i);
        const int free_start = !fz_cyl_overlaps(&fw.w, px, py, pz, r, h);
        fz_count(C_FREE, free_start);
        if (free_start)
            FZ_CHECK(same && !(f[i] & ~HORDE_FLAG_ON_GROUND),
                     "lane %zu: a free mover (%a, %a, %a) r %a h %a was changed (flags %#x)", i, px, py, pz, r, h, f[i]);
        if (f[i] & HORDE_FLAG_STUCK) {
            FZ_CHECK(same, "lane %zu: STUCK but moved", i);
            fz_count(C_STUCK, 1);
        } else {
            FZ_CHECK(!fz_cyl_overlaps(&fw.w, o[0][i], o[1][i], o[2][i], r, h),
                     "lane %zu: (%a, %a, %a) r %a h %a still overlaps after the push to (%a, %a, %a), flags %#x", i,
                     px, py, pz, r, h, o[0][i], o[1][i], o[2][i], f[i]);
            fz_count(C_PUSHED, !free_start);
        }
    }
    FZ_FOR_EACH_SIMD_BACKEND(isa)
        fz_move_same_as_scalar(isa, c, run(isa, 1, x, c), &res[1], st, &res[0]);
    return 0;
}
