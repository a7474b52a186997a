/* Fuzz target: horde_point_move (fuzz.h has the harness). Checks: backends equal scalar
 * bit for bit; BAD_PARAMS exactly for the header's parameter bounds; an invalid point is
 * copied with a +0 displacement and flags INVALID alone; a point that is not STUCK
 * ends in a free block (the start is corrected first), so one that starts free always
 * ends free. */
#include "fuzz.h"

enum { C_MOVED, C_CORRECTED, C_INVALID, C_STUCK, C_TRUNCATED, C_BAD_PARAMS, C_N };
static const char *const names[C_N] = {"moved", "corrected", "invalid", "stuck", "truncated", "bad_params"};

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_counters_init(C_N, names, 3); /* the first 3 must move */
    return 0;
}

static int valid_point(const float *v)
{
    for (int k = 0; k < 3; k++)
        if (!(fabsf(v[k]) <= HORDE_POINT_MOVE_MAX_COORD) || !isfinite(v[3 + k]))
            return 0;
    return 1;
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

static fz_world fw;
static fz_floats in[6];
static fz_move_out res[2];

static int run(horde_isa isa, int slot, float *const *x, fz_move_call c, const horde_point_move_params *p)
{
    const size_t n = c.n;
    const int alias = c.alias, with_d = c.with_d;
    float *o[6];
    uint32_t *f = fz_move_place(&res[slot], x, n, c.off, alias, o);
    const horde_point_move_batch b = {alias ? o[0] : x[0], alias ? o[1] : x[1], alias ? o[2] : x[2],
                                      x[3], x[4], x[5], o[0], o[1], o[2],
                                      with_d ? o[3] : NULL, with_d ? o[4] : NULL, with_d ? o[5] : NULL, f, n};
    const fz_fp saved = fz_fp_enter(c.fp);
    const int st = horde_point_move_isa(isa, &fw.w, p, &b);
    fz_fp_leave(saved);
    fz_move_guards(&res[slot], n, c.off, with_d);
    return st;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size, 0};
    fz_world_make(&fw, &b);
    if (fw.init_status != HORDE_OK)
        return 0;
    const fz_move_call c = fz_move_call_read(&b);
    const size_t n = c.n;
    const int off = c.off;
    horde_point_move_params p;
    horde_point_move_params_default(&p);
    if (fz_u8(&b) & 1) {
        p.step = fz_float(&b, 0.5f), p.skin = fz_float(&b, 0.3f);
        p.max_substeps = fz_u16(&b) % 5000;
    }
    float *x[6];
    for (int k = 0; k < 6; k++)
        x[k] = fz_place(&in[k], off, n);
    for (size_t i = 0; i < n; i++)
        fz_move_item(&b, &fw, x, i, 400.0f);
    const int st = run(HORDE_ISA_SCALAR, 0, x, fz_move_call_plain(c), &p);
    const int pv = valid_params(&p);
    FZ_CHECK(st == (pv ? HORDE_OK : HORDE_ERR_BAD_PARAMS), "status %d, params valid %d", st, pv);
    fz_count(C_BAD_PARAMS, !pv);
    const float *o[6];
    const uint32_t *f = fz_move_at(&res[0], off, o);
    for (size_t i = 0; st == HORDE_OK && i < n; i++) {
        const float v[6] = {x[0][i], x[1][i], x[2][i], x[3][i], x[4][i], x[5][i]};
        const float e[3] = {o[0][i], o[1][i], o[2][i]};
        const int same = fz_move_stayed(o, v, i);
        if (!valid_point(v)) {
            FZ_CHECK(same && f[i] == HORDE_FLAG_INVALID && fz_move_zero_d(o, i),
                     "lane %zu: invalid point not copied / flagged (%#x)", i, f[i]);
            fz_count(C_INVALID, 1);
            continue;
        }
        FZ_CHECK(!(f[i] & HORDE_FLAG_INVALID), "lane %zu: valid point flagged INVALID", i);
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
