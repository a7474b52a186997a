/* SPDX-License-Identifier: MIT */
/* Fuzz target: the world and dispatch API (fuzz.h has the harness).
 *   horde_world_init / horde_world_check: the status from a model written from world.h
 *     (64-bit arithmetic: NULL view, negative sizes, a bad policy, a pointer count past
 *     int32, NULL chunks for a non-empty grid);
 *   horde_world_solid: equals a 64-bit model of the chunk lookup at any int32 block,
 *     extreme origins included (grid of up to 27 chunks from a small pool, NULL ones
 *     following the policy);
 *   a hand-filled horde_world with arbitrary fields: horde_world_check equals the model,
 *     and a kernel called with a rejected view returns that status and touches nothing;
 *   backends: horde_isa_name / parse / supported / force / force_name on arbitrary
 *     values and strings (parse(name(isa)) round-trips; force succeeds exactly for
 *     supported backends and then the default entry point gives the forced backend's
 *     bits); horde_status_string never NULL. */
#include "fuzz.h"

enum { C_INIT_OK, C_LOOKUPS, C_FORCED, C_INIT_BAD, C_SOLID, C_N };
static const char *const names[C_N] = {"init_ok", "lookups", "forced", "init_rejected", "solid"};

FZ_INITIALIZE(names, 3) /* the first 3 must move */

/* world.h's rules, in 64-bit arithmetic (nx * ny < 2^62; times nz only when that part
 * already fits int32, so nothing overflows). */
static int model_check(const horde_chunk *const *chunks, int64_t nx, int64_t ny, int64_t nz, int missing)
{
    if (nx < 0 || ny < 0 || nz < 0 || (missing != HORDE_MISSING_EMPTY && missing != HORDE_MISSING_SOLID))
        return HORDE_ERR_BAD_WORLD;
    if (nx == 0 || ny == 0 || nz == 0)
        return HORDE_OK;
    if (nx * ny > INT32_MAX || nx * ny * nz > INT32_MAX)
        return HORDE_ERR_BAD_WORLD;
    return chunks ? HORDE_OK : HORDE_ERR_NULL_ARG;
}

static int model_solid(const horde_world *w, int32_t bx, int32_t by, int32_t bz)
{
    const int64_t cx = (int64_t)((bx - (int64_t)(((bx % 32) + 32) % 32)) / 32) - w->origin_cx;
    const int64_t cy = (int64_t)((by - (int64_t)(((by % 32) + 32) % 32)) / 32) - w->origin_cy;
    const int64_t cz = (int64_t)((bz - (int64_t)(((bz % 32) + 32) % 32)) / 32) - w->origin_cz;
    const horde_chunk *c = NULL;
    if (cx >= 0 && cy >= 0 && cz >= 0 && cx < w->nx && cy < w->ny && cz < w->nz)
        c = w->chunks[cx + w->nx * (cz + w->nz * cy)];
    const int lx = (int)(((bx % 32) + 32) % 32), ly = (int)(((by % 32) + 32) % 32), lz = (int)(((bz % 32) + 32) % 32);
    if (!c)
        return w->missing == HORDE_MISSING_SOLID;
    return (int)((c->rows[ly][lz] >> lx) & 1u);
}

static int32_t fz_coord(fz_bytes *b, int32_t origin)
{
    const uint8_t k = fz_u8(b);
    switch (k % 4) {
    case 0: return (int32_t)fz_u32(b);
    case 1: return k & 4 ? INT32_MAX - (int32_t)(fz_u8(b) % 64) : INT32_MIN + (int32_t)(fz_u8(b) % 64);
    default: { /* around the grid */
        const int64_t base = (int64_t)origin * 32 + (int64_t)(int16_t)fz_u16(b) % 140;
        return base > INT32_MAX ? INT32_MAX : base < INT32_MIN ? INT32_MIN : (int32_t)base;
    }
    }
}

static fz_world fw;

static void worlds(fz_bytes *b)
{
    fz_world_make(&fw, b); /* a valid small grid (or its rejection) */
    const horde_world *w = &fw.w;
    if (fw.init_status == HORDE_OK) {
        fz_count(C_INIT_OK, 1);
        const int q = fz_u8(b) % 32;
        for (int i = 0; i < q; i++) {
            const int32_t bx = fz_coord(b, w->origin_cx), by = fz_coord(b, w->origin_cy), bz = fz_coord(b, w->origin_cz);
            const int got = horde_world_solid(w, bx, by, bz), want = model_solid(w, bx, by, bz);
            FZ_CHECK(got == want, "horde_world_solid(%d, %d, %d) = %d, model %d (origin %d %d %d, grid %d %d %d)", bx, by,
                     bz, got, want, w->origin_cx, w->origin_cy, w->origin_cz, w->nx, w->ny, w->nz);
            fz_count(C_LOOKUPS, 1);
            fz_count(C_SOLID, got);
        }
    }
    /* Arbitrary sizes and policy through init, and as a hand-filled struct. */
    int32_t n[3];
    for (int a = 0; a < 3; a++) {
        const uint8_t k = fz_u8(b);
        n[a] = k & 0x80 ? (int32_t)fz_u32(b) : (int32_t)(k % 6) - 1;
    }
    const int missing = fz_u8(b) & 0x10 ? (int)(int8_t)fz_u8(b) : fz_u8(b) & 1;
    static const horde_chunk *dummy[1];
    const horde_chunk *const *chunks = fz_u8(b) & 1 ? NULL : dummy;
    horde_world v;
    const int want = model_check(chunks, n[0], n[1], n[2], missing);
    if (missing == HORDE_MISSING_EMPTY || missing == HORDE_MISSING_SOLID) {
        const int st = horde_world_init(&v, chunks, 1, 2, 3, n[0], n[1], n[2], (horde_missing)missing);
        FZ_CHECK(st == want, "horde_world_init(%d x %d x %d, chunks %p) = %d, model %d", n[0], n[1], n[2],
                 (const void *)chunks, st, want);
        fz_count(C_INIT_BAD, st != HORDE_OK);
        FZ_CHECK(horde_world_init(NULL, chunks, 0, 0, 0, n[0], n[1], n[2], (horde_missing)missing) == HORDE_ERR_NULL_ARG,
                 "NULL view");
    }
    horde_world raw;
    memset(&raw, 0, sizeof raw);
    raw.chunks = chunks, raw.origin_cx = (int32_t)fz_u32(b), raw.nx = n[0], raw.ny = n[1], raw.nz = n[2];
    raw.missing = (horde_missing)missing;
    const int cs = horde_world_check(&raw);
    FZ_CHECK(cs == want, "horde_world_check = %d, model %d", cs, want);
    if (cs != HORDE_OK) { /* every kernel refuses a rejected view with the same status */
        float x = 0.5f, y = 0.5f, z = 0.5f, r = 0.3f, h = 1.0f, ox = 7, oy = 7, oz = 7;
        uint32_t f = 7;
        const horde_cylinder_push_batch cb = {&x, &y, &z, &r, &h, &ox, &oy, &oz, &f, 1};
        FZ_CHECK(horde_cylinder_push(&raw, &cb) == cs && ox == 7 && f == 7, "cylinder_push on a rejected view");
    }
}

static void backends(fz_bytes *b)
{
    const int v = (int)(int8_t)fz_u8(b);
    const horde_isa isa = (horde_isa)v;
    const char *name = horde_isa_name(isa);
    const int in_range = v >= 0 && v < HORDE_ISA_COUNT;
    FZ_CHECK(in_range == (name != NULL), "horde_isa_name(%d)", v);
    const int sup = horde_isa_supported(isa);
    FZ_CHECK(sup == 0 || (sup == 1 && in_range), "horde_isa_supported(%d) = %d", v, sup);
    if (name) {
        horde_isa back;
        FZ_CHECK(horde_isa_parse(name, &back) == HORDE_OK && back == isa, "parse(name(%d))", v);
    }
    char s[16];
    const size_t len = fz_u8(b) % sizeof s;
    for (size_t i = 0; i < len; i++)
        s[i] = (char)fz_u8(b);
    s[len] = 0;
    horde_isa parsed = HORDE_ISA_COUNT;
    const int ps = horde_isa_parse(s, &parsed);
    FZ_CHECK(ps == HORDE_ERR_UNKNOWN_ISA || (ps == HORDE_OK && parsed < HORDE_ISA_COUNT &&
                                             !strcmp(horde_isa_name(parsed), s)),
             "horde_isa_parse(\"%s\") = %d", s, ps);
    const horde_isa before = horde_isa_active();
    const int fs = horde_isa_force(isa);
    FZ_CHECK(fs == (!in_range ? HORDE_ERR_UNKNOWN_ISA : sup ? HORDE_OK : HORDE_ERR_UNSUPPORTED_ISA),
             "horde_isa_force(%d) = %d", v, fs);
    FZ_CHECK(horde_isa_active() == (fs == HORDE_OK ? isa : before), "active backend after force(%d)", v);
    if (fs == HORDE_OK && fw.init_status == HORDE_OK) { /* the default entry point runs the forced backend */
        fz_count(C_FORCED, 1);
        float x[3] = {0.5f, 1.2f, 2.9f}, y[3] = {8.5f, 8.9f, 9.0f}, z[3] = {0.5f, 0.7f, 1.01f}, r[3] = {0.3f, 0.4f, 0.5f},
              h[3] = {1.8f, 1.8f, 1.8f}, o1[3][3], o2[3][3];
        uint32_t f1[3], f2[3];
        const horde_cylinder_push_batch b1 = {x, y, z, r, h, o1[0], o1[1], o1[2], f1, 3};
        const horde_cylinder_push_batch b2 = {x, y, z, r, h, o2[0], o2[1], o2[2], f2, 3};
        FZ_CHECK(horde_cylinder_push(&fw.w, &b1) == horde_cylinder_push_isa(isa, &fw.w, &b2) &&
                     !memcmp(o1, o2, sizeof o1) && !memcmp(f1, f2, sizeof f1),
                 "the default entry point is not the forced backend %s", name);
    }
    const int fn = horde_isa_force_name(s);
    FZ_CHECK(fn == (ps != HORDE_OK ? HORDE_ERR_UNKNOWN_ISA : horde_isa_supported(parsed) ? HORDE_OK
                                                                                        : HORDE_ERR_UNSUPPORTED_ISA),
             "horde_isa_force_name(\"%s\") = %d", s, fn);
    horde_isa_force(horde_isa_best());
    const char *msg = horde_status_string((int)fz_u32(b));
    FZ_CHECK(msg && *msg, "horde_status_string");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_bytes b = {data, size, 0};
    worlds(&b);
    backends(&b);
    return 0;
}
