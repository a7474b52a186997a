/* SPDX-License-Identifier: MIT */
// horde benchmarks: swept ellipsoid vs triangle, per backend and batch size.
//   sweep_sphere_tri/<isa>/<n>  pairs, items = pairs; about half of the sweeps hit
#include "bench_tri_data.h"

using namespace hb;

namespace {

const size_t kMaxPairs = kFreshItems;

// Sweeps: ellipsoids (0.4, 0.9, 0.4) starting 0.2 .. 2 units from a triangle, moving by
// up to 3 units towards a point near it: about half hit.
using Sweeps = TriLanes<18>;
Sweeps *g_sweeps;

Sweeps *make_sweeps()
{
    Sweeps *w = new Sweeps;
    w->pool.carve(w->in, 18, w->out, 7, kMaxPairs);
    w->flag_pool.carve(&w->flags, 1, kMaxPairs, 25);
    Rng g{0x7377656570ull};
    const float R[3] = {0.4f, 0.9f, 0.4f};
    for (size_t i = 0; i < kMaxPairs; i++) {
        float c[3], v[9], q[3], d[3], aim[3];
        for (int k = 0; k < 3; k++)
            c[k] = g.uniform(-100.0f, 100.0f);
        triangle_near(g, c, v, q);
        unit_dir(g, d);
        const float dist = g.uniform(1.1f, 3.0f);
        float p[3];
        for (int k = 0; k < 3; k++)
            p[k] = q[k] + d[k] * dist;
        unit_dir(g, aim);
        const float miss = g.uniform(0.0f, 2.6f), len = g.uniform(0.6f, 1.6f);
        for (int k = 0; k < 3; k++) {
            w->in[k][i] = p[k];
            w->in[3 + k][i] = (q[k] + aim[k] * miss - p[k]) * len;
            w->in[6 + k][i] = R[k];
        }
        for (int k = 0; k < 9; k++)
            w->in[9 + k][i] = v[k];
    }
    return w;
}

// The batch of n sweeps starting at pair f.
horde_sweep_sphere_tri_batch sweep_batch_of(Sweeps *w, size_t f, size_t n)
{
    horde_sweep_sphere_tri_batch b = {w->in[0].data() + f,  w->in[1].data() + f,  w->in[2].data() + f,
                                      w->in[3].data() + f,  w->in[4].data() + f,  w->in[5].data() + f,
                                      w->in[6].data() + f,  w->in[7].data() + f,  w->in[8].data() + f,
                                      w->out[0].data() + f, w->out[1].data() + f, w->out[2].data() + f,
                                      w->out[3].data() + f, w->out[4].data() + f, w->out[5].data() + f,
                                      w->out[6].data() + f, w->flags.data() + f,  n};
    return b;
}
horde_triangles sweep_tris_of(Sweeps *w, size_t f, size_t n)
{
    horde_triangles t = {w->in[9].data() + f,  w->in[10].data() + f, w->in[11].data() + f,
                         w->in[12].data() + f, w->in[13].data() + f, w->in[14].data() + f,
                         w->in[15].data() + f, w->in[16].data() + f, w->in[17].data() + f, n};
    return t;
}

} // namespace

void hb::register_sweep_sphere_tri()
{
    g_sweeps = make_sweeps();
    const IsaCall sweep = [](horde_isa isa, size_t f, size_t n) {
        const horde_triangles t = sweep_tris_of(g_sweeps, f, n);
        const horde_sweep_sphere_tri_batch b = sweep_batch_of(g_sweeps, f, n);
        return horde_sweep_sphere_tri_isa(isa, &t, &b);
    };
    register_backends_flagged("sweep_sphere_tri", kTriBatches, sweep, kMaxPairs, g_sweeps->flags.data(), HORDE_FLAG_HIT,
                              "sweep_hit_pct");
}
