/* SPDX-License-Identifier: MIT */
/* Task systems for the `_tasks` entry points (include/horde/tasks.h), header-only, for the
 * tests and the benchmarks:
 *   tp_pool    a real pool: worker_count - 1 pthreads plus the calling thread (worker 0),
 *              which runs ranges too while it waits in finish (unless the pool is made
 *              with helps = 0: then only the pool threads run ranges, so the test
 *              knows that they ran some, whatever the timing); ranges go to whichever
 *              thread claims them first, so which worker runs which range differs from run to
 *              run. With hostile set, every pool thread runs with the hostile FP mode of
 *              hostile_fp.h (FTZ | DAZ, round toward zero, traps) on x86-64: the task
 *              bodies must set the library's mode themselves.
 *   tp_serial  (task_serial.h, included here) one thread, ranges in an adversarial order.
 * The pool counts what it saw (ranges, a worker index out of range, a range below
 * min_range, a finish on an unknown handle) for the test to check. */
#ifndef HORDE_TEST_TASK_POOL_H
#define HORDE_TEST_TASK_POOL_H

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "horde/tasks.h"
#include "task_serial.h"

#ifdef __cplusplus
#include <atomic>
#define TP_ATOMIC(T) std::atomic<T>
#define TP_LOAD(a) (a).load()
#define TP_STORE(a, v) (a).store(v)
#define TP_ADD(a, v) (a).fetch_add(v)
#else
#include <stdatomic.h>
#define TP_ATOMIC(T) _Atomic T
#define TP_LOAD(a) atomic_load(&(a))
#define TP_STORE(a, v) atomic_store(&(a), v)
#define TP_ADD(a, v) atomic_fetch_add(&(a), v)
#endif

#if defined(__x86_64__) && !defined(TP_NO_HOSTILE)
/* hostile_fp.h's x86-64 mode, without its dependency on the library's internal headers. */
#define TP_HOSTILE_MXCSR ((0x1f80u & ~0x0280u) | 0x8000u | 0x0040u | 0x6000u)
static inline void tp_set_hostile_fp(void)
{
    uint32_t v = TP_HOSTILE_MXCSR;
    __asm__ volatile("ldmxcsr %0" : : "m"(v) : "memory");
}
/* Whether this thread's control bits are still the hostile mode (the task bodies must
 * leave them as they found them; exception flags may have been added). */
static inline int tp_hostile_active(void)
{
    uint32_t v;
    __asm__ volatile("stmxcsr %0" : "=m"(v) : : "memory");
    return (v & ~0x3fu) == TP_HOSTILE_MXCSR;
}
#define TP_HAVE_HOSTILE 1
#else
static inline void tp_set_hostile_fp(void) {}
static inline int tp_hostile_active(void) { return 0; }
#define TP_HAVE_HOSTILE 0
#endif

enum { TP_MAX_WORKERS = 64 };

/* ---- the real pool ---------------------------------------------------------------- */

typedef struct tp_pool {
    horde_tasks tasks;
    pthread_t th[TP_MAX_WORKERS];
    uint32_t threads; /* worker_count - 1 */
    int hostile, helps;
    pthread_mutex_t mu;
    pthread_cond_t wake, done;
    /* The current stage (one at a time: horde finishes each before the next), under mu. */
    int quit;
    horde_task_fn *fn;
    void *ctx;
    uint32_t count, range, ranges, claimed, finished;
    /* What the pool saw. */
    TP_ATOMIC(uint32_t) bad; /* worker out of range, range below min_range, unknown handle */
    TP_ATOMIC(uint32_t) stages;
    TP_ATOMIC(uint32_t) hostile_seen; /* a pool thread found its hostile mode intact after ranges */
} tp_pool;

/* Runs ranges of the current stage until none is left to claim (called and returning
 * with mu held). Claims are taken under mu, so a thread that wakes late never claims a
 * range of a stage that is already finished. */
static inline void tp_pool_drain(tp_pool *p, uint32_t worker)
{
    while (p->claimed < p->ranges) {
        const uint32_t k = p->claimed++, range = p->range, count = p->count;
        horde_task_fn *fn = p->fn;
        void *ctx = p->ctx;
        pthread_mutex_unlock(&p->mu);
        const uint32_t b = k * range, e = count - b > range ? b + range : count;
        fn(b, e, worker, ctx);
        if (worker && p->hostile && tp_hostile_active()) /* after running horde's task */
            TP_ADD(p->hostile_seen, 1u);
        pthread_mutex_lock(&p->mu);
        if (++p->finished == p->ranges)
            pthread_cond_broadcast(&p->done);
    }
}

static inline void *tp_pool_thread(void *arg)
{
    void **a = (void **)arg;
    tp_pool *p = (tp_pool *)a[0];
    const uint32_t worker = (uint32_t)(uintptr_t)a[1];
    free(arg);
    if (p->hostile)
        tp_set_hostile_fp();
    pthread_mutex_lock(&p->mu);
    for (;;) {
        while (!p->quit && p->claimed >= p->ranges)
            pthread_cond_wait(&p->wake, &p->mu);
        if (p->quit)
            break;
        tp_pool_drain(p, worker);
    }
    pthread_mutex_unlock(&p->mu);
    return NULL;
}

static inline void *tp_pool_enqueue(horde_task_fn *fn, uint32_t count, uint32_t min_range, void *ctx, void *user)
{
    tp_pool *p = (tp_pool *)user;
    TP_ADD(p->stages, 1u);
    if (count == 0 || min_range == 0)
        TP_ADD(p->bad, 1u);
    /* About four ranges per worker, none below min_range. */
    const uint32_t want = p->tasks.worker_count * 4u;
    uint32_t range = (count + want - 1) / want;
    range = range < min_range ? min_range : range;
    range = range ? range : 1;
    pthread_mutex_lock(&p->mu);
    if (p->finished != p->ranges) /* a stage still outstanding */
        TP_ADD(p->bad, 1u);
    p->fn = fn, p->ctx = ctx, p->count = count, p->range = range;
    p->ranges = (count + range - 1) / range, p->claimed = 0, p->finished = 0;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->mu);
    return p;
}

static inline void tp_pool_finish(void *handle, void *user)
{
    tp_pool *p = (tp_pool *)user;
    if (handle != p)
        TP_ADD(p->bad, 1u);
    pthread_mutex_lock(&p->mu);
    if (p->helps)
        tp_pool_drain(p, 0); /* the calling thread runs ranges too */
    while (p->finished != p->ranges)
        pthread_cond_wait(&p->done, &p->mu);
    pthread_mutex_unlock(&p->mu);
}

/* Starts workers - 1 threads (1 <= workers <= TP_MAX_WORKERS; 2 or more without helps);
 * 0 on success. */
static inline int tp_pool_start(tp_pool *p, uint32_t workers, int hostile, int helps)
{
    memset((void *)p, 0, sizeof *p);
    p->tasks.enqueue = tp_pool_enqueue, p->tasks.finish = tp_pool_finish;
    p->tasks.worker_count = workers, p->tasks.user_ctx = p;
    p->hostile = hostile, p->helps = helps;
    pthread_mutex_init(&p->mu, NULL);
    pthread_cond_init(&p->wake, NULL), pthread_cond_init(&p->done, NULL);
    for (uint32_t k = 1; k < workers; k++) {
        void **a = (void **)malloc(2 * sizeof *a);
        if (!a)
            return -1;
        a[0] = p, a[1] = (void *)(uintptr_t)k;
        if (pthread_create(&p->th[k - 1], NULL, tp_pool_thread, a) != 0)
            return free(a), -1;
        p->threads++;
    }
    return 0;
}

static inline void tp_pool_stop(tp_pool *p)
{
    pthread_mutex_lock(&p->mu);
    p->quit = 1;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->mu);
    for (uint32_t k = 0; k < p->threads; k++)
        pthread_join(p->th[k], NULL);
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->wake), pthread_cond_destroy(&p->done);
}

/* A pool of `workers` (1 .. 16) with the calling thread helping and no hostile FP mode,
 * started on its first use and kept for the process: the benchmarks' task rows. The first
 * use of each count must come from one thread at a time. */
static inline tp_pool *tp_pool_kept(uint32_t workers)
{
    static tp_pool *pools[17];
    if (!pools[workers]) {
        pools[workers] = (tp_pool *)calloc(1, sizeof(tp_pool));
        tp_pool_start(pools[workers], workers, 0, 1);
    }
    return pools[workers];
}

#endif
