/* SPDX-License-Identifier: MIT */
/* The finest schedule for include/horde/tasks.h, serial: every stage split at every
 * min_range boundary, the ranges run one at a time in reverse, range k on worker
 * k mod worker_count, at enqueue (returning NULL) or deferred to finish.
 *
 * It also counts the bytes of a watched memory (the call's outputs) that two ranges of
 * one stage both write, which the final bytes cannot show when both write the same
 * value: after each range, the bytes it changed are moved aside and set back, so a later
 * range that writes one of them changes it again; the stage's bytes are put in place
 * after its last range. A byte written with the value it held goes unseen, so this
 * misses a few, and it never counts a range that writes only its own bytes. */
#ifndef HORDE_TEST_FINE_TASKS_H
#define HORDE_TEST_FINE_TASKS_H

#include <stddef.h>
#include <string.h>

#include "horde/tasks.h"

typedef struct fine_tasks {
    horde_tasks tasks;
    horde_task_fn *fn;
    void *ctx;
    unsigned char *mem, *prev, *shadow, *owned; /* the watched bytes, then three copies' room */
    size_t bytes;
    uint32_t count, min_range, pending, stages, bad, inline_run, overlaps;
} fine_tasks;

static inline void fine_run(fine_tasks *f)
{
    const uint32_t ranges = (f->count + f->min_range - 1) / f->min_range;
    memset(f->owned, 0, f->bytes);
    for (uint32_t k = ranges; k-- > 0;) {
        const uint32_t b = k * f->min_range, e = f->count - b > f->min_range ? b + f->min_range : f->count;
        memcpy(f->prev, f->mem, f->bytes);
        f->fn(b, e, k % f->tasks.worker_count, f->ctx);
        for (size_t j = 0; j < f->bytes; j++)
            if (f->mem[j] != f->prev[j]) {
                f->overlaps += f->owned[j];
                f->owned[j] = 1, f->shadow[j] = f->mem[j], f->mem[j] = f->prev[j];
            }
    }
    for (size_t j = 0; j < f->bytes; j++)
        if (f->owned[j])
            f->mem[j] = f->shadow[j];
    f->pending = 0;
}

static inline void *fine_enqueue(horde_task_fn *fn, uint32_t count, uint32_t min_range, void *task_ctx, void *user)
{
    fine_tasks *f = (fine_tasks *)user;
    f->bad += f->pending || count == 0 || min_range == 0;
    f->fn = fn, f->ctx = task_ctx, f->count = count, f->min_range = min_range ? min_range : 1;
    f->pending = 1, f->stages++;
    if (f->inline_run) {
        fine_run(f);
        return NULL;
    }
    return f;
}

static inline void fine_finish(void *handle, void *user)
{
    fine_tasks *f = (fine_tasks *)user;
    f->bad += handle != f || !f->pending;
    fine_run(f);
}

/* workers >= 1; room holds 3 * bytes. */
static inline void fine_init(fine_tasks *f, uint32_t workers, uint32_t inline_run, unsigned char *mem, size_t bytes,
                             unsigned char *room)
{
    memset(f, 0, sizeof *f);
    f->tasks.enqueue = fine_enqueue, f->tasks.finish = fine_finish;
    f->tasks.worker_count = workers, f->tasks.user_ctx = f, f->inline_run = inline_run;
    f->mem = mem, f->bytes = bytes, f->prev = room, f->shadow = room + bytes, f->owned = room + 2 * bytes;
}

#endif
