/* SPDX-License-Identifier: MIT */
/* The determinism scene's frame step (included once by determinism.c): a crowd of NF NPCs
 * walks to goals through horde_frame, every other frame, (crowd with a frame-coherence state, the trees
 * through their grid, the voxels, the terrain through its triangle grid). NF spans two
 * fixed blocks of batch work (docs/tasks.md), so a task system splits every stage; the
 * scene runs once inline and again on serial task systems of several worker counts with
 * ranges in random order, and every run must give the one hash. */
#include "task_serial.h"

enum { NF = 1100 };

static struct {
    float x[NF], y[NF], z[NF], r[NF], h[NF], w[NF], vy[NF], gx[NF], gz[NF];
    float dx[NF], dy[NF], dz[NF], ox[NF], oy[NF], oz[NF];
    uint32_t tri[NF], flags[NF];
    uint64_t rng;
} fc;
static unsigned char frame_pole_mem[1 << 14], frame_tri_mem[1 << 17], frame_scratch[1 << 20];
static uint32_t frame_state[(1 << 18) / 4];
static horde_pole_grid frame_trees;
static horde_triangle_grid frame_ground;
static const horde_tasks *frame_tasks; /* NULL: the frame runs inline */

/* A goal on the 1/8 grid of [4, 60) (exact floats). */
static void frame_goal(int i)
{
    tu_rng g = {fc.rng++};
    fc.gx[i] = 4.0f + (float)tu_below(&g, 448) * 0.125f;
    fc.gz[i] = 4.0f + (float)tu_below(&g, 448) * 0.125f;
}

static void frame_init(void)
{
    tu_rng g = {0xf7a3e5ull};
    fc.rng = 99;
    for (int i = 0; i < NF; i++) {
        fc.x[i] = 3.0f + (float)tu_below(&g, 464) * 0.125f;
        fc.z[i] = 3.0f + (float)tu_below(&g, 464) * 0.125f;
        fc.y[i] = 1.0f + (float)tu_below(&g, 8) * 0.5f;
        fc.r[i] = 0.25f + (float)tu_below(&g, 4) * 0.0625f;
        fc.h[i] = 1.0f + (float)tu_below(&g, 8) * 0.125f;
        fc.w[i] = i % 11 == 0 ? 0.0f : (float)(1 + i % 3);
        fc.vy[i] = 0.0f;
        frame_goal(i);
    }
    const horde_poles poles = {pole_x, pole_z, pole_r, pole_b, pole_t, NPOLE};
    if (!frame_trees.start)
        CHECK(horde_pole_grid_scratch_bytes(&poles, 2.0f) <= sizeof frame_pole_mem &&
                  horde_pole_grid_build(&frame_trees, &poles, 2.0f, frame_pole_mem, sizeof frame_pole_mem) == HORDE_OK,
              "frame: tree grid");
    if (!frame_ground.start)
        CHECK(horde_triangle_grid_scratch_bytes(&terrain, 4.0f) <= sizeof frame_tri_mem &&
                  horde_triangle_grid_build(&frame_ground, &terrain, 4.0f, frame_tri_mem, sizeof frame_tri_mem) ==
                      HORDE_OK,
              "frame: terrain grid");
    CHECK(horde_crowd_separate_state_bytes(NF) <= sizeof frame_state &&
              horde_crowd_separate_state_init(frame_state, sizeof frame_state, NF, 0.5f) == HORDE_OK,
          "frame: crowd state");
}

/* Walk at 3 blocks/s towards the goal (unit direction from the test's own float math is
 * avoided: the step is the sign of each axis' distance), gravity; a new goal on arrival. */
static int step_frame(sim *s, horde_isa isa, hash *hs)
{
    if (s->frame == 0)
        frame_init();
    if (s->frame & 1)
        return HORDE_OK; /* every other frame: the step costs about what the others together do */
    for (int i = 0; i < NF; i++) {
        const float ddx = fc.gx[i] - fc.x[i], ddz = fc.gz[i] - fc.z[i];
        if (ddx < 0.25f && ddx > -0.25f && ddz < 0.25f && ddz > -0.25f)
            frame_goal(i);
        fc.vy[i] = fc.vy[i] + GRAVITY * DT;
        fc.dx[i] = ddx > 0.0f ? 3.0f * DT : -3.0f * DT;
        fc.dz[i] = ddz > 0.0f ? 3.0f * DT : -3.0f * DT;
        fc.dy[i] = fc.vy[i] * DT;
    }
    const horde_poles poles = {pole_x, pole_z, pole_r, pole_b, pole_t, NPOLE};
    const horde_frame_scene sc = {s->world, &frame_trees, &poles, NULL, &frame_ground};
    horde_frame_params p;
    horde_frame_params_default(&p);
    p.crowd.state = frame_state;
    p.move.step_height = 0.5f;
    p.sort = (s->frame & 2) ? 1 : 0; /* the spatial order and the caller's: the same bits */
    const horde_frame_batch b = {fc.x,  fc.y,  fc.z,  fc.r,  fc.h,  fc.dx,  fc.dy, fc.dz,    fc.w,
                                 fc.x,  fc.y,  fc.z,  fc.ox, fc.oy, fc.oz, fc.tri, fc.flags, NF, NULL};
    CHECK(horde_frame_scratch_bytes(&sc, NF) <= sizeof frame_scratch, "frame scratch");
    const int st = KERNEL(horde_frame_isa, isa, frame_tasks, &sc, &p, &b, frame_scratch, sizeof frame_scratch);
    hash_f32(hs, fc.x, NF), hash_f32(hs, fc.y, NF), hash_f32(hs, fc.z, NF);
    hash_f32(hs, fc.ox, NF), hash_f32(hs, fc.oy, NF), hash_f32(hs, fc.oz, NF);
    hash_u32s(hs, fc.tri, NF), hash_u32s(hs, fc.flags, NF);
    for (int i = 0; i < NF; i++) {
        s->bites[s->step] += fc.flags[i] != 0;
        if (fc.flags[i] & (HORDE_FLAG_ON_GROUND | HORDE_FLAG_HIT_CEILING))
            fc.vy[i] = 0.0f;
        if (fc.flags[i] & HORDE_FLAG_HIT_WALL)
            frame_goal(i);
    }
    return st;
}
