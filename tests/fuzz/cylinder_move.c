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

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc, (void)argv;
    fz_counters_init(C_N, names, 4); /* the first 4 must move */
    return 0;
}

static int valid_mover(const float *v)
{
    for (int k = 0; k < 3; k++)
        if (!(fabsf(v[k]) <= HORDE_CYLINDER_MOVE_MAX_COORD) || !isfinite(v[3 + k]))
            return 0;
    return v[6] >= HORDE_CYLINDER_MOVE_MIN_RADIUS && v[6] <= HORDE_CYLINDER_MOVE_MAX_RADIUS &&
           v[7] >= 0.0f && v[7] <= HORDE_CYLINDER_MOVE_MAX_HEIGHT;
}

static int valid_params(const horde_cylinder_move_params *p)
{
    return p->step > 0.0f && p->step <= 1.0f && p->step_height >= 0.0f && p->step_height <= 1.0f &&
           p->max_substeps >= 1 && p->max_substeps <= HORDE_CYLINDER_MOVE_MAX_SUBSTEPS;
}

static fz_world fw;
static fz_floats in[8];
static fz_move_out res[2];

static int run(horde_isa isa, int slot, float *const *x, fz_move_call c, const horde_cylinder_move_params *p)
{
    const size_t n = c.n;
    const int alias = c.alias, with_d = c.with_d;
    float *o[6];
    uint32_t *f = fz_move_place(&res[slot], x, n, c.off, alias, o);
    const horde_cylinder_move_batch b = {alias ? o[0] : x[0], alias ? o[1] : x[1], alias ? o[2] : x[2],
                                         x[3], x[4], x[5], x[6], x[7], o[0], o[1], o[2],
                                         with_d ? o[3] : NULL, with_d ? o[4] : NULL, with_d ? o[5] : NULL,
                                         f, n};
    const fz_fp saved = fz_fp_enter(c.fp);
    const int st = horde_cylinder_move_isa(isa, &fw.w, p, &b);
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
    horde_cylinder_move_params p;
    horde_cylinder_move_params_default(&p);
    if (fz_u8(&b) & 1) {
        p.step = fz_float(&b, 1.0f), p.step_height = fz_float(&b, 1.0f);
        p.max_substeps = fz_u16(&b) % 5000;
    }
    float *x[8];
    for (int k = 0; k < 8; k++)
        x[k] = fz_place(&in[k], off, n);
    for (size_t i = 0; i < n; i++) {
        fz_move_item(&b, &fw, x, i, 400.0f);
        x[6][i] = fz_float(&b, 0.6f);
        x[7][i] = fz_float(&b, 3.5f);
    }
    const int st = run(HORDE_ISA_SCALAR, 0, x, fz_move_call_plain(c), &p);
    const int pv = valid_params(&p);
    FZ_CHECK(st == (pv ? HORDE_OK : HORDE_ERR_BAD_PARAMS), "status %d, params valid %d", st, pv);
    fz_count(C_BAD_PARAMS, !pv);
    const float *o[6];
    const uint32_t *f = fz_move_at(&res[0], off, o);
    for (size_t i = 0; st == HORDE_OK && i < n; i++) {
        const float v[8] = {x[0][i], x[1][i], x[2][i], x[3][i], x[4][i], x[5][i], x[6][i], x[7][i]};
        const int same = fz_move_stayed(o, v, i);
        if (!valid_mover(v)) {
            FZ_CHECK(same && f[i] == HORDE_FLAG_INVALID && fz_move_zero_d(o, i),
                     "lane %zu: invalid mover not copied / flagged (%#x)", i, f[i]);
            fz_count(C_INVALID, 1);
            continue;
        }
        FZ_CHECK(!(f[i] & HORDE_FLAG_INVALID), "lane %zu: valid mover flagged INVALID", i);
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
