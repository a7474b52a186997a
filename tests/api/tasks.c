/* SPDX-License-Identifier: MIT */
/* The task interface (include/horde/tasks.h): horde_crowd_separate_tasks gives exactly
 * horde_crowd_separate's bytes on every backend, for crowds of 0 to 100,000 movers
 * (random spreads and dense piles, with invalid movers, zero weights, coincident axes and
 * a few large movers), whatever runs the stages:
 *   real pools of 2, 3, 7 and 16 workers (tests/support/task_pool.h), whose threads run
 *     with a hostile FP mode (FTZ | DAZ, round toward zero, traps; x86-64): the task
 *     bodies must set the library's mode themselves and leave the worker's as it was
 *     (the pools of 2 and 7 run every range on their threads, the calling thread only
 *     waits; in the others it runs ranges too);
 *   serial schedulers that split the ranges at random sizes and run them in reverse or
 *     random order, at enqueue (returning NULL) or deferred to finish;
 *   a scheduler that runs everything inline at enqueue as one range.
 * Each run starts from a scratch filled with a different byte, so a stage that reads
 * what an earlier stage has not yet written differs. Nothing here depends on timing or
 * on how many cores the machine has: the pools' workers may all run on one core.
 * Also: a task system with a NULL enqueue or finish, or 0 workers, is HORDE_ERR_BAD_PARAMS
 * and writes nothing. */
#include <pthread.h>

#include "task_pool.h"
#include "testutil.h"

enum { ITERATIONS = 4, PILE_ITERATIONS = 16 };

typedef struct crowd {
    size_t n;
    float *x, *y, *z, *r, *h, *w;
    int weights; /* w used (else NULL: all 1) */
    uint32_t iterations;
} crowd;

typedef struct result {
    float *x, *z;
    uint32_t *flags;
} result;

/* kind 0: random spread (about one mover per 2 square units); 1: a dense pile. Both with
 * invalid movers (NaN, out of range), zero weights, coincident axes (copies of an earlier
 * mover's x, z) and, in one crowd in two, a few large movers (radius 3 to 8). */
static void make_crowd(crowd *c, size_t n, int kind, uint64_t seed)
{
    tu_rng g = {seed};
    c->n = n;
    const size_t m = n ? n : 1;
    c->x = malloc(m * 4), c->y = malloc(m * 4), c->z = malloc(m * 4);
    c->r = malloc(m * 4), c->h = malloc(m * 4), c->w = malloc(m * 4);
    c->weights = (seed & 1) == 0;
    c->iterations = kind ? PILE_ITERATIONS : ITERATIONS;
    const float side = kind ? sqrtf((float)m * 0.3f) + 1.0f : sqrtf(2.0f * (float)m) + 1.0f;
    const int giants = (seed >> 1 & 1) != 0;
    for (size_t i = 0; i < n; i++) {
        c->x[i] = tu_uniform(&g, -side, side) + 100.0f, c->z[i] = tu_uniform(&g, -side, side) - 50.0f;
        c->y[i] = tu_uniform(&g, 0.0f, 2.0f), c->h[i] = tu_uniform(&g, 0.5f, 2.0f);
        c->r[i] = tu_uniform(&g, 0.25f, 0.5f), c->w[i] = tu_uniform(&g, 0.1f, 2.0f);
        const uint32_t u = tu_below(&g, 100);
        if (u < 3)
            c->w[i] = 0.0f; /* immovable */
        else if (u < 6 && i > 0) {
            const size_t j = tu_below(&g, (uint32_t)i); /* coincident axes */
            c->x[i] = c->x[j], c->z[i] = c->z[j];
        } else if (u == 6)
            c->x[i] = NAN;
        else if (u == 7)
            c->r[i] = -1.0f;
        else if (u == 8)
            c->h[i] = 1e9f;
        else if (u == 9 && giants)
            c->r[i] = tu_uniform(&g, 3.0f, 8.0f);
    }
}

static void free_crowd(crowd *c)
{
    free(c->x), free(c->y), free(c->z), free(c->r), free(c->h), free(c->w);
}

static horde_crowd_separate_batch view(const crowd *c, result *o)
{
    const horde_crowd_separate_batch v = {c->x, c->y, c->z, c->r, c->h, c->weights ? c->w : NULL,
                                          o->x, o->z, o->flags, c->n};
    return v;
}

static void alloc_result(result *o, size_t n)
{
    const size_t m = n ? n : 1;
    o->x = malloc(m * 4), o->z = malloc(m * 4), o->flags = malloc(m * 4);
}

static void poison(result *o, size_t n, unsigned char byte)
{
    memset(o->x, byte, n * 4), memset(o->z, byte, n * 4), memset(o->flags, byte, n * 4);
}

static int same(const result *a, const result *b, size_t n)
{
    return !memcmp(a->x, b->x, n * 4) && !memcmp(a->z, b->z, n * 4) && !memcmp(a->flags, b->flags, n * 4);
}

static unsigned char *scratch;
static size_t scratch_bytes;
static unsigned char fill = 1;

/* One run on tasks (NULL: the plain call) into o, from a freshly filled scratch. */
static int run(horde_isa isa, const horde_tasks *tasks, const crowd *c, result *o)
{
    poison(o, c->n, (unsigned char)(fill * 37u));
    memset(scratch, fill++, scratch_bytes);
    const horde_crowd_separate_batch v = view(c, o);
    const horde_crowd_separate_params p = {.iterations = c->iterations};
    return tasks ? horde_crowd_separate_tasks_isa(isa, tasks, &p, &v, scratch, scratch_bytes)
                 : horde_crowd_separate_isa(isa, &p, &v, scratch, scratch_bytes);
}

/* The one-range inline scheduler: everything at enqueue, worker 0, NULL returned. */
static int inline_finishes;
static void *inline_enqueue(horde_task_fn *task, uint32_t count, uint32_t min_range, void *ctx, void *user)
{
    (void)min_range, (void)user;
    task(0, count, 0, ctx);
    return NULL;
}
static void inline_finish(void *handle, void *user)
{
    (void)handle, (void)user;
    inline_finishes++;
}

static void check_bad_tasks(void)
{
    crowd c;
    make_crowd(&c, 100, 0, 7);
    result o;
    alloc_result(&o, c.n);
    const size_t bytes = horde_crowd_separate_scratch_bytes(c.n);
    unsigned char *mem = malloc(bytes);
    tp_serial s;
    tp_serial_init(&s, 2, TP_RANDOM, 0, 1);
    horde_tasks bad[3] = {s.tasks, s.tasks, s.tasks};
    bad[0].enqueue = NULL, bad[1].finish = NULL, bad[2].worker_count = 0;
    for (int k = 0; k < 3; k++) {
        poison(&o, c.n, 0x5a);
        const horde_crowd_separate_batch v = view(&c, &o);
        const horde_status st = horde_crowd_separate_tasks(&bad[k], NULL, &v, mem, bytes);
        CHECK(st == HORDE_ERR_BAD_PARAMS, "bad task system %d: status %d", k, st);
        CHECK(o.x[0] != o.x[0] || o.flags[7] == 0x5a5a5a5au, "bad task system %d: wrote an output", k);
        CHECK(s.stages == 0, "bad task system %d: enqueued a stage", k);
    }
    /* n == 0 checks the task system too */
    horde_crowd_separate_batch v = view(&c, &o);
    v.n = 0;
    CHECK(horde_crowd_separate_tasks(&bad[2], NULL, &v, mem, bytes) == HORDE_ERR_BAD_PARAMS, "n = 0, 0 workers");
    CHECK(horde_crowd_separate_tasks(&s.tasks, NULL, &v, mem, bytes) == HORDE_OK, "n = 0");
    CHECK(horde_crowd_separate_tasks(NULL, NULL, &v, mem, bytes) == HORDE_OK, "n = 0, no tasks");
    CHECK(s.stages == 0, "n = 0: enqueued a stage");
    free(mem), free(o.x), free(o.z), free(o.flags);
    free_crowd(&c);
}

int main(void)
{
    /* 20,000 and 40,000: the fewest slabs of the iterations' two-stage schedule (2 and
     * 4 of about 9,000 valid movers, crowd_separate.h), 100,000 more of them */
    static const size_t sizes[] = {0, 1, 7, 1000, 20000, 40000, 100000};
    static const uint32_t pool_workers[] = {2, 3, 7, 16};
    enum { POOLS = sizeof pool_workers / sizeof pool_workers[0] };
    check_bad_tasks();
    tp_pool pools[POOLS];
    for (int p = 0; p < POOLS; p++)
        CHECK(tp_pool_start(&pools[p], pool_workers[p], 1, p % 2) == 0, "pool of %u", pool_workers[p]);
    static tp_serial serial;
    const horde_tasks inline_tasks = {inline_enqueue, inline_finish, 1, NULL};
    scratch_bytes = horde_crowd_separate_scratch_bytes(100000);
    scratch = malloc(scratch_bytes);
    uint64_t seed = 1;
    long runs = 0;
    for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++)
        for (int kind = 0; kind < 2; kind++, seed++) {
            crowd c;
            make_crowd(&c, sizes[si], kind, seed);
            result ref, got;
            alloc_result(&ref, c.n), alloc_result(&got, c.n);
            TU_FOR_EACH_BACKEND(isa) {
                const char *name = horde_isa_name(isa);
                CHECK(run(isa, NULL, &c, &ref) == HORDE_OK, "%s n=%zu kind %d: plain call", name, c.n, kind);
                for (int p = 0; p < POOLS; p++) {
                    CHECK(run(isa, &pools[p].tasks, &c, &got) == HORDE_OK && same(&ref, &got, c.n),
                          "%s n=%zu kind %d: pool of %u workers differs", name, c.n, kind, pool_workers[p]);
                    runs++;
                }
                for (int order = 0; order < TP_ORDER_COUNT; order++)
                    for (int deferred = 0; deferred < 2; deferred++) {
                        tp_serial_init(&serial, 1 + (uint32_t)(seed % 5), order, deferred, seed * 31 + (uint64_t)order);
                        CHECK(run(isa, &serial.tasks, &c, &got) == HORDE_OK && same(&ref, &got, c.n),
                              "%s n=%zu kind %d: serial order %d deferred %d differs", name, c.n, kind, order,
                              deferred);
                        CHECK(serial.bad == 0, "serial scheduler saw %u bad calls", serial.bad);
                        runs++;
                    }
                CHECK(run(isa, &inline_tasks, &c, &got) == HORDE_OK && same(&ref, &got, c.n),
                      "%s n=%zu kind %d: inline scheduler differs", name, c.n, kind);
                runs++;
            }
            free(ref.x), free(ref.z), free(ref.flags), free(got.x), free(got.z), free(got.flags);
            free_crowd(&c);
        }
    uint32_t stages = 0;
    for (int p = 0; p < POOLS; p++) {
        CHECK(TP_LOAD(pools[p].bad) == 0, "pool of %u saw %u bad calls", pool_workers[p], TP_LOAD(pools[p].bad));
        stages += TP_LOAD(pools[p].stages);
        /* The pools whose calling thread does not help ran every range on their threads,
         * each of which found its hostile mode intact after horde's task. */
        CHECK(!TP_HAVE_HOSTILE || pools[p].helps || TP_LOAD(pools[p].hostile_seen) > 0,
              "pool of %u: no range ran in the hostile FP mode, or the mode was changed", pool_workers[p]);
        tp_pool_stop(&pools[p]);
    }
    CHECK(stages > 0, "the pools were never given a stage");
    CHECK(inline_finishes == 0, "finish called on a NULL handle");
    printf("%ld task runs equal to the plain call (%u stages on the pools)\n", runs, stages);
    free(scratch);
    return tu_finish("test_tasks");
}
