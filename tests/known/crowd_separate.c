/* SPDX-License-Identifier: MIT */
/* Known answers for horde_crowd_separate, derived by hand from seed 004's radial
 * correction (an overlapping mover goes back out along the line between the centres)
 * with its defects fixed as crowd_separate.h defines: both radii decide, each of a pair
 * takes its share (by weight) of the way to the target distance T = R + skin, pushes are
 * quantised to u = 2^-20 and summed, coincident centres part along x by batch index.
 * Every case runs on every backend.
 *
 * The arithmetic of the cases (r = 0.5 each, so R = 1; all exact in float):
 *   a at x = 0, b at x = 0.5:  T_a = 1 + (0 + 0 + 1 + 4) u = 1 + 5u, T_b = 1 + 5.5u;
 *     a: dx = -0.5, g = ((T_a - 0.5) * 0.5) / 0.5 = 0.5 + 5u, push = -(0.25 + 2.5u)
 *        = -262146.5 u -> truncated -262146 u;
 *     b: push = 0.5 * (0.5 + 5.5u) = 262146.75 u -> 262146 u;
 *     apart by 0.5 + 2 * 262146 u = 1 + 4u > R: the second iteration finds no overlap. */
#include "testutil.h"

static horde_isa cur_isa;

enum { MAXN = 16 };
static const float U = 0x1p-20f;

typedef struct {
    float x[MAXN], y[MAXN], z[MAXN], r[MAXN], h[MAXN], w[MAXN];
    size_t n;
    int weights;
} crowd;
typedef struct {
    float x[MAXN], z[MAXN];
    uint32_t f[MAXN];
} result;

static void mover(crowd *c, float x, float z, float r, float w)
{
    c->x[c->n] = x, c->y[c->n] = 0.0f, c->z[c->n] = z, c->r[c->n] = r, c->h[c->n] = 1.8f, c->w[c->n] = w;
    c->n++;
}

static result run(const crowd *c, uint32_t iterations)
{
    result res;
    static unsigned char scratch[1 << 16];
    const horde_crowd_separate_batch hc = {c->x, c->y, c->z, c->r, c->h, c->weights ? c->w : NULL,
                                           res.x, res.z, res.f, c->n};
    CHECK(horde_crowd_separate_scratch_bytes(c->n) <= sizeof scratch, "scratch");
    const horde_crowd_separate_params p = {.iterations = iterations};
    CHECK(horde_crowd_separate_isa(cur_isa, &p, &hc, scratch, sizeof scratch) == HORDE_OK, "status on %s",
          horde_isa_name(cur_isa));
    return res;
}

static void pair(void)
{
    crowd c = {.n = 0};
    mover(&c, 0.0f, 0.0f, 0.5f, 1.0f), mover(&c, 0.5f, 0.0f, 0.5f, 1.0f);
    const result r = run(&c, 4);
    CHECK(r.x[0] == -262146.0f * U && r.x[1] == 0.5f + 262146.0f * U && r.z[0] == 0.0f && r.z[1] == 0.0f,
          "pair on %s: x %a %a", horde_isa_name(cur_isa), r.x[0], r.x[1]);
    CHECK(r.f[0] == HORDE_FLAG_CROWDED && r.f[1] == HORDE_FLAG_CROWDED, "pair flags %#x %#x", r.f[0], r.f[1]);
    /* the same along z, and with the weights left out (all 1) */
    crowd d = {.n = 0};
    mover(&d, 0.0f, 0.0f, 0.5f, 1.0f), mover(&d, 0.0f, 0.5f, 0.5f, 1.0f);
    const result s = run(&d, 1);
    CHECK(s.z[0] == -262146.0f * U && s.z[1] == 0.5f + 262146.0f * U && s.x[0] == 0.0f && s.x[1] == 0.0f,
          "pair along z on %s: z %a %a", horde_isa_name(cur_isa), s.z[0], s.z[1]);
}

/* Touching (d = R) is not overlapping; neither is a mover standing on another's top. */
static void touching(void)
{
    crowd c = {.n = 0};
    mover(&c, 0.0f, 0.0f, 0.5f, 1.0f), mover(&c, 1.0f, 0.0f, 0.5f, 1.0f);
    result r = run(&c, 4);
    CHECK(r.x[0] == 0.0f && r.x[1] == 1.0f && r.f[0] == 0 && r.f[1] == 0, "touching: flags %#x", r.f[0]);
    c.x[1] = nextafterf(1.0f, 0.0f); /* one ulp closer: overlapping */
    r = run(&c, 4);
    CHECK(r.f[0] == HORDE_FLAG_CROWDED && r.x[0] < 0.0f && r.x[1] > c.x[1], "one ulp inside: flags %#x", r.f[0]);
    crowd v = {.n = 0};
    mover(&v, 0.0f, 0.0f, 0.5f, 1.0f), mover(&v, 0.2f, 0.0f, 0.5f, 1.0f);
    v.y[1] = v.y[0] + v.h[0]; /* on top */
    r = run(&v, 4);
    CHECK(r.f[0] == 0 && r.f[1] == 0 && r.x[1] == 0.2f, "stacked: flags %#x %#x", r.f[0], r.f[1]);
    v.y[1] = nextafterf(v.y[1], 0.0f); /* one ulp lower: overlapping */
    r = run(&v, 4);
    CHECK(r.f[0] == HORDE_FLAG_CROWDED, "one ulp below the top: flags %#x", r.f[0]);
}

/* Weight 0 is immovable: the other takes the whole way, 0.5 * (1 + 11u) = 524293.5 u. */
static void weights(void)
{
    crowd c = {.n = 0, .weights = 1};
    mover(&c, 0.0f, 0.0f, 0.5f, 0.0f), mover(&c, 0.5f, 0.0f, 0.5f, 1.0f);
    result r = run(&c, 4);
    CHECK(r.x[0] == 0.0f && r.x[1] == 0.5f + 524293.0f * U && r.f[0] == HORDE_FLAG_CROWDED, "immovable: x %a %a",
          r.x[0], r.x[1]);
    /* weight is how easily a mover gives way: 2^32 against 1 takes share 2^32 / (2^32 + 1),
     * which rounds to 1 (the whole 524293 u); the other's 2^-32 quantises to 0 */
    c.w[0] = HORDE_CROWD_SEPARATE_MAX_WEIGHT, c.w[1] = 1.0f;
    r = run(&c, 4);
    CHECK(r.x[0] == -524293.0f * U && r.x[1] == 0.5f, "huge weight: x %a %a", r.x[0], r.x[1]);
    /* both immovable: nothing moves, and they stay overlapping: WEDGED */
    c.w[0] = c.w[1] = 0.0f;
    r = run(&c, 3);
    CHECK(r.x[0] == 0.0f && r.x[1] == 0.5f && r.f[0] == (HORDE_FLAG_CROWDED | HORDE_FLAG_WEDGED) &&
              r.f[1] == r.f[0], "both immovable: flags %#x", r.f[0]);
}

/* Coincident centres part along x, the smaller batch index to -x: (1 + 5u) / 2 each,
 * 524290.5 u -> 524290 u. */
static void coincident(void)
{
    crowd c = {.n = 0};
    mover(&c, 0.0f, 0.0f, 0.5f, 1.0f), mover(&c, 0.0f, 0.0f, 0.5f, 1.0f);
    const result r = run(&c, 2);
    CHECK(r.x[0] == -524290.0f * U && r.x[1] == 524290.0f * U && r.z[0] == 0.0f && r.z[1] == 0.0f,
          "coincident on %s: x %a %a", horde_isa_name(cur_isa), r.x[0], r.x[1]);
}

/* One mover between two immovable ones 0.9 either side: the pushes cancel exactly (same
 * |x| + |z| for both), it stays, all three are WEDGED. With 1.4 of room it is pushed off
 * the one it overlaps, to 1.2 - T, and touches nothing. */
static void wedged(void)
{
    crowd c = {.n = 0, .weights = 1};
    mover(&c, -0.9f, 0.0f, 0.5f, 0.0f), mover(&c, 0.0f, 0.0f, 0.5f, 1.0f), mover(&c, 0.9f, 0.0f, 0.5f, 0.0f);
    result r = run(&c, 8);
    CHECK(r.x[1] == 0.0f && r.z[1] == 0.0f, "wedged mover moved: %a %a", r.x[1], r.z[1]);
    for (int i = 0; i < 3; i++)
        CHECK(r.f[i] == (HORDE_FLAG_CROWDED | HORDE_FLAG_WEDGED), "wedged: mover %d flags %#x", i, r.f[i]);
    c.x[0] = -1.2f, c.x[2] = 1.2f, c.x[1] = 0.3f; /* room: 1.4 of free width for a 1.0 mover */
    r = run(&c, 16);
    CHECK(r.f[1] == HORDE_FLAG_CROWDED && r.x[1] < 0.2f && r.x[1] > 0.19f && r.f[0] == 0,
          "room: flags %#x x %a", r.f[1], r.x[1]);
}

/* Nine movers within reach of the first: it keeps the nearest eight and is PACKED (the
 * ring's pushes part them so far that the first ends clear of its eight). */
static void packed(void)
{
    crowd c = {.n = 0};
    mover(&c, 0.0f, 0.0f, 0.5f, 1.0f);
    for (int k = 0; k < 9; k++) {
        const float a = 6.2831853f * (float)k / 9.0f;
        mover(&c, (0.5f + 0.01f * (float)k) * cosf(a), (0.5f + 0.01f * (float)k) * sinf(a), 0.5f, 1.0f);
    }
    const result r = run(&c, 1);
    CHECK(r.f[0] == (HORDE_FLAG_CROWDED | HORDE_FLAG_PACKED), "packed: flags %#x", r.f[0]);
}

/* An invalid mover takes no part and keeps its bits; its neighbour is not pushed by it. */
static void invalid(void)
{
    crowd c = {.n = 0, .weights = 1};
    mover(&c, 0.0f, 0.0f, 0.5f, 1.0f), mover(&c, 0.5f, 0.0f, 0.5f, 1.0f), mover(&c, 10.0f, 0.0f, 0.5f, 1.0f);
    const float bad[][6] = {{NAN, 0, 0, 0.5f, 1.8f, 1}, {0, 0, INFINITY, 0.5f, 1.8f, 1}, {0, 0, 0, -0.5f, 1.8f, 1},
                            {0, 0, 0, 17.0f, 1.8f, 1},  {0, 0, 0, 0.5f, 300.0f, 1},    {0, 0, 0, 0.5f, 1.8f, -1},
                            {0, 0, 0, 0.5f, 1.8f, NAN}, {70000.0f, 0, 0, 0.5f, 1.8f, 1}, {0, 1e30f, 0, 0.5f, 1.8f, 1}};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        c.x[1] = bad[k][0], c.y[1] = bad[k][1], c.z[1] = bad[k][2], c.r[1] = bad[k][3], c.h[1] = bad[k][4];
        c.w[1] = bad[k][5];
        const result r = run(&c, 4);
        CHECK(r.f[1] == HORDE_FLAG_INVALID && !memcmp(&r.x[1], &c.x[1], 4) && !memcmp(&r.z[1], &c.z[1], 4),
              "invalid case %zu: flags %#x", k, r.f[1]);
        CHECK(r.f[0] == 0 && r.x[0] == 0.0f && r.f[2] == 0, "invalid case %zu: neighbour flags %#x", k, r.f[0]);
    }
}

static void arguments(void)
{
    static unsigned char scratch[4096];
    float x = 0, y = 0, z = 0, r = 0.5f, h = 1.8f, ox, oz;
    uint32_t f;
    const horde_crowd_separate_batch one = {&x, &y, &z, &r, &h, NULL, &ox, &oz, &f, 1};
    const horde_crowd_separate_batch none = {NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};
    const horde_crowd_separate_params p1 = {.iterations = 1}, p0 = {.iterations = 0},
                                      pmax = {.iterations = HORDE_CROWD_SEPARATE_MAX_ITERATIONS + 1};
    horde_crowd_separate_params pd;
    horde_crowd_separate_params_default(&pd);
    CHECK(pd.iterations == 4, "default iterations %u", pd.iterations);
    const size_t b0 = horde_crowd_separate_scratch_bytes(0), b1 = horde_crowd_separate_scratch_bytes(1);
    /* n == 0 checks the batch, the params and the scratch size, and touches no array */
    CHECK(horde_crowd_separate_isa(cur_isa, &p1, &none, NULL, b0) == HORDE_OK, "n = 0");
    CHECK(horde_crowd_separate_isa(cur_isa, &p1, &none, NULL, b0 - 1) == HORDE_ERR_BAD_PARAMS, "n = 0, short");
    CHECK(horde_crowd_separate_isa(cur_isa, &p0, &none, NULL, b0) == HORDE_ERR_BAD_PARAMS, "n = 0, 0 iterations");
    CHECK(horde_crowd_separate_isa(cur_isa, &p1, NULL, scratch, sizeof scratch) == HORDE_ERR_NULL_ARG, "NULL crowd");
    CHECK(horde_crowd_separate_isa(cur_isa, &p1, &one, NULL, sizeof scratch) == HORDE_ERR_NULL_ARG, "NULL scratch");
    CHECK(horde_crowd_separate_isa(cur_isa, &p0, &one, scratch, sizeof scratch) == HORDE_ERR_BAD_PARAMS, "0 iterations");
    CHECK(horde_crowd_separate_isa(cur_isa, &pmax, &one, scratch, sizeof scratch) == HORDE_ERR_BAD_PARAMS,
          "65 iterations");
    CHECK(horde_crowd_separate_isa(cur_isa, &p1, &one, scratch, b1 - 1) == HORDE_ERR_BAD_PARAMS,
          "scratch one byte short");
    CHECK(horde_crowd_separate_isa(cur_isa, &p1, &one, scratch, b1) == HORDE_OK && f == 0 && ox == 0.0f, "one mover");
    CHECK(horde_crowd_separate_isa(cur_isa, NULL, &one, scratch, b1) == HORDE_OK && f == 0 && ox == 0.0f,
          "NULL params: the defaults");
    horde_crowd_separate_batch big = one;
    big.n = HORDE_CROWD_SEPARATE_MAX_N + 1;
    CHECK(horde_crowd_separate_isa(cur_isa, &p1, &big, scratch, sizeof scratch) == HORDE_ERR_BAD_PARAMS, "n too large");
    CHECK(horde_crowd_separate_scratch_bytes(HORDE_CROWD_SEPARATE_MAX_N + 1) == 0 && b0 > 0, "size query");
}

/* A crowd large enough for the sort and the write-back to split it into many runs
 * (crowd_sort.c, crowd_write.c: up to 256 by bucket and by batch index): movers on a
 * lattice too wide for any contact, in a shuffled batch order, keep their bits and get no
 * flag; the pair of `pair` sits at two batch positions far apart and gets its answer;
 * invalid movers are sprinkled in. Once on a lattice of spacing 2 (the grid numbers its cells by the
 * bounding box), once of spacing 4 (too wide for the box: hashed buckets). */
static void many_case(float spacing)
{
    enum { SIDE = 265, M = SIDE * SIDE, N = M + 2, A = 12345, B = 61234 };
    float *v = malloc(9 * N * sizeof *v);
    uint32_t *order = malloc(M * sizeof *order), *f = (uint32_t *)(v + 8 * N);
    CHECK(v && order, "malloc");
    if (!v || !order) {
        free(v), free(order);
        return;
    }
    float *x = v, *y = v + N, *z = v + 2 * N, *r = v + 3 * N, *h = v + 4 * N, *w = v + 5 * N;
    float *ox = v + 6 * N, *oz = v + 7 * N;
    tu_rng rng = {0x6d616e79u};
    for (uint32_t i = 0; i < M; i++)
        order[i] = i;
    for (uint32_t i = M - 1; i > 0; i--) { /* shuffled: the k-th lattice mover is point order[k] */
        const uint32_t j = tu_below(&rng, i + 1), t = order[i];
        order[i] = order[j], order[j] = t;
    }
    for (uint32_t i = 0, k = 0; i < N; i++) {
        if (i == A || i == B)
            continue;
        const uint32_t q = order[k++];
        x[i] = 10.0f + spacing * (float)(q % SIDE), z[i] = 10.0f + spacing * (float)(q / SIDE);
        y[i] = 0.0f, r[i] = 0.5f, h[i] = 1.8f, w[i] = 1.0f;
    }
    x[A] = 0.0f, x[B] = 0.5f, z[A] = z[B] = 0.0f;
    y[A] = y[B] = 0.0f, r[A] = r[B] = 0.5f, h[A] = h[B] = 1.8f, w[A] = w[B] = 1.0f;
    for (uint32_t i = 777; i < N; i += 9973) /* invalid: radius NaN */
        if (i != A && i != B)
            r[i] = NAN;
    const horde_crowd_separate_batch c = {x, y, z, r, h, w, ox, oz, f, N};
    const size_t bytes = horde_crowd_separate_scratch_bytes(N);
    void *scratch = malloc(bytes);
    if (scratch) /* garbage, not what the last backend's call left there */
        memset(scratch, 0x5a, bytes);
    memset(ox, 0x5a, 3 * N * sizeof *ox); /* out_x, out_z, out_flags */
    CHECK(scratch && horde_crowd_separate_isa(cur_isa, NULL, &c, scratch, bytes) == HORDE_OK, "many: status on %s",
          horde_isa_name(cur_isa));
    size_t bad = 0, first = N;
    for (uint32_t i = 0; i < N; i++) {
        int ok;
        if (i == A)
            ok = ox[i] == -262146.0f * U && oz[i] == 0.0f && f[i] == HORDE_FLAG_CROWDED;
        else if (i == B)
            ok = ox[i] == 0.5f + 262146.0f * U && oz[i] == 0.0f && f[i] == HORDE_FLAG_CROWDED;
        else if (isnan(r[i]))
            ok = ox[i] == x[i] && oz[i] == z[i] && f[i] == HORDE_FLAG_INVALID;
        else
            ok = ox[i] == x[i] && oz[i] == z[i] && f[i] == 0;
        if (!ok && bad++ == 0)
            first = i;
    }
    CHECK(bad == 0, "many (spacing %g) on %s: %zu of %d movers wrong, first %zu: x %a z %a flags %#x", spacing,
          horde_isa_name(cur_isa), bad, (int)N, first, first < N ? ox[first] : 0.0f, first < N ? oz[first] : 0.0f,
          first < N ? f[first] : 0u);
    free(scratch), free(order), free(v);
}

static void many(void)
{
    many_case(2.0f);
    many_case(4.0f);
}

int main(void)
{
    TU_RUN_CASES(cur_isa, pair, touching, weights, coincident, wedged, packed, invalid, arguments, many);
    return tu_finish("known_crowd_separate");
}
