/* SPDX-License-Identifier: MIT */
/* tests/api/frame.c's profile check (included once by frame.c, after its helpers: npcs,
 * make_npcs(), free_npcs(), frame(), same(), profile_out). */
/* The profile (include/horde/frame.h, "Profile"): the same bits with it as without; every
 * stage that ran a finite time >= 0, the ones that did not 0, their sum within the total;
 * nothing written by a failing call or for n == 0. */
static int finite_time(double t) { return t >= 0.0 && t < 1e9; }
static void profile(const tp_pool *pool)
{
    tu_rng g = {0x9f0f11e};
    npcs c;
    make_npcs(&c, 1200, &g);
    intents(&c, &g);
    out ref, got;
    alloc_out(&ref, c.n), alloc_out(&got, c.n);
    for (int m = 0; m < 4; m++) {
        const variant v = {m & 1, (m >> 1) & 1, 2, 0, 1};
        horde_frame_params p;
        horde_frame_params_default(&p);
        p.sort = m < 2 ? 1 : 0;
        const horde_tasks *tasks = m & 1 ? &pool->tasks : NULL;
        CHECK(frame(horde_isa_active(), tasks, &v, &p, &c, &ref) == HORDE_OK, "profile: without");
        horde_frame_profile prof;
        memset(&prof, 0xff, sizeof prof); /* NaN: every field must be written */
        profile_out = &prof;
        CHECK(frame(horde_isa_active(), tasks, &v, &p, &c, &got) == HORDE_OK && same(&ref, &got, c.n, 1),
              "profile: stages %d differ with a profile", m);
        const double parts[7] = {prof.intent, prof.order, prof.crowd, prof.gather, prof.trees, prof.finish, prof.unpack};
        const int ran[7] = {v.separate || p.sort, p.sort, v.separate, 1, v.trees, 1, p.sort};
        double sum = 0.0;
        for (int k = 0; k < 7; k++) {
            CHECK(ran[k] ? finite_time(parts[k]) : parts[k] == 0.0, "profile: stages %d, part %d reads %g", m, k,
                  parts[k]);
            sum += parts[k];
        }
        CHECK(finite_time(prof.total) && sum <= prof.total * (1.0 + 1e-9) + 1e-9,
              "profile: stages %d, parts %g, total %g", m, sum, prof.total);
        /* a failing call and an empty one write nothing */
        memset(&prof, 0x7f, sizeof prof);
        const horde_frame_profile before = prof;
        p.sort = 2;
        CHECK(frame(horde_isa_active(), tasks, &v, &p, &c, &got) == HORDE_ERR_BAD_PARAMS &&
                  !memcmp(&prof, &before, sizeof prof),
              "profile: a failing call wrote it");
        p.sort = 1;
        if (v.separate) { /* a crowd state the init did not set up fails inside the call */
            static uint32_t not_a_state[64];
            p.crowd.state = not_a_state;
            CHECK(frame(horde_isa_active(), tasks, &v, &p, &c, &got) == HORDE_ERR_BAD_PARAMS &&
                      !memcmp(&prof, &before, sizeof prof),
                  "profile: a call failing in the crowd stage wrote it");
            p.crowd.state = NULL;
        }
        const size_t n = c.n;
        c.n = 0;
        CHECK(frame(horde_isa_active(), tasks, &v, &p, &c, &got) == HORDE_OK && !memcmp(&prof, &before, sizeof prof),
              "profile: n = 0 wrote it");
        c.n = n;
        profile_out = NULL;
    }
    free_out(&ref), free_out(&got);
    free_npcs(&c);
}

