/* SPDX-License-Identifier: MIT */
/* horde — tasks.h: running a kernel call on the engine's own worker threads.
 *
 * horde never creates threads. A kernel with a `_tasks` entry point cuts its call into
 * stages and hands each stage to the engine's task system as a parallel-for over items
 * [0, count): the engine runs the ranges on its workers and horde waits for them before
 * the next stage. Guide and example pool: docs/tasks.md.
 *
 * Results are bit-identical to the plain call (tasks == NULL) for any worker count, any
 * split of the items into ranges and any order in which the ranges run: every item's
 * result is computed from fixed blocks whose size depends only on the batch, never on
 * the workers, and reductions over blocks are combined in block order. The scratch size
 * does not depend on the worker count either (one size query).
 *
 * Calls. horde calls enqueue and finish only from the thread that called the kernel,
 * one stage at a time: enqueue, then finish on its handle before the next enqueue (at
 * most one stage is outstanding). Each kernel documents its number of stages (its
 * synchronisation points); a stage may be run inline by horde itself when it is too
 * small to be worth a task, and is then not enqueued. The task bodies set the library's
 * floating-point mode themselves (src/dispatch.h), so a worker thread running with
 * FTZ/DAZ or other rounding gives the same bits as the calling thread.
 *
 * A task system is valid when enqueue and finish are non-NULL and worker_count >= 1;
 * otherwise the `_tasks` entry points return HORDE_ERR_BAD_PARAMS and write nothing. */
#ifndef HORDE_TASKS_H
#define HORDE_TASKS_H

#include "horde/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One range of a stage: items begin .. end - 1 (begin < end <= count), on worker
 * `worker` (< worker_count; one worker runs one range at a time), with the task_ctx
 * horde passed to enqueue. */
typedef void horde_task_fn(uint32_t begin, uint32_t end, uint32_t worker, void *task_ctx);

typedef struct horde_tasks {
    /* Run task over the items [0, count) split into ranges of at least min_range items
     * (the last may be shorter), each range exactly once, in any order, on any worker
     * index < worker_count. Returns a handle for finish, or NULL when every range has
     * already run (inline, or on workers that are done). count >= 1, min_range >= 1. */
    void *(*enqueue)(horde_task_fn *task, uint32_t count, uint32_t min_range, void *task_ctx,
                     void *user_ctx);
    /* Returns once every range of the enqueue that returned `handle` has run; never
     * called for a NULL handle. */
    void (*finish)(void *handle, void *user_ctx);
    uint32_t worker_count; /* >= 1: the worker indices the ranges may run on */
    void *user_ctx;        /* passed to enqueue and finish */
} horde_tasks;

#ifdef __cplusplus
}
#endif
#endif
