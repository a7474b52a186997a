/* SPDX-License-Identifier: MIT */
/* Internal: scalar helpers shared by the references and the templates' scalar paths.
 * Each is written with exactly the IEEE operations its lane twin in wide.h performs, so
 * a reference and a template that use the pair stay bit-identical:
 *   horde_maxf / horde_minf   <-> wf_max / wf_min   (a > b ? a : b, a < b ? a : b: the
 *                                                    x86 maxps/minps rule, also for NaN
 *                                                    and signed zeros; not fmaxf/fminf)
 *   horde_ifloor / horde_iceil <-> wi_floor / wi_ceil (truncate, then correct; exact for
 *                                                    |v| < 2^31)
 *   horde_dot3                 <-> wf_dot3           ((ax*bx + ay*by) + az*bz, no fusing) */
#ifndef HORDE_SCALAR_H
#define HORDE_SCALAR_H

#include <stdint.h>

static inline float horde_maxf(float a, float b) { return a > b ? a : b; }
static inline float horde_minf(float a, float b) { return a < b ? a : b; }

static inline int32_t horde_ifloor(float v)
{
    int32_t i = (int32_t)v;
    return i - ((float)i > v);
}
static inline int32_t horde_iceil(float v)
{
    int32_t i = (int32_t)v;
    return i + ((float)i < v);
}

static inline float horde_dot3(float ax, float ay, float az, float bx, float by, float bz)
{
    return ax * bx + ay * by + az * bz;
}

#endif
