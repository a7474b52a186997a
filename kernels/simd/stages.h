/* SPDX-License-Identifier: MIT */
/* Internal: how a kernel runs its stages, inline or on the caller's task system
 * (include/horde/tasks.h). The entry point (src/) fills a horde_stages and passes it to
 * the kernel; the kernel calls horde_stage() once per stage. The entry point's `run`
 * wraps each range in the library's floating-point mode (src/dispatch.h), which only src/
 * may set, so kernels reach it through this function pointer. */
#ifndef HORDE_STAGES_H
#define HORDE_STAGES_H

#include "horde/tasks.h"

typedef struct horde_stages horde_stages;
struct horde_stages {
    const horde_tasks *tasks; /* NULL: every stage runs inline, on the calling thread */
    /* Runs task over items [0, count) (nothing when count is 0) and returns when every
     * range has run: inline as one range when there are no tasks or count <= min_range,
     * else through tasks->enqueue / finish. */
    void (*run)(const horde_stages *st, horde_task_fn *task, uint32_t count, uint32_t min_range, void *ctx);
};

static inline void horde_stage(const horde_stages *st, horde_task_fn *task, uint32_t count, uint32_t min_range,
                               void *ctx)
{
    if (count == 0)
        return;
    if (!st->tasks || count <= min_range) {
        task(0, count, 0, ctx); /* the calling thread is in the library's FP mode already */
        return;
    }
    st->run(st, task, count, min_range, ctx);
}

#endif
