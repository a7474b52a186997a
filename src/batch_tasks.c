/* SPDX-License-Identifier: MIT */
/* Batch kernels over fixed blocks of items on the caller's task system (batch_tasks.h).
 * The stage's items are the blocks: whatever ranges of blocks the engine makes, each
 * block runs as one kernel call of its own, so the split never reaches the kernel. */
#include <stdint.h>

#include "batch_tasks.h"

size_t horde_batch_block(size_t n)
{
    const size_t unit = HORDE_BATCH_MIN_BLOCK;
    const size_t units = n / unit + (n % unit != 0);
    if (units <= HORDE_BATCH_MAX_BLOCKS)
        return unit;
    const size_t per = units / HORDE_BATCH_MAX_BLOCKS + (units % HORDE_BATCH_MAX_BLOCKS != 0);
    return per * unit;
}

typedef struct blocks {
    horde_batch_range_fn *range;
    const void *ctx;
    size_t n, block;
} blocks;

static void run_blocks(uint32_t begin, uint32_t end, uint32_t worker, void *p)
{
    const blocks *b = (const blocks *)p;
    (void)worker;
    for (uint32_t k = begin; k < end; k++) {
        const size_t i = (size_t)k * b->block;
        const size_t left = b->n - i;
        b->range(b->ctx, i, left > b->block ? i + b->block : b->n);
    }
}

void horde_batch_stage(const horde_stages *st, size_t n, horde_batch_range_fn *range, const void *ctx)
{
    if (n == 0)
        return;
    const size_t block = horde_batch_block(n);
    blocks b = {range, ctx, n, block};
    /* At most HORDE_BATCH_MAX_BLOCKS blocks (plus one when n is near SIZE_MAX): fits. */
    const uint32_t count = (uint32_t)(n / block + (n % block != 0));
    horde_stage(st, run_blocks, count, 1, &b);
}
