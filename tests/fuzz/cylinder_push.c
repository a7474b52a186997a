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

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_counters_init(C_N, names, 3); /* the first 3 must move */
    return 0;
}

static int valid_mover(float x, float y, float z, float r, float h)
{
    return fabsf(x) <= HORDE_CYLINDER_PUSH_MAX_COORD && fabsf(y) <= HORDE_CYLINDER_PUSH_MAX_COORD &&
           fabsf(z) <= HORDE_CYLINDER_PUSH_MAX_COORD && r >= 0.0f &&
           r <= HORDE_CYLINDER_PUSH_MAX_RADIUS && h >= 0.0f && h <= HORDE_CYLINDER_PUSH_MAX_HEIGHT;
}

static fz_world fw;
static fz_floats in[5], res[2][3];
static fz_u32s resf[2];

/* One call on isa; outputs in res[slot] (aliasing the inputs when alias: the inputs
 * are copied there first). Returns the status. */
static int run(horde_isa isa, int slot, float *const *x, size_t n, int off, int alias, uint8_t fp)
{
    float *o[3];
    for (int k = 0; k < 3; k++) {
        o[k] = fz_place(&res[slot][k], off, n);
        if (alias)
            memcpy(o[k], x[k], n * sizeof(float));
    }
    uint32_t *f = fz_place_u(&resf[slot], off);
    const horde_cylinder_push_batch b = {alias ? o[0] : x[0], alias ? o[1] : x[1],
                                         alias ? o[2] : x[2], x[3], x[4], o[0], o[1], o[2], f, n};
    const fz_fp saved = fz_fp_enter(fp);
    const int st = horde_cylinder_push_isa(isa, &fw.w, &b);
    fz_fp_leave(saved);
    for (int k = 0; k < 3; k++)
        fz_guard_ok(res[slot][k].v, off, n, "out");
    fz_guard_ok(resf[slot].v, off, n, "out_flags");
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size, 0};
    fz_world_make(&fw, &b);
    if (fw.init_status != HORDE_OK)
        return 0;
    const size_t n = fz_count_n(&b, FZ_MAX_N);
    const int off = fz_u8(&b) % 4, alias = fz_u8(&b) & 1;
    const uint8_t fp = fz_u8(&b);
    float *x[5];
    for (int k = 0; k < 5; k++)
        x[k] = fz_place(&in[k], off, n);
    for (size_t i = 0; i < n; i++) {
        x[0][i] = fz_near_world(&b, fw.w.origin_cx, 48.0f);
        x[1][i] = fz_near_world(&b, fw.w.origin_cy, 48.0f);
        x[2][i] = fz_near_world(&b, fw.w.origin_cz, 48.0f);
        x[3][i] = fz_float(&b, 0.6f);
        x[4][i] = fz_float(&b, 3.5f);
    }
    const int st = run(HORDE_ISA_SCALAR, 0, x, n, off, 0, 0);
    FZ_CHECK(st == HORDE_OK, "status %d", st);
    float *const *o = (float *const[3]){res[0][0].v + off, res[0][1].v + off, res[0][2].v + off};
    const uint32_t *f = resf[0].v + off;
    for (size_t i = 0; i < n; i++) {
        const float px = x[0][i], py = x[1][i], pz = x[2][i], r = x[3][i], h = x[4][i];
        const int same = fz_same(&o[0][i], &px, 1) && fz_same(&o[1][i], &py, 1) && fz_same(&o[2][i], &pz, 1);
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
    FZ_FOR_EACH_SIMD_BACKEND(isa) {
        const int s2 = run(isa, 1, x, n, off, alias, fp);
        FZ_CHECK(s2 == st, "%s: status %d, scalar %d", horde_isa_name(isa), s2, st);
        for (int k = 0; k < 3; k++)
            FZ_CHECK(fz_same(res[1][k].v + off, o[k], n), "%s: output %d differs from scalar", horde_isa_name(isa), k);
        FZ_CHECK(fz_same(resf[1].v + off, f, n), "%s: flags differ from scalar", horde_isa_name(isa));
    }
    return 0;
}
