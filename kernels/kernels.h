/* Internal: every kernel's internal header (one line per kernel, see src/kernel_list.h). */
#ifndef HORDE_KERNELS_H
#define HORDE_KERNELS_H

#include "cylinder_common.h"
#include "cylinder_move_common.h"
#include "point_move_common.h"
#include "aabb_move_common.h"
#include "cylinder_tri_common.h"
#include "ground_height_common.h"
#include "sphere_tri_common.h"
#include "sweep_sphere_common.h"

#endif
