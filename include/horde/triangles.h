/* SPDX-License-Identifier: MIT */
/* horde — triangles.h: triangle soups in structure-of-arrays form.
 *
 * Triangle i has vertices A = (ax[i], ay[i], az[i]), B = (bx..), C = (cx..), in world
 * units with y up. There is no index buffer: kernels stream the arrays. Winding does not
 * matter to the kernels unless a kernel's header says so. Arrays need no alignment. */
#ifndef HORDE_TRIANGLES_H
#define HORDE_TRIANGLES_H

#include "horde/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct horde_triangles {
    const float *ax, *ay, *az;
    const float *bx, *by, *bz;
    const float *cx, *cy, *cz;
    size_t n;
} horde_triangles;

#ifdef __cplusplus
}
#endif
#endif
