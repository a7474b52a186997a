/* SPDX-License-Identifier: MIT */
/* horde — umbrella header: include this to get the whole public API. */
#ifndef HORDE_HORDE_H
#define HORDE_HORDE_H

#include "horde/common.h"
#include "horde/world.h"
#include "horde/isa.h"
#include "horde/tasks.h"
#include "horde/cylinder_push.h"
#include "horde/cylinder_move.h"
#include "horde/point_move.h"
#include "horde/aabb_move.h"
#include "horde/triangles.h"
#include "horde/cylinder_tri.h"
#include "horde/ground_height.h"
#include "horde/sphere_tri.h"
#include "horde/sweep_sphere_tri.h"
#include "horde/radial_push.h"
#include "horde/crowd_separate.h"
#include "horde/triangle_grid.h"
#include "horde/frame.h"
#include "horde/voxel_raycast.h"

#define HORDE_VERSION_MAJOR 0
#define HORDE_VERSION_MINOR 1
#define HORDE_VERSION_PATCH 0

#endif
