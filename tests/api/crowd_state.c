/* SPDX-License-Identifier: MIT */
/* The crowd separation's state and push cap (include/horde/crowd_separate.h, "Frame
 * coherence", "Push cap").
 *
 * State: a call with a state returns the bytes of the same call without one, checked by
 * memcmp frame after frame over long walks (movers walking towards goals at 1 to 3
 * units per second, 60 frames a second), with teleports, movers removed and added
 * between frames (n changes, indices shift), radii and heights changing, movers turning
 * NaN for a frame, margins 0, 0.25, 0.5, 1 and 64, crowds on a bounding-box grid and
 * spread thin (hashed cells), on every backend, and on task systems
 * (pools of 1, 2, 3, 7 and 16 workers, serial schedulers in random and reverse order),
 * one scheduler per frame, so a state built on one is reused on another. That the state
 * is reused at all is seen from the stages a call enqueues: a reused state runs no grid,
 * sort nor search, so it enqueues fewer stages than the stateless call (a rebuild runs
 * the stateless call's stages and two more). The rebuilds' back-off, seen the same way.
 * Overwritten candidate lists: no crash. Bad states and arguments: their statuses, and
 * nothing written.
 *
 * Cap: every mover of capped calls against a double-precision model of the header's
 * rule applied to the uncapped call's result; 0 and +INFINITY give the uncapped bits. */
#include <pthread.h>

#include "task_pool.h"
#include "testutil.h"

enum { MAXN = 7000, FRAMES = 240 };

typedef struct crowd {
    size_t n;
    float x[MAXN], y[MAXN], z[MAXN], r[MAXN], h[MAXN], w[MAXN], gx[MAXN], gz[MAXN], v[MAXN];
} crowd;
typedef struct result {
    float x[MAXN], z[MAXN];
    uint32_t f[MAXN];
} result;

static crowd C;
static result ref, got;
static unsigned char *scratch, *state;
static size_t scratch_bytes, state_bytes;
static unsigned fill = 1;

static horde_crowd_separate_batch view(const crowd *c, result *o)
{
    const horde_crowd_separate_batch b = {c->x, c->y, c->z, c->r, c->h, c->w, o->x, o->z, o->f, c->n};
    return b;
}

static int same(const result *a, const result *b, size_t n)
{
    return !memcmp(a->x, b->x, n * 4) && !memcmp(a->z, b->z, n * 4) && !memcmp(a->f, b->f, n * 4);
}

/* One call into o from a freshly filled scratch and outputs. */
static horde_status call(horde_isa isa, const horde_tasks *t, const horde_crowd_separate_params *p, result *o)
{
    memset(o, (int)(fill * 53u & 0xff), sizeof *o);
    memset(scratch, (int)(fill++ & 0xff), scratch_bytes);
    const horde_crowd_separate_batch b = view(&C, o);
    return t ? horde_crowd_separate_tasks_isa(isa, t, p, &b, scratch, scratch_bytes)
             : horde_crowd_separate_isa(isa, p, &b, scratch, scratch_bytes);
}

static void new_goal(tu_rng *g, size_t i, float side)
{
    C.gx[i] = tu_uniform(g, -side, side), C.gz[i] = tu_uniform(g, -side, side);
    C.v[i] = tu_uniform(g, 1.0f, 3.0f) / 60.0f;
}
static void new_mover(tu_rng *g, size_t i, float side)
{
    C.x[i] = tu_uniform(g, -side, side), C.z[i] = tu_uniform(g, -side, side);
    C.y[i] = tu_uniform(g, 0.0f, 0.3f), C.h[i] = tu_uniform(g, 1.5f, 2.0f);
    C.r[i] = tu_uniform(g, 0.3f, 0.45f), C.w[i] = tu_below(g, 20) ? tu_uniform(g, 0.5f, 2.0f) : 0.0f;
    new_goal(g, i, side);
}
static void remove_mover(size_t i)
{
    float *a[] = {C.x, C.y, C.z, C.r, C.h, C.w, C.gx, C.gz, C.v};
    for (size_t k = 0; k < sizeof a / sizeof a[0]; k++)
        memmove(a[k] + i, a[k] + i + 1, (C.n - i - 1) * 4);
    C.n--;
}

/* The schedulers a walk cycles through: plain (NULL), pools, serial. */
enum { POOLS = 5 };
static const uint32_t pool_workers[POOLS] = {1, 2, 3, 7, 16};
static tp_pool pools[POOLS];
static tp_serial serial;

typedef struct walk_stats {
    long frames, reused, enqueued_frames;
} walk_stats;

/* Stages a call enqueues on the serial scheduler (it counts them). */
static uint32_t serial_stages(horde_isa isa, const horde_crowd_separate_params *p, result *o, uint64_t seed)
{
    tp_serial_init(&serial, 1 + (uint32_t)(seed % 4), (int)(seed % TP_ORDER_COUNT), (int)(seed >> 2 & 1), seed);
    CHECK(call(isa, &serial.tasks, p, o) == HORDE_OK, "serial call");
    CHECK(serial.bad == 0, "serial scheduler saw bad calls");
    return serial.stages;
}

/* n new movers over a square of side sqrt(1.6 n) * spread (returned), the stateless
 * defaults in *p0 and the same with the state (initialised with that margin) in *ps. */
static float new_crowd(tu_rng *g, size_t n, float spread, float margin, horde_crowd_separate_params *p0,
                      horde_crowd_separate_params *ps)
{
    const float side = sqrtf((float)n * 1.6f) * spread;
    C.n = n;
    for (size_t i = 0; i < n; i++)
        new_mover(g, i, side);
    CHECK(horde_crowd_separate_state_init(state, state_bytes, MAXN, margin) == HORDE_OK, "state init");
    horde_crowd_separate_params_default(p0);
    *ps = *p0, ps->state = state;
    return side;
}

/* A walk of `frames` frames from n movers: every frame the stateless call (plain) and the
 * call with the state (on scheduler `sched`: -1 plain, 0 .. POOLS - 1 a pool, POOLS the
 * serial one, POOLS + 1 a different one each frame); outputs equal by memcmp; the
 * movers then take the result and walk on. events: teleports, adds/removes, radii,
 * NaN. */
static void walk(horde_isa isa, size_t n, float spread, float margin, int sched, int events, uint64_t seed,
                 walk_stats *ws)
{
    tu_rng g = {seed};
    /* spread 1: about one mover per 6 square units, a bounding-box grid; spread 8: a
     * crowd spread thin, hashed cells */
    horde_crowd_separate_params p0, ps;
    const float side = new_crowd(&g, n, spread, margin, &p0, &ps);
    const char *name = horde_isa_name(isa);
    const int frames = tu_reduced() ? FRAMES / 2 : FRAMES; /* a reduced run walks half as long */
    for (int f = 0; f < frames; f++) {
        for (size_t i = 0; i < C.n; i++) { /* walk */
            const float dx = C.gx[i] - C.x[i], dz = C.gz[i] - C.z[i], d = sqrtf(dx * dx + dz * dz);
            if (d < 0.5f)
                new_goal(&g, i, side);
            else if (C.x[i] == C.x[i])
                C.x[i] += dx / d * C.v[i], C.z[i] += dz / d * C.v[i];
        }
        size_t nan_at = SIZE_MAX;
        if (events) {
            if (f % 37 == 36) /* teleports */
                for (int k = 0; k < 3; k++) {
                    const size_t i = tu_below(&g, (uint32_t)C.n);
                    C.x[i] = tu_uniform(&g, -side, side), C.z[i] = tu_uniform(&g, -side, side);
                }
            if (f % 53 == 52) { /* removed and added: indices shift, n changes */
                for (int k = 0; k < 5 && C.n > 1; k++)
                    remove_mover(tu_below(&g, (uint32_t)C.n));
                for (int k = tu_below(&g, 12); k > 0 && C.n < MAXN; k--)
                    new_mover(&g, C.n++, side);
            }
            if (f % 41 == 40) /* radii */
                C.r[tu_below(&g, (uint32_t)C.n)] *= 1.0625f;
            if (f % 29 == 28) /* heights and y change freely */
                C.h[tu_below(&g, (uint32_t)C.n)] = 0.25f, C.y[tu_below(&g, (uint32_t)C.n)] += 1.0f;
            if (f % 43 == 42) /* a NaN mover for this frame */
                nan_at = tu_below(&g, (uint32_t)C.n);
        }
        const float saved = nan_at != SIZE_MAX ? C.x[nan_at] : 0.0f;
        if (nan_at != SIZE_MAX)
            C.x[nan_at] = NAN;
        CHECK(call(isa, NULL, &p0, &ref) == HORDE_OK, "%s: stateless call", name);
        const int s = sched <= POOLS ? sched : (int)((unsigned)f % (POOLS + 2)) - 1;
        uint64_t sseed = seed * 1000003u + (uint64_t)f;
        if (s == POOLS) {
            /* the stages with the state, and without (the same input, so the same passes) */
            const uint32_t with = serial_stages(isa, &ps, &got, sseed);
            result *spare = &ref; /* ref is recomputed below */
            const uint32_t without = serial_stages(isa, &p0, spare, sseed + 1);
            CHECK(call(isa, NULL, &p0, &ref) == HORDE_OK, "%s: stateless call", name);
            ws->enqueued_frames += without > 0;
            ws->reused += with < without;
        } else
            CHECK(call(isa, s < 0 ? NULL : &pools[s].tasks, &ps, &got) == HORDE_OK, "%s: call with state", name);
        CHECK(same(&ref, &got, C.n), "%s n=%zu margin %g frame %d scheduler %d: state differs from stateless",
              name, C.n, margin, f, s);
        ws->frames++;
        if (nan_at != SIZE_MAX)
            C.x[nan_at] = saved;
        for (size_t i = 0; i < C.n; i++)
            if (!(ref.f[i] & HORDE_FLAG_INVALID))
                C.x[i] = ref.x[i], C.z[i] = ref.z[i];
    }
}

/* Bad states and arguments: statuses, nothing written; the state untouched by errors. */
static void check_errors(void)
{
    unsigned char buf[512 + 8];
    memset(buf, 0, sizeof buf); /* the init writes only the header; the compares read it all */
    const size_t b10 = horde_crowd_separate_state_bytes(2);
    CHECK(b10 > 0 && b10 <= 512, "state bytes of 2 movers: %zu", b10);
    CHECK(horde_crowd_separate_state_bytes(HORDE_CROWD_SEPARATE_MAX_N + 1) == 0, "state bytes past MAX_N");
    CHECK(horde_crowd_separate_state_bytes(0) > 0, "state bytes of 0 movers");
    void *a = (void *)(((uintptr_t)buf + 7) & ~(uintptr_t)7);
    CHECK(horde_crowd_separate_state_init(NULL, b10, 2, 1.0f) == HORDE_ERR_NULL_ARG, "init NULL");
    CHECK(horde_crowd_separate_state_init((char *)a + 1, b10, 2, 1.0f) == HORDE_ERR_BAD_PARAMS, "init unaligned");
    CHECK(horde_crowd_separate_state_init(a, b10 - 1, 2, 1.0f) == HORDE_ERR_BAD_PARAMS, "init bytes short");
    CHECK(horde_crowd_separate_state_init(a, SIZE_MAX, (size_t)HORDE_CROWD_SEPARATE_MAX_N + 1, 1.0f) ==
              HORDE_ERR_BAD_PARAMS, "init max_n past MAX_N");
    const float bad_margin[] = {NAN, -1.0f, -INFINITY, INFINITY, nextafterf(HORDE_CROWD_SEPARATE_MAX_MARGIN, INFINITY)};
    for (int k = 0; k < 5; k++)
        CHECK(horde_crowd_separate_state_init(a, b10, 2, bad_margin[k]) == HORDE_ERR_BAD_PARAMS, "margin %g",
              bad_margin[k]);
    const float ok_margin[] = {0.0f, -0.0f, HORDE_CROWD_SEPARATE_MAX_MARGIN};
    for (int k = 0; k < 3; k++)
        CHECK(horde_crowd_separate_state_init(a, b10, 2, ok_margin[k]) == HORDE_OK, "margin %g", ok_margin[k]);

    /* calls: three movers in contact */
    C.n = 3;
    for (int i = 0; i < 3; i++)
        C.x[i] = 0.3f * (float)i, C.z[i] = 0.0f, C.y[i] = 0.0f, C.r[i] = 0.4f, C.h[i] = 1.8f, C.w[i] = 1.0f;
    horde_crowd_separate_params p;
    horde_crowd_separate_params_default(&p);
    p.state = a;
    CHECK(horde_crowd_separate_state_init(a, b10, 2, 1.0f) == HORDE_OK, "init for 2");
    unsigned char before[512];
    memcpy(before, a, b10);
    memset(&got, 0x5a, sizeof got);
    const horde_crowd_separate_batch b = view(&C, &got);
    CHECK(horde_crowd_separate(&p, &b, scratch, scratch_bytes) == HORDE_ERR_BAD_PARAMS, "state for fewer movers");
    CHECK(got.f[0] == 0x5a5a5a5au && !memcmp(before, a, b10), "state for fewer movers: wrote something");
    horde_crowd_separate_batch b0 = b;
    b0.n = 0; /* n == 0: checks the state, touches nothing */
    CHECK(horde_crowd_separate(&p, &b0, NULL, horde_crowd_separate_scratch_bytes(0)) == HORDE_OK, "n = 0");
    CHECK(!memcmp(before, a, b10), "n = 0 changed the state");
    memset(a, 0, b10); /* never initialised */
    CHECK(horde_crowd_separate(&p, &b0, NULL, horde_crowd_separate_scratch_bytes(0)) == HORDE_ERR_BAD_PARAMS,
          "uninitialised state, n = 0");
    unsigned char *big = malloc(horde_crowd_separate_state_bytes(3));
    p.state = big;
    for (int k = 0; k < 3; k++) { /* garbage, a flipped bit in the header, a copy elsewhere */
        CHECK(horde_crowd_separate_state_init(big, horde_crowd_separate_state_bytes(3), 3, 0.5f) == HORDE_OK, "init");
        CHECK(horde_crowd_separate(&p, &b, scratch, scratch_bytes) == HORDE_OK, "first call builds");
        if (k == 0)
            memset(big, 0xa5, 64);
        else if (k == 1)
            big[8] ^= 4; /* max_n */
        else {
            unsigned char *moved = malloc(horde_crowd_separate_state_bytes(3));
            memcpy(moved, big, horde_crowd_separate_state_bytes(3));
            p.state = moved;
            result o;
            CHECK(horde_crowd_separate(&p, &b, scratch, scratch_bytes) == HORDE_OK, "a moved state");
            memcpy(&o, &got, sizeof o);
            p.state = NULL;
            CHECK(horde_crowd_separate(&p, &b, scratch, scratch_bytes) == HORDE_OK && same(&o, &got, 3),
                  "a moved state's result");
            free(moved);
            continue;
        }
        memset(&got, 0x5a, sizeof got);
        CHECK(horde_crowd_separate(&p, &b, scratch, scratch_bytes) == HORDE_ERR_BAD_PARAMS, "bad header %d", k);
        CHECK(got.f[0] == 0x5a5a5a5au, "bad header %d: wrote an output", k);
    }
    /* Arrays overwritten behind a good header: any result, no crash (the call stays in
     * bounds; a sanitizer build checks that). */
    p.state = big;
    CHECK(horde_crowd_separate_state_init(big, horde_crowd_separate_state_bytes(3), 3, 0.5f) == HORDE_OK, "init");
    CHECK(horde_crowd_separate(&p, &b, scratch, scratch_bytes) == HORDE_OK, "build");
    memset(big + 64, 0xff, horde_crowd_separate_state_bytes(3) - 64);
    CHECK(horde_crowd_separate(&p, &b, scratch, scratch_bytes) == HORDE_OK, "overwritten arrays");
    for (int k = 0; k < 4; k++)
        memset(big + 64 + 4 * 3 * (size_t)k, 0, 12); /* idx 0 0 0, x, z, r 0 */
    CHECK(horde_crowd_separate(&p, &b, scratch, scratch_bytes) == HORDE_OK, "overwritten arrays (zeros)");
    free(big);
}

/* A reused state whose candidate arrays were overwritten (its positions intact, so the
 * call reuses it): any result, no crash, inline and on a pool (a sanitizer build checks
 * the reads stay in the state); the arrays put back, the stateless bits again. The
 * arrays' places are the state's layout (kernels/crowd/crowd_stages.h): a 64-byte header,
 * then idx, x, z, r and the candidates' ends (max_n words each), then the candidates. */
static void check_overwritten_lists(void)
{
    tu_rng g = {77};
    const size_t n = 2600; /* three blocks of the candidates' regions */
    horde_crowd_separate_params p0, ps;
    (void)new_crowd(&g, n, 1.0f, 1.0f, &p0, &ps);
    CHECK(call(horde_isa_active(), NULL, &ps, &got) == HORDE_OK, "build");
    CHECK(call(horde_isa_active(), NULL, &p0, &ref) == HORDE_OK && same(&ref, &got, n), "built: the stateless bits");
    result spare;
    const uint32_t with = serial_stages(horde_isa_active(), &ps, &spare, 5);
    CHECK(with < serial_stages(horde_isa_active(), &p0, &spare, 6), "the built state is not reused");
    const size_t lists = 64 + 4 * 4 * (size_t)MAXN, bytes = state_bytes - lists;
    unsigned char *saved = malloc(bytes);
    memcpy(saved, state + lists, bytes);
    for (int k = 0; k < 5; k++) {
        uint32_t *wd = (uint32_t *)(void *)(state + lists);
        for (size_t i = 0; i < bytes / 4; i++) /* ends and candidates */
            wd[i] = k == 0 ? 0xffffffffu
                  : k == 1 ? (uint32_t)(bytes / 4 - i)      /* decreasing ends */
                  : k == 2 ? tu_below(&g, (uint32_t)n)      /* plausible indices and ends */
                  : k == 3 ? (uint32_t)(i * 40)             /* every mover 40 candidates */
                           : tu_below(&g, 0xffffffffu);
        /* a scratch of stale bytes: counts >= 8 and equal distances everywhere, so an offer
         * to a mover the call has not reset yet would take the replace-the-worst path */
        memset(scratch, 0x20, scratch_bytes);
        CHECK(call(horde_isa_active(), NULL, &ps, &got) == HORDE_OK, "overwritten lists %d, inline", k);
        memset(scratch, 0x20, scratch_bytes);
        CHECK(call(horde_isa_active(), &pools[2].tasks, &ps, &got) == HORDE_OK, "overwritten lists %d, pool", k);
        memcpy(state + lists, saved, bytes);
        CHECK(call(horde_isa_active(), NULL, &ps, &got) == HORDE_OK && same(&ref, &got, n),
              "lists %d put back: the stateless bits", k);
    }
    free(saved);
}

/* What a call with the state did, from the stages it enqueues against the stateless
 * call's (the header's list): -1 reused; else the stages it ran more, one for a failed
 * check of a built state, one for a build of the candidates (0: ran as without a state,
 * backing off). Its bits checked against the stateless call's. */
static int state_did(const horde_crowd_separate_params *ps, const horde_crowd_separate_params *p0, uint64_t seed)
{
    /* seeds 1 and 2 mod 4: 2 and 3 workers (a serial scheduler of 1 runs inline) */
    const uint32_t with = serial_stages(horde_isa_active(), ps, &got, 4 * seed + 1);
    const uint32_t without = serial_stages(horde_isa_active(), p0, &ref, 4 * seed + 2);
    CHECK(without > 0, "back-off: no stages enqueued");
    CHECK(same(&ref, &got, C.n), "back-off: state differs from stateless");
    return with < without ? -1 : (int)(with - without);
}

/* The back-off (the header): with margin 0 and every mover moving each call, no build is
 * ever reused: the builds come at calls 0, 2, 5, 10, 19, 28, 37 (waits of 1, 2, 4, 8,
 * 8, ...), each followed by one failed check, not a build and a failed check every call.
 * Then the crowd stands still: the next build is reused, and after 3 reuses a failed
 * check rebuilds at once. */
static void check_backoff(void)
{
    tu_rng g = {99};
    const size_t n = 6000; /* at least CROWD_MIN_BLOCKS blocks: each stage enqueued */
    horde_crowd_separate_params p0, ps;
    (void)new_crowd(&g, n, 1.0f, 0.0f, &p0, &ps);
    uint64_t more = 0; /* bit k: call k ran more stages than the stateless call */
    for (int k = 0; k < 40; k++) {
        for (size_t i = 0; i < n; i++)
            C.x[i] += 0.01f;
        const int did = state_did(&ps, &p0, 1000 + (uint64_t)k);
        CHECK(did == 0 || did == 1, "back-off: call %d: %d (a reuse, or a check and a build)", k, did);
        more |= (uint64_t)(did > 0) << k;
    }
    const uint64_t builds = 1ull << 0 | 1ull << 2 | 1ull << 5 | 1ull << 10 | 1ull << 19 | 1ull << 28 | 1ull << 37;
    CHECK(more == (builds | builds << 1), "back-off: calls %#llx ran more stages, not %#llx",
          (unsigned long long)more, (unsigned long long)(builds | builds << 1));
    int reused = 0, k = 0;
    for (; k < 20 && reused < 3; k++) /* standing still: a build within 9 calls, then reuses */
        reused += state_did(&ps, &p0, 2000 + (uint64_t)k) < 0;
    CHECK(reused == 3 && k <= 13, "back-off: a still crowd reused %d times in %d calls", reused, k);
    for (size_t i = 0; i < n; i++)
        C.x[i] += 0.01f;
    CHECK(state_did(&ps, &p0, 3000) == 2, "back-off: a state reused 3 times did not check and rebuild at once");
}

/* The cap against its double model, on piles that push hard; every backend and a pool. */
static void check_cap(void)
{
    tu_rng g = {99};
    const float caps[] = {1e-30f, 0.001f, 0.01f, 0.05f, 0.2f, 1.0f, 100.0f};
    long capped = 0, lanes = 0;
    for (int kind = 0; kind < 3; kind++) {
        C.n = kind == 0 ? 300 : kind == 1 ? 5000 : 40;
        const float side = kind == 2 ? 0.5f : sqrtf((float)C.n * 0.3f);
        for (size_t i = 0; i < C.n; i++) {
            new_mover(&g, i, side);
            C.x[i] += 1000.0f * (float)kind; /* coordinates of different sizes */
        }
        C.x[7] = NAN; /* an invalid mover: never capped */
        horde_crowd_separate_params p;
        horde_crowd_separate_params_default(&p);
        p.iterations = 8;
        TU_FOR_EACH_BACKEND(isa) {
            const char *name = horde_isa_name(isa);
            CHECK(call(isa, NULL, &p, &ref) == HORDE_OK, "uncapped");
            result unc = ref;
            horde_crowd_separate_params q = p;
            q.max_move = 0.0f; /* no cap, as +INFINITY */
            CHECK(call(isa, NULL, &q, &got) == HORDE_OK && same(&unc, &got, C.n), "%s: max_move 0", name);
            q.max_move = -0.0f;
            CHECK(call(isa, NULL, &q, &got) == HORDE_OK && same(&unc, &got, C.n), "%s: max_move -0", name);
            for (size_t k = 0; k < sizeof caps / sizeof caps[0]; k++) {
                q.max_move = caps[k];
                const horde_tasks *t = k % 2 ? &pools[k % POOLS].tasks : NULL;
                CHECK(call(isa, t, &q, &got) == HORDE_OK, "%s: cap %g", name, caps[k]);
                for (size_t i = 0; i < C.n; i++) {
                    float ex = unc.x[i], ez = unc.z[i];
                    uint32_t ef = unc.f[i];
                    if (!(ef & HORDE_FLAG_INVALID)) {
                        const double dx = (double)ex - (double)C.x[i], dz = (double)ez - (double)C.z[i];
                        const double l = sqrt(dx * dx + dz * dz), m = caps[k];
                        if (l > m) {
                            ex = (float)((double)C.x[i] + dx * (m / l)), ez = (float)((double)C.z[i] + dz * (m / l));
                            ef |= HORDE_FLAG_CAPPED, capped++;
                            /* |out - in| <= max_move up to the rounding to float */
                            const double ox = (double)got.x[i] - C.x[i], oz = (double)got.z[i] - C.z[i];
                            CHECK(sqrt(ox * ox + oz * oz) <= m + 1e-7 * (fabs(C.x[i]) + fabs(C.z[i]) + 1.0),
                                  "%s: cap %g mover %zu moved %g", name, caps[k], i, sqrt(ox * ox + oz * oz));
                        }
                    }
                    lanes++;
                    CHECK(!memcmp(&ex, &got.x[i], 4) && !memcmp(&ez, &got.z[i], 4) && ef == got.f[i],
                          "%s kind %d cap %g mover %zu: got (%a, %a, %x), model (%a, %a, %x)", name, kind, caps[k],
                          i, got.x[i], got.z[i], got.f[i], ex, ez, ef);
                }
            }
        }
    }
    CHECK(capped > lanes / 20, "the caps capped %ld of %ld lanes: too few to test the rule", capped, lanes);
    /* params: NaN and negative rejected, nothing written; 0 and +INFINITY accepted */
    horde_crowd_separate_params p;
    horde_crowd_separate_params_default(&p);
    CHECK(p.max_move == INFINITY && p.state == NULL, "defaults");
    const float bad[] = {NAN, -1.0f, -INFINITY, -FLT_MIN};
    for (int k = 0; k < 4; k++) {
        p.max_move = bad[k];
        memset(&got, 0x5a, sizeof got);
        const horde_crowd_separate_batch b = view(&C, &got);
        CHECK(horde_crowd_separate(&p, &b, scratch, scratch_bytes) == HORDE_ERR_BAD_PARAMS, "max_move %g", bad[k]);
        CHECK(got.f[0] == 0x5a5a5a5au, "max_move %g: wrote an output", bad[k]);
    }
    printf("cap: %ld of %ld lanes capped, each equal to the double model\n", capped, lanes);
}

int main(void)
{
    scratch_bytes = horde_crowd_separate_scratch_bytes(MAXN);
    scratch = malloc(scratch_bytes);
    state_bytes = horde_crowd_separate_state_bytes(MAXN);
    state = malloc(state_bytes);
    for (int p = 0; p < POOLS; p++)
        CHECK(tp_pool_start(&pools[p], pool_workers[p], 1, p % 2 || pool_workers[p] == 1) == 0, "pool of %u",
              pool_workers[p]); /* a pool of 1 worker: the calling thread runs its ranges */
    check_errors();
    check_overwritten_lists();
    check_backoff();
    check_cap();
    walk_stats ws = {0};
    uint64_t seed = 11;
    /* Every backend: the walk with events on the serial scheduler (stage counts), plain
     * calls with margins 0 and 64 (a sparse crowd keeps few candidates even so). */
    TU_FOR_EACH_BACKEND(isa) {
        walk(isa, 6000, 1.0f, 0.5f, POOLS, 1, seed++, &ws);
        walk(isa, 3000, 8.0f, 0.5f, -1, 1, seed++, &ws);
        walk(isa, 400, 1.0f, 0.0f, -1, 1, seed++, &ws);
        walk(isa, 60, 1.0f, 64.0f, -1, 1, seed++, &ws); /* over 32 candidates: never reused */
        walk(isa, 25, 1.0f, 64.0f, -1, 1, seed++, &ws); /* every mover a candidate of every other */
    }
    CHECK(ws.enqueued_frames > 0 && ws.reused > ws.enqueued_frames / 2,
          "the state was reused in %ld of %ld frames: the reuse path is not tested", ws.reused, ws.enqueued_frames);
    const long reused_serial = ws.reused;
    /* The active backend on every scheduler in turn, frame after frame. */
    walk(horde_isa_active(), 6000, 1.0f, 0.25f, POOLS + 1, 1, seed++, &ws);
    walk(horde_isa_active(), 3000, 1.0f, 1.0f, POOLS + 1, 0, seed++, &ws);
    walk(horde_isa_active(), 6000, 8.0f, 1.0f, POOLS + 1, 1, seed++, &ws);
    for (int p = 0; p < POOLS; p++) {
        CHECK(TP_LOAD(pools[p].bad) == 0, "pool of %u saw bad calls", pool_workers[p]);
        tp_pool_stop(&pools[p]);
    }
    printf("%ld frames with a state equal to the stateless call; the state reused in %ld of %ld counted frames\n",
           ws.frames, reused_serial, ws.enqueued_frames);
    free(scratch), free(state);
    return tu_finish("test_crowd_state");
}
