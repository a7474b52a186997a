/* SPDX-License-Identifier: MIT */
/* The task interface's runner: every range a worker runs enters the library's
 * floating-point mode and leaves it as it found it (src/dispatch.h). HORDE_CALL sets that
 * mode for the calling thread only; the engine's workers keep their own (FTZ/DAZ, other
 * rounding, unmasked traps), so each range sets it again on whichever thread runs it. */
#include "dispatch.h"
#include "task_runner.h"

int horde_tasks_check(const horde_tasks *tasks)
{
    if (!tasks)
        return HORDE_OK;
    return tasks->enqueue && tasks->finish && tasks->worker_count >= 1 ? HORDE_OK : HORDE_ERR_BAD_PARAMS;
}

/* A stage's task with the range wrapped in the FP mode (the enqueue's task_ctx). */
typedef struct guarded {
    horde_task_fn *task;
    void *ctx;
} guarded;

static void guarded_range(uint32_t begin, uint32_t end, uint32_t worker, void *p)
{
    const guarded *g = (const guarded *)p;
    int changed;
    const horde_fp_reg saved = horde_fp_enter(&changed);
    g->task(begin, end, worker, g->ctx);
    horde_fp_leave(saved, changed);
}

static void run(const horde_stages *st, horde_task_fn *task, uint32_t count, uint32_t min_range, void *ctx)
{
    guarded g = {task, ctx}; /* lives until finish returns */
    const horde_tasks *t = st->tasks;
    void *handle = t->enqueue(guarded_range, count, min_range, &g, t->user_ctx);
    if (handle)
        t->finish(handle, t->user_ctx);
}

void horde_stages_init(horde_stages *st, const horde_tasks *tasks)
{
    st->tasks = tasks, st->run = run;
}
