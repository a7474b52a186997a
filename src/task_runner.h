/* SPDX-License-Identifier: MIT */
/* Internal: the entry points' side of the task interface (include/horde/tasks.h,
 * kernels/simd/stages.h): checks the caller's task system and fills the horde_stages a
 * kernel runs its stages through. */
#ifndef HORDE_TASK_RUNNER_H
#define HORDE_TASK_RUNNER_H

#include "simd/stages.h"

/* HORDE_OK for NULL (inline) or a valid task system, else HORDE_ERR_BAD_PARAMS. */
int horde_tasks_check(const horde_tasks *tasks);
/* The stages of one call on tasks (NULL: inline). */
void horde_stages_init(horde_stages *st, const horde_tasks *tasks);

#endif
