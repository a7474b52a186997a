/* SPDX-License-Identifier: MIT */
/* Known answers for horde_radial_push and horde_radial_sweep, derived by hand from seed 004's radial correction
 * (a mover inside an object's bounding cylinder goes back out along the radius) with its
 * defects fixed as radial_push.h defines: both radii decide, the push lands on the circle
 * of radius R + skin, a centre on the axis goes along +x, several poles are resolved by
 * passes and a mover with no room is WEDGED. Every case runs on every backend, as lane 5
 * of a batch of 11 identical movers (so full vectors and the tail both see it). The grid
 * kernel's cases: its list is the 3 x 3 cells, in the grid's order. */
#include "testutil.h"

static horde_isa cur_isa;

enum { MAXP = 4, N = 11 };
typedef struct {
    float x[MAXP], z[MAXP], r[MAXP], bottom[MAXP], top[MAXP];
    size_t n;
} forest;
typedef struct {
    float x, y, z;
    uint32_t f;
} result;

static void pole(forest *p, float x, float z, float r, float bottom, float top)
{
    p->x[p->n] = x, p->z[p->n] = z, p->r[p->n] = r, p->bottom[p->n] = bottom, p->top[p->n] = top;
    p->n++;
}

/* The batch's 11 identical movers must come out identical; lane 5's result. */
static result lane5(const float *ox, const float *oy, const float *oz, const uint32_t *of)
{
    for (int i = 1; i < N; i++)
        CHECK(!memcmp(&ox[i], &ox[0], 4) && !memcmp(&oz[i], &oz[0], 4) && of[i] == of[0], "lanes differ on %s",
              horde_isa_name(cur_isa));
    result res = {ox[5], oy[5], oz[5], of[5]};
    return res;
}

/* Mover (x, y, z, r, h) against list `list` (count entries), `it` passes. */
static result push(const forest *p, float x, float y, float z, float r, float h, const uint32_t *list,
                   uint32_t count, uint32_t it)
{
    float mx[N], my[N], mz[N], mr[N], mh[N], ox[N], oy[N], oz[N];
    uint32_t of[N], offsets[N + 1], idx[N * MAXP];
    for (int i = 0; i < N; i++) {
        mx[i] = x, my[i] = y, mz[i] = z, mr[i] = r, mh[i] = h;
        offsets[i] = (uint32_t)i * count;
        for (uint32_t k = 0; k < count; k++)
            idx[i * count + k] = list[k];
    }
    offsets[N] = N * count;
    const horde_poles hp = {p->x, p->z, p->r, p->bottom, p->top, p->n};
    const horde_radial_push_params pp = {it};
    const horde_radial_push_batch b = {mx, my, mz, mr, mh, offsets, idx, ox, oy, oz, of, N};
    CHECK(horde_radial_push_isa(cur_isa, &hp, &pp, &b) == HORDE_OK, "status on %s",
          horde_isa_name(cur_isa));
    return lane5(ox, oy, oz, of);
}

static const uint32_t L0[] = {0}, L01[] = {0, 1}, L10[] = {1, 0};

/* Touching (d = R exactly) is not overlapping; one ulp closer is. */
static void touching(void)
{
    forest p = {0};
    pole(&p, 0.0f, 0.0f, 0.5f, 0.0f, 4.0f);
    result r = push(&p, 1.0f, 0.0f, 0.0f, 0.5f, 1.8f, L0, 1, 4);
    CHECK(r.f == 0 && r.x == 1.0f && r.z == 0.0f, "touching: flags %#x x %a", r.f, r.x);
    r = push(&p, nextafterf(1.0f, 0.0f), 0.0f, 0.0f, 0.5f, 1.8f, L0, 1, 4);
    CHECK(r.f == HORDE_FLAG_COLLIDED && r.x == 1.0f + 0x1p-20f, "one ulp in: flags %#x x %a", r.f, r.x);
}

/* Mover r 0.5 at distance 0.5 from a pole r 0.5: R = 1, skin = (0 + 0 + 1) 2^-20,
 * s = (1 + 2^-20) / 0.5, x = 0.5 s = 1 + 2^-20 exactly; y unchanged. Seed 004 compares
 * the distance with the pole's radius alone: at 0.5 it would not push at all. */
static void one_pole(void)
{
    forest p = {0};
    pole(&p, 0.0f, 0.0f, 0.5f, 0.0f, 4.0f);
    result r = push(&p, 0.5f, 1.25f, 0.0f, 0.5f, 1.8f, L0, 1, 1);
    CHECK(r.f == HORDE_FLAG_COLLIDED && r.x == 1.0f + 0x1p-20f && r.y == 1.25f && r.z == 0.0f,
          "one pole: flags %#x x %a", r.f, r.x);
    /* Along -z: z = -(1 + 2^-20). */
    r = push(&p, 0.0f, 1.25f, -0.5f, 0.5f, 1.8f, L0, 1, 1);
    CHECK(r.f == HORDE_FLAG_COLLIDED && r.z == -(1.0f + 0x1p-20f) && r.x == 0.0f, "along -z: %a %a", r.x, r.z);
}

/* Centre on the axis of pole (3, 7), r 0.5, mover r 0.25: R = 0.75,
 * t = 0.75 + 10.75 * 2^-20 (exact), pushed along +x: x = 3.75 + 43 * 2^-22, z = 7. */
static void on_axis(void)
{
    forest p = {0};
    pole(&p, 3.0f, 7.0f, 0.5f, 0.0f, 4.0f);
    result r = push(&p, 3.0f, 0.0f, 7.0f, 0.25f, 1.8f, L0, 1, 1);
    CHECK(r.f == HORDE_FLAG_COLLIDED && r.x == 3.75f + 43.0f * 0x1p-22f && r.z == 7.0f, "on axis: %a %a %#x",
          r.x, r.z, r.f);
}

/* Vertical overlap is strict: standing on top of the pole, or ending exactly at its
 * bottom, does not count. */
static void vertical(void)
{
    forest p = {0};
    pole(&p, 0.0f, 0.0f, 0.5f, 1.0f, 3.0f);
    result r = push(&p, 0.5f, 3.0f, 0.0f, 0.5f, 1.8f, L0, 1, 4);
    CHECK(r.f == 0 && r.x == 0.5f, "on top: %#x", r.f);
    r = push(&p, 0.5f, -1.0f, 0.0f, 0.5f, 2.0f, L0, 1, 4);
    CHECK(r.f == 0 && r.x == 0.5f, "below: %#x", r.f);
    r = push(&p, 0.5f, -1.0f, 0.0f, 0.5f, 2.25f, L0, 1, 4);
    CHECK(r.f == HORDE_FLAG_COLLIDED, "reaching into the bottom: %#x", r.f);
}

/* Seed 004's gap: poles r 0.2 at x = 0 and x = 1 leave a gap of 0.6. A mover of radius
 * 0.35 (diameter 0.7) in the middle overlaps both (R = 0.55 > 0.5): every pass pushes it
 * from one into the other, so it is WEDGED, in either list order. Seed 004 (pole radius
 * only: 0.5 > 0.2) lets it through. A mover of radius 0.25 fits: from x = 0.3 one push
 * out of pole 0 (to 0.45 + skin) leaves it 0.55 from pole 1, free. */
static void gap(void)
{
    forest p = {0};
    pole(&p, 0.0f, 0.0f, 0.2f, 0.0f, 4.0f);
    pole(&p, 1.0f, 0.0f, 0.2f, 0.0f, 4.0f);
    result r = push(&p, 0.5f, 0.0f, 0.0f, 0.35f, 1.8f, L01, 2, 8);
    CHECK(r.f == (HORDE_FLAG_COLLIDED | HORDE_FLAG_WEDGED), "wedged: %#x", r.f);
    r = push(&p, 0.5f, 0.0f, 0.0f, 0.35f, 1.8f, L10, 2, 8);
    CHECK(r.f == (HORDE_FLAG_COLLIDED | HORDE_FLAG_WEDGED), "wedged, other order: %#x", r.f);
    r = push(&p, 0.3f, 0.0f, 0.0f, 0.25f, 1.8f, L01, 2, 1);
    CHECK(r.f == HORDE_FLAG_COLLIDED && fabsf(r.x - 0.45f) < 1e-6f, "fits: %#x %a", r.f, r.x);
}

/* Skipped entries (index past the end, an invalid pole) and invalid movers. */
static void skipped_invalid(void)
{
    forest p = {0};
    pole(&p, 0.0f, 0.0f, 0.5f, 0.0f, 4.0f);
    pole(&p, 5.0f, 0.0f, 0.5f, 4.0f, 0.0f); /* bottom > top: invalid */
    const uint32_t list[] = {7, 1, 0};
    result r = push(&p, 0.5f, 0.0f, 0.0f, 0.5f, 1.8f, list, 3, 2);
    CHECK(r.f == (HORDE_FLAG_COLLIDED | HORDE_FLAG_SKIPPED) && r.x == 1.0f + 0x1p-20f, "skipped: %#x", r.f);
    r = push(&p, NAN, 0.0f, 0.0f, 0.5f, 1.8f, L0, 1, 2);
    CHECK(r.f == HORDE_FLAG_INVALID && isnan(r.x) && r.z == 0.0f, "NaN mover: %#x", r.f);
    r = push(&p, 0.5f, 0.0f, 0.0f, -0.5f, 1.8f, L0, 1, 2);
    CHECK(r.f == HORDE_FLAG_INVALID && r.x == 0.5f, "negative radius: %#x", r.f);
    r = push(&p, 0.5f, 0.0f, 70000.0f, 0.5f, 1.8f, L0, 1, 2);
    CHECK(r.f == HORDE_FLAG_INVALID && r.z == 70000.0f, "out of range: %#x", r.f);
}

/* Argument checks. */
static void arguments(void)
{
    forest p = {0};
    pole(&p, 0.0f, 0.0f, 0.5f, 0.0f, 4.0f);
    const horde_poles hp = {p.x, p.z, p.r, p.bottom, p.top, p.n};
    float x = 0.5f, y = 0, z = 0, r = 0.5f, h = 1, ox, oy, oz;
    uint32_t f, offs[2] = {0, 1}, bad[2] = {1, 0};
    horde_radial_push_batch b = {&x, &y, &z, &r, &h, offs, L0, &ox, &oy, &oz, &f, 1};
    horde_radial_push_params pp;
    horde_radial_push_params_default(&pp);
    CHECK(pp.iterations == 4, "default iterations %u", pp.iterations);
    CHECK(horde_radial_push_isa(cur_isa, &hp, NULL, &b) == HORDE_OK && (f & HORDE_FLAG_COLLIDED), "NULL params");
    CHECK(horde_radial_push_isa(cur_isa, &hp, &(horde_radial_push_params){0}, &b) == HORDE_ERR_BAD_PARAMS,
          "0 iterations");
    CHECK(horde_radial_push_isa(cur_isa, &hp, &(horde_radial_push_params){HORDE_RADIAL_PUSH_MAX_ITERATIONS + 1},
                                &b) == HORDE_ERR_BAD_PARAMS,
          "too many iterations");
    b.offsets = bad;
    CHECK(horde_radial_push_isa(cur_isa, &hp, &pp, &b) == HORDE_ERR_BAD_PARAMS, "decreasing offsets");
    b.offsets = offs, b.indices = NULL;
    CHECK(horde_radial_push_isa(cur_isa, &hp, &pp, &b) == HORDE_ERR_NULL_ARG, "no indices");
    b.indices = L0, b.offsets = NULL;
    CHECK(horde_radial_push_isa(cur_isa, &hp, &pp, &b) == HORDE_ERR_NULL_ARG, "no offsets");
    b.offsets = offs;
    CHECK(horde_radial_push_isa(cur_isa, NULL, &pp, &b) == HORDE_ERR_NULL_ARG, "no poles");
    CHECK(horde_radial_push_isa(cur_isa, &hp, &pp, NULL) == HORDE_ERR_NULL_ARG, "no batch");
    b.n = 0, b.offsets = NULL, b.indices = NULL;
    CHECK(horde_radial_push_isa(cur_isa, &hp, &pp, &b) == HORDE_OK, "n = 0");
    /* n == 0 still checks the scene and the params */
    CHECK(horde_radial_push_isa(cur_isa, NULL, &pp, &b) == HORDE_ERR_NULL_ARG, "n = 0, no poles");
    CHECK(horde_radial_push_isa(cur_isa, &hp, &(horde_radial_push_params){0}, &b) == HORDE_ERR_BAD_PARAMS,
          "n = 0, 0 iterations");
}

/* ---- radial_sweep: pole at the origin, r 0.5; mover r 0.5, so R = 1 ------------------- */
typedef struct {
    float x, z;
    uint32_t f;
} swept;

static swept sweep(const forest *p, float x, float y, float z, float dx, float dz, const uint32_t *list,
                   uint32_t count, uint32_t slides)
{
    float mx[N], my[N], mz[N], mr[N], mh[N], mdx[N], mdz[N], ox[N], oz[N];
    uint32_t of[N], offsets[N + 1], idx[N * MAXP];
    for (int i = 0; i < N; i++) {
        mx[i] = x, my[i] = y, mz[i] = z, mr[i] = 0.5f, mh[i] = 1.8f, mdx[i] = dx, mdz[i] = dz;
        offsets[i] = (uint32_t)i * count;
        for (uint32_t k = 0; k < count; k++)
            idx[i * count + k] = list[k];
    }
    offsets[N] = N * count;
    const horde_poles hp = {p->x, p->z, p->r, p->bottom, p->top, p->n};
    const horde_radial_sweep_params sp = {slides};
    const horde_radial_sweep_batch b = {mx, my, mz, mr, mh, mdx, mdz, offsets, idx, ox, oz, of, N};
    CHECK(horde_radial_sweep_isa(cur_isa, &hp, &sp, &b) == HORDE_OK, "sweep status on %s",
          horde_isa_name(cur_isa));
    for (int i = 1; i < N; i++)
        CHECK(!memcmp(&ox[i], &ox[0], 4) && !memcmp(&oz[i], &oz[0], 4) && of[i] == of[0], "sweep lanes differ on %s",
              horde_isa_name(cur_isa));
    swept res = {ox[5], oz[5], of[5]};
    return res;
}

/* Seed 004's fast mover: 5 blocks in one frame straight through the pole's axis. The
 * sweep stops it at T = 1 + 9 * 2^-20 (skin: |p| 3 + R 1 + |d| 5), before the axis; with
 * a second slide it slides back out by the overbounce: 2^-10 of the remaining
 * 5 * 0.6 blocks into the pole, about 0.0029. */
static void sweep_head_on(void)
{
    forest p = {0};
    pole(&p, 0.0f, 0.0f, 0.5f, 0.0f, 4.0f);
    swept s = sweep(&p, -3.0f, 0.0f, 0.0f, 5.0f, 0.0f, L0, 1, 1);
    CHECK(s.f == (HORDE_FLAG_COLLIDED | HORDE_FLAG_TRUNCATED) && s.x <= -(1.0f + 8.0f * 0x1p-20f) &&
              s.x >= -(1.0f + 10.0f * 0x1p-20f) && s.z == 0.0f, "head-on, one slide: x %a flags %#x", s.x, s.f);
    s = sweep(&p, -3.0f, 0.0f, 0.0f, 5.0f, 0.0f, L0, 1, 4);
    CHECK(s.f == HORDE_FLAG_COLLIDED && s.x < -1.0028f && s.x > -1.0031f && s.z == 0.0f,
          "head-on, slides: x %a flags %#x", s.x, s.f);
    s = sweep(&p, -3.0f, 0.0f, 0.0f, 256.0f, 0.0f, L0, 1, 1); /* the limit: still stopped */
    CHECK((s.f & HORDE_FLAG_COLLIDED) && s.x < -1.0f && s.x > -1.001f, "head-on at 256: x %a", s.x);
}

/* Passing at 1.5 from the axis: no contact, the whole way exactly. A path at exactly R
 * grazes the skin: deflected outward, never inside. Moving away, or starting inside (the
 * sweep ignores that pole: horde_radial_push resolves it), or above the pole's top: the
 * whole way. */
static void sweep_misses(void)
{
    forest p = {0};
    pole(&p, 0.0f, 0.0f, 0.5f, 0.0f, 4.0f);
    swept s = sweep(&p, -3.0f, 0.0f, 1.5f, 5.0f, 0.0f, L0, 1, 4);
    CHECK(s.f == 0 && s.x == 2.0f && s.z == 1.5f, "passing by: x %a flags %#x", s.x, s.f);
    s = sweep(&p, -3.0f, 0.0f, 1.0f, 6.0f, 0.0f, L0, 1, 4);
    CHECK((s.f & HORDE_FLAG_COLLIDED) && s.z >= 1.0f && s.x > 2.9f, "grazing: x %a z %a flags %#x", s.x, s.z, s.f);
    /* A path whose closest approach is exactly T passes by (a contact needs m2 < T^2):
     * from (-0.5, zt) by (1, 0), m = (0, zt), and zt = 1 + 3.5 * 2^-20 is T itself (the
     * skin's |px| + |pz| + R + |dx| = 3.5 + 3.5 * 2^-20 adds less than an ulp of T). */
    const float zt = 1.0f + 3.5f * 0x1p-20f;
    s = sweep(&p, -0.5f, 0.0f, zt, 1.0f, 0.0f, L0, 1, 4);
    CHECK(s.f == 0 && s.x == 0.5f && s.z == zt, "closest approach exactly T: x %a z %a flags %#x", s.x, s.z, s.f);
    s = sweep(&p, -3.0f, 0.0f, 0.0f, -2.0f, 0.0f, L0, 1, 4);
    CHECK(s.f == 0 && s.x == -5.0f, "moving away: x %a", s.x);
    s = sweep(&p, 0.5f, 0.0f, 0.0f, 1.0f, 0.0f, L0, 1, 4);
    CHECK(s.f == 0 && s.x == 1.5f, "starting inside: x %a flags %#x", s.x, s.f);
    s = sweep(&p, -3.0f, 4.0f, 0.0f, 5.0f, 0.0f, L0, 1, 4);
    CHECK(s.f == 0 && s.x == 2.0f, "above the top: x %a flags %#x", s.x, s.f);
}

static void sweep_invalid(void)
{
    forest p = {0};
    pole(&p, 0.0f, 0.0f, 0.5f, 0.0f, 4.0f);
    swept s = sweep(&p, -3.0f, 0.0f, 0.0f, NAN, 0.0f, L0, 1, 4);
    CHECK(s.f == HORDE_FLAG_INVALID && s.x == -3.0f, "NaN displacement: flags %#x", s.f);
    s = sweep(&p, -3.0f, 0.0f, 0.0f, 0.0f, 257.0f, L0, 1, 4);
    CHECK(s.f == HORDE_FLAG_INVALID, "displacement over the limit: flags %#x", s.f);
    const horde_poles hp = {p.x, p.z, p.r, p.bottom, p.top, p.n};
    float x = -3, y = 0, z = 0, r = 0.5f, h = 1, dx = 1, dz = 0, ox, oz;
    uint32_t f, offs[2] = {0, 1};
    horde_radial_sweep_batch b = {&x, &y, &z, &r, &h, &dx, &dz, offs, L0, &ox, &oz, &f, 1};
    horde_radial_sweep_params sp;
    horde_radial_sweep_params_default(&sp);
    CHECK(sp.slides == 4, "default slides %u", sp.slides);
    CHECK(horde_radial_sweep_isa(cur_isa, &hp, NULL, &b) == HORDE_OK, "NULL params");
    CHECK(horde_radial_sweep_isa(cur_isa, &hp, &(horde_radial_sweep_params){0}, &b) == HORDE_ERR_BAD_PARAMS,
          "0 slides");
    CHECK(horde_radial_sweep_isa(cur_isa, &hp, &(horde_radial_sweep_params){HORDE_RADIAL_SWEEP_MAX_SLIDES + 1},
                                 &b) == HORDE_ERR_BAD_PARAMS,
          "too many slides");
    b.indices = NULL;
    CHECK(horde_radial_sweep_isa(cur_isa, &hp, &sp, &b) == HORDE_ERR_NULL_ARG, "no indices");
    b.indices = L0;
    CHECK(horde_radial_sweep_isa(cur_isa, NULL, &sp, &b) == HORDE_ERR_NULL_ARG, "no poles");
    CHECK(horde_radial_sweep_isa(cur_isa, &hp, &sp, NULL) == HORDE_ERR_NULL_ARG, "no batch");
    b.n = 0, b.offsets = NULL, b.indices = NULL;
    CHECK(horde_radial_sweep_isa(cur_isa, &hp, &sp, &b) == HORDE_OK, "n = 0");
    CHECK(horde_radial_sweep_isa(cur_isa, NULL, &sp, &b) == HORDE_ERR_NULL_ARG, "n = 0, no poles");
}

/* ---- radial_push_grid: the lists come from the poles' grid (3 x 3 cells) -------------- */

/* Mover (x, y, z, r, h) through a grid of cell `cell` over forest p, `it` passes. */
static result grid_push(const forest *p, float cell, float x, float y, float z, float r, float h, uint32_t it)
{
    float mx[N], my[N], mz[N], mr[N], mh[N], ox[N], oy[N], oz[N];
    uint32_t of[N];
    static unsigned char gmem[4096], smem[8192];
    for (int i = 0; i < N; i++)
        mx[i] = x, my[i] = y, mz[i] = z, mr[i] = r, mh[i] = h;
    const horde_poles hp = {p->x, p->z, p->r, p->bottom, p->top, p->n};
    horde_pole_grid g;
    CHECK(horde_pole_grid_build(&g, &hp, cell, gmem, sizeof gmem) == HORDE_OK, "grid build");
    const horde_radial_push_grid_params gp = {it};
    const horde_radial_push_grid_batch b = {mx, my, mz, mr, mh, ox, oy, oz, of, N};
    CHECK(horde_radial_push_grid_isa(cur_isa, &g, &hp, &gp, &b, smem, sizeof smem) == HORDE_OK, "grid status on %s",
          horde_isa_name(cur_isa));
    return lane5(ox, oy, oz, of);
}

/* The grid's list holds the pole of the mover's own cell: one_pole's answer, 1 + 2^-20. */
static void grid_one_pole(void)
{
    forest p = {0};
    pole(&p, 0.0f, 0.0f, 0.5f, 0.0f, 4.0f);
    const result r = grid_push(&p, 2.0f, 0.5f, 1.25f, 0.0f, 0.5f, 1.8f, 1);
    CHECK(r.f == HORDE_FLAG_COLLIDED && r.x == 1.0f + 0x1p-20f && r.y == 1.25f && r.z == 0.0f,
          "grid, one pole: flags %#x x %a", r.f, r.x);
}

/* Only the 3 x 3 cells are tested: a pole r 1 at the origin, a mover r 0.75 at x = 1:
 * R = 1.75 > 1 = d. With cells of 1/2 the pole is in cell 0 and the mover in cell 2, two
 * cells away (r + max_r = 1.75 is far over the cell: outside the coverage rule), and the
 * grid kernel leaves it alone, where the list kernel on {0} pushes it. With cells of 2
 * both are in cell 0: pushed to t = R + (0 + 0 + R) 2^-20 = 1.75 + 7 * 2^-22 (exact:
 * d = 1, so s = t and x = t). */
static void grid_reach(void)
{
    forest p = {0};
    pole(&p, 0.0f, 0.0f, 1.0f, 0.0f, 4.0f);
    result r = grid_push(&p, 0.5f, 1.0f, 0.0f, 0.0f, 0.75f, 1.8f, 4);
    CHECK(r.f == 0 && r.x == 1.0f, "grid: pole two cells away tested (%#x %a)", r.f, r.x);
    r = push(&p, 1.0f, 0.0f, 0.0f, 0.75f, 1.8f, L0, 1, 4);
    CHECK(r.f == HORDE_FLAG_COLLIDED, "list: pole not pushed (%#x)", r.f);
    r = grid_push(&p, 2.0f, 1.0f, 0.0f, 0.0f, 0.75f, 1.8f, 4);
    CHECK(r.f == HORDE_FLAG_COLLIDED && r.x == 1.75f + 7.0f * 0x1p-22f && r.z == 0.0f, "grid, cells of 2: %#x %a",
          r.f, r.x);
}

/* The list's order is the grid's: cells by ascending x, not pole numbers. gap's poles
 * with their numbers swapped (pole 0 at x = 1, pole 1 at x = 0): the grid (cells of 1)
 * lists pole 1 (cell 0) first, so the answer is the list kernel's on {1, 0}; seed 004's
 * WEDGED gap stays WEDGED. */
static void grid_order(void)
{
    forest p = {0};
    pole(&p, 1.0f, 0.0f, 0.2f, 0.0f, 4.0f);
    pole(&p, 0.0f, 0.0f, 0.2f, 0.0f, 4.0f);
    result g = grid_push(&p, 1.0f, 0.3f, 0.0f, 0.0f, 0.25f, 1.8f, 1);
    const result l = push(&p, 0.3f, 0.0f, 0.0f, 0.25f, 1.8f, L10, 2, 1);
    CHECK(g.f == l.f && !memcmp(&g.x, &l.x, 4) && !memcmp(&g.z, &l.z, 4) && g.f == HORDE_FLAG_COLLIDED,
          "grid order: %#x %a, list {1, 0}: %#x %a", g.f, g.x, l.f, l.x);
    g = grid_push(&p, 1.0f, 0.5f, 0.0f, 0.0f, 0.35f, 1.8f, 8);
    CHECK(g.f == (HORDE_FLAG_COLLIDED | HORDE_FLAG_WEDGED), "grid gap: %#x", g.f);
}

int main(void)
{
    TU_RUN_CASES(cur_isa, touching, one_pole, on_axis, vertical, gap, skipped_invalid, arguments, sweep_head_on,
                 sweep_misses, sweep_invalid, grid_one_pole, grid_reach, grid_order);
    return tu_finish("known_radial_push");
}
