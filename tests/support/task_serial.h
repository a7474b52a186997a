/* SPDX-License-Identifier: MIT */
/* tp_serial: a task system (include/horde/tasks.h) on the calling thread, deterministic but
 * adversarial: ranges of random sizes (>= min_range, the last shorter), run in reverse or
 * random order, on random worker indices, either at enqueue (returning NULL: inline) or
 * deferred to finish (so a stage that reads results before finish would read garbage). It
 * counts what it saw (stages, ranges, a finish on an unknown handle) for the test to check.
 * No threads: it builds where pthreads do not exist (wasm32-wasi); task_pool.h adds a pool. */
#ifndef HORDE_TEST_TASK_SERIAL_H
#define HORDE_TEST_TASK_SERIAL_H

#include <stdint.h>
#include <string.h>

#include "horde/tasks.h"

/* ---- the serial schedulers -------------------------------------------------------- */

enum { TP_REVERSE, TP_RANDOM, TP_ORDER_COUNT };
enum { TP_MAX_RANGES = 1 << 16 };

typedef struct tp_serial {
    horde_tasks tasks;
    int order;    /* TP_REVERSE, TP_RANDOM */
    int deferred; /* ranges run in finish (else at enqueue, returning NULL) */
    uint64_t rng;
    /* The pending stage (deferred). */
    horde_task_fn *fn;
    void *ctx;
    uint32_t n, begin[TP_MAX_RANGES], end[TP_MAX_RANGES];
    int pending;
    uint32_t bad, stages, ranges;
} tp_serial;

static inline uint64_t tp_rand(tp_serial *s)
{
    uint64_t z = (s->rng += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static inline void tp_serial_run(tp_serial *s)
{
    for (uint32_t k = 0; k < s->n; k++) {
        const uint32_t worker = (uint32_t)(tp_rand(s) % s->tasks.worker_count);
        s->fn(s->begin[k], s->end[k], worker, s->ctx);
        s->ranges++;
    }
    s->pending = 0;
}

static inline void *tp_serial_enqueue(horde_task_fn *fn, uint32_t count, uint32_t min_range, void *ctx, void *user)
{
    tp_serial *s = (tp_serial *)user;
    s->stages++;
    if (count == 0 || min_range == 0 || s->pending)
        s->bad++;
    /* Random sizes >= min_range (one in four a single range of everything left); the
     * last range takes the rest when it is shorter than min_range. */
    uint32_t at = 0;
    s->n = 0;
    while (at < count && s->n < TP_MAX_RANGES) {
        uint32_t len = min_range + (uint32_t)(tp_rand(s) % (min_range * 3u + 1u));
        if (tp_rand(s) % 4 == 0 || s->n + 1 == TP_MAX_RANGES)
            len = count - at;
        len = len > count - at ? count - at : len;
        s->begin[s->n] = at, s->end[s->n] = at + len, s->n++;
        at += len;
    }
    for (uint32_t k = 0; k < s->n; k++) { /* the order */
        const uint32_t j = s->order == TP_REVERSE ? s->n - 1 - k : k + (uint32_t)(tp_rand(s) % (s->n - k));
        if (s->order == TP_REVERSE && j <= k)
            break;
        const uint32_t b = s->begin[k], e = s->end[k];
        s->begin[k] = s->begin[j], s->end[k] = s->end[j], s->begin[j] = b, s->end[j] = e;
    }
    s->fn = fn, s->ctx = ctx, s->pending = 1;
    if (s->deferred)
        return s;
    tp_serial_run(s);
    return NULL;
}

static inline void tp_serial_finish(void *handle, void *user)
{
    tp_serial *s = (tp_serial *)user;
    if (handle != s || !s->pending)
        s->bad++;
    else
        tp_serial_run(s);
}

static inline void tp_serial_init(tp_serial *s, uint32_t workers, int order, int deferred, uint64_t seed)
{
    memset((void *)s, 0, sizeof *s);
    s->tasks.enqueue = tp_serial_enqueue, s->tasks.finish = tp_serial_finish;
    s->tasks.worker_count = workers, s->tasks.user_ctx = s;
    s->order = order, s->deferred = deferred, s->rng = seed;
}

#endif
