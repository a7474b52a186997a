/* SPDX-License-Identifier: MIT */
/* Test and benchmark scenes (shared by tests/ and bench/). */
#ifndef HORDE_TEST_SCENE_H
#define HORDE_TEST_SCENE_H

#include <stdint.h>

#include "horde/horde.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum scene_kind {
    SCENE_EMPTY,      /* nothing solid, missing chunks empty */
    SCENE_FULL,       /* everything solid, missing chunks solid */
    SCENE_CHECKER,    /* (x + y + z) odd is solid */
    SCENE_RANDOM,     /* 30 % of blocks solid, independently */
    SCENE_GAME,       /* floor, walls, pillars, caves: ~30 % solid in the movers' band */
    SCENE_HOLES,      /* 10 % random, some chunks NULL, missing chunks solid */
    SCENE_COUNT
} scene_kind;

/* Owns its chunks. Grid: 4 x 2 x 4 chunks from chunk (-1, -1, -1), i.e. blocks
 * x, z in [-32, 96), y in [-32, 32). */
typedef struct scene {
    horde_chunk *chunks;
    const horde_chunk **ptrs;
    horde_world world;
    const char *name;
} scene;

enum { SCENE_GX = 4, SCENE_GY = 2, SCENE_GZ = 4 };
#define SCENE_MIN_X (-32.0f)
#define SCENE_MAX_X 96.0f
#define SCENE_MIN_Y (-32.0f)
#define SCENE_MAX_Y 32.0f

int scene_build(scene *s, scene_kind kind, uint64_t seed); /* 0 on success */
void scene_free(scene *s);
void scene_set(scene *s, int bx, int by, int bz, int solid);
const char *scene_name(scene_kind kind);

#ifdef __cplusplus
}
#endif
#endif
